import { countIn } from '../../lib/i18n/count';
import { memo } from 'react';
import { Button } from '../../components/button';
import type { CostPerTask } from '../../core/pilot/cost';
import type { Criterion, CriterionId } from '../../core/pilot/criteria';
import type { FlipChange, PilotOutcome, RuleConditionId } from '../../core/pilot/decide';
import type { PilotEvaluation, PilotWarning } from '../../core/pilot/evaluate';
import { useT } from '../../components/use-t';
import { formatMoney, formatNumber, formatPercent } from '../../lib/format/format';
import { glossary } from '../../lib/i18n/glossary';
import { formatList, plural } from '../../core/text/plural';
import type { Fmt } from './format-pilot';
import { formatCriterionValue, formatField } from './format-pilot';
import { pilotMessages, type PilotT } from './messages';
import type { FieldUnit } from './pilot-fields';

type T = PilotT;

const DECISION_TONE: Readonly<Record<PilotOutcome, string>> = {
  continue: 'var(--ok)',
  hybrid: 'var(--series-hybrid)',
  return: 'var(--series-api)',
  undecided: 'var(--border)',
};

/** How the two sides' own figures behind a comparison are shown. */
const SIDE_UNIT: Partial<Record<CriterionId, FieldUnit>> = {
  'acceptance-gap': 'pct',
  'tool-call-gap': 'pct',
  'failure-rate-gap': 'pct',
  'ttft-p95-ratio': 'ms',
  'cost-ratio': 'money',
};

function valueText(t: T, f: Fmt, c: Pick<Criterion, 'unit'>, v: number): string {
  return formatCriterionValue(f, c.unit, v, (unit, value) => t(`unitValue.${unit}`, { value }));
}

function thresholdText(t: T, f: Fmt, c: Criterion): string {
  const v = valueText(t, f, c, c.threshold);
  return c.comparator === 'max' ? t('atMost', { value: v }) : t('atLeast', { value: v });
}

function CriterionRow(props: { c: Criterion; deciding: boolean; t: T; f: Fmt }) {
  const { c, deciding, t, f } = props;
  const sideUnit = SIDE_UNIT[c.id];
  // The two local-work criteria are signals for a hybrid, not hurdles: no pass/fail colours.
  const signal = c.group === 'local-work';
  const verdictClass = signal
    ? c.verdict === 'pass'
      ? 'text-text'
      : 'text-muted'
    : c.verdict === 'pass'
      ? 'text-ok'
      : c.verdict === 'fail'
        ? 'text-bad'
        : 'text-warn';
  const mark = signal ? (c.verdict === 'pass' ? '●' : '○') : c.verdict === 'pass' ? '✓' : c.verdict === 'fail' ? '✗' : '?';
  const verdictText = signal ? t(c.verdict === 'pass' ? 'verdict.signal' : 'verdict.noSignal') : t(`verdict.${c.verdict}`);
  return (
    <tr
      data-testid={`criterion-${c.id}`}
      data-verdict={c.verdict}
      data-deciding={deciding ? 'true' : 'false'}
      // On a phone each criterion is a small block (name, then value · threshold · verdict); a table from sm up.
      className={`flex flex-wrap items-baseline gap-x-3 py-1.5 sm:table-row sm:py-0 ${deciding ? 'bg-surface-2 print:bg-transparent' : ''}`}
    >
      <th scope="row" className="basis-full py-0 pr-2 text-left align-top font-normal sm:py-1.5">
        {t(`crit.${c.id}`)}
      </th>
      <td className="figures py-0 text-left align-top sm:px-2 sm:py-1.5 sm:text-right">
        <span className="font-medium" data-testid={`criterion-${c.id}-value`}>
          {c.value === null ? '–' : valueText(t, f, c, c.value)}
        </span>
        {sideUnit && (c.api !== null || c.selfHosted !== null) ? (
          <span className="block text-xs text-muted">
            {t('sidesDetail', { api: formatField(f, sideUnit, c.api), self: formatField(f, sideUnit, c.selfHosted) })}
          </span>
        ) : null}
        {c.note ? <span className="block text-xs text-muted">{t(`note.${c.note}`)}</span> : null}
      </td>
      <td className="figures whitespace-nowrap py-0 text-right align-top text-muted sm:px-2 sm:py-1.5 sm:text-text">{thresholdText(t, f, c)}</td>
      <td className={`whitespace-nowrap py-0 align-top font-medium sm:px-2 sm:py-1.5 ${verdictClass}`}>
        <span aria-hidden="true">{mark} </span>
        {verdictText}
      </td>
      <td className="py-0 align-top text-xs sm:px-2 sm:py-1.5">
        {deciding ? <span className="rounded border border-accent bg-surface px-1.5 py-0.5 font-medium text-text">{t('decidingMark')}</span> : null}
      </td>
    </tr>
  );
}

function changeText(t: T, f: Fmt, e: PilotEvaluation, ch: FlipChange, alone: boolean): string {
  const c = e.criteria.find((x) => x.id === ch.criterion);
  const criterion = t(`crit.${ch.criterion}`);
  if (!c) return criterion;
  if (ch.criterion === 'compatibility' && ch.kind === 'measure')
    return t(plural(f.language, e.checklist.compatibilityOpenIds.length, { one: 'flip.compatibilityOpen.one', other: 'flip.compatibilityOpen.other' }), {
      count: e.checklist.compatibilityOpenIds.length,
    });
  const to = valueText(t, f, c, ch.to);
  const bound = c.comparator === 'max' ? t('atMost', { value: to }) : t('atLeast', { value: to });
  // Failed without a number (e.g. money spent, nothing accepted): it was measured, so say why.
  if (ch.kind === 'measure' && c.verdict === 'fail' && c.note) return t('flip.failNoValue', { criterion, to: bound, why: t(`note.${c.note}`) });
  if (ch.kind === 'measure') return t('flip.measure', { criterion, to: bound });
  const from = valueText(t, f, c, ch.from ?? 0);
  if (c.unit === 'count') return t(ch.kind === 'reach' ? 'flip.reach.count' : 'flip.cross.count', { criterion, from, to });
  const text = t(`flip.${ch.kind}.${ch.direction}`, { criterion, from, to });
  // For a single change, moving the threshold instead is a real alternative worth naming.
  return alone && ch.kind === 'reach' && c.thresholdKey !== null ? `${text} (${t('flipThresholdAlt', { from })})` : text;
}

function conditionText(t: T, f: Fmt, e: PilotEvaluation, id: RuleConditionId): string {
  if (id !== 'cost-justified') return t(`cond.${id}`);
  const ratio = e.criteria.find((c) => c.id === 'cost-ratio');
  return t('cond.cost-justified', { max: ratio ? valueText(t, f, ratio, ratio.threshold) : '–' });
}

/** Why a met hybrid rests on the bound share alone (from the hybrid-local-cost warning). */
function cautionText(t: T, f: Fmt, e: PilotEvaluation): string {
  const w = e.warnings.find((x) => x.kind === 'hybrid-local-cost');
  const ratio = e.criteria.find((c) => c.id === 'cost-ratio');
  if (!w || w.kind !== 'hybrid-local-cost' || !ratio) return '';
  const share = formatPercent(f.language, w.sensitiveShare, 1);
  const max = valueText(t, f, ratio, w.threshold);
  if (w.ratio === null) return t('caution.local-share-cost-unknown', { why: ratio.note ? t(`note.${ratio.note}`) : t('verdict.unknown'), share });
  return t('caution.local-share-dearer', { ratio: valueText(t, f, ratio, w.ratio), max, share });
}

function warningText(t: T, f: Fmt, e: PilotEvaluation, w: PilotWarning): string {
  switch (w.kind) {
    case 'fix-compatibility-first':
      return t('warn.fix-compatibility-first', {
        checks: formatList(
          f.language,
          w.checkIds.map((id) => `“${t(`check.${id}` as `check.d1.messages-exact`)}”`),
        ),
      });
    case 'days-missing':
      return t(plural(f.language, w.days.length, { one: 'warn.days-missing.one', other: 'warn.days-missing.other' }), {
        side: t(`side.${w.side}`),
        days: formatList(f.language, w.days.map(String)),
      });
    case 'staff-not-recorded':
      return t('warn.staff-not-recorded', { side: t(`side.${w.side}`) });
    case 'costs-skipped':
      return t(plural(f.language, w.days.length, { one: 'warn.costs-skipped.one', other: 'warn.costs-skipped.other' }), {
        side: t(`side.${w.side}`),
        days: formatList(f.language, w.days.map(String)),
      });
    case 'no-api-baseline':
      return t('warn.no-api-baseline');
    case 'example-data':
      return t('warn.example-data');
    case 'hybrid-local-cost':
      return cautionText(t, f, e);
  }
}

function CostKpi(props: { label: string; cost: CostPerTask; t: T; f: Fmt; rate: number; testId: string }) {
  const { label, cost, t, f, rate, testId } = props;
  const money = (usd: number) => formatMoney(f.language, f.currency, f.fx, usd);
  // No accepted task means nothing to divide by: say so in words, with the reason, never a
  // placeholder that reads like a program error.
  return (
    <div className="rounded-md border border-border p-3" data-testid={testId} data-cost-state={cost.kind}>
      <div className="text-xs font-medium uppercase tracking-wide text-muted">{label}</div>
      <div className={`figures mt-1 text-xl font-semibold ${cost.kind === 'undefined' ? 'text-muted' : ''}`}>
        {cost.kind === 'defined' ? money(cost.usdPerAcceptedTask) : t('costUndefined')}
      </div>
      {cost.kind === 'undefined' ? (
        <div className="mt-0.5 text-xs font-medium" data-testid={`${testId}-reason`}>
          {t(`costReason.${cost.reason}`, { total: money(cost.totalUsd) })}
        </div>
      ) : null}
      {cost.days.length > 0 ? (
        <div className="figures mt-0.5 text-xs text-muted">
          {t('costBasis', {
            days: countIn(pilotMessages, f.language, 'days', cost.days.length),
            bill: money(cost.billUsd),
            staff: money(cost.staffUsd),
            hours: formatNumber(f.language, cost.staffHours, 1),
            rate: money(rate),
          })}
        </div>
      ) : null}
    </div>
  );
}

/** The decision with everything behind it; also what the print view shows. */
export const DecisionCard = memo(function DecisionCard(props: {
  evaluation: PilotEvaluation;
  fmt: Fmt;
  staffLoadedYearlyUsd: number;
  staffHoursPerYear: number;
  onPrint: () => void;
}) {
  const { evaluation: e, fmt: f, staffLoadedYearlyUsd, staffHoursPerYear, onPrint } = props;
  const t = useT(pilotMessages);
  const g = useT(glossary);
  const ratio = e.criteria.find((c) => c.id === 'cost-ratio');
  const deciding = new Set(e.deciding);
  const noEvidence = e.status === 'no-evidence';
  return (
    <section
      aria-labelledby="pilot-decision-heading"
      data-testid="pilot-decision-card"
      data-decision={e.decision}
      data-status={e.status}
      data-example={e.example ? 'true' : 'false'}
      className="rounded-lg border border-border bg-surface p-4 shadow-sm print:border-black print:shadow-none"
      style={{ borderLeft: `6px solid ${DECISION_TONE[e.decision]}` }}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          {e.example ? (
            // An invented week must never pass for a measured one, on screen or on paper.
            <p className="mb-1">
              <span
                data-testid="pilot-example-badge"
                className="inline-block rounded border border-accent bg-surface-2 px-1.5 py-0.5 text-xs font-semibold text-text print:border-black"
              >
                {t('exampleBadge')}
              </span>
            </p>
          ) : null}
          <p className="text-xs font-medium uppercase tracking-wide text-muted">
            {t('decisionAfter', { days: e.daysElapsed })} ·{' '}
            <span
              data-testid="pilot-status"
              title={e.status === 'provisional' ? t('statusHelpProvisional') : undefined}
              className={e.status === 'final' ? 'text-ok' : e.status === 'provisional' ? 'text-warn' : ''}
            >
              {t(`status.${e.status}`)}
            </span>
          </p>
          <h2 id="pilot-decision-heading" className="mt-1 text-xl font-semibold sm:text-2xl" data-testid="pilot-decision">
            {g(`decision.${e.decision}`)}
          </h2>
        </div>
        <Button onClick={onPrint} className="no-print">
          {t('printDecision')}
        </Button>
      </div>
      <p className="mt-2 max-w-4xl text-sm text-muted">{t(`decisionWhy.${e.decision}`)}</p>

      {e.warnings.length > 0 ? (
        <ul className="mt-3 space-y-1 text-sm" data-testid="pilot-warnings">
          {e.warnings.map((w, i) => (
            <li
              key={i}
              data-warning={w.kind}
              className={`rounded-md border px-3 py-1.5 ${w.kind === 'fix-compatibility-first' ? 'border-bad/50 bg-bad-bg font-medium' : w.kind === 'example-data' ? 'border-accent/40 bg-surface-2' : 'border-warn/50 bg-warn-bg'}`}
            >
              {warningText(t, f, e, w)}
            </li>
          ))}
        </ul>
      ) : null}

      <div className="mt-4 grid gap-3 sm:grid-cols-3">
        <CostKpi label={`${t('costPerAccepted')} · ${t('side.api')}`} cost={e.cost.api} t={t} f={f} rate={e.cost.staffUsdPerHour} testId="cost-api" />
        <CostKpi
          label={`${t('costPerAccepted')} · ${t('side.selfHosted')}`}
          cost={e.cost.selfHosted}
          t={t}
          f={f}
          rate={e.cost.staffUsdPerHour}
          testId="cost-selfHosted"
        />
        <div className="rounded-md border border-border p-3" data-testid="cost-ratio">
          <div className="text-xs font-medium uppercase tracking-wide text-muted">{t('costRatio')}</div>
          <div className={`figures mt-1 text-xl font-semibold ${ratio && ratio.value !== null ? '' : 'text-muted'}`}>
            {ratio && ratio.value !== null ? valueText(t, f, ratio, ratio.value) : t('costUndefined')}
          </div>
          {ratio && ratio.value === null && ratio.note ? <div className="mt-0.5 text-xs font-medium">{t(`note.${ratio.note}`)}</div> : null}
          <div className="figures mt-0.5 text-xs text-muted">{ratio ? thresholdText(t, f, ratio) : null}</div>
        </div>
      </div>

      <h3 className="mt-5 text-sm font-semibold">{t('ruleTrace')}</h3>
      <div className="mt-1">
        <table className="block w-full text-sm sm:table" data-testid="pilot-rule-trace">
          <thead className="hidden sm:table-header-group">
            <tr className="border-b border-border text-left text-xs text-muted">
              <th scope="col" className="py-1 pr-2 font-medium">
                {t('criterion')}
              </th>
              <th scope="col" className="px-2 py-1 text-right font-medium">
                {t('measured')}
              </th>
              <th scope="col" className="px-2 py-1 text-right font-medium">
                {t('threshold')}
              </th>
              <th scope="col" className="px-2 py-1 font-medium">
                {t('verdict')}
              </th>
              <th scope="col" className="px-2 py-1 font-medium">
                <span className="sr-only">{t('deciding')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="block divide-y divide-border/60 sm:table-row-group">
            {e.criteria.map((c) => (
              <CriterionRow key={c.id} c={c} deciding={deciding.has(c.id)} t={t} f={f} />
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-1 text-xs text-muted">{t('unknownCounts')}</p>

      <div className="mt-4 grid gap-4 lg:grid-cols-2 print:grid-cols-2">
        <div>
          <h3 className="text-sm font-semibold">{t('rules')}</h3>
          {noEvidence ? (
            <p className="mt-1 text-sm font-medium" data-testid="pilot-rules-no-evidence">
              {t('ruleNoEvidence')}
            </p>
          ) : null}
          <ul className="mt-1 space-y-1 text-sm" data-testid="pilot-rules">
            {e.rules.map((r) => (
              <li key={r.decision} data-rule={r.decision} data-met={r.met ? 'true' : 'false'} className={r.met ? '' : 'text-muted'}>
                <span className={r.met ? 'font-medium' : undefined}>
                  <span aria-hidden="true">{r.met ? '● ' : '○ '}</span>
                  {t(`rule.${r.decision}`)} <span className={r.met ? 'text-ok' : ''}>({t(r.met ? 'ruleMet' : 'ruleNotMet')})</span>
                </span>
                <ul className="ml-5 mt-0.5 space-y-0.5 text-xs">
                  {r.conditions
                    // The evidence condition is the same for every rule; it is named once above when unmet.
                    .filter((c) => c.id !== 'evidence')
                    .map((c) => (
                      <li key={c.id} data-condition={c.id} data-met={c.met ? 'true' : 'false'}>
                        <span aria-hidden="true" className={c.met ? 'text-ok' : 'text-bad'}>
                          {c.met ? '✓ ' : '✗ '}
                        </span>
                        {conditionText(t, f, e, c.id)}
                        <span className="sr-only"> ({t(c.met ? 'ruleMet' : 'ruleNotMet')})</span>
                      </li>
                    ))}
                </ul>
                {r.caution ? (
                  <p
                    className="mt-1 rounded-md border border-warn/50 bg-warn-bg px-2 py-1 text-xs text-text"
                    data-testid="pilot-hybrid-caution"
                    data-caution={r.caution}
                  >
                    {cautionText(t, f, e)}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h3 className="text-sm font-semibold">{t('flipTitle')}</h3>
          {noEvidence ? (
            <p className="mt-1 text-sm">{t('flipNoEvidence')}</p>
          ) : e.flips.length === 0 ? (
            <p className="mt-1 text-sm text-muted">{t('flipNone')}</p>
          ) : (
            <ol className="mt-1 space-y-2 text-sm" data-testid="pilot-flips">
              {e.flips.map((flip) => (
                <li key={flip.to} data-flip-to={flip.to}>
                  <span className="font-medium">{t('flipTo', { decision: g(`decision.${flip.to}`) })}</span>
                  <ul className="ml-4 list-disc">
                    {flip.changes.map((ch) => (
                      <li key={ch.criterion}>{changeText(t, f, e, ch, flip.changes.length === 1)}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>

      <p className="figures mt-4 text-xs text-muted">
        {t('staffRate', {
          rate: formatMoney(f.language, f.currency, f.fx, e.cost.staffUsdPerHour),
          yearly: formatMoney(f.language, f.currency, f.fx, staffLoadedYearlyUsd),
          hours: formatNumber(f.language, staffHoursPerYear, 0),
        })}
        {' · '}
        {t('clusterDay', { usd: formatMoney(f.language, f.currency, f.fx, e.cost.clusterDay.usd) })}
      </p>
    </section>
  );
});
