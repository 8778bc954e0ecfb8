import { useEffect, useRef, useState, type ReactNode } from 'react';
import { PartBoundary } from '../../components/part-boundary';

/**
 * Mounts its children only once they scroll near the viewport, and at most one such block per
 * task: charts are the most expensive thing this page renders, and drawing four of them in one
 * go right after a large import would hold the main thread for longer than a frame. Each block
 * fails alone: a chart that throws says so in its place.
 */
const queue: (() => void)[] = [];
let pumping = false;

function pump(): void {
  const next = queue.shift();
  if (!next) {
    pumping = false;
    return;
  }
  pumping = true;
  next();
  setTimeout(pump, 0);
}

function enqueue(mount: () => void): () => void {
  queue.push(mount);
  if (!pumping) setTimeout(pump, 0);
  return () => {
    const i = queue.indexOf(mount);
    if (i !== -1) queue.splice(i, 1);
  };
}

export function WhenVisible(props: { minHeight: number; children: ReactNode; testId?: string }) {
  const { minHeight, children, testId } = props;
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const show = () => setShown(true);
    if (typeof IntersectionObserver === 'undefined') return enqueue(show);
    let cancel: (() => void) | null = null;
    const io = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        io.disconnect();
        cancel = enqueue(show);
      },
      { rootMargin: '300px' },
    );
    io.observe(el);
    return () => {
      io.disconnect();
      cancel?.();
    };
  }, []);

  return (
    <div ref={ref} style={shown ? undefined : { minHeight }} data-testid={testId} data-shown={shown}>
      {shown ? <PartBoundary kind="chart">{children}</PartBoundary> : null}
    </div>
  );
}
