import { countIn } from '../../lib/i18n/count';
import { hardwareMessages } from './messages';
import { memo, useId } from 'react';
import { usePacedResult } from '../../components/chart/pacing';
import {
  AXIS,
  AXIS_TITLE,
  Bar,
  BarChart,
  CartesianGrid,
  GRID,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  TOOLTIP_BOX,
  XAxis,
  YAxis,
} from '../../components/chart/recharts';
import { Card } from '../../components/card';
import { useLanguage } from '../../components/use-t';
import type { KvGroupTerm } from '../../core/hardware/fit';
import type { HardwareReport } from '../../core/hardware/report';
import type { Language } from '../../core/scenario/schema';
import { formatInteger, formatNumber, formatPercent } from '../../lib/format/format';
import { ChartFrame } from '../../components/chart-frame';
import type { ChartConfig, ColourVar } from '../../components/chart-config';
import { type HardwareT } from './messages';
import { gb, gbGib, memoryFigures, tokens } from './format-hardware';
import { SourceBadge } from '../../components/source-badge';
import type { SourceRef } from '../../core/catalog/types';
import { LayoutVerdict } from './layouts-card';

type MemoryTerm = 'weights' | 'kv' | 'overhead' | 'free';

const COLORS: Record<MemoryTerm, ColourVar> = {
  weights: 'var(--series-api)',
  kv: 'var(--series-self)',
  overhead: 'var(--series-6)',
  free: 'var(--series-hybrid)',
};

/*
 * "Free" is drawn as full-strength diagonal stripes with an outline instead of a pale fill: a
 * 35 % tint of the series colour almost vanished against the dark surface. The stripes keep at
 * least 3:1 against the surface in both themes (#009e73 on white 3.4:1, #34d1a0 on #17202b 8.8:1)
 * and set the unused part apart from the used segments by pattern, not only by colour (the
 * legend's hatched swatch is drawn the same way).
 */

export function verdictReason(t: HardwareT, language: Language, r: HardwareReport): string | null {
  const m = r.memory;
  if (!m.verdict.reason) return null;
  return t(`reason.${m.verdict.reason}`, {
    weights: gb(language, m.weights.perGpuBytes),
    physical: gb(language, m.physicalPerGpu),
    budget: gb(language, m.budgetPerGpu),
    util: formatPercent(language, m.budgetPerGpu / m.physicalPerGpu, 0),
    overhead: gb(language, m.activationPerGpu + m.runtimePerGpu),
    kv: gb(language, m.kv.perGpuBytes),
    available: gb(language, Math.max(0, m.kvAvailablePerGpu)),
  });
}

export function VerdictCard(props: { report: HardwareReport; t: HardwareT }) {
  const { report: r, t } = props;
  const language = useLanguage();
  // The bar takes the newest report in its turn with the page's other charts (the text at once).
  const barReport = usePacedResult('hw-memory', 0, r);
  const m = r.memory;
  const fits = m.verdict.fits;
  const reason = verdictReason(t, language, r);
  const f = r.fixes;
  return (
    <Card title={t('verdict')} testId="hw-verdict-card">
      <div className="flex flex-wrap items-center gap-3">
        <span
          className={`rounded-md px-3 py-1 text-lg font-semibold ${fits ? 'bg-ok-bg text-ok' : 'bg-bad-bg text-bad'}`}
          data-testid="hw-verdict"
          data-fits={fits ? 'yes' : 'no'}
        >
          {fits ? t('fits') : t('notFits')}
        </span>
        <span className="figures text-sm" data-testid="hw-headroom">
          {fits
            ? t('headroom', {
                perGpu: gb(language, m.verdict.headroomPerGpu),
                total: gb(language, m.verdict.headroomTotal),
                gpus: formatInteger(language, m.layout.gpus),
              })
            : t('shortfall', {
                perGpu: gb(language, -m.verdict.headroomPerGpu),
                total: gb(language, -m.verdict.headroomTotal),
                gpus: formatInteger(language, m.layout.gpus),
              })}
        </span>
      </div>
      <LayoutVerdict report={r} />
      <StartLine report={r} t={t} />
      {reason && !(r.setup.concurrentSequences === 1 && !m.start.starts) ? (
        <p className="mt-2 text-sm font-medium text-bad" data-testid="hw-reason">
          {reason}
        </p>
      ) : null}
      <MemoryBar report={barReport} t={t} />
      <div className="mt-3">
        <h3 className="text-sm font-semibold">{t('fixesTitle')}</h3>
        <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm" data-testid="hw-fixes">
          <li>
            {f.minGpus.kind === 'fits'
              ? t('fix.minGpus', {
                  gpus: countIn(hardwareMessages, language, 'gpus', f.minGpus.count),
                  nodes: countIn(hardwareMessages, language, 'nodes', f.minGpus.nodes),
                  tp: f.minGpus.tp,
                  stages: countIn(hardwareMessages, language, 'stages', f.minGpus.pp),
                })
              : t('fix.minGpusNone', { max: formatInteger(language, f.minGpus.checkedUpTo) })}
          </li>
          <li>
            {t('fix.maxConcurrency', {
              context: tokens(language, contextOf(r)),
              n: countIn(hardwareMessages, language, 'sequences', f.maxConcurrencyAtContext),
            })}
          </li>
          <li>
            {f.maxContextAtConcurrency.kind === 'tokens'
              ? t('fix.maxContext', {
                  n: countIn(hardwareMessages, language, 'sequences', concurrencyOf(r)),
                  context: tokens(language, f.maxContextAtConcurrency.tokens),
                })
              : f.maxContextAtConcurrency.kind === 'none'
                ? t('fix.maxContextNone', { n: countIn(hardwareMessages, language, 'sequences', concurrencyOf(r)) })
                : t('fix.maxContextUnbounded', { n: countIn(hardwareMessages, language, 'sequences', concurrencyOf(r)) })}
          </li>
          {f.fitsWithFp8Kv !== null && !fits ? <li>{f.fitsWithFp8Kv ? t('fix.fp8Yes') : t('fix.fp8No')}</li> : null}
          {f.dpAttention ? (
            <li>
              {f.dpAttention.fits ? t('fix.dpYes', { kv: gb(language, f.dpAttention.kvPerGpu) }) : t('fix.dpNo', { kv: gb(language, f.dpAttention.kvPerGpu) })}
            </li>
          ) : null}
        </ul>
      </div>
    </Card>
  );
}

/** vLLM's start-up check: one sequence of the full context must fit, or the engine refuses to start. */
function StartLine(props: { report: HardwareReport; t: HardwareT }) {
  const { report: r, t } = props;
  const language = useLanguage();
  const st = r.memory.start;
  const params = {
    context: tokens(language, r.setup.contextLength),
    kv: gb(language, st.neededBytes),
    available: gb(language, Math.max(0, st.availableBytes)),
  };
  return (
    <div className="mt-2" data-testid="hw-start" data-starts={st.starts ? 'yes' : 'no'}>
      {st.starts ? (
        <p className="text-xs text-muted">{t('startYes', params)}</p>
      ) : (
        <p className="text-sm font-semibold text-bad" role="status">
          {t('startNo', params)} {st.reason === 'kv-exceeds-remaining' ? t('startKv', params) : verdictReasonFor(t, language, r, st.reason)}
        </p>
      )}
    </div>
  );
}

function verdictReasonFor(t: HardwareT, language: Language, r: HardwareReport, reason: HardwareReport['memory']['start']['reason']): string {
  if (!reason) return '';
  const m = r.memory;
  return t(`reason.${reason}`, {
    weights: gb(language, m.weights.perGpuBytes),
    physical: gb(language, m.physicalPerGpu),
    budget: gb(language, m.budgetPerGpu),
    util: formatPercent(language, m.budgetPerGpu / m.physicalPerGpu, 0),
    overhead: gb(language, m.activationPerGpu + m.runtimePerGpu),
    kv: gb(language, m.start.neededBytes),
    available: gb(language, Math.max(0, m.kvAvailablePerGpu)),
  });
}

const contextOf = (r: HardwareReport) => r.setup.contextLength;
const concurrencyOf = (r: HardwareReport) => r.setup.concurrentSequences;

/** A label above a vertical reference line, right-aligned to it; `row` stacks labels that would collide. */
function lineLabel(text: string, color: string, row: number) {
  return function LineLabel(props: { viewBox?: { x?: number; y?: number } }) {
    const x = props.viewBox?.x ?? 0;
    const y = props.viewBox?.y ?? 0;
    return (
      <text x={x - 4} y={y - 6 - row * 14} textAnchor="end" fill={color} fontSize={11} fontWeight={600}>
        {text}
      </text>
    );
  };
}

const MemoryBar = memo(function MemoryBar(props: { report: HardwareReport; t: HardwareT }) {
  const { report: r, t } = props;
  const language = useLanguage();
  const m = r.memory;
  const G = 1e9;
  const row = {
    name: 'gpu',
    weights: m.weights.perGpuBytes / G,
    kv: m.kv.perGpuBytes / G,
    overhead: (m.activationPerGpu + m.runtimePerGpu) / G,
    free: m.freePerGpu / G,
  };
  const top = Math.max(m.physicalPerGpu, m.usedPerGpu) / G;
  const domainMax = Math.ceil((top * 1.05) / 10) * 10;
  const fmt = (v: number) => `${formatNumber(language, v, v >= 1000 ? 0 : 1)} GB`;
  const summary = t('barAria', {
    weights: gb(language, m.weights.perGpuBytes),
    kv: gb(language, m.kv.perGpuBytes),
    overhead: gb(language, m.activationPerGpu + m.runtimePerGpu),
    free: gb(language, m.freePerGpu),
    budget: gb(language, m.budgetPerGpu),
    physical: gb(language, m.physicalPerGpu),
  });
  const hatchId = `free-hatch-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const budgetText = t('budgetLine', { value: fmt(m.budgetPerGpu / G) });
  const physicalText = t('physicalLine', { value: fmt(m.physicalPerGpu / G) });
  // One stacked bar: the terms in GB per GPU (each with its value in the legend), and the
  // budget and the physical memory as lines across it.
  const term = (key: MemoryTerm, label: string) => ({ key, label, colour: COLORS[key], kind: 'bar' as const, detail: fmt(row[key]), hatched: key === 'free' });
  const config: ChartConfig<MemoryTerm> = {
    series: [term('weights', t('weights')), term('kv', t('kv')), term('overhead', t('overhead')), term('free', t('free'))],
    references: [
      { key: 'budget', label: budgetText, colour: 'var(--warn)', dash: '5 3' },
      { key: 'physical', label: physicalText, colour: 'var(--text)' },
    ],
  };
  const series = config.series;
  return (
    <div className="mt-3" data-testid="hw-memory-bar" data-used-gb={(m.usedPerGpu / G).toFixed(3)} data-kv-gb={row.kv.toFixed(3)}>
      <ChartFrame
        title={t('barTitle')}
        summary={summary}
        height={150}
        table={{
          head: [t('term'), t('perGpu')],
          rows: [...series.map((s) => [s.label, fmt(row[s.key])]), [t('budget'), fmt(m.budgetPerGpu / G)], [physicalText, fmt(m.physicalPerGpu / G)]],
        }}
        config={config}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={[row]} layout="vertical" margin={{ top: 34, right: 12, bottom: 4, left: 4 }} barCategoryGap={6}>
            <defs>
              <pattern id={hatchId} patternUnits="userSpaceOnUse" width="6" height="6" patternTransform="rotate(45)">
                <line x1="1" y1="0" x2="1" y2="6" stroke={COLORS.free} strokeWidth="2" />
              </pattern>
            </defs>
            <CartesianGrid horizontal={false} stroke={GRID} />
            <XAxis
              type="number"
              domain={[0, domainMax]}
              tickFormatter={(v: number) => formatNumber(language, v, 0)}
              {...AXIS}
              label={{ value: t('axisGb'), position: 'insideBottomRight', offset: -2, ...AXIS_TITLE }}
              height={36}
            />
            <YAxis type="category" dataKey="name" hide />
            <Tooltip formatter={(value) => fmt(Number(value))} contentStyle={TOOLTIP_BOX} labelFormatter={() => t('barTitle')} cursor={false} />
            {series.map((s) => (
              <Bar
                key={s.key}
                dataKey={s.key}
                name={s.label}
                stackId="mem"
                fill={s.hatched ? `url(#${hatchId})` : s.colour}
                stroke={s.hatched ? s.colour : undefined}
                strokeWidth={s.hatched ? 1.5 : 0}
                isAnimationActive={false}
              />
            ))}
            <ReferenceLine x={m.budgetPerGpu / G} stroke="var(--warn)" strokeWidth={2} strokeDasharray="5 3" label={lineLabel(budgetText, 'var(--warn)', 1)} />
            <ReferenceLine x={m.physicalPerGpu / G} stroke="var(--text)" strokeWidth={2} label={lineLabel(physicalText, 'var(--text)', 0)} />
          </BarChart>
        </ResponsiveContainer>
      </ChartFrame>
    </div>
  );
});

function kvFormula(t: HardwareT, language: Language, g: KvGroupTerm, report: HardwareReport, index: number): string {
  const spec = report.model.attention[index];
  const n = (v: number) => formatInteger(language, v);
  const kvBytes = report.setup.kvBytesPerElement;
  let first: string;
  if (spec?.kind === 'gqa')
    first = t('kv.gqa', { layers: n(spec.layers), kvHeads: n(spec.kvHeads), headDim: n(spec.headDim), bytes: kvBytes, perToken: n(g.bytesPerToken) });
  else if (spec?.kind === 'swa')
    first = t('kv.swa', {
      layers: n(spec.layers),
      kvHeads: n(spec.kvHeads),
      headDim: n(spec.headDim),
      bytes: kvBytes,
      perToken: n(g.bytesPerToken),
      window: n(spec.window),
      batched: n(report.memory.kv.sizing.batchedTokens ?? 0),
      tokens: n(g.tokensHeld),
    });
  else if (spec?.kind === 'mla')
    first = t('kv.mla', { layers: n(spec.layers), rank: n(spec.kvLoraRank), rope: n(spec.ropeDim), bytes: kvBytes, perToken: n(g.bytesPerToken) });
  else if (spec?.kind === 'linear')
    first = t('kv.linear', {
      layers: n(spec.layers),
      heads: n(spec.heads),
      dk: n(spec.keyDim),
      dv: n(spec.valueDim),
      extra: n(spec.extraStatePerLayer),
      perSeq: gb(language, g.bytesPerSequence),
    });
  else first = '';
  const tokensPart = g.kind === 'linear' ? '' : ` ${t('kv.tokens', { tokens: n(g.tokensHeld), perSeq: gb(language, g.bytesPerSequence) })}`;
  const rule = t(`rule.${g.rule}`, {
    seqs: countIn(hardwareMessages, language, 'sequences', g.sequencesPerGpu),
    split: n(g.splitOver),
    stages: countIn(hardwareMessages, language, 'stages', g.splitOver),
    perGpu: gbGib(language, g.perGpuBytes),
    total: n(report.setup.concurrentSequences),
    dp: n(report.memory.layout.dp),
  });
  return `${first}${tokensPart} ${rule}`;
}

export function WorkTable(props: { report: HardwareReport; t: HardwareT }) {
  const { report: r, t } = props;
  const language = useLanguage();
  const m = r.memory;
  const w = m.weights;
  const src = w.bytes.source;
  const fmtName = src.format.toUpperCase();
  const sourceLine =
    src.kind === 'estimate'
      ? t('weights.estimate', {
          quantised: formatNumber(language, w.bytes.quantisedParamsB, 1),
          bits: formatNumber(language, w.bytes.quantisedBits, 3),
          total: gb(language, w.bytes.totalBytes),
          format: fmtName,
        })
      : t(src.kind === 'checkpoint' ? 'weights.checkpoint' : 'weights.variant', { format: fmtName, total: gb(language, w.bytes.totalBytes) });
  // The checkpoint's share per GPU; the kernel's padding follows as its own term.
  const sharePerGpu = w.perGpuBytes - (w.kernelPadding?.extraBytesPerGpu ?? 0);
  const split =
    w.replicatedPerGpu > 0
      ? t('weights.splitDp', {
          total: gb(language, w.bytes.totalBytes),
          attention: gb(language, w.bytes.attentionBytes),
          gpus: m.layout.gpus,
          stages: countIn(hardwareMessages, language, 'stages', m.layout.pp),
          perGpu: gb(language, sharePerGpu),
        })
      : t('weights.split', { total: gb(language, w.bytes.totalBytes), gpus: m.layout.gpus, perGpu: gb(language, sharePerGpu) });
  const pad = w.kernelPadding;
  const padLine = pad
    ? ` ${t('weights.kernelPadding', {
        extra: gb(language, pad.extraBytesPerGpu),
        total: gb(language, w.perGpuBytes),
        kernel: t(`kernel.${pad.kernel}`),
        hFrom: formatInteger(language, pad.hidden.from),
        hTo: formatInteger(language, pad.hidden.to),
        iFrom: formatInteger(language, pad.intermediate.from),
        iTo: formatInteger(language, pad.intermediate.to),
      })}`
    : '';
  const o = m.overheads;
  const activationFormula =
    o.source === 'estimated'
      ? t('work.activationEstimated', {
          tokens: formatInteger(language, o.parts.batchedTokens),
          hidden: formatInteger(language, r.model.hidden),
          inter: formatInteger(language, Math.round(o.parts.intermediatePerRank)),
          forward: gb(language, o.parts.forwardBytes),
          seqs: formatInteger(language, o.parts.sampledSequences),
          vocab: formatInteger(language, r.model.vocab),
          sampler: gb(language, o.parts.samplerBytes),
          tier: t(`tier.${o.limits.tier}`),
        })
      : t('work.activation', { gib: formatNumber(language, m.activationPerGpu / 2 ** 30, 2) });
  const runtimeFormula =
    o.source === 'estimated'
      ? t('work.runtimeEstimated', {
          nonTorch: gb(language, o.parts.nonTorchBytes),
          graphs: formatInteger(language, o.parts.cudaGraphs),
          graphMemory: gb(language, o.parts.cudaGraphBytes),
        })
      : t('work.runtime', { gib: formatNumber(language, m.runtimePerGpu / 2 ** 30, 2) });
  const rows: { term: string; formula: string; value: string; testId: string; source?: SourceRef }[] = [
    { term: t('weights'), formula: `${sourceLine} ${split}${padLine}`, value: gb(language, w.perGpuBytes), testId: 'work-weights' },
    ...m.kv.groups.map((g, i) => ({
      term: t(`kind.${g.kind}`, { layers: formatInteger(language, g.layers) }),
      formula: kvFormula(t, language, g, r, i),
      value: gb(language, g.perGpuBytes),
      testId: `work-kv-${i}`,
    })),
    { term: t('activation'), formula: activationFormula, value: gb(language, m.activationPerGpu), testId: 'work-activation' },
    { term: t('runtime'), formula: runtimeFormula, value: gb(language, m.runtimePerGpu), testId: 'work-runtime' },
    { term: t('used'), formula: t('work.used', { used: gbGib(language, m.usedPerGpu) }), value: gb(language, m.usedPerGpu), testId: 'work-used' },
    {
      term: t('gpuMemory'),
      formula: t('work.memory', { figures: memoryFigures(language, t, r.gpu) }),
      value: gb(language, m.physicalPerGpu),
      testId: 'work-memory',
      ...(r.gpu.reportedMemory ? { source: r.gpu.reportedMemory.source } : {}),
    },
    {
      term: t('budget'),
      formula: t('work.budget', {
        memory: gb(language, m.physicalPerGpu),
        util: formatNumber(language, m.budgetPerGpu / m.physicalPerGpu, 2),
        budget: gb(language, m.budgetPerGpu),
      }),
      value: gb(language, m.budgetPerGpu),
      testId: 'work-budget',
    },
  ];
  return (
    <Card title={t('workTitle')} testId="hw-work">
      {/* Term and value on one line, the formula with its numbers underneath: reads the same on a phone and a projector. */}
      {/* A dl may hold only dt/dd or divs that directly hold them: the grid places the parts. */}
      <dl className="grid gap-0">
        {rows.map((row) => (
          <div key={row.testId} data-testid={row.testId} className="grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-3 border-b border-border/60 py-2">
            <dt className="text-sm font-medium">{row.term}</dt>
            <dd className="figures m-0 text-sm font-semibold whitespace-nowrap">{row.value}</dd>
            <dd className="figures col-span-2 m-0 mt-0.5 text-xs break-words text-muted">
              {row.formula}
              {row.source ? (
                <span className="ml-1">
                  <SourceBadge source={row.source} />
                </span>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
