import { memo, useMemo } from 'react';
import { csvColumns, tableColumns, type ChartConfig } from '../../../components/chart-config';
import { useT } from '../../../components/use-t';
import type { HorizonView } from '../../../core/tco/horizon';
import type { Fmt } from '../../../lib/format/fmt';
import { billingMessages } from '../billing/billing-messages';
import { niceTicks } from '../../../components/chart/ticks';
import { csvMoney } from './csv';
import type { TcoT } from '../messages';
import { MonthLinesChart, type MonthRow } from './month-lines-chart';

/**
 * Cumulative cost of each option over the planning horizon (core/tco/horizon.ts), month 0 (the
 * one-time costs) to N, with the month self-hosting's cumulative cost reaches the API's marked.
 */
const HORIZON_HEIGHT = 280;

type HorizonSeries = 'api' | 'self' | 'hybrid';

export const HorizonChart = memo(function HorizonChart(props: { horizon: HorizonView; resultKey: string; fmt: Fmt; t: TcoT }) {
  const { horizon: h, resultKey, fmt, t } = props;
  const bt = useT(billingMessages);
  const rows = useMemo<MonthRow<HorizonSeries>[]>(
    () =>
      h.points.map((p) => ({
        month: p.month,
        api: fmt.toDisplay(p.cumulativeApiUsd),
        self: p.cumulativeSelfUsd === null ? null : fmt.toDisplay(p.cumulativeSelfUsd),
        hybrid: fmt.toDisplay(p.cumulativeHybridUsd),
      })),
    [h.points, fmt],
  );
  const yMax = Math.max(1e-9, ...rows.map((r) => Math.max(r.api ?? 0, r.self ?? 0, r.hybrid ?? 0)));
  const cross = h.crossingMonth.selfHosted;
  const money = fmt.currency;
  const config: ChartConfig<HorizonSeries> = {
    series: [
      { key: 'api', label: t('option.api'), colour: 'var(--series-api)', unit: money },
      { key: 'self', label: t('option.self-hosted'), colour: 'var(--series-self)', unit: money },
      { key: 'hybrid', label: t('option.hybrid'), colour: 'var(--series-hybrid)', unit: money, dash: '6 4' },
    ],
    notes: [
      { text: cross === null ? bt('horizon.noCrossing', { months: h.months }) : bt('horizon.crossingNote', { month: cross }) },
      { text: bt('horizon.levelNote') },
    ],
  };
  const saving = h.savingAtEndUsd.selfHosted;
  const summary =
    (cross === null ? bt('horizon.ariaNever', { months: h.months }) : bt('horizon.aria', { month: cross, months: h.months })) +
    (saving === null ? '' : ` ${bt('horizon.ariaSaving', { saving: fmt.money(saving, 0) })}`);
  const monthLabel = bt('horizon.month');
  const table = {
    head: [monthLabel, ...tableColumns(config)],
    rows: h.points.map((p) => [
      String(p.month),
      fmt.money(p.cumulativeApiUsd, 0),
      p.cumulativeSelfUsd === null ? '–' : fmt.money(p.cumulativeSelfUsd, 0),
      fmt.money(p.cumulativeHybridUsd, 0),
    ]),
  };
  const csv = {
    head: [monthLabel, ...csvColumns(config)],
    rows: h.points.map((p) => [
      p.month,
      csvMoney(fmt.toDisplay(p.cumulativeApiUsd)),
      p.cumulativeSelfUsd === null ? '' : csvMoney(fmt.toDisplay(p.cumulativeSelfUsd)),
      csvMoney(fmt.toDisplay(p.cumulativeHybridUsd)),
    ]),
  };
  return (
    <MonthLinesChart
      chart="horizon"
      resultKey={resultKey}
      testId="tco-horizon-chart"
      title={bt('horizon.title', { months: h.months })}
      summary={summary}
      table={table}
      csv={csv}
      config={config}
      rows={rows}
      months={h.months}
      height={HORIZON_HEIGHT}
      yTicks={niceTicks(yMax, 4)}
      mark={cross === null ? null : { month: cross, long: bt('horizon.crossing', { month: cross }), short: bt('horizon.monthN', { month: cross }) }}
      labels={{ x: monthLabel, y: bt('horizon.costAxis', { currency: fmt.currency }) }}
      fmt={fmt}
    />
  );
});
