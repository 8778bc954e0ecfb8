import { useEffect, useState } from 'react';

/**
 * False on a component's first render, true from the render after the browser has painted it.
 * A page renders what its first view needs at once and the rest one frame later, so its first
 * figures are on screen without waiting for everything below them to be built.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
