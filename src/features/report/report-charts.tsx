import { memo, useMemo } from 'react';
import { BreakdownChart } from '../../components/tco/breakdown-chart';
import { CostVolumeChart } from '../../components/tco/cost-volume-chart';
import { makeFmt } from '../../components/tco/format-tco';
import { tcoMessages } from '../../components/tco/messages';
import { useLanguage, useT } from '../../components/use-t';
import type { TcoEvaluation } from '../../core/tco/evaluate';
import { useAppStore } from '../../state/store';

/** The report's charts: the same cost-vs-volume and breakdown charts as the TCO page. */
export const ReportCharts = memo(function ReportCharts(props: { tco: TcoEvaluation; resultKey: string }) {
  const { tco, resultKey } = props;
  const language = useLanguage();
  const currency = useAppStore((s) => s.currency);
  const fx = useAppStore((s) => s.scenario.fx);
  const t = useT(tcoMessages);
  const fmt = useMemo(() => makeFmt(language, currency, fx), [language, currency, fx]);
  return (
    <div className="grid gap-6 lg:grid-cols-2 print:grid-cols-2" data-testid="report-charts">
      <CostVolumeChart curves={tco.curves} breakEven={tco.breakEven} resultKey={resultKey} fmt={fmt} t={t} />
      <BreakdownChart evaluation={tco} resultKey={resultKey} fmt={fmt} t={t} />
    </div>
  );
});
