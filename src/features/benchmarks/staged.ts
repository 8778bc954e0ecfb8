import { useCallback, useEffect, useState } from 'react';

/**
 * How many of a chart's `total` parts to draw (and the `onResize` to pass to the chart's
 * ResponsiveContainer). A chart first mounts with none, then one more
 * part appears per task until all are drawn; from then on (new data, another metric, more runs)
 * all parts render at once. While `ready` is false (the chart shows a "no data" line instead,
 * e.g. until the worker sends its curves) nothing is counted, so the chart's first real mount is
 * the one drawn in parts. The chart library computes a whole chart's layout in one
 * synchronous pass per change, so its first mount with axes, grid and every series held the
 * main thread for 90–170 ms after a large import; in parts, each task stays short and the page
 * can paint and take input between them.
 */
export function useStaged(total: number, ready = true): [parts: number, onResize: () => void] {
  const [shown, setShown] = useState(0);
  // Counting starts once the chart has its size (the container's first measurement), so the
  // sized bare chart and its first part never land in one render.
  const [sized, setSized] = useState(false);
  const onResize = useCallback(() => setSized(true), []);
  const complete = shown === Number.POSITIVE_INFINITY;
  useEffect(() => {
    if (complete || !ready || !sized) return;
    const id = setTimeout(() => setShown((s) => (s + 1 >= total ? Number.POSITIVE_INFINITY : s + 1)), 0);
    return () => clearTimeout(id);
  }, [complete, ready, sized, shown, total]);
  return [Math.min(shown, total), onResize];
}

/**
 * The chart's tooltip is mounted when the pointer or keyboard focus first enters the chart, not
 * with the chart: until then nobody can see it, and it is one of the costlier parts of a mount.
 * Spread `props` on the element around the chart.
 */
export function useArmOnEnter(): [boolean, { onPointerEnter: () => void; onFocus: () => void }] {
  const [armed, setArmed] = useState(false);
  const arm = useCallback(() => setArmed(true), []);
  return [armed, { onPointerEnter: arm, onFocus: arm }];
}
