import { billingMode } from './billing';
import { monthlyRate } from './capital';
import { oneTimeMonthly } from './staff';
import { cheapestHybridTotal } from './hybrid';
import { MAX_REPLICAS, replicasUsed, selfHostedTotal, servesAnyWork, type TcoModel } from './model';

/**
 * The comparison over the planning horizon (docs/tco.md §3d): month by month for N =
 * `horizonMonths` months, the cost of the API, of self-hosting and of the hybrid, with
 *
 * - volume × (1 + growth)^(m − 1) in month m (compounding monthly);
 * - API prices × (1 + yearly change)^y from year y of the horizon (y = ⌊(m − 1) ÷ 12⌋: prices
 *   change at the start of each new year, as list prices and contracts do);
 * - GPU prices: rent × (1 + yearly change)^y likewise; a reserved rate fixed for its term and
 *   renewed at the then price; bought hardware fixed for its cycle (`amortisationMonths`) and
 *   bought again at the then price at each replacement;
 * - the one-time costs paid once, at the start of the first month with replicas: before month 1
 *   (self-hosted, month 0) or at the start of the first month the hybrid keeps replicas, and
 *   discounted from then — not spread over the horizon as in the monthly figures, which carry
 *   them as the level monthly payment of the same present value (WACC ÷ 12 over the horizon;
 *   straight line at WACC 0), so the monthly verdict and the NPV follow one rule.
 *
 * The self-hosted deployment and the hybrid are re-sized every month to that month's volume
 * (replicas as needed, the hybrid's cheapest split). Committed self-hosted capacity is a floor
 * for its term: a reservation (from month 1, renewed every term) and bought hardware (every
 * cycle) are paid for the most replicas taken in that term, even when volume falls; the replicas
 * not needed cost their rent or capital, not power, staff or nodes. The crossing month is the
 * first month whose cumulative cost is at most the API's; the NPV of the difference discounts each month's saving
 * (API − option) at the monthly rate WACC ÷ 12 (month m at (1 + r)^m, the one-time cost at
 * month 0). All costs are the model's monthly costs: bought hardware as its annuity and a
 * reserved upfront part as its level monthly cost over the term, both at the same WACC
 * (capital.ts, billing.ts). As a level payment over a cycle has the present value of the cash
 * paid at its start (less the residual's), the NPV over whole cycles is the NPV of the cash
 * flows; a horizon that ends inside a cycle counts the part of the capital used so far.
 */
export interface HorizonMonth {
  /** 0 = before the first month (the self-hosted one-time costs), then 1…N. */
  month: number;
  /** Volume as a multiple of today's. */
  volumeFactor: number;
  apiUsd: number;
  /** Null when self-hosting cannot serve that month's volume. */
  selfUsd: number | null;
  hybridUsd: number;
  hybridReplicas: number;
  cumulativeApiUsd: number;
  /** Null from the first month self-hosting cannot serve. */
  cumulativeSelfUsd: number | null;
  cumulativeHybridUsd: number;
}

export interface HorizonView {
  months: number;
  /** Month 0 and every month 1…N. */
  points: HorizonMonth[];
  /** First month whose cumulative cost is at most the API's; null when none within the horizon. */
  crossingMonth: { selfHosted: number | null; hybrid: number | null };
  /** Cumulative API cost minus the option's at the end of the horizon (positive = the option saves). */
  savingAtEndUsd: { selfHosted: number | null; hybrid: number };
  /** Net present value of the monthly savings against the API at the WACC. */
  npvUsd: { selfHosted: number | null; hybrid: number };
  waccYearly: number;
  /** First month whose volume needs more than MAX_REPLICAS replicas; self-hosting has no figure from then on. */
  beyondLimitFromMonth: number | null;
}

const close = (a: number, b: number) => a <= b + 1e-9 * Math.max(1, Math.abs(b));

/** The model of month m: volume, API prices and GPU prices of that month, one-time costs taken out. */
function monthModel(model: TcoModel, m: number): TcoModel {
  const f = model.finance;
  const o = f.outlook;
  const year = Math.floor((m - 1) / 12);
  const api = Math.pow(1 + o.apiPriceChangeYearly, year);
  let gpuYears: number;
  if (f.costMode === 'buy') gpuYears = (Math.floor((m - 1) / f.amortisationMonths) * f.amortisationMonths) / 12;
  else if (billingMode(f) === 'reserved') gpuYears = (Math.floor((m - 1) / f.billing.reservedTermMonths) * f.billing.reservedTermMonths) / 12;
  else gpuYears = year;
  const gpu = Math.pow(1 + o.gpuPriceChangeYearly, gpuYears);
  const p = model.apiPerTask;
  const r = model.rates;
  return {
    ...model,
    tasks: model.tasks * Math.pow(1 + o.volumeGrowthMonthly, m - 1),
    apiPerTask: { uncachedInputUsd: p.uncachedInputUsd * api, cachedInputUsd: p.cachedInputUsd * api, outputUsd: p.outputUsd * api, totalUsd: p.totalUsd * api },
    rates: { ...r, gpuPerReplica: r.gpuPerReplica * gpu, scaling: { ...r.scaling, opsFixed: r.scaling.opsFixed - oneTimeMonthly(f) } },
  };
}

export function horizonView(model: TcoModel): HorizonView {
  const f = model.finance;
  const n = f.horizonMonths;
  const oneTime = f.oneTimeUsd;
  const r = monthlyRate(f.capital.waccYearly);
  const canServe = servesAnyWork(model) && model.selfAttemptFactor !== null;
  const points: HorizonMonth[] = [
    { month: 0, volumeFactor: 1, apiUsd: 0, selfUsd: canServe ? oneTime : null, hybridUsd: 0, hybridReplicas: 0, cumulativeApiUsd: 0, cumulativeSelfUsd: canServe ? oneTime : null, cumulativeHybridUsd: 0 },
  ];
  let cumApi = 0;
  let cumSelf: number | null = canServe ? oneTime : null;
  let cumHybrid = 0;
  let npvSelf: number | null = canServe ? -oneTime : null;
  let npvHybrid = 0;
  let hybridPaidOneTime = false;
  // Months of a commitment: a reserved term, or the cycle of bought hardware; null = none.
  const term = f.costMode === 'buy' ? f.amortisationMonths : billingMode(f) === 'reserved' ? f.billing.reservedTermMonths : null;
  let committed = 0;
  let beyondLimitFrom: number | null = null;
  let crossSelf: number | null = null;
  let crossHybrid: number | null = null;
  for (let m = 1; m <= n; m++) {
    const mm = monthModel(model, m);
    const api = mm.apiPerTask.totalUsd * mm.tasks;
    let used = canServe ? replicasUsed(mm, mm.tasks) : null;
    // Beyond the replica limit the deployment cannot be sized: no figure from that month on.
    if (used !== null && used > MAX_REPLICAS) {
      beyondLimitFrom ??= m;
      used = null;
    }
    // Committed capacity is a floor for its term: reserved GPUs and bought hardware are paid to
    // the end of the term or cycle they were taken in, whatever the volume does. Replicas above
    // the month's need are paid (rent, capital) but not run (no power, staff or node costs).
    if (term !== null && (m - 1) % term === 0) committed = 0;
    if (used !== null) committed = Math.max(committed, used);
    const idle = used === null ? 0 : committed - used;
    const self = used === null ? null : selfHostedTotal(mm, used, mm.tasks) + idle * mm.rates.gpuPerReplica;
    const h = cheapestHybridTotal(mm, mm.tasks);
    // The one-time costs are paid when the first replicas start: at the start of that month,
    // as self-hosting pays them at the start of month 1 (month 0).
    let hybridOneTime = 0;
    if (h.replicas > 0 && !hybridPaidOneTime) {
      hybridOneTime = oneTime;
      hybridPaidOneTime = true;
    }
    const hybrid = h.totalUsd + hybridOneTime;
    const discount = Math.pow(1 + r, m);
    cumApi += api;
    cumSelf = cumSelf === null || self === null ? null : cumSelf + self;
    cumHybrid += hybrid;
    npvSelf = npvSelf === null || self === null ? null : npvSelf + (api - self) / discount;
    npvHybrid += (api - h.totalUsd) / discount - hybridOneTime / Math.pow(1 + r, m - 1);
    if (crossSelf === null && cumSelf !== null && close(cumSelf, cumApi)) crossSelf = m;
    if (crossHybrid === null && close(cumHybrid, cumApi) && hybridPaidOneTime) crossHybrid = m;
    points.push({ month: m, volumeFactor: mm.tasks / Math.max(model.tasks, Number.MIN_VALUE), apiUsd: api, selfUsd: self, hybridUsd: hybrid, hybridReplicas: h.replicas, cumulativeApiUsd: cumApi, cumulativeSelfUsd: cumSelf, cumulativeHybridUsd: cumHybrid });
  }
  return {
    months: n,
    points,
    crossingMonth: { selfHosted: crossSelf, hybrid: crossHybrid },
    savingAtEndUsd: { selfHosted: cumSelf === null ? null : cumApi - cumSelf, hybrid: cumApi - cumHybrid },
    npvUsd: { selfHosted: npvSelf, hybrid: npvHybrid },
    waccYearly: f.capital.waccYearly,
    beyondLimitFromMonth: beyondLimitFrom,
  };
}
