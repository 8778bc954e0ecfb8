import { memo } from 'react';
import { Button } from '../../../components/button';
import { FactsList } from '../../../components/facts-list';
import { useT } from '../../../components/use-t';
import { toCsv } from '../../../core/export/csv';
import type { HorizonView } from '../../../core/tco/horizon';
import { MAX_REPLICAS } from '../../../core/tco/model';
import { downloadText } from '../../../lib/export/download';
import type { Fmt } from '../../../lib/format/fmt';
import { plural } from '../../../core/text/plural';
import { billingMessages } from '../billing/billing-messages';
import { cashFlowCsv } from './cash-flow-csv';

/**
 * The horizon's figures under its chart (docs/tco.md §3d): the cash and discounted paybacks
 * beside the level-cost crossing, each named for what it is; the saving at the end; the NPV at
 * the WACC with its monthly rate and convention; the terminal value and the reservation invoices
 * still due as lines of their own; why the monthly verdict and the NPV differ, when they do; and
 * the cash-flow statement as CSV, whose present values add up to the NPV.
 */
export const HorizonFacts = memo(function HorizonFacts(props: { horizon: HorizonView; fmt: Fmt }) {
  const { horizon: h, fmt } = props;
  const bt = useT(billingMessages);
  const month = (m: number | null) => (m === null ? bt('horizon.never') : bt('horizon.monthN', { month: m }));
  const money = (v: number | null) => (v === null ? '–' : fmt.money(v, 0));
  const months = (n: number) => bt(plural(fmt.language, n, { one: 'horizon.months.one', other: 'horizon.months.other' }), { n });
  const tv = h.terminal.selfHosted;
  const rule = tv ? bt(`terminal.rule.${tv.rule}`).toLowerCase() : '';
  const rows = [
    { label: bt('horizon.cashPayback'), value: month(h.payback.selfHosted.cashMonth), testId: 'tco-horizon-payback' },
    { label: bt('horizon.discountedPayback'), value: month(h.payback.selfHosted.discountedMonth), testId: 'tco-horizon-payback-discounted' },
    { label: bt('horizon.levelCrossing'), value: month(h.crossingMonth.selfHosted), testId: 'tco-horizon-crossing' },
    { label: bt('horizon.cashPaybackHybrid'), value: month(h.payback.hybrid.cashMonth) },
    { label: bt('horizon.savingEnd'), value: money(h.savingAtEndUsd.selfHosted), testId: 'tco-horizon-saving' },
    { label: bt('horizon.npv', { wacc: fmt.percent(h.waccYearly, 1) }), value: money(h.npvUsd.selfHosted), testId: 'tco-horizon-npv' },
    { label: bt('horizon.npvHybrid'), value: money(h.npvUsd.hybrid) },
    {
      label: bt('horizon.rate'),
      value: bt('horizon.rateValue', {
        wacc: fmt.percent(h.waccYearly, 1),
        monthly: fmt.percent(h.monthlyRate, 4),
        convention: bt(`horizon.convention.${h.rateConvention}`),
      }),
      testId: 'tco-horizon-rate',
    },
  ];
  const bought = tv !== null && tv.monthsBeyond > 0 && tv.kind === 'bought';
  if (bought) rows.push({ label: bt('horizon.terminalValue', { rule }), value: money(tv.valueUsd), testId: 'tco-horizon-terminal' });
  if (tv !== null && tv.obligationUsd > 0) rows.push({ label: bt('horizon.obligation'), value: money(tv.obligationUsd), testId: 'tco-horizon-obligation' });
  const d = h.disagreement;
  const option = (o: 'self-hosted' | 'api') => bt(o === 'api' ? 'cash.option.api' : 'cash.option.self');
  const download = () => {
    const table = cashFlowCsv(h, fmt, bt);
    downloadText(toCsv(table.head, table.rows), `cash-flow-${h.months}-months.csv`, 'text/csv;charset=utf-8');
  };
  return (
    <div className="grid gap-2" data-testid="tco-horizon-facts">
      <FactsList rows={rows} />
      {d !== null ? (
        <p className="text-xs text-warn" data-testid="tco-horizon-disagree">
          {bt('horizon.disagree', { monthly: option(d.monthly), npv: option(d.npv), reasons: d.reasons.map((r) => bt(`horizon.reason.${r}`)).join('; ') })}
        </p>
      ) : null}
      {tv !== null && tv.monthsBeyond > 0 ? (
        <p className="text-xs text-muted" data-testid="tco-horizon-beyond">
          {bought ? bt('horizon.terminalNote', { months: tv.monthsBeyond, rule }) : bt('horizon.beyondNote', { months: tv.monthsBeyond })}
        </p>
      ) : null}
      {h.beyondLimitFromMonth !== null ? (
        <p className="text-xs text-warn" data-testid="tco-horizon-beyond-limit">
          {bt('horizon.beyondLimit', { month: h.beyondLimitFromMonth, limit: MAX_REPLICAS })}
        </p>
      ) : null}
      {h.waccYearly === 0 ? (
        <p className="text-xs text-warn" data-testid="tco-horizon-undiscounted">
          {bt('horizon.undiscounted')}
        </p>
      ) : null}
      {h.ramp.parallelMonths + h.ramp.rampMonths > 0 ? (
        <p className="text-xs text-muted" data-testid="tco-horizon-ramp">
          {bt(h.ramp.rampMonths === 0 ? 'horizon.rampAtOnce' : h.ramp.parallelMonths === 0 ? 'horizon.rampOnly' : 'horizon.ramp', {
            parallel: months(h.ramp.parallelMonths),
            ramp: months(h.ramp.rampMonths),
          })}
        </p>
      ) : null}
      <p className="text-xs text-muted" data-testid="tco-horizon-tax">
        {h.taxRate > 0 ? bt('horizon.afterTax', { rate: fmt.percent(h.taxRate, 1) }) : bt('horizon.preTax')}
      </p>
      <p className="text-xs text-muted">{bt('horizon.paybackNote')}</p>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" size="xs" onClick={download} data-testid="tco-cash-flow-csv">
          {bt('cash.download')}
        </Button>
        <p className="text-xs text-muted">{bt('horizon.origin')}</p>
      </div>
    </div>
  );
});
