import { memo } from 'react';
import { Kpi } from '../card';
import { Help } from '../help';
import { findGpu } from '../../core/catalog/catalog';
import type { Scenario } from '../../core/scenario/schema';
import type { BreakEvenView, Figure, TcoEvaluation } from '../../core/tco/evaluate';
import type { Fmt } from './format-tco';
import type { TcoT } from './messages';

/** Text of a figure: the value, or why there is none. */
export function figureText(f: Figure, render: (v: number) => string, t: TcoT): string {
  return f.ok ? render(f.value) : t(`na.${f.reason}`);
}

export function deploymentText(e: TcoEvaluation, selfHosted: Scenario['selfHosted'], t: TcoT): string {
  const gpu = findGpu(selfHosted.gpuId)?.name ?? selfHosted.gpuId;
  return t('deployment', { replicas: e.selfHosted.replicasServing, gpus: selfHosted.gpusPerReplica, gpu, spare: e.selfHosted.spareReplicas > 0 ? t('deploymentSpare') : '' });
}

/** The break-even in one sentence, with its reason when there is none. */
export function breakEvenSentence(b: BreakEvenView, fmt: Fmt, t: TcoT, currentTokens: number): string {
  const r = b.result;
  if (r.kind === 'at') {
    const tokens = b.tokensPerMonth === null ? fmt.compact(b.tasksPerMonth) : fmt.compact(b.tokensPerMonth);
    const ratio = currentTokens > 0 && b.tokensPerMonth !== null ? fmt.number(b.tokensPerMonth / currentTokens, 2) : null;
    const base = ratio === null ? t('be.atNoRatio', { tokens, replicas: r.replicas }) : t('be.at', { tokens, replicas: r.replicas, ratio });
    if (r.stableFromTasks === null) return `${base} ${t('be.notStable')}`;
    if (r.windows.length > 1 && b.tokensPerMonth !== null && b.tasksPerMonth !== null) {
      const stable = (r.stableFromTasks / b.tasksPerMonth) * b.tokensPerMonth;
      return `${base} ${t('be.stableFrom', { tokens: fmt.compact(stable) })}`;
    }
    return base;
  }
  if (r.kind === 'always') return t(`be.always.${r.reason}`);
  const cf = r.closedForm;
  const throughputs = cf?.replicasOfThroughput ?? null;
  switch (r.reason) {
    case 'replica-costs-more':
      return t('be.never.replica-costs-more', {
        replica: fmt.money(r.replicaMonthlyUsd),
        api: fmt.money(r.apiUsdPerReplicaCapacity),
        needs: throughputs === null ? '–' : fmt.number(throughputs, 1),
      });
    case 'beyond-max-replicas':
      return t('be.never.beyond-max-replicas', { n: r.replicasNeeded ?? 65 });
    default:
      return t(`be.never.${r.reason}`);
  }
}

export function crossCheckSentence(b: BreakEvenView, fmt: Fmt, t: TcoT): string | null {
  const cf = b.result.closedForm;
  if (!cf) return null;
  const tokens = b.closedFormTokensPerMonth === null ? fmt.compact(cf.tasks) : fmt.compact(b.closedFormTokensPerMonth);
  const head = t('cf.head', { replicas: cf.replicas, cost: fmt.money(cf.selfMonthlyUsd), tokens });
  if (!cf.withinCapacity) return `${head} ${t('cf.outside', { n: cf.replicasOfThroughput === null ? '–' : fmt.number(cf.replicasOfThroughput, 1) })}`;
  if (b.crossCheckDeviation !== null) return `${head} ${t('cf.agrees', { dev: fmt.percent(b.crossCheckDeviation, 2) })}`;
  return `${head} ${t('cf.otherStep')}`;
}

export function verdictSentence(e: TcoEvaluation, selfHosted: Scenario['selfHosted'], fmt: Fmt, t: TcoT): string {
  const v = e.verdict;
  const deployment = deploymentText(e, selfHosted, t);
  const api = fmt.money(e.api.monthlyUsd);
  const self = fmt.money(e.selfHosted.monthlyUsd);
  if (v.best === 'none') return t('verdict.none');
  if (v.reason === 'no-volume') return t('verdict.noVolume', { self, deployment });
  if (v.reason === 'api-accepts-nothing') return t('verdict.apiAcceptsNothing', { self, deployment });
  const share = v.savingVsApiShare.ok ? fmt.percent(v.savingVsApiShare.value, 0) : '–';
  let first: string;
  if (v.best === 'self-hosted') first = t('verdict.self', { deployment, self, api, saving: fmt.money(v.savingVsApiUsd), share });
  else if (v.best === 'hybrid') {
    first = t('verdict.hybrid', {
      k: e.hybrid.replicas,
      gpus: selfHosted.gpusPerReplica,
      selfShare: fmt.percent(e.hybrid.selfShare, 0),
      hybrid: fmt.money(e.hybrid.monthlyUsd),
      api,
      saving: fmt.money(v.savingVsApiUsd),
      share,
    });
  } else if (e.selfHosted.state === 'no-throughput' || e.selfHosted.state === 'demand-outside-schedule' || e.selfHosted.state === 'self-accepts-nothing') {
    first = t('verdict.apiSelfCannot', { api, reason: t(`state.${e.selfHosted.state}`) });
  } else {
    first = t('verdict.api', { api, deployment, self, more: fmt.money(e.selfHosted.monthlyUsd - e.api.monthlyUsd) });
  }
  const close = v.closeCall && v.runnerUp && v.savingVsRunnerUpUsd !== null ? ` ${t('verdict.close', { runnerUp: t(`option.${v.runnerUp}`), diff: fmt.money(v.savingVsRunnerUpUsd) })}` : '';
  return first + close;
}

export const VerdictPanel = memo(function VerdictPanel(props: { evaluation: TcoEvaluation; selfHosted: Scenario['selfHosted']; resultKey: string; stale: boolean; fmt: Fmt; t: TcoT }) {
  const { evaluation: e, selfHosted, resultKey, stale, fmt, t } = props;
  const v = e.verdict;
  const tone = (o: 'api' | 'self-hosted' | 'hybrid') => (v.best === o ? 'ok' : 'neutral');
  const perM = (f: Figure) => figureText(f, (x) => fmt.moneySmall(x), t);
  const perTask = (f: Figure) => figureText(f, (x) => fmt.moneySmall(x), t);
  const share = (x: number) => fmt.percent(x, x < 0.1 ? 1 : 0);
  const b = e.breakEven;
  const cap = e.selfHosted.capacity;
  const servesTone = e.selfHosted.state === 'ok' ? 'ok' : e.selfHosted.state === 'sized-up' ? 'warn' : 'bad';
  return (
    <section aria-labelledby="tco-verdict" className="grid gap-3" data-testid="tco-verdict-panel" data-for={resultKey} aria-busy={stale}>
      <div className="rounded-lg border border-border bg-surface p-4">
        <p className="text-xs font-medium uppercase tracking-wide text-muted">{t('verdict.title')}</p>
        <h2 id="tco-verdict" className="mt-1 text-lg font-semibold leading-snug sm:text-xl" data-testid="tco-verdict" data-best={v.best}>
          {verdictSentence(e, selfHosted, fmt, t)}
        </h2>
        <p className="mt-2 text-sm text-muted" data-testid="tco-break-even-sentence">
          {breakEvenSentence(b, fmt, t, e.volume.tokensPerMonth)}
          <Help topic={b.result.kind === 'never' ? 'breakEvenNever' : 'breakEven'} />
        </p>
      </div>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        <Kpi label={t('kpi.api')} value={fmt.money(e.api.monthlyUsd)} sub={t('kpi.apiSub', { perM: perM(e.api.perMillionTokens), perTask: perTask(e.api.perAcceptedTask) })} tone={tone('api')} testId="tco-kpi-api" />
        <Kpi
          label={t('kpi.self')}
          value={fmt.money(e.selfHosted.monthlyUsd)}
          sub={t('kpi.selfSub', { perM: perM(e.selfHosted.perMillionTokens), perTask: perTask(e.selfHosted.perAcceptedTask) })}
          tone={e.selfHosted.state === 'ok' || e.selfHosted.state === 'sized-up' || e.selfHosted.state === 'beyond-max-replicas' ? tone('self-hosted') : 'bad'}
          testId="tco-kpi-self"
        />
        <Kpi
          label={t('kpi.hybrid')}
          value={fmt.money(e.hybrid.monthlyUsd)}
          sub={t('kpi.hybridSub', { k: e.hybrid.replicas, share: fmt.percent(e.hybrid.selfShare, 0), perTask: perTask(e.hybrid.perAcceptedTask) })}
          tone={tone('hybrid')}
          testId="tco-kpi-hybrid"
        />
        <Kpi
          label={t('kpi.breakEven')}
          value={b.result.kind === 'at' ? (b.tokensPerMonth === null ? fmt.compact(b.tasksPerMonth) : fmt.compact(b.tokensPerMonth)) : t(`kpi.be.${b.result.kind}`)}
          sub={b.result.kind === 'at' ? t('kpi.breakEvenSub', { output: fmt.compact(b.outputTokensPerMonth), tasks: b.acceptedTasksPerMonth === null ? '–' : fmt.compact(b.acceptedTasksPerMonth) }) : t('kpi.breakEvenReason', { reason: t(`kpi.reason.${b.result.reason}`) })}
          tone={b.result.kind === 'never' ? 'bad' : 'neutral'}
          testId="tco-kpi-break-even"
        />
        <Kpi
          label={t('kpi.capacity')}
          value={e.selfHosted.replicasNeeded === null ? t('kpi.cannotServe') : t('kpi.replicas', { needed: e.selfHosted.replicasNeeded, entered: e.selfHosted.replicasEntered })}
          sub={t('kpi.capacitySub', { peak: fmt.compact(cap.peakDemandTokensPerSecond), capacity: fmt.compact(cap.enteredPeakCapacityTokensPerSecond), state: t(`state.${e.selfHosted.state}`) })}
          tone={servesTone}
          testId="tco-kpi-capacity"
        />
        <Kpi
          label={t('kpi.utilisation')}
          value={figureText(e.selfHosted.utilisation.productive, share, t)}
          sub={t('kpi.utilisationSub', { average: figureText(e.selfHosted.utilisation.average, share, t), max: fmt.percent(e.selfHosted.utilisation.max, 0) })}
          testId="tco-kpi-utilisation"
        />
      </div>
    </section>
  );
});
