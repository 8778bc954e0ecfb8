import { Fragment, memo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { PilotEvaluation } from '../../core/pilot/evaluate';
import type { WeekSeries } from '../../core/pilot/series';
import type { PilotSide } from '../../core/scenario/schema';
import { useT } from '../../components/use-t';
import { formatNumber, formatPercent, usdTo } from '../../lib/format/format';
import { useAppStore } from '../../state/store';
import type { Fmt } from './format-pilot';
import { formatField } from './format-pilot';
import { pilotMessages, type PilotT } from './messages';
import { NumberCell } from './number-cell';
import { withDayField } from './pilot-edits';
import { FIELD_SPECS, cellProblem, type FieldSpec, type RowGroup } from './pilot-fields';
import { Sparkline } from './sparkline';

const GROUP_ORDER: readonly RowGroup[] = ['tasks', 'quality', 'latency', 'errors', 'tokens', 'staff', 'utilisation', 'cost'];
const GROUP_LABEL: Readonly<
  Record<RowGroup, 'group.tasks' | 'group.quality' | 'group.latency' | 'group.errors' | 'group.tokens' | 'group.staff' | 'group.utilisation' | 'group.cost'>
> = {
  tasks: 'group.tasks',
  quality: 'group.quality',
  latency: 'group.latency',
  errors: 'group.errors',
  tokens: 'group.tokens',
  staff: 'group.staff',
  utilisation: 'group.utilisation',
  cost: 'group.cost',
};
const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;

interface RowProps {
  side: PilotSide;
  spec: FieldSpec;
  /** This row's seven stored values. */
  values: readonly (number | null)[];
  /** Per day: the label of the run the value was filled from, or null. */
  filled: readonly (string | null)[];
  weekText: string;
  fmt: Fmt;
  t: PilotT;
}

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/**
 * One metric row. Memoised on its own values: typing in one cell re-renders that row, not the
 * 238 inputs of both grids. Validation and commits read the latest scenario from the store.
 */
const GridRow = memo(
  function GridRow(props: RowProps) {
    const { side, spec: s, values, filled, weekText, fmt, t } = props;
    const sideLabel = t(`side.${side}`);
    const fieldLabel = t(`field.${s.key}`);
    const color = side === 'api' ? 'var(--series-api)' : 'var(--series-self)';
    const unitLabel = s.unit === 'money' ? t('unit.moneyPerDay', { currency: fmt.currency }) : s.unit === 'pct' ? '%' : t(`unit.${s.unit}`);
    const scale = s.unit === 'money' ? usdTo(fmt.currency, fmt.fx, 1) : s.scale;

    const validate =
      (index: number) =>
      (value: number | null): string | null => {
        if (value === null) return null;
        if (s.integer && !Number.isInteger(value)) return t('errWhole');
        if (value < 0) return t('errMin', { min: '0' });
        if (s.max !== null && value > s.max) {
          return t('errMax', { max: s.unit === 'pct' ? formatPercent(fmt.language, s.max, 0) : `${formatNumber(fmt.language, s.max, 0)} ${unitLabel}` });
        }
        const day = useAppStore.getState().scenario.pilot.days[index]?.[side];
        if (!day) return null;
        const p = cellProblem(day, s.key, value);
        if (!p) return null;
        if (p.kind === 'acceptance') return t('errAcceptance', { pct: formatPercent(fmt.language, p.pct, 0), max: formatNumber(fmt.language, p.max, 0) });
        const other = FIELD_SPECS.find((f) => f.key === p.other);
        const shown = other ? formatField(fmt, other.unit, p.value) : String(p.value);
        return t(p.kind === 'not-above' ? 'errNotAbove' : 'errNotBelow', { other: t(`field.${p.other}`), value: shown });
      };
    const commit = (index: number) => (value: number | null) => {
      const { scenario, updateSection } = useAppStore.getState();
      updateSection('pilot', withDayField(scenario.pilot, index, side, s.key, value));
    };

    return (
      <tr>
        <th scope="row" className="sticky left-0 z-10 max-w-[14rem] bg-surface py-0.5 pr-2 text-left align-middle font-normal">
          <span className="block leading-tight">{fieldLabel}</span>
          <span className="text-xs text-muted">{unitLabel}</span>
        </th>
        {DAYS.map((d) => {
          const index = d - 1;
          const from = filled[index] ?? null;
          return (
            <td key={d} className="w-[7.5rem] min-w-[7.5rem] px-0.5 py-0.5 align-middle">
              <NumberCell
                value={values[index] ?? null}
                language={fmt.language}
                scale={scale}
                digits={s.integer ? 0 : 2}
                ariaLabel={t('cellLabel', { side: sideLabel, field: fieldLabel, day: d })}
                parseError={t('errNumber')}
                validate={validate(index)}
                highlight={from !== null}
                title={from !== null ? t('filledFrom', { label: from }) : undefined}
                testId={`cell-${side}-${s.key}-${d}`}
                onCommit={commit(index)}
              />
            </td>
          );
        })}
        <td className="px-1 align-middle">
          <Sparkline
            values={values}
            color={color}
            label={t('sparkline', { field: fieldLabel, values: values.map((v) => formatField(fmt, s.unit, v)).join(', ') })}
          />
        </td>
        <td className="figures whitespace-nowrap px-1 text-right align-middle text-xs text-muted">
          <span className="sr-only">{t(s.week === 'sum' ? 'weekSum' : 'weekMean')}: </span>
          {weekText}
        </td>
      </tr>
    );
  },
  (a, b) =>
    a.side === b.side &&
    a.spec === b.spec &&
    a.weekText === b.weekText &&
    a.fmt === b.fmt &&
    a.t === b.t &&
    sameList(a.values, b.values) &&
    sameList(a.filled, b.filled),
);

/** One side's seven days: a row per metric, a cell per day, the week's trend and its total or mean. */
export const DayGrid = memo(function DayGrid(props: { side: PilotSide; evaluation: PilotEvaluation | undefined; series: WeekSeries | undefined; fmt: Fmt }) {
  const { side, evaluation, series, fmt } = props;
  const t = useT(pilotMessages);
  // Only this side's day objects: an edit on the other side leaves them (and this grid) alone.
  const sideDays = useAppStore(useShallow((st) => st.scenario.pilot.days.map((d) => d[side])));
  const filledFrom = useAppStore((st) => st.scenario.pilot.filledFrom);
  const color = side === 'api' ? 'var(--series-api)' : 'var(--series-self)';
  const sideLabel = t(`side.${side}`);
  const week = evaluation?.week[side];

  function weekValue(s: FieldSpec): string {
    if (!week) return '–';
    if (s.key === 'errorRate') return formatField(fmt, 'pct', week.errorRate?.value);
    if (s.key === 'timeoutRate') return formatField(fmt, 'pct', week.timeoutRate?.value);
    const m = s.week === 'sum' ? week.sums[s.key] : week.means[s.key];
    return formatField(fmt, s.unit, m?.value);
  }

  const rows = GROUP_ORDER.map((g) => ({ group: g, specs: FIELD_SPECS.filter((s) => s.group === g && !(s.selfHostedOnly && side === 'api')) })).filter(
    (g) => g.specs.length > 0,
  );

  return (
    <div className="relative overflow-x-auto" data-testid={`pilot-grid-${side}`}>
      <table className="w-full min-w-[1100px] border-separate border-spacing-0 text-sm">
        <caption className="sr-only">{sideLabel}</caption>
        <thead>
          <tr className="text-left text-xs text-muted">
            <th scope="col" className="sticky left-0 z-10 bg-surface py-1 pr-2 font-medium">
              {t('metric')}
            </th>
            {DAYS.map((d) => (
              <th key={d} scope="col" className="px-1 py-1 text-center font-medium">
                {t('day', { day: d })}
              </th>
            ))}
            <th scope="col" className="px-1 py-1 font-medium">
              {t('trend')}
            </th>
            <th scope="col" className="px-1 py-1 text-right font-medium">
              {t('week')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ group, specs }) => (
            <Fragment key={group}>
              <tr>
                <th
                  colSpan={10}
                  scope="colgroup"
                  className="sticky left-0 bg-surface pt-3 pb-1 text-left text-xs font-semibold uppercase tracking-wide text-muted"
                >
                  {t(GROUP_LABEL[group])}
                </th>
              </tr>
              {specs.map((s) => (
                <Fragment key={s.key}>
                  <GridRow
                    side={side}
                    spec={s}
                    values={sideDays.map((d) => d[s.key])}
                    filled={DAYS.map((d) => {
                      const f = filledFrom[`${d}:${side}`];
                      return f && f.fields.includes(s.key) ? f.label : null;
                    })}
                    weekText={weekValue(s)}
                    fmt={fmt}
                    t={t}
                  />
                  {s.key === 'tasksAccepted' ? (
                    <tr>
                      <th scope="row" className="sticky left-0 z-10 bg-surface py-0.5 pr-2 text-left align-middle text-xs font-normal italic text-muted">
                        {t('acceptanceRow')}
                      </th>
                      {DAYS.map((d) => (
                        <td key={d} className="figures px-1.5 py-0.5 text-right text-xs text-muted" data-testid={`acceptance-${side}-${d}`}>
                          {formatField(fmt, 'pct', series?.acceptance[d - 1]?.[side])}
                        </td>
                      ))}
                      <td className="px-1">
                        <Sparkline
                          values={series?.acceptance.map((p) => p[side]) ?? []}
                          color={color}
                          label={t('sparkline', {
                            field: t('acceptanceRow'),
                            values: (series?.acceptance ?? []).map((p) => formatField(fmt, 'pct', p[side])).join(', '),
                          })}
                        />
                      </td>
                      <td className="figures px-1 text-right text-xs text-muted">{formatField(fmt, 'pct', week?.acceptanceRate?.value)}</td>
                    </tr>
                  ) : null}
                </Fragment>
              ))}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
});
