import { billingMode, mixedSplit, reservedCostFactor } from './billing';
import { monthlyRate } from './capital';
import { oneTimeMonthly } from './staff';
import { cheapestHybridTotal, servedShare } from './hybrid';
import { MAX_REPLICAS, apiPerTaskTotal, peakLoad, replicasUsed, selfHostedCost, selfHostedTotal, servesAnyWork, type Pricing, type TcoModel } from './model';

/**
 * The comparison over the planning horizon (docs/tco.md §3d): month by month for N =
 * `horizonMonths` months, the cost of the API, of self-hosting and of the hybrid, with
 *
 * - volume × (1 + growth)^(m − 1) in month m (compounding monthly);
 * - API prices and GPU prices × (1 + yearly change)^y from year y = ⌊(m − 1) ÷ 12⌋ of the horizon
 *   (prices change at the start of each new year, as list prices and contracts do); a
 *   reservation keeps the rate of the month it was signed for its term, bought hardware the
 *   price of the month it was bought for its cycle;
 * - committed capacity as a floor: reserved GPUs and bought hardware are taken in lots, one
 *   replica each, that start in the month they are first needed and run for the term
 *   (`reservedTermMonths`) or cycle (`amortisationMonths`) whatever the volume does. A lot that
 *   ends is taken again only if its replica is still needed. Lots not needed in a month cost
 *   their rent or capital, not power, staff or nodes.
 *
 * Each option has two views of the same months:
 *
 * - the level monthly costs (the monthly figures of the page: bought hardware as its annuity, a
 *   reserved upfront as its level cost over the term) and their cumulative sums from month 0
 *   (the one-time cost). Their **level-cost crossing** is the first month whose cumulative level
 *   cost is at most the API's.
 * - the **cash-flow statement**: what is paid when. Row 0 is the start; row m is the end of month
 *   m, which is also the start of month m + 1. So a lot starting in month m pays its capex or
 *   upfront in row m − 1, invoices, rent, power, staff and other costs are paid in their month's
 *   row, a bought lot is sold for its residual in the row of its last month, and the one-time
 *   cost is paid in the row before the first month with replicas. Row N carries the terminal
 *   value: bought lots still inside their cycle at their value by the chosen rule (book value,
 *   a resale share, none), reservations still running at minus their invoices still due,
 *   discounted to the end of the horizon (a reservation has no resale value). Row t is
 *   discounted at (1 + r)^t, r the monthly rate of the WACC (capital.ts).
 *
 * The NPV of an option is the present value of the API's statement minus its own: the sum of
 * the discounted rows. The **cash payback** is the first month whose cumulative cash saving
 * against the API is at least 0, the terminal value left out; the **discounted payback** does the
 * same with discounted rows.
 */
export interface HorizonMonth {
  /** 0 = before the first month (the self-hosted one-time costs), then 1…N. */
  month: number;
  /** Volume as a multiple of today's. */
  volumeFactor: number;
  apiUsd: number;
  /** Level monthly cost; null when self-hosting cannot serve that month's volume. */
  selfUsd: number | null;
  hybridUsd: number;
  hybridReplicas: number;
  cumulativeApiUsd: number;
  /** Null from the first month self-hosting cannot serve. */
  cumulativeSelfUsd: number | null;
  cumulativeHybridUsd: number;
}

/** The lines of a cash-flow statement; `residual` and a bought terminal value are inflows (negative). */
export const CASH_LINES = ['capex', 'upfront', 'rent', 'residual', 'power', 'staff', 'other', 'oneTime', 'api', 'terminal', 'tax'] as const;
export type CashLine = (typeof CASH_LINES)[number];

export interface CashRow {
  /** 0 = the start, m = the end of month m (and the start of month m + 1). */
  month: number;
  /** Cash paid, USD; an inflow is negative. */
  lines: Record<CashLine, number>;
  totalUsd: number;
  /** 1 ÷ (1 + r)^month. */
  discountFactor: number;
  presentUsd: number;
}

export interface CashFlow {
  /** Month 0…N; empty in a lean view (the plan search reads the totals only). */
  rows: CashRow[];
  /** Sum of the rows' cash. */
  totalUsd: number;
  /** Sum of the discounted rows: the present value of the option's cost. */
  presentUsd: number;
}

export interface Payback {
  /** First month whose cumulative cash saving against the API is ≥ 0 (terminal value left out). */
  cashMonth: number | null;
  /** The same with each row discounted. */
  discountedMonth: number | null;
}

export interface TerminalValue {
  /** What is committed: bought hardware, a reservation, or nothing (rent on demand). */
  kind: 'bought' | 'reserved' | null;
  rule: TcoModel['finance']['terminalValue']['rule'];
  /** What bought lots still inside their cycle are worth at the end of the horizon (≥ 0). */
  valueUsd: number;
  /** Invoices of reservations still due after the horizon, discounted to its end (≥ 0). */
  obligationUsd: number;
  /** Months the longest commitment runs past the horizon; 0 when none does. */
  monthsBeyond: number;
}

export interface HorizonView {
  months: number;
  /** Month 0 and every month 1…N (a lean view: months 0 and 1 only). */
  points: HorizonMonth[];
  /** Level-cost crossing: first month whose cumulative level cost is at most the API's; null when none within the horizon. */
  crossingMonth: { selfHosted: number | null; hybrid: number | null };
  /** Cumulative API level cost minus the option's at the end of the horizon (positive = the option saves). */
  savingAtEndUsd: { selfHosted: number | null; hybrid: number };
  /** Net present value of the cash saving against the API at the WACC: PV(API) − PV(option). */
  npvUsd: { selfHosted: number | null; hybrid: number };
  /** Present value of each option's cash-flow statement (its cost). */
  presentCostUsd: { api: number; selfHosted: number | null; hybrid: number };
  cashFlow: { api: CashFlow; selfHosted: CashFlow | null; hybrid: CashFlow };
  payback: { selfHosted: Payback; hybrid: Payback };
  /** Cumulative cash saved against the API by row (the cash-flow chart); null when self-hosting has no statement. */
  cashSaving: { selfHosted: CashSaving | null; hybrid: CashSaving };
  terminal: { selfHosted: TerminalValue | null; hybrid: TerminalValue };
  waccYearly: number;
  rateConvention: TcoModel['finance']['capital']['rateConvention'];
  /** The monthly rate the rows are discounted at. */
  monthlyRate: number;
  /** The move from the API (parallel months, ramp months) and the tax rate of the statement (0 = before tax). */
  ramp: TcoModel['finance']['ramp'];
  taxRate: number;
  /** First month whose volume needs more than MAX_REPLICAS replicas; self-hosting has no figure from then on. */
  beyondLimitFromMonth: number | null;
  /**
   * When today's monthly figures and the NPV point to different options (self-hosted against
   * the API), what makes the horizon differ; null when they agree.
   */
  disagreement: Disagreement | null;
}

export type DisagreementReason = 'commitment-beyond-horizon' | 'terminal-value' | 'outlook' | 'ramp' | 'tax' | 'timing';
export interface Disagreement {
  monthly: 'self-hosted' | 'api';
  npv: 'self-hosted' | 'api';
  reasons: DisagreementReason[];
}

const close = (a: number, b: number) => a <= b + 1e-9 * Math.max(1, Math.abs(b));

/**
 * The model of year y of the horizon: API and GPU prices of that year, one-time costs taken out.
 * The volume of each month is passed beside it (every sizing and cost function takes the tasks),
 * so a year's model serves its twelve months.
 */
function yearModel(model: TcoModel, year: number): TcoModel {
  const f = model.finance;
  const o = f.outlook;
  const api = Math.pow(1 + o.apiPriceChangeYearly, year);
  const gpu = Math.pow(1 + o.gpuPriceChangeYearly, year);
  const p = model.apiPerTask;
  const r = model.rates;
  return {
    ...model,
    apiPerTask: {
      uncachedInputUsd: p.uncachedInputUsd * api,
      cachedInputUsd: p.cachedInputUsd * api,
      outputUsd: p.outputUsd * api,
      totalUsd: p.totalUsd * api,
    },
    rates: { ...r, gpuPerReplica: r.gpuPerReplica * gpu, scaling: { ...r.scaling, opsFixed: r.scaling.opsFixed - oneTimeMonthly(f) } },
    burst: model.burst === null ? null : { ...model.burst, onDemandPerWeekHour: model.burst.onDemandPerWeekHour * gpu },
  };
}

/** One committed replica: a reservation for its term, or bought hardware for its cycle. */
interface Lot {
  /** First and last month it is held. */
  start: number;
  end: number;
  /** Level monthly cost (the page's monthly GPU figure of one replica at the lot's price). */
  level: number;
  /** Reserved: paid at signing, and invoiced each month of the term. */
  upfront: number;
  invoice: number;
  /** Bought: paid at the start, sold for `residual` after its cycle; `hardware` is the GPUs' price without the overhead. */
  capex: number;
  residual: number;
  hardware: number;
}

type Commitment = { kind: 'reserved' | 'bought'; months: number } | null;

function commitmentOf(model: TcoModel): Commitment {
  const f = model.finance;
  if (f.costMode === 'buy') return { kind: 'bought', months: f.amortisationMonths };
  const mode = billingMode(f);
  // Mixed billing: the reserved base is taken in lots, the burst is rent of its month.
  if (mode === 'reserved' || mode === 'mixed') return { kind: 'reserved', months: f.billing.reservedTermMonths };
  return null;
}

/** A lot taken in month m, at `level` a month (one replica's GPU cost at that month's price). */
function newLot(model: TcoModel, level: number, c: NonNullable<Commitment>, m: number): Lot {
  const f = model.finance;
  const lot: Lot = { start: m, end: m + c.months - 1, level, upfront: 0, invoice: 0, capex: 0, residual: 0, hardware: 0 };
  if (c.kind === 'reserved') {
    // The list figure of the term: the level cost ÷ the upfront's factor (1 without upfront or WACC).
    const list = level / reservedCostFactor(f.billing, f.capital);
    lot.upfront = f.billing.upfrontShare * c.months * list;
    lot.invoice = (1 - f.billing.upfrontShare) * list;
  } else {
    // The price of the month it is bought in: the outlook's factor on today's price.
    const factor = model.rates.gpuPerReplica > 0 ? level / model.rates.gpuPerReplica : 1;
    lot.hardware = model.gpusPerReplica * f.capexPerGpu * factor;
    lot.capex = lot.hardware * (1 + f.infraOverheadShare);
    lot.residual = lot.hardware * f.residualShare;
  }
  return lot;
}

/** Column of each line in a ledger's cells (row t × LINE_COUNT + column). */
const COL: Readonly<Record<CashLine, number>> = {
  capex: 0,
  upfront: 1,
  rent: 2,
  residual: 3,
  power: 4,
  staff: 5,
  other: 6,
  oneTime: 7,
  api: 8,
  terminal: 9,
  tax: 10,
};
const LINE_COUNT = CASH_LINES.length;

/**
 * Cash by row and line, as one typed array: rows 0…months × the ten lines. Plain numbers, no
 * object per row: the loop runs for every Monte Carlo sample.
 */
/**
 * Scratch arrays reused from one run to the next (a run is synchronous and nothing keeps its
 * arrays: the view copies them into its rows), so a Monte Carlo sample allocates none.
 */
const scratch: Float64Array[] = [];
function zeroed(slot: number, length: number): Float64Array {
  let a = scratch[slot];
  if (a === undefined || a.length < length) {
    a = new Float64Array(length);
    scratch[slot] = a;
  } else a.fill(0, 0, length);
  return a;
}

class Cells {
  readonly values: Float64Array;
  /** The tax on what row N counts at the end (the terminal value's loss or gain, invoices still due): left out of the paybacks with it. */
  terminalTax = 0;
  constructor(
    readonly months: number,
    slot: number,
  ) {
    this.values = zeroed(slot, (months + 1) * LINE_COUNT);
  }
  add(t: number, line: CashLine, usd: number): void {
    const i = t * LINE_COUNT + COL[line];
    this.values[i] = (this.values[i] as number) + usd;
  }
  get(t: number, line: CashLine): number {
    return this.values[t * LINE_COUNT + COL[line]] as number;
  }
  /** Sum of row t's lines. */
  total(t: number): number {
    let sum = 0;
    for (let i = t * LINE_COUNT; i < (t + 1) * LINE_COUNT; i++) sum += this.values[i] as number;
    return sum;
  }
}

/** The running costs of a month with its replicas (spare included), at that month's prices. */
interface MonthCost {
  totalReplicas: number;
  gpu: number;
  power: number;
  staff: number;
  ops: number;
}

/** One option's month by month: its lots, its level costs and its cash rows. */
class Ledger {
  readonly lots: Lot[] = [];
  readonly cells: Cells;
  /** What is deducted for tax in each row besides the cash costs: depreciation, an upfront spread over its term. */
  readonly deducted: Float64Array;
  /** Row N for tax: deductions still to come after the horizon (less any gain on the terminal value). */
  deductedAtEnd = 0;
  constructor(
    private readonly model: TcoModel,
    private readonly commitment: Commitment,
    months: number,
    slot: number,
  ) {
    this.cells = new Cells(months, slot);
    this.deducted = zeroed(slot + 10, months + 1);
  }
  /** Lots held in month m. */
  held(m: number): Lot[] {
    return this.lots.filter((l) => l.start <= m && m <= l.end);
  }
  /**
   * Month m with `total` replicas running (spare included) and the running costs of those
   * replicas; returns the level GPU cost. Lots are taken up to `total`; `burstUsd` is on-demand
   * rent beside them (mixed billing).
   */
  month(m: number, lotLevel: number, total: number, cost: MonthCost, apiUsd: number, burstUsd = 0): number {
    const cells = this.cells;
    cells.add(m, 'power', cost.power);
    cells.add(m, 'staff', cost.staff);
    cells.add(m, 'other', cost.ops);
    cells.add(m, 'api', apiUsd);
    const c = this.commitment;
    if (c === null) {
      cells.add(m, 'rent', cost.gpu);
      return cost.gpu;
    }
    const held = this.held(m);
    for (let i = held.length; i < total; i++) {
      const lot = newLot(this.model, lotLevel, c, m);
      this.lots.push(lot);
      held.push(lot);
      cells.add(m - 1, 'capex', lot.capex);
      cells.add(m - 1, 'upfront', lot.upfront);
    }
    cells.add(m, 'rent', burstUsd);
    let level = burstUsd;
    for (const lot of held) {
      level += lot.level;
      cells.add(m, 'rent', lot.invoice);
      if (lot.end === m) cells.add(m, 'residual', -lot.residual);
      // Tax: bought hardware depreciates straight line to its residual over the cycle; an upfront
      // is deducted over the term it pays for.
      this.deducted[m] = (this.deducted[m] as number) + (c.kind === 'bought' ? (lot.capex - lot.residual) / c.months : lot.upfront / c.months);
    }
    return level;
  }
  /** Row N: the lots still running after the horizon, by the terminal value rule. */
  close(n: number, r: number): TerminalValue {
    const f = this.model.finance;
    const tv = f.terminalValue;
    let value = 0;
    let obligation = 0;
    let beyond = 0;
    for (const lot of this.held(n)) {
      if (lot.end <= n) continue;
      const left = lot.end - n;
      beyond = Math.max(beyond, left);
      if (this.commitment?.kind === 'reserved') {
        let due = 0;
        for (let k = 1; k <= left; k++) due += lot.invoice / Math.pow(1 + r, k);
        obligation += due;
        // Deducted when paid, and the upfront's months still to come.
        this.deductedAtEnd += due + (lot.upfront * left) / f.billing.reservedTermMonths;
      } else {
        const book = lot.capex - ((lot.capex - lot.residual) * (n - lot.start + 1)) / f.amortisationMonths;
        const worth = tv.rule === 'book' ? book : tv.rule === 'resale-share' ? tv.resaleShare * lot.hardware : 0;
        value += worth;
        // Sold or written off at the end: a price below book value is a loss to deduct, above it a gain taxed.
        this.deductedAtEnd += book - worth;
      }
    }
    this.cells.add(n, 'terminal', obligation - value);
    return { kind: this.commitment?.kind ?? null, rule: tv.rule, valueUsd: value, obligationUsd: obligation, monthsBeyond: beyond };
  }
}

/**
 * The tax line (docs/tco.md §3d): at `rate`, each row's cash costs and its depreciation are
 * deducted, paid in the same row; capex and a residual sold at book value are not. A negative
 * line is tax saved.
 */
function applyTax(cells: Cells, deducted: Float64Array | null, atEnd: number, rate: number): void {
  if (!(rate > 0)) return;
  const n = cells.months;
  for (let t = 0; t <= n; t++) {
    const costs = cells.get(t, 'rent') + cells.get(t, 'power') + cells.get(t, 'staff') + cells.get(t, 'other') + cells.get(t, 'oneTime') + cells.get(t, 'api');
    cells.add(t, 'tax', -rate * (costs + (deducted?.[t] ?? 0) + (t === n ? atEnd : 0)));
  }
  cells.terminalTax = -rate * atEnd;
}

function statement(cells: Cells, r: number, keepRows: boolean): CashFlow {
  let total = 0;
  let present = 0;
  const rows: CashRow[] = [];
  for (let month = 0; month <= cells.months; month++) {
    const totalUsd = cells.total(month);
    const discountFactor = 1 / Math.pow(1 + r, month);
    total += totalUsd;
    present += totalUsd * discountFactor;
    if (!keepRows) continue;
    const lines = {} as Record<CashLine, number>;
    for (const k of CASH_LINES) lines[k] = cells.get(month, k);
    rows.push({ month, lines, totalUsd, discountFactor, presentUsd: totalUsd * discountFactor });
  }
  return { rows, totalUsd: total, presentUsd: present };
}

/** Cumulative saving of an option against the API, row by row, in cash and discounted; the terminal value (and its tax) left out. */
export interface CashSaving {
  cash: number[];
  discounted: number[];
}

function savingOf(api: Cells, option: Cells, r: number): CashSaving {
  let cash = 0;
  let discounted = 0;
  const out: CashSaving = { cash: [], discounted: [] };
  for (let t = 0; t <= option.months; t++) {
    const atEnd = t === option.months ? option.get(t, 'terminal') + option.terminalTax : 0;
    const saving = api.total(t) - (option.total(t) - atEnd);
    cash += saving;
    discounted += saving / Math.pow(1 + r, t);
    out.cash.push(cash);
    out.discounted.push(discounted);
  }
  return out;
}

/** Cash and discounted payback: the first month (≥ 1) whose cumulative saving is at least 0. */
function paybackOf(saving: CashSaving, api: Cells): Payback {
  const first = (series: number[]) => {
    for (let t = 1; t < series.length; t++) if ((series[t] as number) >= -1e-9 * Math.max(1, api.total(t))) return t;
    return null;
  };
  return { cashMonth: first(saving.cash), discountedMonth: first(saving.discounted) };
}

/**
 * Share of the work the deployment serves in month m: none in the parallel months, then
 * k ÷ rampMonths in the k-th month of the ramp, all of it after.
 */
export function movedShare(ramp: TcoModel['finance']['ramp'], m: number): number {
  if (m <= ramp.parallelMonths) return 0;
  const k = m - ramp.parallelMonths;
  return ramp.rampMonths > 0 && k < ramp.rampMonths ? k / ramp.rampMonths : 1;
}

/**
 * How the horizon sizes the hybrid: its cheapest split each month (the page), a fixed number of
 * owned replicas decided beforehand (the uncertainty views: a team decides K before it knows the
 * outcome), or not at all (the self-hosted figures alone, for speed).
 */
export type HorizonHybrid = 'optimal' | { fixed: number } | 'none';

/** The months run through: each option's ledger, the level costs and what the loop found. */
interface Run {
  n: number;
  r: number;
  commitment: Commitment;
  apiCells: Cells;
  self: Ledger;
  hybrid: Ledger;
  points: HorizonMonth[];
  selfServes: boolean;
  hybridStarted: boolean;
  beyondLimitFrom: number | null;
  crossSelf: number | null;
  crossHybrid: number | null;
  cumApi: number;
  cumSelf: number | null;
  cumHybrid: number;
  selfTerminal: TerminalValue | null;
  hybridTerminal: TerminalValue;
}

function run(model: TcoModel, hybridMode: HorizonHybrid, keepPoints: boolean): Run {
  const f = model.finance;
  const n = f.horizonMonths;
  const oneTime = f.oneTimeUsd;
  const r = monthlyRate(f.capital);
  const canServe = servesAnyWork(model) && model.selfAttemptFactor !== null;
  const commitment = commitmentOf(model);
  const apiCells = new Cells(n, 0);
  const self = new Ledger(model, commitment, n, 1);
  const hybrid = new Ledger(model, commitment, n, 2);
  const points: HorizonMonth[] = [
    {
      month: 0,
      volumeFactor: 1,
      apiUsd: 0,
      selfUsd: canServe ? oneTime : null,
      hybridUsd: 0,
      hybridReplicas: 0,
      cumulativeApiUsd: 0,
      cumulativeSelfUsd: canServe ? oneTime : null,
      cumulativeHybridUsd: 0,
    },
  ];
  if (canServe) self.cells.add(0, 'oneTime', oneTime);
  let cumApi = 0;
  let cumSelf: number | null = canServe ? oneTime : null;
  let cumHybrid = 0;
  let selfServes = canServe;
  let hybridStarted = false;
  let beyondLimitFrom: number | null = null;
  let crossSelf: number | null = null;
  let crossHybrid: number | null = null;
  // Prices change by year; the model itself is read at today's prices and scaled, so the loop
  // (run for every Monte Carlo sample) builds no model per month.
  const oneTimeLevel = oneTimeMonthly(f);
  const basePerTask = apiPerTaskTotal(model);
  let apiFactor = 1;
  let gpuFactor = 1;
  let yearOf: TcoModel | null = null;
  let modelYear = -1;
  let hybridMemo: { year: number; tasks: number; sunk: number; replicas: number } | null = null;
  const costAt = (replicas: number, served: number, pricing: Pricing): MonthCost => {
    const c = selfHostedCost(model, replicas, served, pricing);
    return { totalReplicas: c.totalReplicas, gpu: c.gpu * gpuFactor, power: c.power, staff: c.staff, ops: c.totalReplicas > 0 ? c.ops - oneTimeLevel : 0 };
  };
  for (let m = 1; m <= n; m++) {
    const year = Math.floor((m - 1) / 12);
    if (year !== modelYear) {
      apiFactor = Math.pow(1 + f.outlook.apiPriceChangeYearly, year);
      gpuFactor = Math.pow(1 + f.outlook.gpuPriceChangeYearly, year);
      yearOf = null;
      modelYear = year;
    }
    const lotLevel = model.rates.gpuPerReplica * gpuFactor;
    // The move from the API: the deployment runs from month 1 (sized for all the work), the
    // API serving what has not moved yet.
    const moved = movedShare(f.ramp, m);
    const tasks = model.tasks * Math.pow(1 + f.outlook.volumeGrowthMonthly, m - 1);
    const perTask = basePerTask * apiFactor;
    const api = perTask * tasks;
    apiCells.add(m, 'api', api);

    // Self-hosted: the replicas the month's volume needs; beyond the replica limit the
    // deployment cannot be sized, so it has no figure from that month on.
    let used = selfServes ? replicasUsed(model, tasks) : null;
    if (used !== null && used > MAX_REPLICAS) {
      beyondLimitFrom ??= m;
      used = null;
    }
    let selfLevel: number | null = null;
    if (used !== null) {
      const cost = costAt(used, tasks * moved, 'deployment');
      const notMoved = api * (1 - moved);
      // Mixed billing: the base with the lots held counted, the burst above it on demand.
      let lots = cost.totalReplicas;
      let burstUsd = 0;
      if (model.burst !== null) {
        const split = mixedSplit(
          model.burst,
          model.rates.gpuPerReplica,
          peakLoad(model, tasks * moved),
          used,
          Math.max(0, self.held(m).length - model.spareReplicas),
        );
        lots = split.reservedReplicas + model.spareReplicas;
        burstUsd = split.burstUsd * gpuFactor;
      }
      const gpu = self.month(m, lotLevel, lots, cost, notMoved, burstUsd);
      selfLevel = gpu + cost.power + cost.staff + cost.ops + notMoved;
    } else selfServes = false;

    // Hybrid: the cheapest split with the lots it holds sunk; the one-time cost is paid at the
    // start of its first month with replicas, as self-hosting pays it before month 1.
    // Without a hybrid (the uncertainty views of self-hosting) it is the API, and nothing is sized.
    let hybridLevel = api;
    let hybridReplicas = 0;
    if (hybridMode === 'none') hybrid.cells.add(m, 'api', api);
    else {
      const sunk = hybrid.held(m).length;
      if (hybridMode === 'optimal') {
        // The same year, volume and lots held give the same choice: a flat horizon asks once.
        if (hybridMemo === null || hybridMemo.year !== year || hybridMemo.tasks !== tasks || hybridMemo.sunk !== sunk) {
          yearOf ??= yearModel(model, year);
          hybridMemo = { year, tasks, sunk, replicas: cheapestHybridTotal(yearOf, tasks, sunk).replicas };
        }
        hybridReplicas = hybridMemo.replicas;
      } else hybridReplicas = hybridMode.fixed;
      const share = hybridReplicas > 0 ? servedShare(model, tasks, hybridReplicas) * moved : 0;
      const hCost = costAt(hybridReplicas, tasks * share, { owned: tasks * moved });
      const overflow = perTask * tasks * (1 - share);
      const hGpu = hybrid.month(m, lotLevel, hCost.totalReplicas, hCost, overflow);
      let hybridOneTime = 0;
      if (hybridReplicas > 0 && !hybridStarted) {
        hybridStarted = true;
        hybridOneTime = oneTime;
        hybrid.cells.add(m - 1, 'oneTime', oneTime);
      }
      hybridLevel = hGpu + hCost.power + hCost.staff + hCost.ops + overflow + hybridOneTime;
    }

    cumApi += api;
    cumSelf = cumSelf === null || selfLevel === null ? null : cumSelf + selfLevel;
    cumHybrid += hybridLevel;
    if (crossSelf === null && cumSelf !== null && close(cumSelf, cumApi)) crossSelf = m;
    if (crossHybrid === null && close(cumHybrid, cumApi) && hybridStarted) crossHybrid = m;
    if (keepPoints || m === 1)
      points.push({
        month: m,
        volumeFactor: tasks / Math.max(model.tasks, Number.MIN_VALUE),
        apiUsd: api,
        selfUsd: selfLevel,
        hybridUsd: hybridLevel,
        hybridReplicas,
        cumulativeApiUsd: cumApi,
        cumulativeSelfUsd: cumSelf,
        cumulativeHybridUsd: cumHybrid,
      });
  }
  const selfTerminal = selfServes ? self.close(n, r) : null;
  const hybridTerminal = hybrid.close(n, r);
  const rate = f.tax.rate;
  applyTax(apiCells, null, 0, rate);
  applyTax(self.cells, self.deducted, self.deductedAtEnd, rate);
  applyTax(hybrid.cells, hybrid.deducted, hybrid.deductedAtEnd, rate);
  return {
    n,
    r,
    commitment,
    apiCells,
    self,
    hybrid,
    points,
    selfServes,
    hybridStarted,
    beyondLimitFrom,
    crossSelf,
    crossHybrid,
    cumApi,
    cumSelf,
    cumHybrid,
    selfTerminal,
    hybridTerminal,
  };
}

export function horizonView(model: TcoModel, options: { hybrid?: HorizonHybrid; lean?: boolean } = {}): HorizonView {
  const hybridMode = options.hybrid ?? 'optimal';
  const keep = options.lean !== true;
  const f = model.finance;
  const h = run(model, hybridMode, keep);
  const { n, r, apiCells, self, hybrid } = h;
  const apiFlow = statement(apiCells, r, keep);
  const selfFlow = h.selfServes ? statement(self.cells, r, keep) : null;
  // Without a hybrid its statement is the API's.
  const hybridFlow = hybridMode === 'none' ? apiFlow : statement(hybrid.cells, r, keep);
  const noPayback: Payback = { cashMonth: null, discountedMonth: null };
  const selfSaving = h.selfServes ? savingOf(apiCells, self.cells, r) : null;
  const hybridSaving = savingOf(apiCells, hybridMode === 'none' ? apiCells : hybrid.cells, r);
  const npvSelf = selfFlow === null ? null : apiFlow.presentUsd - selfFlow.presentUsd;
  return {
    months: n,
    points: h.points,
    crossingMonth: { selfHosted: h.crossSelf, hybrid: h.crossHybrid },
    savingAtEndUsd: { selfHosted: h.cumSelf === null ? null : h.cumApi - h.cumSelf, hybrid: h.cumApi - h.cumHybrid },
    npvUsd: { selfHosted: npvSelf, hybrid: apiFlow.presentUsd - hybridFlow.presentUsd },
    presentCostUsd: { api: apiFlow.presentUsd, selfHosted: selfFlow?.presentUsd ?? null, hybrid: hybridFlow.presentUsd },
    cashFlow: { api: apiFlow, selfHosted: selfFlow, hybrid: hybridFlow },
    payback: {
      selfHosted: selfSaving === null ? noPayback : paybackOf(selfSaving, apiCells),
      hybrid: h.hybridStarted ? paybackOf(hybridSaving, apiCells) : noPayback,
    },
    cashSaving: { selfHosted: selfSaving, hybrid: hybridSaving },
    terminal: { selfHosted: h.selfTerminal, hybrid: h.hybridTerminal },
    waccYearly: f.capital.waccYearly,
    rateConvention: f.capital.rateConvention,
    monthlyRate: r,
    ramp: f.ramp,
    taxRate: f.tax.rate,
    beyondLimitFromMonth: h.beyondLimitFrom,
    disagreement: disagreementOf(model, npvSelf, h.selfTerminal, h.commitment),
  };
}

/** An option's NPV against the API and its cash payback month over the horizon. */
export interface HorizonOutcome {
  npvUsd: number | null;
  paybackMonth: number | null;
}

/**
 * The NPV and cash payback alone, for the uncertainty views (the same months as horizonView, no
 * statement built): self-hosting with `hybrid: 'none'`, the hybrid at a fixed number of owned
 * replicas.
 */
export function horizonOutcome(model: TcoModel, option: 'self-hosted' | 'hybrid', hybridReplicas = 0): HorizonOutcome {
  if (option === 'self-hosted') {
    const flat = flatOutcome(model);
    if (flat !== undefined) return flat;
  }
  const h = run(model, option === 'hybrid' ? { fixed: hybridReplicas } : 'none', false);
  const cells = option === 'hybrid' ? h.hybrid.cells : h.self.cells;
  if (option === 'self-hosted' && !h.selfServes) return { npvUsd: null, paybackMonth: null };
  // One pass: the NPV and the first month the cumulative cash saving (terminal value and its
  // tax left out) reaches 0, as savingOf and paybackOf give it.
  let npv = 0;
  let cash = 0;
  let payback: number | null = null;
  const n = cells.months;
  for (let t = 0; t <= n; t++) {
    const api = h.apiCells.total(t);
    const own = cells.total(t);
    npv += (api - own) / Math.pow(1 + h.r, t);
    cash += api - own + (t === n ? cells.get(t, 'terminal') + cells.terminalTax : 0);
    if (payback === null && t >= 1 && cash >= -1e-9 * Math.max(1, api)) payback = t;
  }
  return { npvUsd: npv, paybackMonth: option === 'hybrid' && !h.hybridStarted ? null : payback };
}

/**
 * Today's monthly comparison (the page's monthly figures: the steady month, the one-time cost as
 * its level payment) against the sign of the NPV, and why they differ.
 */
function disagreementOf(model: TcoModel, npv: number | null, terminal: TerminalValue | null, commitment: Commitment): Disagreement | null {
  const used = replicasUsed(model, model.tasks);
  if (used === null || npv === null) return null;
  const monthly = selfHostedTotal(model, used, model.tasks) < apiPerTaskTotal(model) * model.tasks ? 'self-hosted' : 'api';
  const byNpv = npv > 0 ? 'self-hosted' : 'api';
  if (monthly === byNpv) return null;
  const reasons: DisagreementReason[] = [];
  if (terminal !== null && terminal.monthsBeyond > 0) reasons.push(commitment?.kind === 'bought' ? 'terminal-value' : 'commitment-beyond-horizon');
  const o = model.finance.outlook;
  if (o.volumeGrowthMonthly !== 0 || o.apiPriceChangeYearly !== 0 || o.gpuPriceChangeYearly !== 0) reasons.push('outlook');
  if (model.finance.ramp.parallelMonths + model.finance.ramp.rampMonths > 0) reasons.push('ramp');
  if (model.finance.tax.rate > 0) reasons.push('tax');
  if (reasons.length === 0) reasons.push('timing');
  return { monthly, npv: byNpv, reasons };
}

/**
 * The self-hosted outcome in closed form when every month is the same: rent on demand or
 * scale-to-zero (no lots), flat volume and prices, no move from the API. Each month then saves
 * s = API − self-hosted (the one-time cost out), every row is scaled by (1 − tax rate), so
 * NPV = (1 − t) × (s × Σ 1 ÷ (1 + r)^m − one-time), and the cash payback is the first month m ≥ 1
 * with m × s ≥ one-time. The same figures as the month-by-month run (`horizon.test.ts` checks
 * both), without the loop the Monte Carlo would run for every sample. undefined when a month can
 * differ.
 */
function flatOutcome(model: TcoModel): HorizonOutcome | undefined {
  const f = model.finance;
  const o = f.outlook;
  if (
    commitmentOf(model) !== null ||
    o.volumeGrowthMonthly !== 0 ||
    o.apiPriceChangeYearly !== 0 ||
    o.gpuPriceChangeYearly !== 0 ||
    f.ramp.parallelMonths + f.ramp.rampMonths > 0
  )
    return undefined;
  if (!(servesAnyWork(model) && model.selfAttemptFactor !== null)) return { npvUsd: null, paybackMonth: null };
  const used = replicasUsed(model, model.tasks);
  if (used === null || used > MAX_REPLICAS) return { npvUsd: null, paybackMonth: null };
  const n = f.horizonMonths;
  const r = monthlyRate(f.capital);
  const keep = 1 - f.tax.rate;
  const api = apiPerTaskTotal(model) * model.tasks;
  const saving = api - (selfHostedTotal(model, used, model.tasks) - oneTimeMonthly(f));
  const annuity = r > 0 ? (1 - Math.pow(1 + r, -n)) / r : n;
  const oneTime = f.oneTimeUsd;
  // The month-by-month run's tolerance on the cumulative saving, in untaxed terms.
  const tol = (1e-9 * Math.max(1, keep * api)) / keep;
  let payback: number | null;
  if (saving > 0) payback = Math.max(1, Math.ceil((oneTime - tol) / saving - 1e-12));
  else payback = saving - oneTime >= -tol ? 1 : null;
  if (payback !== null && payback > n) payback = null;
  return { npvUsd: keep * (saving * annuity - oneTime), paybackMonth: payback };
}
