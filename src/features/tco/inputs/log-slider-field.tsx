import { memo, type ReactNode } from 'react';
import { NumberField } from '../../../components/number-field';
import { useLanguage } from '../../../components/use-t';
import { formatNumber } from '../../../lib/format/format';

/**
 * A number field with a logarithmic slider, for inputs that span orders of magnitude
 * (requests per day, tokens per second). The text field takes any valid value; the slider
 * covers [min, max] in equal steps of the logarithm and rounds to two significant digits,
 * so a drag moves through round numbers.
 */
const STEPS = 400;

export function toSlider(value: number, min: number, max: number): number {
  if (!(value > 0)) return 0;
  const t = Math.log(value / min) / Math.log(max / min);
  return Math.round(Math.min(1, Math.max(0, t)) * STEPS);
}

export function fromSlider(step: number, min: number, max: number): number {
  const v = min * Math.pow(max / min, step / STEPS);
  const magnitude = Math.pow(10, Math.floor(Math.log10(v)) - 1);
  return Math.round(v / magnitude) * magnitude;
}

export const LogSliderField = memo(function LogSliderField(props: {
  label: string;
  value: number;
  onCommit: (value: number) => void;
  unit: string;
  /** Slider range (positive); the text field accepts fieldMin…fieldMax. */
  min: number;
  max: number;
  fieldMin?: number;
  fieldMax?: number;
  integer?: boolean;
  badge?: ReactNode;
  help?: string;
  testId?: string;
}) {
  const { label, value, onCommit, unit, min, max, fieldMin = 0, fieldMax, integer, badge, help, testId } = props;
  const language = useLanguage();
  return (
    <div className="flex flex-col gap-1">
      <NumberField
        label={label}
        value={value}
        onCommit={onCommit}
        unit={unit}
        min={fieldMin}
        max={fieldMax}
        integer={integer}
        digits={2}
        badge={badge}
        help={help}
        testId={testId}
      />
      <input
        type="range"
        aria-label={`${label} (${unit})`}
        min={0}
        max={STEPS}
        step={1}
        value={toSlider(value, min, max)}
        // The slider moves in steps of the logarithm: a screen reader hears the value itself.
        aria-valuetext={`${formatNumber(language, value, integer ? 0 : 2)} ${unit}`}
        onChange={(e) => {
          const v = fromSlider(Number(e.target.value), min, max);
          onCommit(integer ? Math.round(v) : v);
        }}
        className="w-full"
        data-testid={testId ? `${testId}-slider` : undefined}
      />
    </div>
  );
});
