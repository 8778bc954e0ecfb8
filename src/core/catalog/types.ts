import type { Currency } from '../scenario/schema';
import type { ModelSpec, WeightFormat } from '../scenario/model-spec';

/**
 * Where a catalog figure comes from. Every record carries one: the UI shows it in a badge
 * with the date and flags figures older than six months.
 */
export interface SourceRef {
  /** Short human label, e.g. "pydantic/genai-prices moonshotai.yml". */
  title: string;
  url?: string;
  /** ISO date (YYYY-MM-DD) the figure was last checked or published. */
  checked: string;
  kind: 'vendor' | 'aggregator' | 'article' | 'community' | 'derived' | 'benchmark';
  /** Free text: caveats, conflicts with other sources, what was assumed. */
  note?: string;
}

/**
 * Memory as the runtime reports it: `nvidia-smi --query-gpu=memory.total` (AMD: `rocm-smi`),
 * in MiB (2^20 bytes). The vendors' "80 GB" is a marketing label, not 80 × 10⁹ bytes.
 */
export interface ReportedMemory {
  /** MiB (1,048,576 bytes) as the tool reports it. */
  mib: number;
  source: SourceRef;
}

export interface GpuRecord {
  id: string;
  name: string;
  vendor: 'NVIDIA' | 'AMD';
  /** Marketed memory, the label ("80 GB"). The memory model uses `reportedMemory` where known. */
  memoryGB: number;
  /**
   * Total memory as the runtime reports it; null where no reading is on record, and then the
   * marketed figure (memoryGB × 10⁹ bytes) stands in and the UI says so.
   */
  reportedMemory: ReportedMemory | null;
  /** TB/s (1e12 bytes per second). */
  bandwidthTBps: number;
  /** Dense tensor TFLOPS (no sparsity); null where the GPU has no such unit. */
  tflops: { bf16: number; fp8: number | null; fp4: number | null };
  interconnect: {
    kind: 'nvlink' | 'infinity-fabric' | 'pcie';
    /** Unidirectional scale-up bandwidth per GPU, GB/s; null if unknown. */
    scaleUpGBps: number | null;
    /** GPUs in one scale-up domain (8 for an HGX board, 72 for NVL72). */
    domainSize: number;
  };
  tdpW: number | null;
  /** GPUs in a typical server / rental node. */
  gpusPerNode: number;
  source: SourceRef;
  tdpSource?: SourceRef;
}

export interface ModelRecord extends ModelSpec {
  id: string;
  vendor: string;
  /** Other formats the model is commonly served in, with their checkpoint bytes where known. */
  /**
   * Other released checkpoints. `bf16ParamsB`: billions of parameters the checkpoint keeps in
   * BF16 (read from its quantisation config), so its size is computed from its real split rather
   * than the format's default rule; used when `checkpointBytes` is null.
   */
  variants?: { format: WeightFormat; checkpointBytes: number | null; label: string; bf16ParamsB?: number; source?: SourceRef }[];
  source: SourceRef;
}

export interface ApiOfferRecord {
  id: string;
  provider: string;
  model: string;
  /** Catalog model this offer serves, if it is in the catalog. */
  modelId: string | null;
  channel: 'first-party' | 'relay' | 'reseller';
  /** Currency the prices are listed in. */
  listCurrency: Currency;
  priceInputPerM: number;
  priceCachedInputPerM: number | null;
  priceOutputPerM: number;
  /**
   * Set when the offer invoices in another currency at a fixed peg: `perListUnit` invoice
   * units per list unit (article 000's relay: ¥1 per $1 → { currency: 'CNY', perListUnit: 1 }).
   * Absent: the invoice is in the list currency.
   */
  invoice?: { currency: Currency; perListUnit: number };
  source: SourceRef;
}

export type GpuPriceTier = 'on-demand' | 'reserved' | 'spot' | 'tco-hyperscaler' | 'tco-neocloud' | 'rental-3yr';

export interface GpuPriceRecord {
  id: string;
  gpuId: string;
  provider: string;
  tier: GpuPriceTier;
  /** USD per GPU-hour (node prices are divided by the node's GPU count at entry). */
  usdPerGpuHour: number;
  source: SourceRef;
}

export interface GpuPurchaseRecord {
  id: string;
  gpuId: string;
  /** USD per GPU, low and high end of the quoted range. */
  usdLow: number;
  usdHigh: number;
  powerW: number | null;
  source: SourceRef;
}
