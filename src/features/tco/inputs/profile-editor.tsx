import { memo, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Button } from '../../../components/button';
import { useT } from '../../../components/use-t';
import { HOURS_PER_WEEK } from '../../../core/scenario/schema';
import type { TcoT } from '../messages';
import { inputsMessages } from './inputs-messages';

/**
 * The weekly load profile as a 7 × 24 grid the user can paint: pick a level, then click or
 * drag over hours. Keyboard: arrows move, 0–9 set the level of the focused hour, + and −
 * step it (one tab stop for the whole grid). Templates fill common shapes. Only relative values matter.
 */
const DAYS = 7;
const LEVELS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

export const TEMPLATES = {
  office: (d: number, h: number) => (d < 5 ? (h >= 8 && h < 18 ? 10 : 3) : 2),
  flat: () => 5,
  evening: (_d: number, h: number) => (h >= 18 && h < 23 ? 10 : h >= 8 ? 5 : 2),
  nightly: (_d: number, h: number) => (h < 6 ? 10 : 1),
} as const;
type Template = keyof typeof TEMPLATES;

function fill(template: Template): number[] {
  return Array.from({ length: HOURS_PER_WEEK }, (_, i) => TEMPLATES[template](Math.floor(i / 24), i % 24));
}

export const ProfileEditor = memo(function ProfileEditor(props: { t: TcoT; profile: readonly number[]; onChange: (p: number[]) => void }) {
  const inT = useT(inputsMessages);
  const { t, profile, onChange } = props;
  const [brush, setBrush] = useState(10);
  const [focus, setFocus] = useState(8);
  const painting = useRef(false);
  const max = useMemo(() => Math.max(1, ...profile), [profile]);
  const dayNames = t('profile.days').split(',');

  const set = (hour: number, level: number) => {
    if (profile[hour] === level) return;
    const next = [...profile];
    next[hour] = level;
    onChange(next);
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -24, ArrowDown: 24 };
    const move = moves[e.key];
    if (move !== undefined) {
      e.preventDefault();
      const next = Math.min(HOURS_PER_WEEK - 1, Math.max(0, focus + move));
      setFocus(next);
      (e.currentTarget.querySelector(`[data-hour="${next}"]`) as HTMLElement | null)?.focus();
    } else if (/^[0-9]$/.test(e.key)) {
      e.preventDefault();
      set(focus, Number(e.key));
    } else if (e.key === '+' || e.key === '-') {
      e.preventDefault();
      set(focus, Math.min(10, Math.max(0, (profile[focus] ?? 0) + (e.key === '+' ? 1 : -1))));
    }
  };
  const down = (hour: number) => (e: PointerEvent) => {
    painting.current = true;
    (e.target as HTMLElement).releasePointerCapture?.(e.pointerId);
    setFocus(hour);
    set(hour, brush);
  };
  const enter = (hour: number) => () => {
    if (painting.current) set(hour, brush);
  };

  return (
    <div className="grid gap-2" data-testid="tco-profile-editor">
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <label className="flex items-center gap-1">
          {inT('profile.brush')}
          <select value={brush} onChange={(e) => setBrush(Number(e.target.value))} className="rounded border border-border bg-surface px-1 py-0.5">
            {LEVELS.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
        {(Object.keys(TEMPLATES) as Template[]).map((k) => (
          <Button key={k} size="xs" onClick={() => onChange(fill(k))}>
            {inT(`profile.${k}`)}
          </Button>
        ))}
      </div>
      <div
        role="grid"
        aria-label={inT('profile.label')}
        className="grid touch-none select-none gap-px"
        style={{ gridTemplateColumns: '2.2rem repeat(24, minmax(0, 1fr))' }}
        onKeyDown={onKey}
        onPointerUp={() => (painting.current = false)}
        onPointerLeave={() => (painting.current = false)}
      >
        {Array.from({ length: DAYS }, (_, d) => (
          <div role="row" key={d} className="contents">
            <span role="rowheader" className="pr-1 text-[10px] leading-4 text-muted">
              {dayNames[d]}
            </span>
            {Array.from({ length: 24 }, (_, h) => {
              const hour = d * 24 + h;
              const v = profile[hour] ?? 0;
              return (
                <div
                  role="gridcell"
                  key={h}
                  data-hour={hour}
                  tabIndex={hour === focus ? 0 : -1}
                  aria-label={inT('profile.cell', { day: dayNames[d] ?? '', hour: String(h).padStart(2, '0'), level: v })}
                  onPointerDown={down(hour)}
                  onPointerEnter={enter(hour)}
                  onFocus={() => setFocus(hour)}
                  className="h-4 cursor-crosshair rounded-[2px] outline-offset-0"
                  style={{ background: `color-mix(in srgb, var(--series-api) ${Math.round((v / max) * 100)}%, var(--surface-2))` }}
                />
              );
            })}
          </div>
        ))}
      </div>
      <p className="text-[11px] text-muted">{inT('profile.hint')}</p>
    </div>
  );
});
