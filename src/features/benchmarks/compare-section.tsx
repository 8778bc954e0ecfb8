import { countIn } from '../../lib/i18n/count';
import { memo, useMemo, useState } from 'react';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { useLanguage, useT } from '../../components/use-t';
import type { BenchRun, MetricId } from '../../core/benchmarks/run-schema';
import type { CdfSeries } from '../../core/benchmarks/views';
import { CdfChart, ErrorsChart, LoadChart, PercentileChart, RunLegend } from './compare-charts';
import { benchmarksMessages } from './messages';
import { useCdfs } from './use-benchmarks';
import { PacedMount } from '../../components/chart/pacing';

const METRICS: MetricId[] = ['ttft', 'tpot', 'itl', 'e2el'];
const NO_CURVES: readonly CdfSeries[] = [];

/**
 * Side-by-side views of the ticked runs: percentiles, latency CDF, throughput vs load, errors.
 * It and its charts render again only when their own inputs change, not with every update of
 * the page around them (a file's progress, the table, the goodput figures).
 */
export const CompareSection = memo(function CompareSection(props: { runs: readonly BenchRun[]; maxSelected: number; onClear: () => void }) {
  const { runs, maxSelected, onClear } = props;
  const t = useT(benchmarksMessages);
  const language = useLanguage();
  const [metric, setMetric] = useState<MetricId>('ttft');
  const cdfs = useCdfs(runs, metric);
  // Same metric, different sampling (per request, per token, per chunk gap): say so.
  const defs = runs.map((r) => r.definitions[metric]).filter((d) => d !== undefined);
  const weightings = new Set(defs.map((d) => d.weighting));
  const sources = weightings.size > 1 ? [...new Set(defs.map((d) => `${d.sourceName}: ${t(`def.weighting.${d.weighting}`)}`))] : [];
  const dashed = useMemo(() => new Set((cdfs.data ?? NO_CURVES).filter((s) => s.from === 'percentiles').map((s) => s.runId)), [cdfs.data]);
  return (
    <Card
      title={t('cmp.title')}
      testId="bench-compare"
      actions={
        runs.length > 0 ? (
          <span className="flex items-center gap-3 text-xs">
            <span data-testid="compare-count">{t('cmp.selected', { runs: countIn(benchmarksMessages, language, 'runs', runs.length) })}</span>
            <Button variant="link" className="text-accent" onClick={onClear}>
              {t('cmp.clear')}
            </Button>
          </span>
        ) : null
      }
    >
      {runs.length === 0 ? (
        <p className="text-sm text-muted">{t('cmp.hint', { max: maxSelected })}</p>
      ) : (
        <div className="flex flex-col gap-4">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <RunLegend runs={runs} dashed={dashed} />
            <div className="flex flex-wrap gap-2 text-xs" role="radiogroup" aria-label={t('cmp.metric')}>
              {METRICS.map((m) => (
                <Button key={m} role="radio" aria-checked={metric === m} onClick={() => setMetric(m)} variant="chip" size="xs">
                  {t(`metric.${m}`)}
                </Button>
              ))}
            </div>
          </div>
          {sources.length > 1 ? (
            <p className="rounded-md border border-warn/50 bg-warn-bg px-3 py-2 text-xs" role="note" data-testid="defs-differ">
              {t('cmp.defsDiffer', { metric: t(`metric.${metric}`), sources: sources.join('; ') })}
            </p>
          ) : null}
          <div className="grid gap-6 xl:grid-cols-2">
            <PacedMount minHeight={300}>
              <PercentileChart runs={runs} metric={metric} />
            </PacedMount>
            <PacedMount minHeight={300}>
              <CdfChart runs={runs} metric={metric} series={cdfs.data ?? NO_CURVES} />
            </PacedMount>
            <PacedMount minHeight={300}>
              <LoadChart runs={runs} />
            </PacedMount>
            <PacedMount minHeight={260}>
              <ErrorsChart runs={runs} />
            </PacedMount>
          </div>
        </div>
      )}
    </Card>
  );
});
