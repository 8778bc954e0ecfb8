import { memo } from 'react';
import { FactsList } from '../../components/facts-list';
import { useT } from '../../components/use-t';
import type { HorizonView } from '../../core/tco/horizon';
import { MAX_REPLICAS } from '../../core/tco/model';
import type { Fmt } from '../../lib/format/fmt';
import { billingMessages } from './billing-messages';

/** The horizon's figures under its chart: crossing months, saving at the end, NPV at the WACC. */
export const HorizonFacts = memo(function HorizonFacts(props: { horizon: HorizonView; fmt: Fmt }) {
  const { horizon: h, fmt } = props;
  const bt = useT(billingMessages);
  const month = (m: number | null) => (m === null ? bt('horizon.never') : bt('horizon.monthN', { month: m }));
  const money = (v: number | null) => (v === null ? '–' : fmt.money(v, 0));
  return (
    <div className="grid gap-2" data-testid="tco-horizon-facts">
      <FactsList
        rows={[
          { label: bt('horizon.crossingFact'), value: month(h.crossingMonth.selfHosted), testId: 'tco-horizon-crossing' },
          { label: bt('horizon.crossingHybrid'), value: month(h.crossingMonth.hybrid) },
          { label: bt('horizon.savingEnd'), value: money(h.savingAtEndUsd.selfHosted), testId: 'tco-horizon-saving' },
          { label: bt('horizon.npv', { wacc: fmt.percent(h.waccYearly, 1) }), value: money(h.npvUsd.selfHosted), testId: 'tco-horizon-npv' },
          { label: bt('horizon.npvHybrid'), value: money(h.npvUsd.hybrid) },
        ]}
      />
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
      <p className="text-xs text-muted">{bt('horizon.origin')}</p>
    </div>
  );
});
