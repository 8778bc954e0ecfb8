import { useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useMemo, useState } from 'react';
import { Button } from '../../../components/button';
import { Banner, Card } from '../../../components/card';
import { SelectField } from '../../../components/select-field';
import { useLanguage, useT } from '../../../components/use-t';
import { SeriesNotes } from '../../../components/series-notes';
import type { CurveWarning, InterpolationRefusal, LimitCheck } from '../../../core/capacity/operating-point';
import { mergeSeries, splitSeries, type GroupOverrides } from '../../../core/capacity/series';
import { sloPercentiles, type Slo, type SloMetric, type SloPercentile } from '../../../core/schemas/slo';
import type { StoredSeries } from '../../../core/schemas/stored-capacity';
import type { CapacityView } from '../../../core/tco/capacity-view';
import type { Scenario } from '../../../core/scenario/schema';
import { tcoScenarioOf } from '../../../core/tco/model';
import { formatDate, formatInteger, formatPercent } from '../../../lib/format/format';
import type { Fmt } from '../../../lib/format/fmt';
import { translate } from '../../../lib/i18n/define';
import { glossary } from '../../../lib/i18n/glossary';
import { plural } from '../../../core/text/plural';
import { useStoredRunsQuery } from '../../../lib/query/benchmarks';
import { capacityLibraryQuery, capacityRooflineQuery, capacityRunsQuery, capacityViewQuery } from '../../../lib/query/capacity';
import { useSessionStore } from '../../../state/session';
import { useAppStore } from '../../../state/store';
import { chosenText, CostPerMillionChart, fig, loadText, ParetoChart } from './capacity-charts';
import { usePacedResult } from '../../../components/chart/pacing';
import { useTcoEvaluation } from '../use-tco';
import { capacityMessages, type CapacityT } from './capacity-messages';
import { OptionalNumberField } from '../inputs/optional-number-field';

/**
 * Capacity at the latency target on the TCO page (docs/capacity.md): where the throughput per
 * replica comes from (the single figure, an imported sweep, a published measurement or the
 * roofline), the SLO, the operating point or why none qualifies, and the two charts. The
 * choice is an input (the scenario's `selfHosted.capacity`); every result comes from the worker.
 */
type Capacity = Scenario['selfHosted']['capacity'];

const setCapacity = (patch: Partial<Capacity>) => {
  const sh = useAppStore.getState().scenario.selfHosted;
  useAppStore.getState().updateSection('selfHosted', { capacity: { ...sh.capacity, ...patch } });
};
const setSlo = (patch: Partial<Slo>) => setCapacity({ slo: { ...useAppStore.getState().scenario.selfHosted.capacity.slo, ...patch } });

/** One limit per metric in the editor; its percentile can be chosen. */
const EDITED: readonly { metric: SloMetric; percentile: SloPercentile; label: 'slo.ttft' | 'slo.tpot' | 'slo.itl' | 'slo.e2el' }[] = [
  { metric: 'ttft', percentile: 95, label: 'slo.ttft' },
  { metric: 'tpot', percentile: 99, label: 'slo.tpot' },
  { metric: 'itl', percentile: 50, label: 'slo.itl' },
  { metric: 'e2el', percentile: 95, label: 'slo.e2el' },
];

function setLimit(metric: SloMetric, percentile: SloPercentile, maxMs: number | null) {
  const slo = useAppStore.getState().scenario.selfHosted.capacity.slo;
  const others = slo.limits.filter((l) => l.metric !== metric);
  setSlo({ limits: maxMs === null ? others : [...others, { metric, percentile, maxMs }] });
}

export function provenanceText(
  t: CapacityT,
  language: ReturnType<typeof useLanguage>,
  v: Pick<CapacityView, 'kind' | 'fileName' | 'publisher' | 'date' | 'label'>,
): string {
  if (v.kind === 'measured') return t('badge.measured', { file: v.fileName ?? v.label });
  if (v.kind === 'published') return t('badge.published', { publisher: v.publisher ?? '?', date: v.date ? formatDate(language, v.date.slice(0, 10)) : '?' });
  if (v.kind === 'estimated') return t('badge.estimated');
  return t('badge.entered');
}

/** The provenance badge: measured (file) / published (publisher, date) / estimated / entered. */
export function ProvenanceBadge(props: { view: Pick<CapacityView, 'kind' | 'fileName' | 'publisher' | 'date' | 'label'>; testId?: string }) {
  const t = useT(capacityMessages);
  const language = useLanguage();
  const tone = props.view.kind === 'measured' ? 'bg-ok-bg text-ok' : props.view.kind === 'published' ? 'bg-accent/10 text-accent' : 'bg-warn-bg text-warn';
  return (
    <span
      className={`inline-flex rounded px-1.5 py-0.5 text-[11px] font-medium ${tone}`}
      title={t('badge.title')}
      data-testid={props.testId ?? 'capacity-badge'}
      data-kind={props.view.kind}
    >
      {provenanceText(t, language, props.view)}
    </span>
  );
}

/** The provenance of the throughput in force, from the inputs alone (the series, else the single figure). */
export function provenanceOf(sh: Scenario['selfHosted']): Pick<CapacityView, 'kind' | 'fileName' | 'publisher' | 'date' | 'label'> {
  const s = sh.capacity.series;
  if (s) return s;
  const t = sh.throughput;
  return { kind: t.source, fileName: t.measuredRun?.label ?? null, publisher: null, date: null, label: t.measuredRun?.label ?? '' };
}

/** "Throughput per replica: measured (file)" under the verdict and in the report. */
export function ThroughputProvenance(props: { selfHosted: Scenario['selfHosted']; testId: string }) {
  const t = useT(capacityMessages);
  return (
    <span className="inline-flex flex-wrap items-center gap-1 text-xs text-muted">
      {t('verdict.from')} <ProvenanceBadge view={provenanceOf(props.selfHosted)} testId={props.testId} />
    </span>
  );
}

/**
 * In place of the throughput field while a series sizes the replicas (the single figure is then
 * not read, tco/inputs.ts): the operating point's throughput and where it comes from, and a way
 * back to the single figure. The figure is the capacity view's, the same query the panel reads.
 */
export function SeriesThroughput(props: { unit: string; single: string; testId: string }) {
  const { unit, single, testId } = props;
  const scenario = useAppStore((s) => s.scenario);
  const t = useT(capacityMessages);
  const language = useLanguage();
  const series = scenario.selfHosted.capacity.series;
  const inputs = useMemo(() => tcoScenarioOf(scenario), [scenario]);
  const view = useQuery({ ...capacityViewQuery(inputs), enabled: series !== null }).data?.value;
  if (series === null) return null;
  const source = provenanceText(t, language, series);
  const text =
    view === undefined || view.fromSingleFigure
      ? t('quick.setPending', { source })
      : view.chosen
        ? t('quick.set', { tps: `${fig(language, view.tokensPerSecond)} ${unit}`, source })
        : t('quick.setNone', { source });
  return (
    <div className="grid gap-1" data-testid={testId}>
      <p className="text-sm" data-testid={`${testId}-series`} role="status">
        {text}
      </p>
      <p className="text-xs text-muted">{t('quick.notUsed', { tps: single })}</p>
      <Button variant="textLink" size="xs" className="justify-self-start" onClick={() => setCapacity({ series: null })} data-testid={`${testId}-use-single`}>
        {t('quick.useSingle')}
      </Button>
    </div>
  );
}

/**
 * Why the series does not describe the workload's lengths, and what to do: enter a prefill rate
 * (none given), a higher one (the one given is below what the point prefilled itself), or pick
 * a series at these lengths.
 */
function refusedText(
  t: CapacityT,
  language: ReturnType<typeof useLanguage>,
  l: NonNullable<CapacityView['lengths']>,
  prefill: number | null,
  basis: CapacityView['basis'],
): string {
  const params = {
    input: formatInteger(language, l.workload.input),
    output: formatInteger(language, l.workload.output),
    sInput: formatInteger(language, l.at.input),
    sOutput: formatInteger(language, l.at.output),
  };
  if (l.reason === 'prefill-exceeds-figure' && l.minPrefillTokensPerSecond !== null && prefill !== null) {
    return t('lengths.refusedPrefill', {
      ...params,
      rate: formatInteger(language, prefill),
      tps: `${fig(language, l.tokensPerSecond)} ${t(basis === 'output' ? 'unit.outTps' : 'unit.tps')}`,
      min: formatInteger(language, Math.ceil(l.minPrefillTokensPerSecond)),
    });
  }
  if (l.reason === 'figure-without-output') return t('lengths.refusedOther', params);
  return t('lengths.refused', params);
}

/** "No imported sweep yet: import one on the Benchmarks page", the page named as a link to it. */
function NoImportedHint(props: { t: CapacityT }) {
  const { t } = props;
  const [before, after] = t('source.noImported', { link: '\u0000' }).split('\u0000');
  return (
    <p className="text-xs text-muted" data-testid="capacity-no-imported">
      {before}
      <a href="#/benchmarks" className="text-accent underline underline-offset-2">
        {t('source.benchmarksLink')}
      </a>
      {after}
    </p>
  );
}

function checkText(t: CapacityT, language: ReturnType<typeof useLanguage>, c: LimitCheck): string {
  const limit =
    c.metric === 'tps-per-user'
      ? t('limit.tps-per-user')
      : c.metric === 'failed-share'
        ? t('limit.failed-share')
        : `${c.metric.toUpperCase()} p${c.percentile}`;
  if (c.value === null) return t('check.notMeasured', { limit });
  if (c.metric === 'failed-share') return t('check.failed', { value: formatPercent(language, c.value, 1), threshold: formatPercent(language, c.threshold, 1) });
  const unit = c.metric === 'tps-per-user' ? ` ${t('unit.tps')}` : ` ${t('unit.ms')}`;
  const stricter = c.note === 'stricter-percentile' && c.usedPercentile !== null ? ` ${t('check.stricter', { p: c.usedPercentile })}` : '';
  return `${t('check.value', { limit, value: `${fig(language, c.value)}${unit}`, threshold: `${fig(language, c.threshold)}${unit}` })}${stricter}`;
}

/** Where the curve is not monotone under the SLO, in words. */
function warningText(t: CapacityT, language: ReturnType<typeof useLanguage>, view: CapacityView, w: CurveWarning): string {
  const load = (v: number | null) => loadText(t, language, view.loadKind, v);
  if (w.code === 'fails-below-pass')
    return t('warn.failsBelowPass', { failing: load(w.failingLoad), passing: load(w.passingLoad), limits: w.failing.join(', ') });
  const [metric, p] = w.id.split('-');
  return t('warn.latencyFalls', {
    limit: `${(metric ?? '').toUpperCase()} ${p ?? ''}`.trim(),
    from: `${fig(language, w.from)} ${t('unit.ms')}`,
    to: `${fig(language, w.to)} ${t('unit.ms')}`,
    fromLoad: load(w.fromLoad),
    toLoad: load(w.toLoad),
  });
}

/** Why no point between two loads was offered although asked for. */
function interpolationText(t: CapacityT, language: ReturnType<typeof useLanguage>, view: CapacityView, r: InterpolationRefusal): string {
  const load = loadText(t, language, view.loadKind, r.upperLoad);
  if (r.refused === 'not-monotone') return t('interp.notMonotone', { load });
  const c = r.check;
  const limit = c.metric === 'tps-per-user' ? t('limit.tps-per-user') : `${c.metric.toUpperCase()} p${c.percentile}`;
  const unit = c.metric === 'tps-per-user' ? ` ${t('unit.tps')}` : ` ${t('unit.ms')}`;
  return t('interp.cliff', { load, limit, value: `${fig(language, c.value)}${unit}`, threshold: `${fig(language, c.threshold)}${unit}` });
}

function sameSeries(a: StoredSeries, b: StoredSeries): boolean {
  return a.kind === b.kind && a.label === b.label && a.fileName === b.fileName && a.libraryId === b.libraryId && a.points.load.length === b.points.load.length;
}

const SloEditor = memo(function SloEditor(props: { slo: Slo; t: CapacityT }) {
  const { slo, t } = props;
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2" data-testid="capacity-slo">
      <legend className="mb-1 text-sm font-semibold">{t('slo.title')}</legend>
      {EDITED.map((e) => {
        const current = slo.limits.find((l) => l.metric === e.metric);
        const percentile = current?.percentile ?? e.percentile;
        return (
          <div key={e.metric} className="grid grid-cols-[minmax(0,1fr)_5.5rem] items-end gap-2">
            <OptionalNumberField
              label={`${t(e.label).split(' ')[0] ?? e.metric} p${percentile}`}
              value={current?.maxMs ?? null}
              onCommit={(v) => setLimit(e.metric, percentile, v)}
              unit={t('unit.ms')}
              placeholder={t('slo.none')}
              min={0.001}
              max={1e7}
              testId={`capacity-slo-${e.metric}`}
            />
            <SelectField
              label={`${e.metric.toUpperCase()} %`}
              value={String(percentile)}
              options={sloPercentiles.map((p) => ({ value: String(p), label: `p${p}` }))}
              onChange={(p) => (current ? setLimit(e.metric, Number(p) as SloPercentile, current.maxMs) : setLimit(e.metric, Number(p) as SloPercentile, null))}
            />
          </div>
        );
      })}
      <OptionalNumberField
        label={t('slo.tps')}
        value={slo.minTokensPerSPerUser}
        onCommit={(v) => setSlo({ minTokensPerSPerUser: v })}
        unit={t('unit.tps')}
        placeholder={t('slo.none')}
        min={0.001}
        max={1e5}
        testId="capacity-slo-tps"
      />
      <OptionalNumberField
        label={t('slo.failed')}
        value={Math.round(slo.maxFailedShare * 1000) / 10}
        onCommit={(v) => setSlo({ maxFailedShare: v === null ? 1 : v / 100 })}
        unit={t('unit.percent')}
        placeholder="100"
        min={0}
        max={100}
        testId="capacity-slo-failed"
      />
      <label className="flex items-center gap-2 text-xs sm:col-span-2">
        <input type="checkbox" checked={slo.allowStricterPercentile} onChange={(e) => setSlo({ allowStricterPercentile: e.currentTarget.checked })} />
        {t('slo.stricter')}
      </label>
    </fieldset>
  );
});

export function CapacityPanel(props: { fmt: Fmt }) {
  const { fmt } = props;
  const t = useT(capacityMessages);
  const language = useLanguage();
  const scenario = useAppStore((s) => s.scenario);
  const capacity = scenario.selfHosted.capacity;
  const runs = useStoredRunsQuery((snap) => snap.runs).data;
  // The user's merges and splits of the automatic grouping (for this tab, across pages; not in the link).
  const overrides = useSessionStore((s) => s.capacityGroupOverrides);
  const setOverrides = useSessionStore((s) => s.setCapacityGroupOverrides);
  const [mergeWith, setMergeWith] = useState('');
  const [splitOff, setSplitOff] = useState<readonly string[]>([]);
  const client = useQueryClient();
  const importedData = useQuery({ ...capacityRunsQuery(runs ?? [], overrides), enabled: runs !== undefined && runs.length > 0 }).data;
  const libraryData = useQuery(capacityLibraryQuery()).data;
  const imported = useMemo(() => (runs !== undefined && runs.length > 0 ? (importedData ?? []) : []), [runs, importedData]);
  const library = useMemo(() => libraryData ?? [], [libraryData]);

  const inputs = useMemo(() => tcoScenarioOf(scenario), [scenario]);
  const viewData = useQuery(capacityViewQuery(inputs)).data;
  const view = viewData?.value;
  // The two charts take new views in turn with the page's other charts (components/chart/pacing.tsx), the
  // latest every 100 ms at most while a slider moves.
  const paretoView = usePacedResult('tco-capacity-pareto', 6, viewData, 100);
  const costView = usePacedResult('tco-capacity-cost', 7, viewData, 100);

  const choices = useMemo(() => {
    const list: { value: string; label: string; stored: StoredSeries | null; key: string | null }[] = [
      {
        value: 'single',
        label: t('source.single', { kind: translate(glossary, language, `source.${scenario.selfHosted.throughput.source}`) }),
        stored: null,
        key: null,
      },
      ...imported.map((c, i) => ({
        value: `run-${i}`,
        label: t('source.imported', { label: `${c.stored.label} (${formatInteger(language, c.stored.points.load.length)})` }),
        stored: c.stored,
        key: c.key,
      })),
      ...library.map((c, i) => ({ value: `lib-${i}`, label: t('source.library', { label: c.stored.label }), stored: c.stored, key: c.key })),
      // The roofline curve is computed when picked (not on every slider step).
      { value: 'roofline', label: t('source.roofline'), stored: null, key: null },
    ];
    const current = capacity.series;
    if (current && current.kind !== 'estimated' && !list.some((c) => c.stored && sameSeries(c.stored, current)))
      list.push({ value: 'current', label: t('source.current', { label: current.label }), stored: current, key: null });
    return list;
  }, [imported, library, capacity.series, t, language, scenario.selfHosted.throughput.source]);
  const selected =
    capacity.series === null
      ? 'single'
      : capacity.series.kind === 'estimated'
        ? 'roofline'
        : (choices.find((c) => c.stored && capacity.series && sameSeries(c.stored, capacity.series))?.value ?? 'current');

  const selectedImported = selected.startsWith('run-') ? imported[Number(selected.slice(4))] : undefined;
  /** Regroups the runs and makes the series that now holds `runId` the chosen one. */
  const regroup = async (next: GroupOverrides, runId: string) => {
    setOverrides(next);
    setMergeWith('');
    setSplitOff([]);
    const regrouped = await client.fetchQuery(capacityRunsQuery(runs ?? [], next));
    const holder = regrouped.find((c) => c.runIds.includes(runId));
    if (holder) setCapacity({ series: holder.stored });
  };
  const chosen = view?.chosen ?? null;
  // A disaggregated deployment is sized from its pools' rates: the series does not size it.
  const pools = useTcoEvaluation(inputs).data?.value.selfHosted.pools ?? null;
  return (
    <Card title={t('title')} testId="capacity-panel" actions={view ? <ProvenanceBadge view={view} /> : null}>
      <div className="grid gap-4">
        <p className="text-xs text-muted">{t('intro')}</p>
        {pools ? (
          <Banner tone="info" testId="capacity-pools-note">
            {t('pools.capacityNote', {
              prefill: pools.prefillWorkers,
              decode: pools.decodeWorkers,
              capacity: fmt.number(pools.capacityRequestsPerSecond, 2),
              peak: fmt.number(pools.peakRequestsPerSecond, 2),
              binding: t(pools.binding === 'prefill' ? 'pools.prefill' : 'pools.decode'),
            })}
          </Banner>
        ) : null}
        <SelectField
          label={t('source.label')}
          value={selected}
          options={choices.map((c) => ({ value: c.value, label: c.label }))}
          onChange={(v) => {
            if (v !== 'roofline') return setCapacity({ series: choices.find((c) => c.value === v)?.stored ?? null });
            void client.fetchQuery(capacityRooflineQuery(useAppStore.getState().scenario)).then((r) => setCapacity({ series: r?.stored ?? null }));
          }}
          testId="capacity-source"
        />
        {choices.find((c) => c.value === selected)?.key ? (
          <p className="break-all text-xs text-muted" data-testid="capacity-key">
            {t('source.key', { key: choices.find((c) => c.value === selected)?.key ?? '' })}
          </p>
        ) : null}
        {selectedImported ? (
          <div className="grid gap-2 rounded-md border border-border p-2 text-xs" data-testid="capacity-regroup">
            {imported.length > 1 ? (
              <div className="flex flex-wrap items-end gap-2">
                <SelectField
                  label={t('group.mergeWith')}
                  value={mergeWith}
                  options={[
                    { value: '', label: '–' },
                    ...imported.filter((c) => c.key !== selectedImported.key).map((c) => ({ value: c.key, label: c.stored.label })),
                  ]}
                  onChange={setMergeWith}
                />
                <Button
                  size="sm"
                  disabled={mergeWith === ''}
                  onClick={() => void regroup(mergeSeries(imported, [selectedImported.key, mergeWith], overrides), selectedImported.runIds[0] ?? '')}
                >
                  {t('group.merge')}
                </Button>
              </div>
            ) : null}
            {selectedImported.runIds.length > 1 ? (
              <fieldset className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <legend className="mb-1 text-muted">{t('group.splitLegend')}</legend>
                {selectedImported.runIds.map((id, i) => (
                  <label key={id} className="flex items-center gap-1">
                    <input
                      type="checkbox"
                      checked={splitOff.includes(id)}
                      onChange={(e) => setSplitOff(e.currentTarget.checked ? [...splitOff, id] : splitOff.filter((x) => x !== id))}
                    />
                    {loadText(t, language, selectedImported.stored.loadKind, selectedImported.stored.points.load[i] ?? null)}
                  </label>
                ))}
                <Button
                  size="sm"
                  disabled={splitOff.length === 0 || splitOff.length === selectedImported.runIds.length}
                  onClick={() =>
                    void regroup(splitSeries(selectedImported.key, splitOff, overrides), selectedImported.runIds.find((id) => !splitOff.includes(id)) ?? '')
                  }
                >
                  {t('group.split')}
                </Button>
              </fieldset>
            ) : null}
          </div>
        ) : null}
        {selectedImported && selectedImported.notes.length > 0 ? (
          <div className="text-xs" data-testid="capacity-series-notes">
            <p className="font-medium">{t('notes.title')}</p>
            <SeriesNotes notes={selectedImported.notes} loadKind={selectedImported.stored.loadKind} label={selectedImported.stored.label} />
          </div>
        ) : null}
        {imported.length === 0 ? <NoImportedHint t={t} /> : null}
        {library.length === 0 ? <p className="text-xs text-muted">{t('source.libraryEmpty')}</p> : null}
        <SloEditor slo={capacity.slo} t={t} />
        <label className="flex items-center gap-2 text-xs">
          <input type="checkbox" checked={capacity.interpolate} onChange={(e) => setCapacity({ interpolate: e.currentTarget.checked })} />
          {t('slo.interpolate')}
        </label>
        {view ? (
          <div className="grid gap-1 text-sm" data-testid="capacity-result" data-tps={view.tokensPerSecond}>
            {view.fromSingleFigure ? (
              <>
                <p>{t('chosen.single', { tps: `${fig(language, view.tokensPerSecond)} ${t('unit.tps')}`, kind: provenanceText(t, language, view) })}</p>
                {capacity.slo.limits.length > 0 || capacity.slo.minTokensPerSPerUser !== null ? (
                  <p className="text-xs text-muted">{t('slo.singleNote')}</p>
                ) : null}
              </>
            ) : chosen ? (
              <>
                <p data-testid="capacity-chosen">{chosenText(t, language, view, chosen)}</p>
                {chosen.binding ? <p className="text-xs text-muted">{t('chosen.binding', { limit: checkText(t, language, chosen.binding) })}</p> : null}
                {chosen.nextFails.length > 0 ? (
                  <p className="text-xs text-muted">{t('chosen.nextFails', { limits: chosen.nextFails.map((c) => checkText(t, language, c)).join(', ') })}</p>
                ) : null}
                {chosen.notMeasuredBeyond !== null ? (
                  <p className="text-xs text-muted">
                    {t(view.kind === 'estimated' ? 'chosen.beyondEstimated' : 'chosen.beyond', {
                      load: loadText(t, language, view.loadKind, chosen.notMeasuredBeyond),
                    })}
                  </p>
                ) : null}
                {chosen.requests !== null ? (
                  <p className="text-xs text-muted">{t('chosen.requests', { n: formatInteger(language, chosen.requests) })}</p>
                ) : null}
                {view.interpolation ? (
                  <p className="text-xs text-warn" data-testid="capacity-interpolation">
                    {interpolationText(t, language, view, view.interpolation)}
                  </p>
                ) : null}
              </>
            ) : (
              <div role="status" data-testid="capacity-none" className="text-warn">
                <p className="font-medium">{t('none.title')}</p>
                {view.reason?.code === 'none-qualifies' ? (
                  <p>
                    {t('none.nearest', {
                      load: loadText(t, language, view.loadKind, view.reason.nearest.load),
                      failing: view.reason.nearest.failing.map((c) => checkText(t, language, c)).join(', '),
                    })}
                  </p>
                ) : (
                  <p>{t('none.noPoints')}</p>
                )}
              </div>
            )}
            {view.warnings.length > 0 ? (
              <ul className="list-disc pl-5 text-xs text-warn" data-testid="capacity-warnings">
                {view.warnings.map((w, i) => (
                  <li key={i} data-code={w.code}>
                    {warningText(t, language, view, w)}
                  </li>
                ))}
              </ul>
            ) : null}
            {!view.fromSingleFigure && view.inputTokens !== null && view.outputTokens !== null ? (
              <p className="text-xs text-muted">
                {t(view.kind === 'estimated' ? 'lengths.seriesEstimated' : 'lengths.series', {
                  input: formatInteger(language, view.inputTokens),
                  output: formatInteger(language, view.outputTokens),
                })}
              </p>
            ) : null}
            {!view.fromSingleFigure && view.lengths?.kind === 'refused' ? (
              <p className="text-xs text-warn" role="status" data-testid="capacity-lengths">
                {refusedText(t, language, view.lengths, scenario.selfHosted.throughput.prefillTokensPerSecond, view.basis)}
              </p>
            ) : null}
            {!view.fromSingleFigure && view.lengths?.kind === 'adjusted' ? (
              <p className="text-xs text-muted" data-testid="capacity-lengths">
                {t('lengths.adjusted', {
                  input: formatInteger(language, view.lengths.workload.input),
                  output: formatInteger(language, view.lengths.workload.output),
                  sInput: formatInteger(language, view.lengths.at.input),
                  sOutput: formatInteger(language, view.lengths.at.output),
                  factor: fig(language, view.lengths.factor),
                })}
              </p>
            ) : null}
            {view.measuredOnOtherHardware !== null ? (
              <p className="text-xs text-warn" data-testid="capacity-hardware">
                {t('lengths.hardware', { measured: view.measuredOnOtherHardware, gpu: view.gpuName })}
              </p>
            ) : null}
            {view.gpusFromSeries && view.gpus !== scenario.selfHosted.gpusPerReplica ? (
              <p className="text-xs text-warn">
                {t(plural(language, view.gpus, { one: 'lengths.gpus.one', other: 'lengths.gpus.other' }), {
                  series: view.gpus,
                  replica: scenario.selfHosted.gpusPerReplica,
                })}
              </p>
            ) : null}
          </div>
        ) : null}
        {view && !view.fromSingleFigure ? (
          <div className="grid gap-4 xl:grid-cols-2">
            {paretoView && !paretoView.value.fromSingleFigure ? (
              <div className="min-w-0" data-chart="capacity-pareto" data-kind="eval" data-for={paretoView.key}>
                <ParetoChart view={paretoView.value} t={t} language={language} />
              </div>
            ) : null}
            {costView && !costView.value.fromSingleFigure ? (
              <div className="min-w-0" data-chart="capacity-cost" data-kind="eval" data-for={costView.key}>
                <CostPerMillionChart view={costView.value} t={t} language={language} fmt={fmt} />
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
    </Card>
  );
}
