import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/**
 * A chart whose code (and a chart library with it, where the chart uses one) loads after the
 * page around it has rendered: the page's first figures and text do not wait for parsing it.
 * While the code loads, a box of the chart's height holds its place, so nothing below jumps.
 * The loaded component is the same one a static import gives; only its first mount is later.
 */
export function lazyChart<P extends object>(load: () => Promise<ComponentType<P>>, placeholderHeightPx: number): ComponentType<P> {
  const Inner = lazy(async () => ({ default: await load() }));
  function LazyChart(props: P): ReactNode {
    return (
      <Suspense fallback={<div aria-hidden="true" className="rounded-md bg-surface-2" style={{ height: placeholderHeightPx }} />}>
        <Inner {...props} />
      </Suspense>
    );
  }
  return LazyChart;
}
