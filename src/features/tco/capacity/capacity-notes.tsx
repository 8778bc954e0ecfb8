import { memo } from 'react';
import type { Scenario } from '../../../core/scenario/schema';
import type { TcoEvaluation } from '../../../core/tco/evaluate';
import type { Sizing } from '../../../core/tco/sizing';
import type { Fmt } from '../../../lib/format/fmt';
import { useT } from '../../../components/use-t';
import { capacityMessages, type CapacityT } from './capacity-messages';
import type { TcoT } from '../messages';

/**
 * The words behind the capacity figures: how long one request keeps a replica busy (prefill
 * and decode, or why the throughput figure cannot size these requests), how many tasks the
 * self-hosted side attempts to deliver the API's accepted work, and reasoning tokens that
 * could not be counted. All numbers come from the evaluation.
 */
function seconds(fmt: Fmt, s: number): string {
  if (s < 1) return `${fmt.number(s * 1000, s < 0.01 ? 2 : 0)} ms`;
  return `${fmt.number(s, s < 10 ? 2 : 1)} s`;
}

export function sizingSentence(sizing: Sizing, throughput: Scenario['selfHosted']['throughput'], fmt: Fmt, t: TcoT, ct: CapacityT): string {
  const n = (v: number) => fmt.number(v, 0);
  const basis = throughput.basis;
  const lengths = { atIn: n(sizing.at.input), atOut: n(sizing.at.output), in: n(sizing.workload.input), out: n(sizing.workload.output) };
  // The figure the sizing used: the operating point's when a series sizes the replicas (the
  // single figure in `throughput` is then not read).
  const tpsText = `${n(sizing.tokensPerSecond)} ${basis === 'output' ? t('unit.outputTokensPerSecond') : t('unit.tokensPerSecond')}`;
  const rate = throughput.prefillTokensPerSecond === null ? '' : `${n(throughput.prefillTokensPerSecond)} ${t('unit.inputTokensPerSecond')}`;
  if (!sizing.ok) {
    return ct(`sizing.${sizing.reason}`, { ...lengths, tps: tpsText, rate });
  }
  if (sizing.method === 'as-given') {
    const tokens = basis === 'output' ? sizing.workload.output : sizing.workload.input + sizing.workload.output;
    return ct('sizing.as-given', { ...lengths, seconds: seconds(fmt, sizing.secondsPerRequest), tokens: n(tokens), tps: tpsText });
  }
  return ct('sizing.prefill-decode', {
    ...lengths,
    seconds: seconds(fmt, sizing.secondsPerRequest),
    prefill: seconds(fmt, sizing.prefillSeconds ?? 0),
    decode: seconds(fmt, sizing.decodeSeconds ?? 0),
    input: n(sizing.workload.uncachedInput),
    output: n(sizing.workload.output),
    rate,
  });
}

export function attemptsSentence(e: TcoEvaluation, fmt: Fmt, ct: CapacityT): string | null {
  const v = e.volume;
  if (!v.tasksCounted || v.tasksPerMonth <= 0) return null;
  const figures = [
    v.selfAttemptsPerMonth,
    v.apiRequestsPerMonth,
    v.selfRequestsPerMonth,
    v.selfExtraAttemptsPerMonth,
    v.apiRetriesPerMonth,
    v.selfRetriesPerMonth,
  ] as const;
  if (!figures.every((f) => f.ok)) return null;
  const [attempts, apiRequests, selfRequests, extra, apiRetries, selfRetries] = figures.map((f) => (f.ok ? f.value : 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const params = {
    accepted: fmt.compact(v.acceptedTasksPerMonth),
    tasks: fmt.compact(v.tasksPerMonth),
    apiRequests: fmt.compact(apiRequests),
    apiRetry: fmt.compact(apiRetries),
    accApi: fmt.percent(e.acceptance.api, 0),
    accSelf: fmt.percent(e.acceptance.selfHosted, 0),
    attempts: fmt.compact(attempts),
    extra: `+${fmt.compact(Math.max(0, extra))}`,
    selfRequests: fmt.compact(selfRequests),
    selfRetry: fmt.compact(selfRetries),
  };
  return ct(extra < 0 ? 'attempts.lineFewer' : 'attempts.line', params);
}

export const CapacityNotes = memo(function CapacityNotes(props: {
  evaluation: TcoEvaluation;
  throughput: Scenario['selfHosted']['throughput'];
  fmt: Fmt;
  t: TcoT;
  only?: 'problems';
}) {
  const { evaluation: e, throughput, fmt, t, only } = props;
  const ct = useT(capacityMessages);
  const sizing = e.selfHosted.sizing;
  const problem = sizing !== null && !sizing.ok;
  const attempts = only === 'problems' ? null : attemptsSentence(e, fmt, ct);
  // A problem is shown once, below the verdict; the details show how a request was sized.
  const showSizing = sizing !== null && (only === 'problems' ? problem : !problem);
  const reasoningWarning = only === 'problems' && !e.volume.reasoningCounted;
  if (!showSizing && !reasoningWarning && !attempts) return null;
  return (
    <div className="grid gap-1 text-sm">
      {showSizing ? (
        <p className={problem ? 'text-warn' : 'text-muted'} data-testid={problem ? 'tco-sizing-problem' : 'tco-sizing'} role={problem ? 'status' : undefined}>
          {sizingSentence(sizing, throughput, fmt, t, ct)}
          {!sizing.ok && sizing.minPrefillTokensPerSecond !== null
            ? ` ${ct('notes.minPrefill', { min: fmt.number(Math.ceil(sizing.minPrefillTokensPerSecond), 0) })}`
            : null}
        </p>
      ) : null}
      {!reasoningWarning ? null : (
        <p className="text-warn" data-testid="tco-reasoning-uncounted">
          {ct('in.reasoningUncounted')}
        </p>
      )}
      {attempts ? (
        <p className="text-muted" data-testid="tco-attempts">
          {attempts}
        </p>
      ) : null}
    </div>
  );
});
