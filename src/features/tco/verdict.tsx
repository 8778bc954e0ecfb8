import { lazy, memo, Suspense } from 'react';
import { Banner, Kpi } from '../../components/card';
import { Help } from '../../components/help';
import { findGpu } from '../../core/catalog/catalog';
import { modelNameOf } from '../../core/deployment/name';
import type { CoherenceFlag } from '../../core/deployment/coherence';
import type { Scenario } from '../../core/scenario/schema';
import type { BreakEvenView, Figure, TcoEvaluation } from '../../core/tco/evaluate';
import type { RateSide } from '../../core/tco/rate-limits';
import type { Fmt } from '../../lib/format/fmt';
import { formatList, plural } from '../../core/text/plural';
import type { TcoT } from './messages';

/**
 * The throughput's provenance badge lives with the capacity panel, whose charts bring the chart
 * library: loaded after the verdict is on screen, so the first verdict does not wait for it.
 */
const ThroughputProvenance = lazy(() => import('./capacity/capacity-panel').then((m) => ({ default: m.ThroughputProvenance })));

/** Text of a figure: the value, or why there is none. */
export function figureText(f: Figure, render: (v: number) => string, t: TcoT): string {
  return f.ok ? render(f.value) : t(`na.${f.reason}`);
}

/** The sections of the scenario the verdict names: the deployment and the API offer. */
export type VerdictScenario = Pick<Scenario, 'selfHosted' | 'api' | 'hardware'>;

/** "Kimi K2.6 on 1 × 8 NVIDIA H200 SXM": the model and the GPUs the costs are for. */
export function deploymentText(e: TcoEvaluation, s: VerdictScenario, t: TcoT): string {
  const gpu = findGpu(s.selfHosted.gpuId)?.name ?? s.selfHosted.gpuId;
  const spare = e.selfHosted.spareReplicas > 0 ? t('deploymentSpare') : '';
  const pools = e.selfHosted.pools;
  if (pools)
    return t('deploymentPools', {
      model: modelNameOf(s),
      prefill: pools.prefillWorkers,
      decode: pools.decodeWorkers,
      gpus: s.selfHosted.gpusPerReplica,
      gpu,
      spare,
    });
  return t('deployment', { model: modelNameOf(s), replicas: e.selfHosted.replicasServing, gpus: s.selfHosted.gpusPerReplica, gpu, spare });
}

/** The break-even in one sentence, with its reason when there is none. */
export function breakEvenSentence(b: BreakEvenView, fmt: Fmt, t: TcoT, unit: 'replicas' | 'workers' = 'replicas'): string {
  const r = b.result;
  if (r.kind === 'at') {
    const tokens = b.tokensPerMonth === null ? fmt.compact(b.tasksPerMonth) : fmt.compact(b.tokensPerMonth);
    const ratio = b.timesCurrentVolume === null ? null : fmt.number(b.timesCurrentVolume, 2);
    // Disaggregated pools count workers, not replicas.
    const replicas = t(
      plural(
        fmt.language,
        r.replicas,
        unit === 'workers' ? { one: 'cf.workers.one', other: 'cf.workers.other' } : { one: 'cf.replicas.one', other: 'cf.replicas.other' },
      ),
      { n: r.replicas },
    );
    const base = ratio === null ? t('be.atNoRatio', { tokens, replicas }) : t('be.at', { tokens, replicas, ratio });
    if (r.stableFromTasks === null) return `${base} ${t('be.notStable')}`;
    if (r.windows.length > 1 && b.stableFromTokensPerMonth !== null) {
      return `${base} ${t('be.stableFrom', { tokens: fmt.compact(b.stableFromTokensPerMonth) })}`;
    }
    return base;
  }
  if (r.kind === 'always') return t(`be.always.${r.reason}`);
  switch (r.reason) {
    case 'replica-costs-more': {
      const head = t('be.never.replica-costs-more', { replica: fmt.money(r.replicaMonthlyUsd), api: fmt.money(r.apiUsdPerReplicaCapacity) });
      // How far off it is: the entered replicas' full monthly cost against the API price of
      // all the work they can carry, and the GPU price at which the two would meet.
      const full = r.enteredAtCapacity;
      if (!full || b.enteredCostTimesApi === null) return head;
      const times = fmt.number(b.enteredCostTimesApi, 1);
      const total = fmt.money(full.selfMonthlyUsd);
      if (r.maxGpuPrice === null)
        return `${head} ${t(plural(fmt.language, full.replicas, { one: 'be.payOffNoPrice.one', other: 'be.payOffNoPrice.other' }), { n: full.replicas, total, times })}`;
      const price = fmt.moneySmall(r.maxGpuPrice.usd);
      const priceText =
        r.maxGpuPrice.unit === 'gpu-hour'
          ? t('q.perGpuHour', { v: price })
          : r.maxGpuPrice.unit === 'node-hour'
            ? t('q.perNodeHour', { v: price })
            : t('q.perGpu', { v: price });
      return `${head} ${t(plural(fmt.language, full.replicas, { one: 'be.payOff.one', other: 'be.payOff.other' }), { n: full.replicas, total, times, price: priceText })}`;
    }
    case 'beyond-max-replicas':
      return t('be.never.beyond-max-replicas', { n: b.replicasBeyondLimit ?? '–' });
    default:
      return t(`be.never.${r.reason}`);
  }
}

/**
 * Article 003's closed form in words, for one replica: its monthly cost, the API price per 1M
 * tokens of this workload, the volume where the API bill reaches that cost, and whether one
 * replica can carry that volume at all.
 */
export function crossCheckSentence(b: BreakEvenView, fmt: Fmt, t: TcoT): string | null {
  const cf = b.result.closedForm;
  if (!cf || !(cf.tasks > 0)) return null;
  const cost = fmt.money(cf.selfMonthlyUsd);
  const tokens = b.closedFormTokensPerMonth;
  const inTokens = tokens !== null && tokens > 0 && b.closedFormApiUsdPerMillionTokens !== null;
  const replicas = t(plural(fmt.language, cf.replicas, { one: 'cf.replicas.one', other: 'cf.replicas.other' }), { n: cf.replicas });
  // Four digits on the API rate so the division shown multiplies out to the volume shown.
  const rate = (usd: number) => fmt.money(usd, Math.abs(fmt.toDisplay(usd)) >= 100 ? 2 : 4);
  const head = inTokens
    ? t('cf.head', { replicas, cost, perM: rate(b.closedFormApiUsdPerMillionTokens ?? 0), tokens: fmt.compact(tokens) })
    : t('cf.headTasks', { replicas, cost, perTask: rate(b.closedFormApiUsdPerTask ?? 0), tasks: fmt.compact(cf.tasks) });
  if (!cf.withinCapacity) {
    const capacity =
      cf.capacityTasks === null
        ? '–'
        : inTokens && b.closedFormCapacityTokensPerMonth !== null
          ? `${fmt.compact(b.closedFormCapacityTokensPerMonth)} ${t('unit.tokens')}`
          : `${fmt.compact(cf.capacityTasks)} ${t('unit.tasksPerMonth')}`;
    return `${head} ${t('cf.outside', { replicas, capacity, n: cf.replicasOfThroughput === null ? '–' : fmt.number(cf.replicasOfThroughput, 1) })}`;
  }
  if (b.crossCheckDeviation !== null) return `${head} ${t('cf.agrees', { dev: fmt.percent(b.crossCheckDeviation, 2) })}`;
  // One replica would carry it, but the search starts from the replicas entered.
  return `${head} ${b.result.kind === 'at' ? t('cf.otherStep', { n: b.result.replicas }) : t('cf.otherStepNone')}`;
}

/**
 * The verdict in one sentence, naming the model, the GPUs and the API offer; the TCO page and
 * the report both say it with this function. A flag that blocks the verdict (the model does
 * not fit) comes first: the self-hosted figures are then not a basis for a decision.
 */
export function verdictSentence(e: TcoEvaluation, s: VerdictScenario, fmt: Fmt, t: TcoT, flags: readonly CoherenceFlag[] = []): string {
  const v = e.verdict;
  const selfHosted = s.selfHosted;
  const deployment = deploymentText(e, s, t);
  const apiName = t('apiName', { provider: s.api.provider, model: s.api.model });
  const api = fmt.money(e.api.monthlyUsd);
  const fit = flags.find((f) => f.code === 'does-not-fit');
  if (fit) return t('verdict.blockedFit', { model: fit.model, gpus: fit.gpus, gpu: fit.gpu, api, apiName });
  const self = fmt.money(e.selfHosted.monthlyUsd);
  const share = figureText(v.savingVsApiShare, (x) => fmt.percent(x, 0), t);
  let first: string;
  switch (v.case) {
    case 'none-self-cannot':
      return t('verdict.noneSelfCannot', {
        apiAcceptance: fmt.percent(0, 0),
        acceptance: fmt.percent(e.acceptance.selfHosted, 0),
        reason: t(`state.${e.selfHosted.state}`),
      });
    case 'none':
      return t('verdict.none');
    case 'no-volume':
      return t('verdict.noVolume', { self, deployment });
    case 'api-accepts-nothing':
      return t('verdict.apiAcceptsNothing', { self, deployment, apiName });
    case 'self-hosted':
      first = t('verdict.self', { deployment, self, api, apiName, saving: fmt.money(v.savingVsApiUsd), share });
      break;
    case 'hybrid':
      first = t(
        selfHosted.pools !== null
          ? 'verdict.hybridPools'
          : plural(fmt.language, e.hybrid.replicas, { one: 'verdict.hybrid.one', other: 'verdict.hybrid.other' }),
        {
          k: e.hybrid.replicas,
          gpus: selfHosted.gpusPerReplica,
          model: modelNameOf(s),
          apiName,
          selfShare: fmt.percent(e.hybrid.selfShare, 0),
          hybrid: fmt.money(e.hybrid.monthlyUsd),
          api,
          saving: fmt.money(v.savingVsApiUsd),
          share,
        },
      );
      break;
    case 'api-self-cannot':
      // Missing information (a figure that cannot be carried over) is "cannot be costed", not "cannot serve".
      first = t(e.selfHosted.state === 'throughput-not-sizable' ? 'verdict.apiSelfUncosted' : 'verdict.apiSelfCannot', {
        api,
        apiName,
        deployment,
        reason: t(`state.${e.selfHosted.state}`),
      });
      break;
    case 'api':
      first = t('verdict.api', { api, apiName, deployment, self, more: fmt.money(v.selfExtraUsd) });
      break;
  }
  const close =
    v.closeCall && v.runnerUp && v.savingVsRunnerUpUsd !== null
      ? ` ${t('verdict.close', { runnerUp: t(`option.${v.runnerUp}`), diff: fmt.money(v.savingVsRunnerUpUsd) })}`
      : '';
  return first + close;
}

function rateDetail(side: RateSide, fmt: Fmt, t: TcoT, onlyExceeded: boolean): string {
  const parts: string[] = [];
  const { requests, tokens } = side;
  if (requests.limit !== null && (!onlyExceeded || requests.exceeds)) {
    parts.push(
      requests.peakPerMinute === null
        ? t('rate.rpmUnknown', { limit: fmt.number(requests.limit, 0) })
        : t('rate.rpm', { peak: fmt.number(requests.peakPerMinute, requests.peakPerMinute < 10 ? 1 : 0), limit: fmt.number(requests.limit, 0) }),
    );
  }
  if (tokens.limit !== null && tokens.peakPerMinute !== null && (!onlyExceeded || tokens.exceeds)) {
    parts.push(t('rate.tpm', { peak: fmt.compact(tokens.peakPerMinute), limit: fmt.compact(tokens.limit) }));
  }
  return formatList(fmt.language, parts);
}

/**
 * The rate-limit check in sentences: whether the API tier carries the busiest hour, and what
 * that means for the hybrid. Null when no limit is entered.
 */
export function rateLimitSentences(e: TcoEvaluation, fmt: Fmt, t: TcoT): { over: boolean; text: string } | null {
  const r = e.rateLimits;
  if (!r.limited || e.volume.tokensPerMonth <= 0) return null;
  if (!r.api.exceeds) return { over: false, text: `${t('rate.apiWithin', { detail: rateDetail(r.api, fmt, t, false) })} ${t('rate.note')}` };
  const parts = [t('rate.apiOver', { detail: rateDetail(r.api, fmt, t, true) })];
  if (e.hybrid.replicas > 0) {
    parts.push(
      r.hybrid.exceeds
        ? t('rate.hybridOver', { detail: rateDetail(r.hybrid, fmt, t, true) })
        : t('rate.hybridWithin', { detail: rateDetail(r.hybrid, fmt, t, false) }),
    );
  }
  if (r.hybrid.exceeds || e.hybrid.replicas === 0) {
    const k = r.hybridReplicasWithinLimits;
    // The cheapest hybrid among those with enough owned replicas to stay within the limits.
    const within = k === null ? [] : e.hybrid.byReplicas.filter((b) => b.replicas >= k);
    const cheapest = within.length > 0 ? Math.min(...within.map((b) => b.totalUsd)) : null;
    parts.push(
      k === null || cheapest === null
        ? t('rate.hybridNever')
        : t(plural(fmt.language, k, { one: 'rate.hybridMin.one', other: 'rate.hybridMin.other' }), { k, cost: fmt.money(cheapest) }),
    );
  }
  parts.push(t('rate.note'));
  return { over: true, text: parts.join(' ') };
}

const NO_FLAGS: readonly CoherenceFlag[] = [];

export const VerdictPanel = memo(function VerdictPanel(props: {
  evaluation: TcoEvaluation;
  scenario: VerdictScenario;
  flags?: readonly CoherenceFlag[];
  resultKey: string;
  stale: boolean;
  fmt: Fmt;
  t: TcoT;
}) {
  const { evaluation: e, scenario, flags = NO_FLAGS, resultKey, stale, fmt, t } = props;
  const selfHosted = scenario.selfHosted;
  const notValid = flags.some((f) => f.code === 'does-not-fit');
  // Every flag but the one the headline already states.
  const checks = flags.filter((f) => f.code !== 'does-not-fit').length;
  const v = e.verdict;
  const tone = (o: 'api' | 'self-hosted' | 'hybrid') => (v.best === o ? 'ok' : 'neutral');
  const perM = (f: Figure) => figureText(f, (x) => fmt.moneySmall(x), t);
  const perTask = (f: Figure) => figureText(f, (x) => fmt.moneySmall(x), t);
  const share = (x: number) => fmt.percent(x, x < 0.1 ? 1 : 0);
  const b = e.breakEven;
  const cap = e.selfHosted.capacity;
  const servesTone = e.selfHosted.state === 'ok' ? 'ok' : e.selfHosted.state === 'sized-up' ? 'warn' : 'bad';
  const rate = rateLimitSentences(e, fmt, t);
  const overLimit = (text: string, exceeds: boolean) => (exceeds && e.volume.tokensPerMonth > 0 ? `${text} · ${t('kpi.overLimit')}` : text);
  return (
    <section aria-labelledby="tco-verdict" className="grid gap-3" data-testid="tco-verdict-panel" data-for={resultKey} aria-busy={stale}>
      <div className="rounded-lg border border-border bg-surface p-4">
        <p className="text-xs font-medium uppercase tracking-wide text-muted">{t('verdict.title')}</p>
        <h2 id="tco-verdict" className="mt-1 text-lg font-semibold leading-snug sm:text-xl" data-testid="tco-verdict" data-best={notValid ? 'blocked' : v.best}>
          {verdictSentence(e, scenario, fmt, t, flags)}
        </h2>
        {checks > 0 ? (
          <p className="mt-1 text-sm text-warn" data-testid="tco-verdict-checks">
            {t(plural(fmt.language, checks, { one: 'verdict.checks.one', other: 'verdict.checks.other' }), { n: checks })}
          </p>
        ) : null}
        <p className="mt-2 text-sm text-muted" data-testid="tco-break-even-sentence">
          {breakEvenSentence(b, fmt, t, e.selfHosted.pools ? 'workers' : 'replicas')}
          <Help topic={b.result.kind === 'never' ? 'breakEvenNever' : 'breakEven'} />
        </p>
        <p className="mt-1">
          <Suspense fallback={null}>
            <ThroughputProvenance selfHosted={selfHosted} testId="tco-verdict-badge" />
          </Suspense>
        </p>
        {rate ? (
          <div className="mt-3">
            {rate.over ? (
              <Banner tone="warn" role="alert" testId="tco-rate-limit">
                {rate.text}
              </Banner>
            ) : (
              <p className="text-xs text-muted" data-testid="tco-rate-limit">
                {rate.text}
              </p>
            )}
          </div>
        ) : null}
      </div>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        <Kpi
          label={t('kpi.api')}
          value={fmt.money(e.api.monthlyUsd)}
          sub={overLimit(t('kpi.apiSub', { perM: perM(e.api.perMillionTokens), perTask: perTask(e.api.perAcceptedTask) }), e.rateLimits.api.exceeds)}
          tone={e.rateLimits.api.exceeds && e.volume.tokensPerMonth > 0 ? 'warn' : tone('api')}
          testId="tco-kpi-api"
        />
        <Kpi
          label={t('kpi.self')}
          value={fmt.money(e.selfHosted.monthlyUsd)}
          sub={
            notValid ? t('verdict.notValid') : t('kpi.selfSub', { perM: perM(e.selfHosted.perMillionTokens), perTask: perTask(e.selfHosted.perAcceptedTask) })
          }
          tone={e.selfHosted.feasible && !notValid ? tone('self-hosted') : 'bad'}
          testId="tco-kpi-self"
        />
        <Kpi
          label={t('kpi.hybrid')}
          value={fmt.money(e.hybrid.monthlyUsd)}
          sub={overLimit(
            t(e.selfHosted.pools ? 'kpi.hybridSubPools' : plural(fmt.language, e.hybrid.replicas, { one: 'kpi.hybridSub.one', other: 'kpi.hybridSub.other' }), {
              k: e.hybrid.replicas,
              share: fmt.percent(e.hybrid.selfShare, 0),
              perTask: perTask(e.hybrid.perAcceptedTask),
            }),
            e.rateLimits.hybrid.exceeds,
          )}
          tone={e.rateLimits.hybrid.exceeds && e.volume.tokensPerMonth > 0 ? 'warn' : tone('hybrid')}
          testId="tco-kpi-hybrid"
        />
        <Kpi
          label={t('kpi.breakEven')}
          value={
            b.result.kind === 'at' ? (b.tokensPerMonth === null ? fmt.compact(b.tasksPerMonth) : fmt.compact(b.tokensPerMonth)) : t(`kpi.be.${b.result.kind}`)
          }
          sub={
            b.result.kind === 'at'
              ? t('kpi.breakEvenSub', {
                  output: fmt.compact(b.outputTokensPerMonth),
                  tasks: b.acceptedTasksPerMonth === null ? '–' : fmt.compact(b.acceptedTasksPerMonth),
                })
              : t('kpi.breakEvenReason', { reason: t(`kpi.reason.${b.result.reason}`) })
          }
          tone={b.result.kind === 'never' ? 'bad' : 'neutral'}
          testId="tco-kpi-break-even"
        />
        <Kpi
          label={t('kpi.capacity')}
          value={
            e.selfHosted.replicasNeeded === null
              ? t('kpi.cannotServe')
              : t('kpi.replicas', { needed: e.selfHosted.replicasNeeded, entered: e.selfHosted.replicasEntered })
          }
          sub={t('kpi.capacitySub', {
            peak: fmt.compact(cap.peakDemandTokensPerSecond),
            capacity: fmt.compact(cap.enteredPeakCapacityTokensPerSecond),
            state: t(`state.${e.selfHosted.state}`),
          })}
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
