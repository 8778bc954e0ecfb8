import { NumberField } from '../../../components/number-field';
import { SelectField } from '../../../components/select-field';
import { useT } from '../../../components/use-t';
import { MONEY_LIMITS, type Scenario } from '../../../core/scenario/schema';
import { fieldLabels } from '../../../lib/i18n/fields';
import { useAppStore } from '../../../state/store';
import { billingMessages } from './billing-messages';
import type { TcoT } from '../messages';

type Billing = Scenario['selfHosted']['billing'];

const setBilling = (patch: Partial<Billing>) => {
  const sh = useAppStore.getState().scenario.selfHosted;
  useAppStore.getState().updateSection('selfHosted', { billing: { ...sh.billing, ...patch } });
};

const setSpot = (patch: Partial<Scenario['selfHosted']['spot']>) => {
  const sh = useAppStore.getState().scenario.selfHosted;
  useAppStore.getState().updateSection('selfHosted', { spot: { ...sh.spot, ...patch } });
};

const setPolicy = (patch: Partial<Scenario['selfHosted']['autoscaling']>) => {
  const sh = useAppStore.getState().scenario.selfHosted;
  useAppStore.getState().updateSection('selfHosted', { autoscaling: { ...sh.autoscaling, ...patch } });
};

/** How rented GPUs are paid for: the billing mode and the inputs of the chosen mode (core/tco/billing.ts). */
export function BillingFields(props: { t: TcoT }) {
  const ft = useT(fieldLabels);
  const bt = useT(billingMessages);
  const sh = useAppStore((s) => s.scenario.selfHosted);
  const b = sh.billing;
  const modes = ['on-demand', 'scale-to-zero', 'autoscaled', 'spot', 'reserved', 'mixed'] as const;
  const spot = sh.spot;
  const policy = sh.autoscaling;
  const perUnit = sh.rentUnit === 'gpu-hour' ? props.t('unit.usdPerGpuHour') : props.t('unit.usdPerNodeHour');
  return (
    <>
      <SelectField
        label={ft('selfHosted.billing.mode')}
        value={b.mode}
        options={modes.map((m) => ({ value: m, label: bt(`in.mode.${m}`) }))}
        onChange={(mode) => setBilling({ mode })}
        help={bt(`in.modeHelp.${b.mode}`)}
        testId="tco-billing-mode"
      />
      {b.mode === 'spot' ? (
        <div className="grid grid-cols-2 gap-3" data-testid="tco-spot">
          <NumberField
            label={bt('in.spotPrice')}
            value={spot.spotPrice}
            min={0}
            max={sh.rentUnit === 'gpu-hour' ? MONEY_LIMITS.rentPerGpuHour : MONEY_LIMITS.rentPerNodeHour}
            digits={3}
            unit={perUnit}
            onCommit={(spotPrice) => setSpot({ spotPrice })}
          />
          <NumberField
            label={bt('in.preemptions')}
            value={spot.preemptionsPerReplicaHour}
            min={0}
            max={1}
            digits={4}
            unit={bt('unit.perReplicaHour')}
            help={bt('in.preemptionsHelp')}
            onCommit={(preemptionsPerReplicaHour) => setSpot({ preemptionsPerReplicaHour })}
          />
          <NumberField
            label={bt('in.replacement')}
            value={spot.replacementSeconds}
            min={0}
            max={86_400}
            integer
            unit={bt('unit.seconds')}
            help={bt('in.replacementHelp')}
            onCommit={(replacementSeconds) => setSpot({ replacementSeconds })}
          />
          <SelectField
            label={bt('in.fallback')}
            value={spot.fallback}
            options={(['on-demand', 'base'] as const).map((f) => ({ value: f, label: bt(`in.fallback.${f}`) }))}
            onChange={(fallback) => setSpot({ fallback })}
          />
          {spot.fallback === 'base' ? (
            <NumberField
              label={bt('in.baseReplicas')}
              value={spot.baseReplicas}
              min={0}
              max={64}
              integer
              unit={bt('unit.replicas')}
              onCommit={(baseReplicas) => setSpot({ baseReplicas })}
            />
          ) : null}
        </div>
      ) : null}
      {b.mode === 'scale-to-zero' || b.mode === 'autoscaled' || (b.mode === 'spot' && spot.fallback === 'on-demand') ? (
        <NumberField
          label={ft('selfHosted.billing.coldStartSeconds')}
          value={b.coldStartSeconds}
          min={0}
          max={3600}
          integer
          unit={bt('unit.seconds')}
          help={bt('in.coldStartHelp')}
          onCommit={(coldStartSeconds) => setBilling({ coldStartSeconds })}
          testId="tco-cold-start"
        />
      ) : null}
      {b.mode === 'autoscaled' ? (
        <div className="grid grid-cols-2 gap-3" data-testid="tco-autoscaling">
          <NumberField
            label={bt('in.minReplicas')}
            value={policy.minReplicas}
            min={0}
            max={64}
            integer
            unit={bt('unit.replicas')}
            help={bt('in.minReplicasHelp')}
            onCommit={(minReplicas) => setPolicy({ minReplicas })}
          />
          <NumberField
            label={bt('in.maxReplicas')}
            value={policy.maxReplicas}
            min={1}
            max={64}
            integer
            unit={bt('unit.replicas')}
            help={bt('in.maxReplicasHelp')}
            onCommit={(maxReplicas) => setPolicy({ maxReplicas })}
          />
          <NumberField
            label={bt('in.targetUtilisation')}
            value={policy.targetUtilisation}
            min={0.05}
            max={1}
            scale={100}
            digits={0}
            unit="%"
            help={bt('in.targetUtilisationHelp')}
            onCommit={(targetUtilisation) => setPolicy({ targetUtilisation })}
          />
          <NumberField
            label={bt('in.cooldown')}
            value={policy.cooldownHours}
            min={0}
            max={24}
            integer
            unit={bt('unit.hours')}
            help={bt('in.cooldownHelp')}
            onCommit={(cooldownHours) => setPolicy({ cooldownHours })}
          />
          <NumberField
            label={bt('in.quantum')}
            value={policy.quantum}
            min={1}
            max={64}
            integer
            unit={bt('unit.replicas')}
            help={bt('in.quantumHelp')}
            onCommit={(quantum) => setPolicy({ quantum })}
          />
        </div>
      ) : null}
      {b.mode === 'reserved' || b.mode === 'mixed' ? (
        <div className="grid grid-cols-2 gap-3">
          <NumberField
            label={ft('selfHosted.billing.reservedPrice')}
            value={b.reservedPrice}
            min={0}
            max={sh.rentUnit === 'gpu-hour' ? MONEY_LIMITS.rentPerGpuHour : MONEY_LIMITS.rentPerNodeHour}
            digits={3}
            unit={perUnit}
            onCommit={(reservedPrice) => setBilling({ reservedPrice })}
            testId="tco-reserved-price"
          />
          <SelectField
            label={bt('in.term')}
            value={String(b.reservedTermMonths) as '12' | '36'}
            options={[
              { value: '12', label: bt('in.term12') },
              { value: '36', label: bt('in.term36') },
            ]}
            onChange={(v) => setBilling({ reservedTermMonths: v === '36' ? 36 : 12 })}
            testId="tco-reserved-term"
          />
          <NumberField
            label={ft('selfHosted.billing.upfrontShare')}
            value={b.upfrontShare}
            min={0}
            max={1}
            scale={100}
            digits={0}
            unit="%"
            help={bt('in.upfrontHelp')}
            onCommit={(upfrontShare) => setBilling({ upfrontShare })}
            testId="tco-upfront"
          />
        </div>
      ) : null}
    </>
  );
}
