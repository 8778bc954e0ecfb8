import { forgetFilledField } from '../../core/pilot/evidence';
import type { DayMetricKey, Pilot, PilotSide } from '../../core/scenario/schema';

/** The patch for one typed day value: the new days, and the field no longer counted as evidence. */
export function withDayField(pilot: Pilot, index: number, side: PilotSide, key: DayMetricKey, value: number | null): Pick<Pilot, 'days' | 'filledFrom'> {
  const days = pilot.days.map((d, i) => (i === index ? { ...d, [side]: { ...d[side], [key]: value } } : d));
  return { days, filledFrom: forgetFilledField(pilot, index + 1, side, key) };
}
