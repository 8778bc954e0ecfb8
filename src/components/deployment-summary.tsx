import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DeploymentCheck } from '../core/deployment/check';
import { applyFix, type CoherenceFix, type CoherenceFlag, type DeploymentSummary, type ThroughputEvidence } from '../core/deployment/coherence';
import type { Language, Scenario, ScenarioSection } from '../core/scenario/schema';
import { formatDate, formatInteger, formatMoney, formatNumber } from '../lib/format/format';
import { defineMessages, type Params } from '../lib/i18n/define';
import { glossary } from '../lib/i18n/glossary';
import { plural } from '../core/text/plural';
import { deploymentCheckQuery } from '../lib/query/deployment';
import { useAppStore } from '../state/store';
import { Button } from './button';
import { layoutName } from './layout-name';
import { useLanguage, useT } from './use-t';

const messages = defineMessages(
  'deployment-summary',
  {
    title: 'Deployment',
    api: 'API',
    throughput: 'Throughput',
    cost: 'GPU cost',
    'cost.gpu-hour': '{price} per GPU-hour',
    'cost.node-hour': '{price} per node-hour',
    'cost.buy': 'bought at {price} per GPU',
    'cost.reserved': '{reserved}, reserved (on demand {od}, {who})',
    'cost.mixed': '{reserved} for the reserved base, {od} for the on-demand burst ({who})',
    'cost.spot': '{spot} on spot, {od} on demand as the fallback ({who})',
    'billing.on-demand': 'on demand',
    'billing.scale-to-zero': 'scale-to-zero',
    'billing.reserved': 'reserved',
    'billing.mixed': 'reserved base + on-demand burst',
    'billing.autoscaled': 'autoscaled on demand',
    'billing.spot': 'spot',
    catalogRate: 'catalog rate of {provider}',
    ownRate: 'your rate',
    'replicas.one': '{model} on {n} replica of {gpus} × {gpu}',
    'replicas.other': '{model} on {n} replicas of {gpus} × {gpu}',
    'pools.what': '{model} on prefill/decode pools, workers of {gpus} × {gpu}',
    'pools.rates':
      'prefill {p} req/s and decode {d} req/s per worker at the latency targets ({source}); the pools are sized apart, not by a throughput per replica',
    'poolSource.entered': 'entered',
    'poolSource.measured': 'measured',
    'poolSource.published': 'published',
    'poolSource.estimated': 'estimated',
    layout: 'layout {layout}',
    fits: 'fits',
    notFits: 'does not fit',
    apiValue: '{provider} · {model}',
    perReplica: '{value} tok/s per replica ({basis})',
    'basis.output': 'output',
    'basis.total': 'input + output',
    'kind.entered': 'entered',
    'kind.estimated': 'estimated (roofline)',
    'kind.measured': 'measured',
    'kind.published': 'published',
    onWhat: 'on {what}',
    by: 'by {publisher}',
    dated: '{date}',
    enteredFor: 'entered for {what}',
    seriesAtSlo: 'at the latency target, from the series “{label}”',
    'flag.does-not-fit':
      '{model} does not fit on {gpus} × {gpu} ({short} GB short per GPU): it would not start. The self-hosted figures are not valid until it fits.',
    'flag.kv-short':
      '{model} starts on {gpus} × {gpu}, but its KV cache holds {sequences} sequences of {context} tokens, not the {wanted} the set-up runs at once: throughput at that concurrency is out of reach.',
    'flag.rent-gpu': 'The GPU rent, {price} per GPU-hour, is {provider}’s rate for {rateGpu}, not for {gpu}.',
    'flag.throughput-model': 'The throughput was measured on {measured}, not on {model}.',
    'flag.throughput-gpu': 'The throughput holds for {measured}, not for {gpu}.',
    'flag.api-model':
      'The API serves {apiModel}, the self-hosted side runs {model}, and both are assumed to have their work accepted equally. Enter the acceptance you measured for each (Workload inputs), or compare with an offer of the same model.',
    'flag.lengths-differ':
      'The throughput holds for {atIn} / {atOut} tokens per request; the workload sends {wIn} / {wOut}. Self-hosting cannot be costed until the replica’s prefill rate is entered (it carries the figure over to other lengths).',
    'flag.reasoning-twice': 'The output tokens from {files} already include reasoning; {tokens} reasoning tokens per request are added on top.',
    'fix.gpus-per-replica': 'Use {gpus} GPUs per replica',
    'fix.roofline-series': 'Use the roofline estimate for this deployment',
    'fix.api-offer': 'Compare with {provider} · {model}',
    'fix.reasoning-none': 'Count no extra reasoning',
    'fix.rent-rate': 'Use {provider}’s {price} for this GPU (the catalog’s median)',
    undo: 'Undo',
    blocker: 'Blocks the verdict',
    warning: 'Check',
    flags: 'Where the pages disagree',
  },
  {
    title: 'Bereitstellung',
    api: 'API',
    throughput: 'Durchsatz',
    cost: 'GPU-Kosten',
    'cost.gpu-hour': '{price} je GPU-Stunde',
    'cost.node-hour': '{price} je Knoten-Stunde',
    'cost.buy': 'gekauft zu {price} je GPU',
    'cost.reserved': '{reserved}, reserviert (on demand {od}, {who})',
    'cost.mixed': '{reserved} für die reservierte Basis, {od} für Spitzen auf Abruf ({who})',
    'cost.spot': '{spot} auf Spot, {od} auf Abruf als Rückfall ({who})',
    'billing.on-demand': 'on demand',
    'billing.scale-to-zero': 'Scale-to-Zero',
    'billing.reserved': 'reserviert',
    'billing.mixed': 'reservierte Basis + Spitzen auf Abruf',
    'billing.autoscaled': 'autoskaliert auf Abruf',
    'billing.spot': 'Spot',
    catalogRate: 'Katalogpreis von {provider}',
    ownRate: 'Ihr Preis',
    'replicas.one': '{model} auf {n} Replikat aus {gpus} × {gpu}',
    'replicas.other': '{model} auf {n} Replikaten aus {gpus} × {gpu}',
    'pools.what': '{model} auf Prefill/Decode-Pools, Worker aus {gpus} × {gpu}',
    'pools.rates':
      'Prefill {p} Anfr./s und Decode {d} Anfr./s je Worker bei den Latenzzielen ({source}); die Pools werden getrennt bemessen, nicht nach einem Durchsatz je Replikat',
    'poolSource.entered': 'eingegeben',
    'poolSource.measured': 'gemessen',
    'poolSource.published': 'veröffentlicht',
    'poolSource.estimated': 'geschätzt',
    layout: 'Aufteilung {layout}',
    fits: 'passt',
    notFits: 'passt nicht',
    apiValue: '{provider} · {model}',
    perReplica: '{value} tok/s je Replikat ({basis})',
    'basis.output': 'Ausgabe',
    'basis.total': 'Eingabe + Ausgabe',
    'kind.entered': 'eingegeben',
    'kind.estimated': 'geschätzt (Roofline)',
    'kind.measured': 'gemessen',
    'kind.published': 'veröffentlicht',
    onWhat: 'auf {what}',
    by: 'von {publisher}',
    dated: '{date}',
    enteredFor: 'eingegeben für {what}',
    seriesAtSlo: 'beim Latenzziel, aus der Messreihe „{label}“',
    'flag.does-not-fit':
      '{model} passt nicht auf {gpus} × {gpu} ({short} GB zu wenig je GPU): es würde nicht starten. Die Zahlen für den Eigenbetrieb gelten erst, wenn es passt.',
    'flag.kv-short':
      '{model} startet auf {gpus} × {gpu}, aber sein KV-Cache fasst {sequences} Sequenzen mit {context} Tokens, nicht die {wanted}, die gleichzeitig laufen sollen: Durchsatz bei dieser Parallelität ist nicht erreichbar.',
    'flag.rent-gpu': 'Die GPU-Miete, {price} je GPU-Stunde, ist der Preis von {provider} für {rateGpu}, nicht für {gpu}.',
    'flag.throughput-model': 'Der Durchsatz wurde mit {measured} gemessen, nicht mit {model}.',
    'flag.throughput-gpu': 'Der Durchsatz gilt für {measured}, nicht für {gpu}.',
    'flag.api-model':
      'Die API liefert {apiModel}, selbst betrieben läuft {model}, und beide gelten als gleich oft akzeptiert. Tragen Sie die gemessene Akzeptanz je Seite ein (Workload-Eingaben) oder vergleichen Sie mit einem Angebot desselben Modells.',
    'flag.lengths-differ':
      'Der Durchsatz gilt für {atIn} / {atOut} Tokens je Anfrage; der Workload sendet {wIn} / {wOut}. Der Eigenbetrieb lässt sich erst berechnen, wenn die Prefill-Rate des Replikats eingetragen ist (sie überträgt den Wert auf andere Längen).',
    'flag.reasoning-twice': 'Die Ausgabe-Tokens aus {files} enthalten das Reasoning bereits; {tokens} Reasoning-Tokens je Anfrage kommen noch hinzu.',
    'fix.gpus-per-replica': '{gpus} GPUs je Replikat verwenden',
    'fix.roofline-series': 'Roofline-Schätzung für diese Bereitstellung verwenden',
    'fix.api-offer': 'Mit {provider} · {model} vergleichen',
    'fix.reasoning-none': 'Kein zusätzliches Reasoning zählen',
    'fix.rent-rate': '{price} von {provider} für diese GPU verwenden (Median des Katalogs)',
    undo: 'Rückgängig',
    blocker: 'Verhindert die Empfehlung',
    warning: 'Prüfen',
    flags: 'Wo die Seiten nicht übereinstimmen',
  },
);

type T = (key: keyof (typeof messages)['en'], params?: Params) => string;

/** The sentence of one flag. */
export function flagText(flag: CoherenceFlag, language: Language, t: T, money: (usd: number) => string): string {
  switch (flag.code) {
    case 'does-not-fit':
      return t('flag.does-not-fit', { model: flag.model, gpus: flag.gpus, gpu: flag.gpu, short: formatNumber(language, flag.shortPerGpuBytes / 1e9, 0) });
    case 'kv-short':
      return t('flag.kv-short', {
        model: flag.model,
        gpus: flag.gpus,
        gpu: flag.gpu,
        sequences: formatInteger(language, flag.sequences),
        wanted: formatInteger(language, flag.wanted),
        context: formatInteger(language, flag.context),
      });
    case 'rent-gpu':
      return t('flag.rent-gpu', { price: money(flag.usd), provider: flag.provider, rateGpu: flag.rateGpu, gpu: flag.gpu });
    case 'throughput-model':
      return t('flag.throughput-model', { measured: flag.measured, model: flag.model });
    case 'throughput-gpu':
      return t('flag.throughput-gpu', { measured: flag.measured, gpu: flag.gpu });
    case 'api-model':
      return t('flag.api-model', { apiModel: flag.apiModel, model: flag.model });
    case 'lengths-differ':
      return t('flag.lengths-differ', {
        atIn: formatInteger(language, flag.at.input),
        atOut: formatInteger(language, flag.at.output),
        wIn: formatInteger(language, flag.workload.input),
        wOut: formatInteger(language, flag.workload.output),
      });
    case 'reasoning-twice':
      return t('flag.reasoning-twice', { files: flag.files, tokens: formatInteger(language, flag.reasoningTokens) });
  }
}

function fixText(fix: CoherenceFix, t: T, money: (usd: number) => string): string {
  switch (fix.kind) {
    case 'gpus-per-replica':
      return t('fix.gpus-per-replica', { gpus: fix.gpus });
    case 'roofline-series':
      return t('fix.roofline-series');
    case 'api-offer':
      return t('fix.api-offer', { provider: fix.provider, model: fix.model });
    case 'reasoning-none':
      return t('fix.reasoning-none');
    case 'rent-rate':
      return t('fix.rent-rate', { provider: fix.provider, price: money(fix.usdPerGpuHour) });
  }
}

const SECTIONS: readonly ScenarioSection[] = ['workload', 'api', 'selfHosted'];

/** Makes a fix as edits of the sections it changes, so an untouched title follows the change. */
function makeFix(fix: CoherenceFix): void {
  const store = useAppStore.getState();
  const next: Scenario = applyFix(store.scenario, fix);
  for (const section of SECTIONS) {
    if (next[section] !== store.scenario[section]) useAppStore.getState().updateSection(section, next[section]);
  }
}

function deploymentWhat(language: Language, d: DeploymentSummary, t: T): string {
  if (d.pools) return t('pools.what', { model: d.model.name, gpus: d.gpusPerReplica, gpu: d.gpu.name });
  const key = plural(language, d.replicas, { one: 'replicas.one' as const, other: 'replicas.other' as const });
  return t(key, { model: d.model.name, n: d.replicas, gpus: d.gpusPerReplica, gpu: d.gpu.name });
}

/** "measured on Kimi-K2.6 · 8× H200 (sweep.json), 2 Jun 2026" and the like. */
export function throughputText(language: Language, e: ThroughputEvidence, t: T): string {
  const value = formatNumber(language, e.tokensPerSecond, e.tokensPerSecond >= 100 ? 0 : 1);
  const what = [e.modelText, e.gpuText ? (e.gpus !== null ? `${e.gpus}× ${e.gpuText}` : e.gpuText) : null].filter((x): x is string => !!x).join(' · ');
  const kind = e.kind === 'entered' && what ? t('enteredFor', { what }) : what ? `${t(`kind.${e.kind}`)} ${t('onWhat', { what })}` : t(`kind.${e.kind}`);
  const parts: string[] = [`${t('perReplica', { value, basis: t(`basis.${e.basis}`) })}, ${kind}`];
  if (e.publisher) parts.push(t('by', { publisher: e.publisher }));
  if (e.date && /^\d{4}-\d{2}-\d{2}$/.test(e.date)) parts.push(t('dated', { date: formatDate(language, e.date) }));
  if (e.fromSeries && e.label) parts.push(t('seriesAtSlo', { label: e.label }));
  return parts.join(', ');
}

/** "$4.29 per GPU-hour, on demand, catalog rate of Crusoe". */
function costText(language: Language, money: (usd: number) => string, c: DeploymentSummary['cost'], t: T): string {
  if (c.mode === 'buy') return t('cost.buy', { price: money(c.usdPerGpu) });
  const who = c.custom || c.provider === null ? t('ownRate') : t('catalogRate', { provider: c.provider });
  const od = t(`cost.${c.unit}`, { price: money(c.usd) });
  // Reserved and mixed pay the reserved rate (mixed the on-demand one as well for its burst).
  if (c.reservedUsd !== null && (c.billing === 'reserved' || c.billing === 'mixed')) {
    return t(`cost.${c.billing}`, { reserved: t(`cost.${c.unit}`, { price: money(c.reservedUsd) }), od, who });
  }
  if (c.spotUsd !== null && c.billing === 'spot') return t('cost.spot', { spot: t(`cost.${c.unit}`, { price: money(c.spotUsd) }), od, who });
  return `${od}, ${t(`billing.${c.billing}`)}, ${who}`;
}

function FlagRow(props: { flag: CoherenceFlag; language: Language; t: T; money: (usd: number) => string; actions: boolean }) {
  const { flag, language, t, money, actions } = props;
  const [undo, setUndo] = useState<Scenario | null>(null);
  const tone = flag.severity === 'blocker' ? 'border-bad/50 bg-bad-bg' : 'border-warn/50 bg-warn-bg';
  return (
    <li className={`rounded-md border px-3 py-2 text-sm ${tone}`} data-testid="coherence-flag" data-code={flag.code} data-severity={flag.severity}>
      <span className="mr-2 text-xs font-semibold uppercase tracking-wide">{t(flag.severity)}</span>
      <span className="break-words">{flagText(flag, language, t, money)}</span>
      {actions && flag.fix ? (
        <Button
          variant="secondary"
          size="xs"
          className="ml-2 mt-1"
          onClick={() => {
            setUndo(useAppStore.getState().scenario);
            makeFix(flag.fix as CoherenceFix);
          }}
          data-testid="coherence-fix"
        >
          {fixText(flag.fix, t, money)}
        </Button>
      ) : null}
      {actions && undo ? (
        <Button variant="link" size="xs" className="ml-2" onClick={() => useAppStore.getState().replaceScenario(undo)}>
          {t('undo')}
        </Button>
      ) : null}
    </li>
  );
}

/**
 * The deployment every page prices, told once: model, GPUs and layout; the API offer and its
 * model; where the throughput comes from and what it was measured on; and the flags where the
 * areas disagree, with the change that resolves each (`actions`: the report prints them without
 * buttons).
 */
export function DeploymentSummaryView(props: { check: DeploymentCheck; actions?: boolean; testId?: string }) {
  const { check, actions = true, testId = 'deployment-summary' } = props;
  const t = useT(messages);
  const g = useT(glossary);
  const language = useLanguage();
  const d = check.summary;
  const currency = useAppStore((st) => st.currency);
  const fx = useAppStore((st) => st.scenario.fx);
  const money = (usd: number) => formatMoney(language, currency, fx, usd);
  const layout = d.layout ? t('layout', { layout: layoutName(language, d.layout.kind, d.layout) }) : null;
  const fit = d.fits === null ? null : d.fits ? t('fits') : t('notFits');
  return (
    <section aria-labelledby={`${testId}-title`} className="rounded-lg border border-border bg-surface px-4 py-3 text-sm" data-testid={testId}>
      <h2 id={`${testId}-title`} className="mb-1 text-xs font-medium uppercase tracking-wide text-muted">
        {t('title')}
      </h2>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_minmax(0,1fr)]">
        <dt className="font-medium text-muted">{g('option.self-hosted')}</dt>
        <dd className="min-w-0 break-words" data-testid="deployment-self">
          {deploymentWhat(language, d, t)}
          {layout ? `, ${layout}` : ''}
          {fit ? (
            <span
              className={`ml-2 rounded border px-1.5 py-0.5 text-xs font-medium text-text ${d.fits ? 'border-ok/60' : 'border-bad/60 bg-bad-bg'}`}
              data-testid="deployment-fit"
            >
              {fit}
            </span>
          ) : null}
        </dd>
        <dt className="font-medium text-muted">{t('cost')}</dt>
        <dd className="min-w-0 break-words" data-testid="deployment-cost">
          {costText(language, money, d.cost, t)}
        </dd>
        <dt className="font-medium text-muted">{t('api')}</dt>
        <dd className="min-w-0 break-words" data-testid="deployment-api">
          {t('apiValue', { provider: d.api.provider, model: d.api.model })}
        </dd>
        <dt className="font-medium text-muted">{t('throughput')}</dt>
        <dd className="min-w-0 break-words" data-testid="deployment-throughput" data-kind={d.throughput.kind}>
          {d.pools
            ? t('pools.rates', {
                p: formatNumber(language, d.pools.prefillRequestsPerSecond, 2),
                d: formatNumber(language, d.pools.decodeRequestsPerSecond, 2),
                source: `${t(`poolSource.${d.pools.source}`)}${d.pools.label ? `: ${d.pools.label}` : ''}`,
              })
            : throughputText(language, d.throughput, t)}
        </dd>
      </dl>
      {check.flags.length > 0 ? (
        <ul className="mt-2 grid gap-1.5" aria-label={t('flags')}>
          {check.flags.map((f) => (
            <FlagRow key={f.code} flag={f} language={language} t={t} money={money} actions={actions} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** The check of the scenario in the store (worker query), as the TCO page and the report show it. */
export function useDeploymentCheck() {
  const scenario = useAppStore((s) => s.scenario);
  const throughputFor = useAppStore((s) => s.throughputFor);
  return useQuery(deploymentCheckQuery(scenario, { throughputFor }));
}

/** The summary of the scenario in the store, or nothing while it is first computed. */
export function DeploymentSummaryCard(props: { actions?: boolean }) {
  const check = useDeploymentCheck();
  return check.data ? <DeploymentSummaryView check={check.data.value} {...(props.actions === undefined ? {} : { actions: props.actions })} /> : null;
}
