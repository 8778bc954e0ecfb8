/**
 * Disaggregated serving (docs/tco.md §3g): a prefill pool and a decode pool of workers of the
 * same shape, sized apart by rate matching. A prefill worker serves `prefill` requests/s at the
 * TTFT target (on the uncached input), a decode worker `decode` requests/s at the ITL target (at
 * context ISL + OSL/2). For a demand of λ requests/s the pools need
 *
 *   nP = ⌈λ ÷ (0.9 × P)⌉   and   nD = ⌈λ ÷ (0.92 × D)⌉
 *
 * workers, the factors being aiconfigurator's prefill and decode correction scales as its
 * disaggregated search uses them (it maximises min(P·nP·0.9, D·nD·0.92) ÷ GPUs). The pool with
 * the smaller capacity at those counts binds.
 */

/** aiconfigurator's derating of the prefill pool's measured or modelled rate in rate matching. */
export const PREFILL_RATE_FACTOR = 0.9;
/** aiconfigurator's derating of the decode pool's rate in rate matching. */
export const DECODE_RATE_FACTOR = 0.92;

export type BindingPool = 'prefill' | 'decode';

export interface PoolSizes {
  prefillWorkers: number;
  decodeWorkers: number;
  /** Requests/s the pools serve at these counts: min(0.9·P·nP, 0.92·D·nD). */
  requestsPerSecond: number;
  /** The pool whose capacity at these counts is the smaller (prefill on a tie). */
  binding: BindingPool;
}

/** Workers each pool needs for `lambda` requests/s (at least one each); null without a rate. */
export function poolSizes(lambda: number, prefillPerWorker: number, decodePerWorker: number): PoolSizes | null {
  if (!(prefillPerWorker > 0) || !(decodePerWorker > 0) || !Number.isFinite(lambda)) return null;
  const p = PREFILL_RATE_FACTOR * prefillPerWorker;
  const d = DECODE_RATE_FACTOR * decodePerWorker;
  // Tolerance so an exact fit (3.0000000001 from rounding) does not add a worker.
  const prefillWorkers = Math.max(1, Math.ceil(Math.max(0, lambda) / p - 1e-9));
  const decodeWorkers = Math.max(1, Math.ceil(Math.max(0, lambda) / d - 1e-9));
  const cp = prefillWorkers * p;
  const cd = decodeWorkers * d;
  return { prefillWorkers, decodeWorkers, requestsPerSecond: Math.min(cp, cd), binding: cp <= cd ? 'prefill' : 'decode' };
}

/**
 * n workers split at best between the pools, in the unit of the per-worker capacities `kp` and
 * `kd` (already derated): the nP that maximises min(nP·kp, (n − nP)·kd), next to n·kd ÷ (kp + kd),
 * and what the split carries (0 below two workers: each pool needs one).
 */
export function bestSplit(n: number, kp: number, kd: number): { prefill: number; decode: number; carried: number } {
  if (n < 2 || !(kp > 0) || !(kd > 0)) return { prefill: 0, decode: 0, carried: 0 };
  const at = (np: number) => (np < 1 || np > n - 1 ? -1 : Math.min(np * kp, (n - np) * kd));
  const x = Math.floor((n * kd) / (kp + kd));
  let best = 1;
  for (const np of [x, x + 1, n - 1]) if (at(np) > at(best)) best = np;
  return { prefill: best, decode: n - best, carried: at(best) };
}

/** Work n workers carry when split at best between the pools (bestSplit). */
export function carriedBySplit(n: number, kp: number, kd: number): number {
  return bestSplit(n, kp, kd).carried;
}

/** A prefill pool's KV cache sent to the decode pool: bytes per request against the link. */
export interface KvTransfer {
  /** KV cache of one request's prompt (all of it: the decode worker needs the whole context). */
  bytesPerRequest: number;
  /** Link bandwidth of one prefill worker to the decode pool, GB/s. */
  workerGBps: number;
  /** Where the bandwidth comes from: the GPUs' scale-up domain (both pools in it) or the assumed scale-out network. */
  link: 'scale-up' | 'scale-out';
  /** Milliseconds one request's KV takes on the link (part of its TTFT). */
  ms: number;
  /** Requests/s one prefill worker's link can carry. */
  requestsPerSecond: number;
}

/**
 * Scale-out bandwidth assumed per GPU between the pools: one 400 Gb/s NIC per GPU (50 GB/s), as
 * the HGX H100/H200/B200 reference nodes pair each GPU with one ConnectX-7 (NVIDIA DGX H100 user
 * guide, "Network ports"). The catalog lists scale-up bandwidth only.
 */
export const SCALE_OUT_GBPS_PER_GPU = 50;

export function kvTransfer(
  bytesPerRequest: number,
  gpusPerWorker: number,
  scaleUp: { gbpsPerGpu: number | null; domainSize: number },
  poolGpus: number,
): KvTransfer {
  const inDomain = scaleUp.gbpsPerGpu !== null && scaleUp.gbpsPerGpu > 0 && poolGpus <= scaleUp.domainSize;
  const perGpu = inDomain ? (scaleUp.gbpsPerGpu as number) : SCALE_OUT_GBPS_PER_GPU;
  const workerGBps = perGpu * gpusPerWorker;
  const seconds = bytesPerRequest / (workerGBps * 1e9);
  return {
    bytesPerRequest,
    workerGBps,
    link: inDomain ? 'scale-up' : 'scale-out',
    ms: seconds * 1e3,
    requestsPerSecond: seconds > 0 ? 1 / seconds : Number.POSITIVE_INFINITY,
  };
}
