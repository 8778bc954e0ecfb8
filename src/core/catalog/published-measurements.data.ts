import type { PublishedSeries } from './published-measurements';

/**
 * Published measurement series, checked against `publishedSeriesSchema` by
 * `published-measurements.test.ts`. Only real, sourced results; see
 * `docs/published-measurements.md` for how to add one.
 */
export const PUBLISHED_SERIES: readonly PublishedSeries[] = [];
