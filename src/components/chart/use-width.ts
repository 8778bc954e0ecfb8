import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The width of an element in px, kept current by a ResizeObserver (null until measured). It
 * changes only when the layout does (window resize, rotating a phone), never while a slider
 * moves, so charts that size their axes from it do not re-render during a drag.
 */
export function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = (w: number) => setWidth((old) => (old !== null && Math.abs(old - w) < 1 ? old : Math.round(w)));
    update(el.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry) update(entry.contentRect.width);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}
