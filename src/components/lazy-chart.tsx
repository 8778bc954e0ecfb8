import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { PartBoundary } from './part-boundary';

/**
 * A chart whose code (and a chart library with it, where the chart uses one) loads after the
 * page around it has rendered: the page's first figures and text do not wait for parsing it.
 * While the code loads, a box of the chart's height holds its place, so nothing below jumps.
 * The loaded component is the same one a static import gives; only its first mount is later.
 * A chart that throws, or whose code cannot be loaded, fails alone (see ./part-boundary.tsx).
 */
export function lazyChart<P extends object>(load: () => Promise<ComponentType<P>>, placeholderHeightPx: number): ComponentType<P> {
  const Inner = lazy(async () => ({ default: await load() }));
  function LazyChart(props: P): ReactNode {
    return (
      <PartBoundary kind="chart">
        <Suspense fallback={<div aria-hidden="true" className="rounded-md bg-surface-2" style={{ height: placeholderHeightPx }} />}>
          <Inner {...props} />
        </Suspense>
      </PartBoundary>
    );
  }
  return LazyChart;
}
