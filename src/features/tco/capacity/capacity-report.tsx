import { useQuery } from '@tanstack/react-query';
import { memo, useMemo } from 'react';
import { useLanguage, useT } from '../../../components/use-t';
import type { Slo } from '../../../core/schemas/slo';
import type { Language } from '../../../core/scenario/schema';
import { formatInteger, formatPercent } from '../../../lib/format/format';
import { makeFmt } from '../../../lib/format/fmt';
import { capacityViewQuery } from '../../../lib/query/capacity';
import { useAppStore } from '../../../state/store';
import { chosenText, CostPerMillionChart, fig, hasCostLine } from './capacity-charts';
import { capacityMessages, type CapacityT } from './capacity-messages';
import { ProvenanceBadge, provenanceText } from './capacity-panel';

/** "TTFT p95 ≤ 500 ms, TPOT p99 ≤ 50 ms, at least 40 tok/s per user", or null without a limit. */
export function sloText(t: CapacityT, language: Language, slo: Slo): string | null {
  const parts = [...slo.limits]
    .sort((a, b) => ['ttft', 'tpot', 'itl', 'e2el'].indexOf(a.metric) - ['ttft', 'tpot', 'itl', 'e2el'].indexOf(b.metric))
    .map((l) => t('report.limit', { limit: `${l.metric === 'e2el' ? 'E2E' : l.metric.toUpperCase()} p${l.percentile}`, v: fig(language, l.maxMs) }));
  if (slo.minTokensPerSPerUser !== null) parts.push(t('report.minTps', { v: fig(language, slo.minTokensPerSPerUser) }));
  if (parts.length === 0) return null;
  if (slo.maxFailedShare < 1) parts.push(t('report.maxFailed', { v: formatPercent(language, slo.maxFailedShare, 1) }));
  return parts.join(', ');
}

/**
 * The capacity part of the report (docs/capacity.md §5): the latency target, the operating
 * point with where its throughput comes from, and the cost-per-1M headline sentence and chart,
 * so a lead can present the sizing as the TCO page shows it.
 */
export const CapacityReport = memo(function CapacityReport() {
  const t = useT(capacityMessages);
  const language = useLanguage();
  const scenario = useAppStore((s) => s.scenario);
  const currency = useAppStore((s) => s.currency);
  const fmt = useMemo(() => makeFmt(language, currency, scenario.fx), [language, currency, scenario.fx]);
  const view = useQuery(capacityViewQuery(scenario)).data?.value;
  if (!view) return null;
  const slo = sloText(t, language, scenario.selfHosted.capacity.slo);
  const chosen = view.chosen;
  return (
    <div className="grid gap-2 text-sm" data-testid="report-capacity">
      {view.fromSingleFigure ? (
        <p data-testid="report-capacity-point">
          {t('report.single', { tps: `${fig(language, view.tokensPerSecond)} ${t('unit.tps')}`, kind: provenanceText(t, language, view) })}
        </p>
      ) : (
        <>
          <p data-testid="report-capacity-slo">{slo ? t('report.slo', { limits: slo }) : t('report.noSlo')}</p>
          <p className="flex flex-wrap items-center gap-1 text-xs text-muted">
            {t('verdict.from')} <ProvenanceBadge view={view} testId="report-capacity-badge" />
          </p>
          {chosen ? (
            <p data-testid="report-capacity-point">
              {chosenText(t, language, view, chosen)}
              {chosen.requests !== null ? ` ${t('chosen.requests', { n: formatInteger(language, chosen.requests) })}` : ''}
            </p>
          ) : (
            <p className="text-warn" role="status" data-testid="report-capacity-point">
              {t('none.title')}
            </p>
          )}
          {view.measuredOnOtherHardware !== null ? (
            <p className="text-xs text-warn">{t('lengths.hardware', { measured: view.measuredOnOtherHardware, gpu: view.gpuName })}</p>
          ) : null}
          {/* Without a line to draw, the sentence alone: an empty chart would take half a printed page. */}
          {hasCostLine(view) ? (
            <CostPerMillionChart view={view} t={t} language={language} fmt={fmt} />
          ) : (
            <p className="text-muted" data-testid="report-capacity-no-cost">
              {t(view.lengths?.kind === 'refused' ? 'cost.refused' : 'cost.none')}
            </p>
          )}
        </>
      )}
    </div>
  );
});
