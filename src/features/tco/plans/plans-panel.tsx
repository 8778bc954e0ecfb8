import { useQuery } from '@tanstack/react-query';
import { memo, useEffect, useMemo, useState } from 'react';
import { Banner, Card } from '../../../components/card';
import { Button } from '../../../components/button';
import { useLanguage, useT } from '../../../components/use-t';
import { GPUS } from '../../../core/catalog/gpus';
import {
  apiOfferChoices,
  applyPlan,
  billingPlanOf,
  CATALOG,
  BILLING_PLANS,
  firstOverSecond,
  NO_CONSTRAINTS,
  type BillingPlan,
  type Exclusion,
  type Plan,
  type PlanConstraints,
  type PlanLayout,
  type PlanPools,
  type PlanRisk,
} from '../../../core/plans/search';
import { deepEqual } from '../../../core/scenario/json';
import type { FleetView } from '../../../core/tco/autoscaling';
import { modelIdOf } from '../../../core/deployment/identify';
import type { Scenario } from '../../../core/scenario/schema';
import { formatDate } from '../../../lib/format/format';
import { makeFmt, type Fmt } from '../../../lib/format/fmt';
import { plansQuery } from '../../../lib/query/tco';
import { listPriceOffersQuery } from '../../../lib/query/usage';
import { useAppStore } from '../../../state/store';
import { ImportedEvidence, useImportedForPlans } from './plans-evidence';
import { PlansFrontier } from './plans-frontier';
import { FleetWeekChart } from '../charts/fleet-week-chart';
import { plansMessages, type PlansT } from './plans-messages';

/**
 * The plan search on the TCO page (docs/plans.md): the constraints, the ranked plans with their
 * evidence and risks, the roofline-only upper bounds apart, and why the other candidates are
 * out. "Use this plan" sets the scenario to a plan and says what changed, with an undo.
 * Results come from the worker; the constraints are this panel's own inputs.
 */
type T = PlansT;

export function layoutText(l: PlanLayout): string {
  const parts = [`TP${l.tp}`];
  if (l.pp > 1) parts.push(`PP${l.pp}`);
  if (l.kind === 'tp-ep' || l.kind === 'dp-attention') parts.push(`EP${l.ep}`);
  if (l.kind === 'dp-attention') parts.push(`DP-attention ${l.dp}`);
  if (l.kind === 'dcp') parts.push(`DCP${l.dcp}`);
  return parts.join(' + ');
}

function planText(t: T, p: Plan): string {
  if (p.kind === 'api') return t('apiPlan', { api: p.apiLabel ?? '' });
  const base = { replicas: p.replicas, gpus: p.gpusPerReplica, gpu: p.gpuName ?? '' };
  const head = p.pools
    ? t('poolsPlan', { prefill: p.pools.prefillWorkers, decode: p.pools.decodeWorkers, gpus: p.gpusPerReplica, gpu: p.gpuName ?? '' })
    : p.kind === 'hybrid'
      ? t('hybridPlan', { ...base, api: p.apiLabel ?? '' })
      : t('selfPlan', base);
  return `${head} · ${p.layout ? layoutText(p.layout) : ''} · ${p.billing ? t(`b.${p.billing}`) : ''}`;
}

function evidenceText(t: T, fmt: Fmt, p: Plan): string {
  const e = p.evidence;
  if (!e) {
    const src = p.apiSource;
    if (src?.kind === 'list-price') return t('ev.apiList', { version: src.version, date: formatDate(fmt.language, src.date) });
    if (src?.kind === 'catalog') return t('ev.apiCatalog', { date: formatDate(fmt.language, src.checked) });
    return t('ev.api');
  }
  if (e.kind === 'measured') return t('ev.measured', { source: e.source ?? e.label });
  if (e.kind === 'published') return t('ev.published', { source: e.source ?? e.label, date: e.date ? formatDate(fmt.language, e.date.slice(0, 10)) : '?' });
  if (e.kind === 'entered') return t('ev.entered');
  if (e.kind === 'record') {
    const over = e.recordOverSeries;
    const vs = over ? t('ev.recordOver', { times: fmt.number(over.times, 1), class: classText(t, over.classKey) }) : t('ev.recordAlone');
    return `${t('ev.record', { label: e.label, source: e.source ?? '' })}; ${vs}`;
  }
  if (e.kind === 'calibrated' && e.calibration) {
    const c = e.calibration;
    return t('ev.calibrated', { factor: fmt.number(c.factor, 2), series: c.series, class: classText(t, c.classKey), error: fmt.percent(c.looError, 0) });
  }
  return t('ev.roofline');
}

/** "MoE · MLA · Hopper · single node" from a calibration class key. */
export function classText(t: T, key: string): string {
  const [moe, attention, generation, span] = key.split('|');
  const gen: Record<string, string> = { ampere: 'Ampere', ada: 'Ada', hopper: 'Hopper', blackwell: 'Blackwell', cdna3: 'CDNA 3', cdna4: 'CDNA 4' };
  return [
    moe === 'moe' ? 'MoE' : t('cls.dense'),
    attention === 'mla' ? 'MLA' : attention === 'gqa' ? 'GQA' : t('cls.linear'),
    gen[generation ?? ''] ?? generation,
    span === 'multi' ? t('cls.multi') : t('cls.single'),
  ].join(' · ');
}

function riskText(t: T, fmt: Fmt, r: PlanRisk): string {
  switch (r.kind) {
    case 'multi-node':
      return t('r.multi-node', { nodes: r.nodes });
    case 'cold-start':
      return t('r.cold-start', { seconds: fmt.number(r.seconds, 0) });
    case 'commitment':
      return t('r.commitment', { months: r.months });
    case 'not-measured-beyond':
      return t('r.not-measured-beyond', { load: fmt.number(r.load, 0) });
    case 'api-overflow':
      return t('r.api-overflow', { share: fmt.percent(r.share, 0) });
    case 'preemption':
      return t('r.preemption', { n: fmt.number(r.perMonth, 1), share: fmt.percent(r.share, 2), p95: fmt.money(r.p95Usd, 0) });
    case 'scale-up-waits':
      return t('r.scale-up-waits', { share: fmt.percent(r.share, 2), minutes: fmt.number(r.minutesPerWeek, 0) });
    case 'calibrated':
      return t(r.otherClass ? 'r.calibrated-other' : 'r.calibrated', { error: fmt.percent(r.error, 0) });
    case 'kv-transfer':
      return t('r.kv-transfer', { ms: fmt.number(r.ms, r.ms < 10 ? 1 : 0) });
    default:
      return t(`r.${r.kind}`);
  }
}

function exclusionText(t: T, fmt: Fmt, x: Exclusion): string {
  const what = `${x.gpus > 0 ? `${x.gpus}× ` : ''}${x.gpuName}${x.layout ? ` · ${x.layout}` : ''}${x.pools ? ` · ${t('x.pools')}` : ''}${x.billing ? ` · ${t(`b.${x.billing}`)}` : ''}`;
  const r = x.reason;
  let why: string;
  switch (r.code) {
    case 'does-not-fit':
      why = t('x.does-not-fit', { checked: fmt.number(r.checkedUpTo, 0) });
      break;
    case 'node-too-small':
      why = t('x.node-too-small', { smallest: r.smallestFit });
      break;
    case 'slo-unreachable': {
      // An estimate (the pools') names the limits it cannot meet, without a measured point.
      const misses =
        r.misses.length === 0
          ? r.failing.join(', ')
          : r.misses
              .map((m) =>
                t('x.miss', {
                  id: m.id,
                  value: m.value === null ? '?' : fmt.number(m.value, m.value < 10 ? 2 : 0),
                  limit: fmt.number(m.limit, m.limit < 10 ? 2 : 0),
                }),
              )
              .join(', ');
      why =
        r.nearestLoad === null
          ? t('x.slo-unreachable', { failing: misses })
          : t('x.slo-unreachable-at', { load: fmt.number(r.nearestLoad, 0), failing: misses });
      break;
    }
    case 'above-gpu-cap':
      why = t('x.above-gpu-cap', { gpus: r.gpus, cap: r.cap });
      break;
    case 'beyond-max-replicas':
      why = t('x.beyond-max-replicas', { replicas: r.replicas });
      break;
    case 'no-price':
      why = t(x.billing === 'bought' ? 'x.no-purchase-price' : 'x.no-rent-price');
      break;
    default:
      why = t(`x.${r.code}`);
  }
  return `${what}: ${why}`;
}

/** What a plan changes, as "GPU H200 SXM → B200, billing on demand → reserved 12 months". */
function changesText(t: T, before: Scenario, after: Scenario): string {
  const gpuName = (id: string) => GPUS.find((g) => g.id === id)?.name ?? id;
  const b = before.selfHosted;
  const a = after.selfHosted;
  const out: string[] = [];
  if (b.gpuId !== a.gpuId) out.push(`${gpuName(b.gpuId)} → ${gpuName(a.gpuId)}`);
  if (b.gpusPerReplica !== a.gpusPerReplica) out.push(t('ch.gpusPerReplica', { from: b.gpusPerReplica, to: a.gpusPerReplica }));
  if ((b.pools === null) !== (a.pools === null))
    out.push(a.pools ? t('c.pools') : `${t('c.pools')} → ${t('selfPlan', { replicas: a.replicas, gpus: a.gpusPerReplica, gpu: gpuName(a.gpuId) })}`);
  if (b.replicas !== a.replicas) out.push(t(a.pools ? 'ch.workers' : 'ch.replicas', { from: b.replicas, to: a.replicas }));
  if (billingPlanOf(b) !== billingPlanOf(a)) out.push(`${t(`b.${billingPlanOf(b)}`)} → ${t(`b.${billingPlanOf(a)}`)}`);
  if (before.api.offerId !== after.api.offerId || before.api.provider !== after.api.provider) out.push(`${before.api.provider} → ${after.api.provider}`);
  if (b.capacity.series?.label !== a.capacity.series?.label)
    out.push(`${b.capacity.series?.label ?? 'entered figure'} → ${a.capacity.series?.label ?? 'entered figure'}`);
  return out.join(', ') || '—';
}

function isCurrent(s: Scenario, p: Plan): boolean {
  const applied = applyPlan(s, p);
  // Key order differs between a scenario read from a link or storage and one built by a plan.
  return deepEqual([applied.selfHosted, applied.hardware, applied.api], [s.selfHosted, s.hardware, s.api]);
}

/**
 * An autoscaled plan's week: paid GPU-hours against a fixed fleet sized for the peak, and (in the
 * panel, not the printed report) the chart of demand against capacity through the week.
 */
function PlanWeek(props: { fleet: FleetView; fmt: Fmt; t: T; chart: boolean }) {
  const { fleet, fmt, t } = props;
  const gpu = fleet.gpusPerReplica;
  const line = t('week.line', {
    paid: fmt.number(fleet.paidReplicaHoursPerWeek * gpu, 0),
    fixed: fmt.number(fleet.fixedReplicaHoursPerWeek * gpu, 0),
    min: fmt.number(fleet.policy.minReplicas, 0),
    max: fmt.number(fleet.cap, 0),
  });
  if (!props.chart) return <div className="text-xs text-muted">{line}</div>;
  return (
    <details className="mt-1 text-xs" data-testid="plan-week">
      <summary className="cursor-pointer text-muted">{line}</summary>
      <div className="mt-2 min-w-[28rem]">
        <FleetWeekChart fleet={fleet} fmt={fmt} resultKey={null} testId="plan-week-chart" height={160} />
      </div>
    </details>
  );
}

/** A disaggregated plan's pools: workers, rates and the binding pool, then (in the panel) the batches and the KV transfer. */
function PlanPoolsLine(props: { pools: PlanPools; fmt: Fmt; t: T; details: boolean }) {
  const { pools: p, fmt, t } = props;
  const rate = (v: number) => fmt.number(v, v < 10 ? 2 : 1);
  const line = t('pools.line', {
    prefill: p.prefillWorkers,
    decode: p.decodeWorkers,
    gpus: p.gpusPerWorker,
    p: rate(p.prefillRequestsPerSecond),
    d: rate(p.decodeRequestsPerSecond),
    peak: rate(p.peakRequestsPerSecond),
    binding: t(p.binding === 'prefill' ? 'pools.prefill' : 'pools.decode'),
  });
  const kv = p.kv;
  return (
    <div className="mt-1 text-xs text-muted" data-testid="plan-pools" data-binding={p.binding}>
      <div>{line}</div>
      {props.details && p.prefillBatch !== null && p.decodeBatch !== null ? <div>{t('pools.batches', { pb: p.prefillBatch, db: p.decodeBatch })}</div> : null}
      {props.details && kv ? (
        <div>
          {t('pools.kv', {
            mb: fmt.number(kv.bytesPerRequest / 1e6, 0),
            ms: fmt.number(kv.ms, kv.ms < 10 ? 1 : 0),
            link: t(`link.${kv.link}`),
            gbps: fmt.number(kv.workerGBps, 0),
            bound: kv.linkBound ? t('pools.kvBound') : '',
          })}
        </div>
      ) : null}
    </div>
  );
}

const PlansTable = memo(function PlansTable(props: {
  plans: readonly Plan[];
  fmt: Fmt;
  t: T;
  scenario: Scenario;
  onUse: ((p: Plan) => void) | null;
  testId: string;
  compact?: boolean;
}) {
  const { plans, fmt, t, scenario, onUse, testId, compact = false } = props;
  const py = compact ? 'py-0.5' : 'py-1';
  return (
    <div className="overflow-x-auto">
      <table className={`w-full ${compact ? 'text-xs' : 'text-sm'}`} data-testid={testId}>
        <thead className="text-left text-xs text-muted">
          <tr>
            <th className={`${py} pr-2`}>{t('h.rank')}</th>
            <th className={`${py} pr-2`}>{t('h.plan')}</th>
            {compact ? null : <th className={`${py} pr-2 text-right`}>{t('h.gpus')}</th>}
            <th className={`${py} pr-2 text-right`}>{t('h.monthly')}</th>
            <th className={`${py} pr-2 text-right`}>{t('h.perTask')}</th>
            <th className={`${py} pr-2 text-right`}>{t('h.npv')}</th>
            {compact ? null : <th className={`${py} pr-2 text-right`}>{t('h.margin')}</th>}
            <th className={`${py} pr-2`}>{t('h.evidence')}</th>
            <th className={`${py} pr-2 ${compact ? 'print:hidden' : ''}`}>{t('h.risks')}</th>
            {onUse ? <th className={`${py}`} /> : null}
          </tr>
        </thead>
        <tbody>
          {plans.map((p, i) => {
            const current = isCurrent(scenario, p);
            return (
              <tr key={p.id} className="border-t border-border align-top" data-testid="plan-row" data-plan-id={p.id}>
                <td className={`${py} pr-2 tabular-nums`}>{i + 1}</td>
                <td className={`${py} pr-2`}>
                  {planText(t, p)}
                  {current && !onUse ? <span className="ml-1 text-xs text-muted">({t('current')})</span> : null}
                  {p.policy ? <PlanWeek fleet={p.policy} fmt={fmt} t={t} chart={!compact} /> : null}
                  {p.pools ? <PlanPoolsLine pools={p.pools} fmt={fmt} t={t} details={!compact} /> : null}
                </td>
                {compact ? null : <td className={`${py} pr-2 text-right tabular-nums`}>{p.gpusTotal > 0 ? fmt.number(p.gpusTotal, 0) : '—'}</td>}
                <td className={`${py} pr-2 text-right tabular-nums`}>{fmt.money(p.monthlyUsd, 0)}</td>
                <td className={`${py} pr-2 text-right tabular-nums`}>{p.usdPerAcceptedTask === null ? '—' : fmt.moneySmall(p.usdPerAcceptedTask)}</td>
                <td className={`${py} pr-2 text-right tabular-nums`}>{p.npvUsd === null ? '–' : fmt.money(p.npvUsd, 0)}</td>
                {compact ? null : (
                  <td className={`${py} pr-2 text-right tabular-nums`}>
                    {p.sloMargin === null
                      ? p.kind === 'api'
                        ? '—'
                        : t('noSlo')
                      : `${fmt.percent(p.sloMargin, 0)}${p.bindingLimit ? ` (${p.bindingLimit})` : ''}`}
                  </td>
                )}
                <td className={`${py} pr-2`}>
                  <span
                    className={`inline-block max-w-64 rounded px-1.5 py-0.5 text-xs [overflow-wrap:anywhere] ${p.upperBound ? 'bg-warn-bg' : 'bg-surface-2'}`}
                    data-testid="plan-evidence"
                    data-kind={p.evidence?.kind ?? 'api'}
                  >
                    {evidenceText(t, fmt, p)}
                  </span>
                </td>
                {/* On paper the report keeps to two pages: the risks are the TCO page's. */}
                <td className={`${py} pr-2 text-xs text-muted ${compact ? 'print:hidden' : ''}`}>{p.risks.map((r) => riskText(t, fmt, r)).join(' · ')}</td>
                {onUse ? (
                  <td className={`whitespace-nowrap ${py}`}>
                    {current ? (
                      <span className="text-xs text-muted">{t('current')}</span>
                    ) : (
                      <Button size="sm" variant="secondary" onClick={() => onUse(p)} data-testid="plan-use">
                        {t('use')}
                      </Button>
                    )}
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
});

/**
 * The search of the panel and of the report, with what it reads besides the scenario: the
 * imported series (as tagged) and the genai-prices list prices of the model (bundled, or a
 * dropped data.json), loaded in the worker once asked for. The search waits for the list prices;
 * if they cannot be read it runs without them. Only the model's list prices go into the query
 * (its key), not all of them.
 */
function usePlanSearch(scenario: Scenario, constraints: PlanConstraints, enabled: boolean) {
  const imported = useImportedForPlans();
  const listQuery = useQuery(listPriceOffersQuery(enabled));
  const modelId = scenario.selfHosted.modelId;
  const listOffers = useMemo(
    () => (listQuery.error ? [] : listQuery.data?.filter((o) => modelIdOf(o.modelId) === modelId)),
    [listQuery.data, listQuery.error, modelId],
  );
  const query = useQuery({
    ...plansQuery(scenario, constraints, { imported: imported.series, listOffers: listOffers ?? [] }),
    enabled: enabled && listOffers !== undefined,
  });
  return { query, imported, listOffers: listOffers ?? [] };
}

const TOP = 10;
const SETTLE_MS = 300;

/** The value once it has stayed the same for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return settled;
}

/**
 * The panel follows the scenario once it has stayed the same for SETTLE_MS: while a slider is
 * dragged, only this wrapper renders again (the search waits for the drag to stop, and the table,
 * the frontier and the choices show the scenario the search was run for, not each step of it).
 */
export function PlansPanel(props: { fmt: Fmt }) {
  const scenario = useAppStore((s) => s.scenario);
  const settled = useSettled(scenario, SETTLE_MS);
  return <PlansPanelBody fmt={props.fmt} scenario={settled} />;
}

const PlansPanelBody = memo(function PlansPanelBody(props: { fmt: Fmt; scenario: Scenario }) {
  const { fmt, scenario } = props;
  const t: T = useT(plansMessages);
  const [constraints, setConstraints] = useState<PlanConstraints>(NO_CONSTRAINTS);
  const [showAll, setShowAll] = useState(false);
  const [applied, setApplied] = useState<{ previous: Scenario; changes: string } | null>(null);
  const [undone, setUndone] = useState(false);
  // The search runs once the panel is opened: the TCO page's own figures never wait for it.
  const [opened, setOpened] = useState(false);
  const [capText, setCapText] = useState('');
  const capBad = capText.trim() !== '' && constraints.maxGpus === null;
  const { query, imported, listOffers } = usePlanSearch(scenario, constraints, opened);
  const r = query.data?.value;
  const language = useLanguage();
  const names = useMemo(() => Object.fromEntries(r ? [...r.plans, ...r.upperBounds].map((p) => [p.id, planText(t, p)]) : []), [r, t]);

  const use = (p: Plan) => {
    const before = useAppStore.getState().scenario;
    const after = applyPlan(before, p);
    const store = useAppStore.getState();
    store.updateSection('selfHosted', after.selfHosted);
    store.updateSection('hardware', after.hardware);
    store.updateSection('api', after.api);
    setApplied({ previous: before, changes: changesText(t, before, after) });
    setUndone(false);
  };
  const undo = () => {
    if (!applied) return;
    const store = useAppStore.getState();
    store.updateSection('selfHosted', applied.previous.selfHosted);
    store.updateSection('hardware', applied.previous.hardware);
    store.updateSection('api', applied.previous.api);
    setApplied(null);
    setUndone(true);
  };
  const toggleGpu = (id: string) => {
    const now = constraints.gpuIds ?? GPUS.map((g) => g.id);
    const next = now.includes(id) ? now.filter((g) => g !== id) : [...now, id];
    setConstraints({ ...constraints, gpuIds: next.length === GPUS.length ? null : next });
  };
  const toggleBilling = (b: BillingPlan) => {
    const now = constraints.billing ?? [...BILLING_PLANS];
    const next = now.includes(b) ? now.filter((x) => x !== b) : [...now, b];
    setConstraints({ ...constraints, billing: next.length === BILLING_PLANS.length ? null : next });
  };
  // The API shortlist: the search's own API candidates (the list prices load with the panel).
  const apiChoices = apiOfferChoices(scenario, CATALOG, listOffers);
  const toggleApi = (id: string) => {
    const now = constraints.apiOfferIds ?? apiChoices.map((o) => o.id);
    const next = now.includes(id) ? now.filter((x) => x !== id) : [...now, id];
    setConstraints({ ...constraints, apiOfferIds: apiChoices.every((o) => next.includes(o.id)) ? null : next });
  };
  const plans = r ? (showAll ? r.plans : r.plans.slice(0, TOP)) : [];
  if (!opened) {
    return (
      <Card title={t('title')} testId="plans-panel">
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <p className="text-muted">{t('closed')}</p>
          <Button variant="primary" size="sm" onClick={() => setOpened(true)} data-testid="plans-open">
            {t('open')}
          </Button>
        </div>
      </Card>
    );
  }

  return (
    <Card title={t('title')} testId="plans-panel">
      <div className="grid gap-3 text-sm">
        <p className="text-muted">{t('intro', { evaluated: r ? fmt.number(r.evaluated, 0) : '…' })}</p>
        <fieldset className="flex flex-wrap gap-x-3 gap-y-1" data-testid="plans-gpus">
          <legend className="mb-1 text-xs font-medium">{t('c.gpus')}</legend>
          {GPUS.map((g) => (
            <label key={g.id} className="inline-flex items-center gap-1">
              <input
                type="checkbox"
                checked={constraints.gpuIds === null || constraints.gpuIds.includes(g.id)}
                onChange={() => toggleGpu(g.id)}
                data-gpu={g.id}
              />
              {g.name}
            </label>
          ))}
        </fieldset>
        <fieldset className="flex flex-wrap gap-x-3 gap-y-1" data-testid="plans-billing">
          <legend className="mb-1 text-xs font-medium">{t('c.billing')}</legend>
          {BILLING_PLANS.map((b) => (
            <label key={b} className="inline-flex items-center gap-1">
              <input
                type="checkbox"
                checked={constraints.billing === null || constraints.billing.includes(b)}
                onChange={() => toggleBilling(b)}
                data-billing={b}
              />
              {t(`b.${b}`)}
            </label>
          ))}
        </fieldset>
        <fieldset className="flex flex-wrap gap-x-3 gap-y-1" data-testid="plans-api">
          <legend className="mb-1 text-xs font-medium">{t('c.api')}</legend>
          {apiChoices.map((o) => (
            <label key={o.id} className="inline-flex items-center gap-1">
              <input
                type="checkbox"
                checked={constraints.apiOfferIds === null || constraints.apiOfferIds.includes(o.id)}
                onChange={() => toggleApi(o.id)}
                data-offer={o.id}
              />
              {o.label}
            </label>
          ))}
        </fieldset>
        <div className="flex flex-wrap items-center gap-4">
          <label className="inline-flex items-center gap-2">
            {t('c.maxGpus')}
            <input
              type="number"
              min={1}
              className="w-24 rounded border border-border bg-surface px-2 py-1"
              value={capText}
              aria-invalid={capBad}
              aria-describedby={capBad ? 'plans-max-gpus-error' : undefined}
              onChange={(e) => {
                // The text stays as typed; only a whole number of 1 or more caps the search.
                const text = e.target.value;
                const n = Number(text);
                setCapText(text);
                setConstraints({ ...constraints, maxGpus: text.trim() === '' || !Number.isInteger(n) || n < 1 ? null : n });
              }}
              data-testid="plans-max-gpus"
            />
          </label>
          {capBad ? (
            <span id="plans-max-gpus-error" className="text-xs text-bad" role="alert" data-testid="plans-max-gpus-error">
              {t('c.maxGpusBad', { text: capText })}
            </span>
          ) : null}
          <label className="inline-flex items-center gap-2">
            {t('c.maxCommitment')}
            <select
              className="w-auto rounded border border-border bg-surface px-2 py-1"
              value={constraints.maxCommitmentMonths ?? ''}
              onChange={(e) => setConstraints({ ...constraints, maxCommitmentMonths: e.target.value === '' ? null : Number(e.target.value) })}
              data-testid="plans-max-commitment"
            >
              <option value="">{t('c.anyTerm')}</option>
              <option value="0">{t('c.noTerm')}</option>
              {[12, 24, 36].map((m) => (
                <option key={m} value={m}>
                  {t('c.months', { months: m })}
                </option>
              ))}
            </select>
          </label>
          <label className="inline-flex items-center gap-2">
            <input
              type="checkbox"
              checked={constraints.onPremisesOnly}
              onChange={(e) => setConstraints({ ...constraints, onPremisesOnly: e.target.checked })}
              data-testid="plans-on-prem"
            />
            {t('c.onPrem')}
          </label>
          <label className="inline-flex items-center gap-2">
            <input
              type="checkbox"
              checked={constraints.disaggregated}
              onChange={(e) => setConstraints({ ...constraints, disaggregated: e.target.checked })}
              data-testid="plans-pools"
            />
            {t('c.pools')}
          </label>
        </div>
        <ImportedEvidence t={t} scenario={scenario} imported={imported} />
        {applied ? (
          <Banner tone="info" testId="plans-applied">
            <span>{t('applied', { changes: applied.changes })}</span>{' '}
            <Button size="sm" variant="secondary" onClick={undo} data-testid="plans-undo">
              {t('undo')}
            </Button>
          </Banner>
        ) : null}
        {undone ? (
          <Banner tone="info" testId="plans-undone">
            {t('undone')}
          </Banner>
        ) : null}
        {!r ? (
          <p className="text-muted">{t('computing')}</p>
        ) : r.plans.length === 0 ? (
          <p data-testid="plans-none">{t('none')}</p>
        ) : (
          <>
            <PlansTable plans={plans} fmt={fmt} t={t} scenario={scenario} onUse={use} testId="plans-table" />
            {r.plans.length > TOP && !showAll ? (
              <Button size="sm" variant="secondary" onClick={() => setShowAll(true)}>
                {t('more', { count: r.plans.length })}
              </Button>
            ) : null}
          </>
        )}
        {r && (r.plans.length > 0 || r.upperBounds.length > 0) ? (
          <PlansFrontier plans={r.plans} upperBounds={r.upperBounds} names={names} t={t} fmt={fmt} language={language} />
        ) : null}
        {r && r.upperBounds.length > 0 ? (
          <details data-testid="plans-upper">
            <summary className="cursor-pointer">{t('upperTitle', { count: r.upperBounds.length })}</summary>
            <p className="my-2 text-xs text-muted">{t('upperHint')}</p>
            <PlansTable plans={r.upperBounds.slice(0, 20)} fmt={fmt} t={t} scenario={scenario} onUse={use} testId="plans-upper-table" />
          </details>
        ) : null}
        {r && r.excluded.length > 0 ? (
          <details data-testid="plans-excluded">
            <summary className="cursor-pointer">{t('whyNot', { count: r.excluded.length })}</summary>
            <ul className="mt-2 list-disc pl-5 text-xs">
              {r.excluded.map((x, i) => (
                <li key={i}>{exclusionText(t, fmt, x)}</li>
              ))}
            </ul>
          </details>
        ) : null}
      </div>
    </Card>
  );
});

const REPORT_TOP = 3;

/**
 * The report's view of the search, without constraints: the three cheapest plans with their
 * evidence and risks, where the scenario's own deployment ranks, and how many candidates rest on
 * the roofline alone (upper bounds, not plans).
 */
export function PlansReport() {
  const t = useT(plansMessages);
  const language = useLanguage();
  const currency = useAppStore((s) => s.currency);
  const scenario = useAppStore((s) => s.scenario);
  const fmt = useMemo(() => makeFmt(language, currency, scenario.fx), [language, currency, scenario.fx]);
  const { query } = usePlanSearch(scenario, NO_CONSTRAINTS, true);
  const r = query.data?.value;
  if (query.error) return <p className="text-sm text-bad">{query.error instanceof Error ? query.error.message : String(query.error)}</p>;
  if (!r) return <p className="text-sm text-muted">{t('computing')}</p>;
  if (r.plans.length === 0) return <p data-testid="report-plans-none">{t('none')}</p>;
  // The scenario's self-hosted deployment (as typed: GPU, count, billing) and its API offer.
  const ownSelf = r.plans.findIndex((p) => p.kind === 'self-hosted' && isCurrent(scenario, p));
  const ownApi = r.plans.findIndex((p) => p.kind === 'api' && isCurrent(scenario, p));
  const count = r.plans.length;
  // Why the first wins, and what would make the second win.
  const [first, second] = r.plans;
  const lead = first && second ? firstOverSecond(first, second) : null;
  const why =
    first && second && lead
      ? {
          first: planText(t, first),
          second: planText(t, second),
          monthly: fmt.money(lead.monthlySavingUsd, 0),
          share: fmt.percent(lead.secondLowerBy, 1),
          kind: second.kind,
        }
      : null;
  return (
    <div className="grid gap-2 text-sm" data-testid="report-plans">
      <p className="text-xs text-muted print:hidden">{t('reportIntro', { evaluated: fmt.number(r.evaluated, 0), ranked: fmt.number(r.plans.length, 0) })}</p>
      <PlansTable plans={r.plans.slice(0, REPORT_TOP)} fmt={fmt} t={t} scenario={scenario} onUse={null} testId="report-plans-table" compact />
      {why ? (
        <p data-testid="report-plans-why">
          {t('reportWhy', why)} {t(why.kind === 'api' ? 'reportSecondApi' : 'reportSecondSelf', why)}
        </p>
      ) : null}
      <p className="text-xs text-muted" data-testid="report-plans-own">
        {ownSelf < 0 ? t('reportOwnNone') : t('reportOwn', { rank: ownSelf + 1, count })}
        {ownApi < 0 ? '.' : ` ${t('reportOwnApi', { rank: ownApi + 1 })}`}
        {r.upperBounds.length > 0 ? ` ${t('reportUpper', { count: r.upperBounds.length })}` : ''}
      </p>
    </div>
  );
}
