import { memo } from 'react';
import { FactsList } from '../../../components/facts-list';
import { useT } from '../../../components/use-t';
import type { TcoEvaluation } from '../../../core/tco/evaluate';
import type { Fmt } from '../../../lib/format/fmt';
import { fieldLabels } from '../../../lib/i18n/fields';
import { billingMessages } from './billing-messages';
import { FleetWeekChart } from '../charts/fleet-week-chart';
import type { TcoT } from '../messages';

/**
 * How the rented GPUs are paid for: the billing mode, the hours each replica is paid for, and
 * per mode the cold starts (scale-to-zero) or the commitment (reserved). All figures come from
 * the evaluation (core/tco/billing.ts); nothing is computed here.
 */
export const BillingCard = memo(function BillingCard(props: { evaluation: TcoEvaluation; resultKey: string; fmt: Fmt; t: TcoT }) {
  const ft = useT(fieldLabels);
  const { evaluation: e, fmt, t } = props;
  const bt = useT(billingMessages);
  const b = e.billing;
  if (b.rate === null) return <p className="text-sm text-muted">{bt('card.boughtNote')}</p>;
  const unit = b.rate.unit === 'gpu-hour' ? t('unit.usdPerGpuHour') : t('unit.usdPerNodeHour');
  const rows: { label: string; value: string; testId?: string }[] = [
    { label: ft('selfHosted.billing.mode'), value: bt(`in.mode.${b.mode}`), testId: 'tco-billing-mode-value' },
    {
      label: bt('card.rate'),
      value:
        b.rate.burstUsd === null
          ? `${fmt.number(b.rate.usd, 2)} ${unit}`
          : b.mode === 'spot'
            ? bt('card.rateSpot', { spot: `${fmt.number(b.rate.usd, 2)} ${unit}`, od: `${fmt.number(b.rate.burstUsd, 2)} ${unit}` })
            : bt('card.rateMixed', { reserved: `${fmt.number(b.rate.usd, 2)} ${unit}`, od: `${fmt.number(b.rate.burstUsd, 2)} ${unit}` }),
      testId: 'tco-billing-rate',
    },
    { label: bt('card.gpuMonthly'), value: fmt.money(e.selfHosted.gpuUsd, 2), testId: 'tco-billing-gpu-monthly' },
  ];
  // Autoscaled replicas run the hours the replay gives them (the fleet rows below), not a fixed number.
  if (b.mode !== 'autoscaled') {
    rows.splice(2, 0, {
      label: bt(b.mode === 'mixed' ? 'card.paidHoursBase' : 'card.paidHours'),
      value: bt('card.paidHoursValue', { h: fmt.number(b.paidHoursPerMonth, 1) }),
      testId: 'tco-paid-hours',
    });
  }
  const c = b.coldStarts;
  if (c) {
    rows.push(
      { label: bt('card.starts'), value: bt('card.startsValue', { week: fmt.number(c.startsPerWeek, 0), month: fmt.number(c.startsPerMonth, 1) }) },
      { label: bt('card.idle'), value: bt('card.idleValue', { h: fmt.number(c.idleHoursPerWeek, 0) }) },
      {
        label: bt('card.waiting'),
        value:
          c.startsPerWeek > 0 ? bt('card.waitingValue', { share: fmt.percent(c.waitingShare, 2), wait: fmt.number(c.meanWaitSeconds, 0) }) : bt('card.noWait'),
        testId: 'tco-cold-waiting',
      },
    );
  }
  const k = b.commitment;
  if (k) {
    rows.push(
      {
        label: bt('card.term'),
        value: bt('card.termValue', { months: fmt.number(k.termMonths, 0), total: fmt.money(k.totalUsd, 0) }),
        testId: 'tco-commitment-total',
      },
      { label: ft('selfHosted.billing.upfrontShare'), value: fmt.money(k.upfrontUsd, 0) },
      { label: bt('card.invoice'), value: fmt.money(k.monthlyInvoiceUsd, 2) },
    );
    if (k.upfrontUsd > 0 && k.waccYearly > 0) {
      rows.push({
        label: bt('card.upfrontMonthly'),
        value: bt('card.upfrontMonthlyValue', { monthly: fmt.money(k.upfrontMonthlyUsd, 2), wacc: fmt.percent(k.waccYearly, 1) }),
        testId: 'tco-upfront-monthly',
      });
    }
  }
  const auto = b.autoscale;
  const autoShown = auto !== null && auto.replicaHoursPerWeek < auto.fixedReplicaHoursPerWeek - 1e-9;
  if (auto && autoShown) {
    rows.push({
      label: bt('card.autoscale'),
      value: bt('card.autoscaleValue', {
        auto: fmt.number(auto.replicaHoursPerWeek, 0),
        fixed: fmt.number(auto.fixedReplicaHoursPerWeek, 0),
        starts: fmt.number(auto.replicaStartsPerWeek, 0),
        share: fmt.percent(auto.waitingShare, 2),
      }),
      testId: 'tco-autoscale',
    });
  }
  const spot = b.spot;
  if (spot) {
    rows.push(
      {
        label: bt('card.spotSplit'),
        value: bt('card.spotSplitValue', { spot: fmt.number(spot.spotReplicas, 0), od: fmt.number(spot.onDemandReplicas, 0) }),
        testId: 'tco-spot-split',
      },
      {
        label: bt('card.spotPreemptions'),
        value: bt('card.spotPreemptionsValue', { mean: fmt.number(spot.preemptionsPerMonth, 1), p95: fmt.number(spot.p95PreemptionsPerMonth, 0) }),
        testId: 'tco-spot-preemptions',
      },
      {
        label: bt('card.spotLost'),
        value: bt('card.spotLostValue', { hours: fmt.number(spot.lostReplicaHoursPerMonth, 1), share: fmt.percent(spot.lostShare, 2) }),
        testId: 'tco-spot-lost',
      },
      {
        label: bt('card.spotCost'),
        value: bt('card.spotCostValue', { expected: fmt.money(spot.expectedUsd, 0), p95: fmt.money(spot.p95Usd, 0), od: fmt.money(spot.allOnDemandUsd, 0) }),
        testId: 'tco-spot-cost',
      },
    );
  }
  const fleet = b.fleet;
  if (fleet) {
    rows.push(
      {
        label: bt('card.fleetHours'),
        value: bt('card.fleetHoursValue', {
          paid: fmt.number(fleet.paidReplicaHoursPerWeek, 0),
          fixed: fmt.number(fleet.fixedReplicaHoursPerWeek, 0),
          gpuHours: fmt.number(fleet.paidReplicaHoursPerWeek * fleet.gpusPerReplica, 0),
        }),
        testId: 'tco-fleet-hours',
      },
      {
        label: bt('card.fleetRange'),
        value: bt('card.fleetRangeValue', {
          min: fmt.number(Math.min(...fleet.running), 0),
          max: fmt.number(fleet.peakReplicas, 0),
          starts: fmt.number(fleet.startsPerWeek, 0),
        }),
        testId: 'tco-fleet-range',
      },
      {
        label: bt('card.fleetWaiting'),
        value: bt('card.fleetWaitingValue', { share: fmt.percent(fleet.spilledShare, 2), minutes: fmt.number(fleet.violationMinutesPerWeek, 0) }),
        testId: 'tco-fleet-waiting',
      },
    );
  }
  const mixed = b.mixed;
  if (mixed) {
    rows.push({
      label: bt('card.mixed'),
      value:
        mixed.reservedReplicas === 0
          ? bt('card.mixedNone', { od: fmt.money(mixed.allOnDemandUsd, 0) })
          : mixed.burstReplicas === 0
            ? bt('card.mixedAll', { base: fmt.number(mixed.reservedReplicas, 0), monthly: fmt.money(mixed.monthlyUsd, 0) })
            : bt('card.mixedValue', {
                base: fmt.number(mixed.reservedReplicas, 0),
                burst: fmt.number(mixed.burstReplicas, 0),
                hours: fmt.number(mixed.burstReplicaHoursPerWeek, 0),
                monthly: fmt.money(mixed.monthlyUsd, 0),
              }),
      testId: 'tco-mixed',
    });
  }
  return (
    <div className="grid gap-2" data-testid="tco-billing">
      <FactsList rows={rows} />
      {autoShown ? <p className="text-xs text-muted">{bt('card.autoscaleNote')}</p> : null}
      {c && c.startsPerWeek > 0 ? <p className="text-xs text-muted">{bt('card.waitNote', { s: fmt.number(c.coldStartSeconds, 0) })}</p> : null}
      {mixed ? (
        <p className="text-xs text-muted" data-testid="tco-mixed-note">
          {bt(b.mode === 'mixed' ? 'card.mixedPriced' : 'card.mixedNote', {
            od: fmt.money(mixed.allOnDemandUsd, 0),
            reserved: fmt.money(mixed.allReservedUsd, 0),
            term: fmt.number(mixed.termMonths, 0),
          })}
        </p>
      ) : null}
      {spot ? (
        <p className="text-xs text-muted" data-testid="tco-spot-note">
          {bt('card.spotNote', {
            replace: fmt.number(spot.policy.replacementSeconds, 0),
            fallback:
              spot.policy.fallback === 'on-demand'
                ? bt('card.spotNoteOnDemand', { cold: fmt.number(spot.coldStartSeconds, 0), standIn: fmt.number(spot.standInHoursPerMonth, 1) })
                : bt('card.spotNoteBase'),
          })}
        </p>
      ) : null}
      {fleet ? (
        <>
          <p className="text-xs text-muted" data-testid="tco-fleet-note">
            {bt('card.fleetNote', {
              target: fmt.percent(fleet.targetUtilisation, 0),
              cooldown: fmt.number(fleet.policy.cooldownHours, 0),
              quantum: fmt.number(fleet.policy.quantum, 0),
              cold: fmt.number(fleet.coldStartSeconds, 0),
            })}
            {fleet.raised ? ` ${bt('card.fleetRaised', { max: fmt.number(fleet.policy.maxReplicas, 0), cap: fmt.number(fleet.cap, 0) })}` : ''}
          </p>
          <FleetWeekChart fleet={fleet} fmt={fmt} resultKey={props.resultKey} />
        </>
      ) : null}
      <p className="text-xs text-muted">{bt('card.origin')}</p>
    </div>
  );
});
