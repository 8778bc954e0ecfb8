import type { BenchRun } from '../core/benchmarks/run-schema';
import { seriesFromRoofline } from '../core/capacity/roofline-series';
import type { FileCopy } from '../core/benchmarks/run-groups';
import { groupSeries, runIdsOf, seriesFromPublished, type CapacitySeries, type GroupOverrides } from '../core/capacity/series';
import { storeSeries } from '../core/capacity/stored';
import { capacityView, type CapacityView } from '../core/capacity/view';
import { PUBLISHED_SERIES } from '../core/catalog/published-measurements.data';
import { buildHardwareReport } from '../core/hardware/report';
import type { HardwareScenario } from '../core/hardware/setup';
import type { TcoScenario } from '../core/tco/model';
import type { SeriesChoice, SeriesOverview } from './contract';

const hasThroughput = (s: CapacitySeries) => s.points.some((p) => (p.outputTokensPerS ?? p.totalTokensPerS ?? 0) > 0);
const choiceOf = (s: CapacitySeries): SeriesChoice => ({ key: s.key, stored: storeSeries(s), runIds: runIdsOf(s), notes: s.notes });

/**
 * Capacity at a latency target (docs/capacity.md): the series the user can pick (imported runs
 * grouped by configuration, library entries, the roofline estimate) and the panel's view of the
 * series in force. Plain data in, plain data out.
 */
export const capacityApi = {
  /** Imported runs grouped into series, as the summaries a scenario would store. */
  capacitySeriesFromRuns(runs: readonly BenchRun[], overrides: GroupOverrides = {}): SeriesChoice[] {
    return groupSeries(runs, overrides).series.filter(hasThroughput).map(choiceOf);
  },

  /** The same grouping with every series (also those without throughput) and the copies the store skipped named. */
  capacitySeriesOverview(runs: readonly BenchRun[], copies: readonly FileCopy[] = []): SeriesOverview {
    const grouped = groupSeries(runs, {}, { copies });
    return { series: grouped.series.map(choiceOf), notes: grouped.notes };
  },

  capacityLibrarySeries(): SeriesChoice[] {
    return PUBLISHED_SERIES.map((p) => {
      const s = seriesFromPublished(p);
      return { key: s.key, stored: storeSeries(s), runIds: [], notes: [] };
    });
  },

  /** The roofline estimate over concurrency for the scenario's hardware set-up, or null. */
  capacityRooflineSeries(scenario: HardwareScenario): SeriesChoice | null {
    const built = buildHardwareReport(scenario);
    if (!built.ok) return null;
    const s = seriesFromRoofline(built.report, scenario.selfHosted.gpusPerReplica);
    return s ? { key: s.key, stored: storeSeries(s), runIds: [], notes: [] } : null;
  },

  capacityView(scenario: TcoScenario): CapacityView {
    return capacityView(scenario);
  },
};
