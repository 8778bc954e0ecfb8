import { Button } from '../../../components/button';
import { NumberField } from '../../../components/number-field';
import { useT } from '../../../components/use-t';
import { UNCERTAIN_INPUTS, UNCERTAINTY_KEYS, draftOf, isUncertaintyKey, type InputUnit, type UncertaintyKey } from '../../../core/tco/inputs';
import { useAppStore } from '../../../state/store';
import type { TcoT } from '../messages';
import { inputsMessages } from './inputs-messages';

/**
 * Low/high ranges per input for the Monte Carlo run and the tornado (uncertainty.ranges).
 * Shares are entered in percent, volume as a multiple of the volume entered.
 */
export function unitOf(t: TcoT, unit: InputUnit): { label: string; scale: number } {
  switch (unit) {
    case 'share':
      return { label: '%', scale: 100 };
    case 'multiplier':
    case 'ratio':
      return { label: '×', scale: 1 };
    case 'rate-per-month':
    case 'rate-per-year':
      return { label: t(`unit.key.${unit}`), scale: 100 };
    default:
      return { label: t(`unit.key.${unit}`), scale: 1 };
  }
}

export function RangesEditor(props: { t: TcoT }) {
  const inT = useT(inputsMessages);
  const { t } = props;
  const scenario = useAppStore((s) => s.scenario);
  const update = useAppStore((s) => s.updateSection);
  const ranges = scenario.uncertainty.ranges;
  const draft = draftOf(scenario);
  const keys = Object.keys(ranges);
  const free = UNCERTAINTY_KEYS.filter((k) => !keys.includes(k) && UNCERTAIN_INPUTS[k].applies(draft));
  const share = scenario.uncertainty.sensitivityShare;

  const setRanges = (next: typeof ranges) => update('uncertainty', { ranges: next });
  const add = (key: UncertaintyKey) => {
    const input = UNCERTAIN_INPUTS[key];
    const base = input.get(draft);
    const clamp = (v: number) => Math.min(input.max, Math.max(input.min, v));
    setRanges({ ...ranges, [key]: { low: clamp(base * (1 - share)), high: clamp(base * (1 + share)) } });
  };

  return (
    <div className="grid gap-2" data-testid="tco-ranges">
      <p className="text-xs text-muted">{keys.length === 0 ? inT('ranges.none') : inT('ranges.some')}</p>
      {keys.map((key) => {
        const range = ranges[key];
        if (!range) return null;
        const known = isUncertaintyKey(key);
        const unit = known ? unitOf(t, UNCERTAIN_INPUTS[key].unit) : { label: '', scale: 1 };
        const name = known ? t(`key.${key}`) : key;
        const unused = !known || !UNCERTAIN_INPUTS[key].applies(draft);
        return (
          <div key={key} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-end gap-2" data-range={key} data-unused={unused || undefined}>
            <NumberField
              label={inT('ranges.low', { name })}
              value={range.low}
              scale={unit.scale}
              digits={4}
              unit={unit.label}
              max={range.high}
              onCommit={(low) => setRanges({ ...ranges, [key]: { low, high: range.high } })}
            />
            <NumberField
              label={inT('ranges.high', { name })}
              value={range.high}
              scale={unit.scale}
              digits={4}
              unit={unit.label}
              min={range.low}
              onCommit={(high) => setRanges({ ...ranges, [key]: { low: range.low, high } })}
            />
            <Button
              variant="textLink"
              size="xs"
              className="mb-1"
              aria-label={inT('ranges.remove', { name })}
              onClick={() => {
                const { [key]: _gone, ...rest } = ranges;
                setRanges(rest);
              }}
            >
              {inT('in.remove')}
            </Button>
            {/* Throughput goes unread only while a series sizes the replicas (core/tco/inputs.ts). */}
            {unused ? (
              <p className="col-span-3 text-xs text-muted" role="note" data-testid="tco-range-unused">
                {key === 'tokensPerSecond' ? inT('ranges.unusedSeries') : inT('ranges.unused', { name })}
              </p>
            ) : null}
          </div>
        );
      })}
      {free.length > 0 ? (
        <label className="flex flex-wrap items-center gap-2 text-xs">
          {inT('ranges.add')}
          <select
            value=""
            onChange={(e) => {
              const k = e.target.value;
              if (isUncertaintyKey(k)) add(k);
            }}
            className="rounded border border-border bg-surface px-1 py-1 text-sm"
            data-testid="tco-add-range"
          >
            <option value="">{inT('ranges.choose')}</option>
            {free.map((k) => (
              <option key={k} value={k}>
                {t(`key.${k}`)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </div>
  );
}
