import { memo, useMemo } from 'react';
import { BreakdownChart } from './charts/breakdown-chart';
import { CashFlowChart } from './charts/cash-flow-chart';
import { CostVolumeChart } from './charts/cost-volume-chart';
import { makeFmt } from '../../lib/format/fmt';
import { tcoMessages } from './messages';
import { useLanguage, useT } from '../../components/use-t';
import type { CoherenceFlag } from '../../core/deployment/coherence';
import type { TcoEvaluation } from '../../core/tco/evaluate';
import { useAppStore } from '../../state/store';
import { verdictSentence } from './verdict';

/**
 * What the TCO feature gives the report: the same cost-vs-volume and breakdown charts as the
 * TCO page, the cumulative cash saved over the horizon with its payback (cash-flow-chart.tsx), the capacity at the latency target with the cost-per-1M headline chart
 * (capacity-report.tsx), the chart comparing saved scenarios (compare-chart.tsx), and the verdict
 * in the TCO page's own words, so the two never tell it differently, and the cheapest plans of
 * the search (plans-panel.tsx). The report page is put
 * together in src/app/, where features meet.
 */
export { TcoCompareChart } from './charts/compare-chart';
export { CapacityReport } from './capacity/capacity-report';
export { TcoReportLead } from './report-lead';
export { PlansReport } from './plans/plans-panel';

export const TcoReportCharts = memo(function TcoReportCharts(props: { tco: TcoEvaluation; resultKey: string }) {
  const { tco, resultKey } = props;
  const language = useLanguage();
  const currency = useAppStore((s) => s.currency);
  const fx = useAppStore((s) => s.scenario.fx);
  const t = useT(tcoMessages);
  const fmt = useMemo(() => makeFmt(language, currency, fx), [language, currency, fx]);
  return (
    <div className="grid gap-6 lg:grid-cols-2 print:grid-cols-3 print:gap-4" data-testid="report-charts">
      <CostVolumeChart curves={tco.curves} breakEven={tco.breakEven} resultKey={resultKey} fmt={fmt} t={t} />
      <BreakdownChart evaluation={tco} resultKey={resultKey} fmt={fmt} t={t} />
      {/* Full width on screen; in print the third column, so the charts keep their height and the report its two pages. */}
      <div className="lg:col-span-2 print:col-span-1">
        <CashFlowChart horizon={tco.horizon} resultKey={resultKey} fmt={fmt} height={240} />
      </div>
    </div>
  );
});

/** The verdict sentence the TCO page shows, for the report's decision. */
export function TcoVerdictText(props: { tco: TcoEvaluation; flags: readonly CoherenceFlag[] }) {
  const language = useLanguage();
  const currency = useAppStore((s) => s.currency);
  const scenario = useAppStore((s) => s.scenario);
  const t = useT(tcoMessages);
  const fmt = useMemo(() => makeFmt(language, currency, scenario.fx), [language, currency, scenario.fx]);
  return <>{verdictSentence(props.tco, scenario, fmt, t, props.flags)}</>;
}
