import { ARTICLE_SOURCES } from './api-offers';
import type { GpuPriceRecord, GpuPriceTier, SourceRef } from './types';

/**
 * GPU rental and cost rates in USD per GPU-hour. Node and cluster prices are divided by the
 * GPU count when entered; the note keeps the original node figure.
 *
 * Cloud H100/H200 instances (AWS p5, Azure ND v5, GCP a3, 8-GPU neocloud nodes) are SXM boards,
 * so "H100" / "H200" map to h100-sxm / h200-sxm unless a source says otherwise.
 */

const JS: SourceRef = {
  title: 'juliensimon/ai-inference-tco-calculator gpus.py ("Pricing as of August 1, 2026")',
  url: 'https://github.com/juliensimon/ai-inference-tco-calculator/blob/main/gpus.py',
  checked: '2026-08-01',
  kind: 'aggregator',
  note: 'On-demand list prices. Regions: AWS us-east-1, GCP us-central1, Azure East US (H200/MI300X East US 2).',
};

const SEMIANALYSIS: SourceRef = {
  title: 'SemiAnalysisAI/InferenceX-app constants.ts (SemiAnalysis AI Cloud TCO Model)',
  url: 'https://github.com/SemiAnalysisAI/InferenceX-app/blob/main/packages/app/src/lib/constants.ts',
  checked: '2026-04-01',
  kind: 'aggregator',
  note: 'Owner TCO or 3-year contract rates used by InferenceX, not on-demand list prices. File last changed 2026-04-01.',
};

const SKYPILOT_NEBIUS: SourceRef = {
  title: 'skypilot-org/skypilot-catalog catalogs/v7/nebius/vms.csv',
  url: 'https://github.com/skypilot-org/skypilot-catalog/blob/master/catalogs/v7/nebius/vms.csv',
  checked: '2026-08-15',
  kind: 'aggregator',
  note: 'Undated catalog snapshot; the date is when the TCO reference was compiled, not when the price was set.',
};

const SKYPILOT_LAMBDA: SourceRef = {
  ...SKYPILOT_NEBIUS,
  title: 'skypilot-org/skypilot-catalog catalogs/v7/lambda/vms.csv',
  url: 'https://github.com/skypilot-org/skypilot-catalog/blob/master/catalogs/v7/lambda/vms.csv',
};

const AWS_CAPACITY_BLOCKS: SourceRef = {
  title: 'Amazon EC2 Capacity Blocks for ML Pricing (read from a mirror)',
  url: 'https://aws.amazon.com/ec2/capacityblocks/pricing/',
  checked: '2025-01-01',
  kind: 'vendor',
  note: 'Short-term reserved capacity. The page said rates were "to be updated January 1, 2025"; that date is used.',
};

const H200_SURVEY: SourceRef = {
  title: 'Public GitHub file "H200 GPU Pricing Summary" (repository name not recorded)',
  checked: '2026-01-02',
  kind: 'community',
  note: "Survey citing each provider's pricing page; assumed on-demand.",
};

const CLIFFCENTER: SourceRef = {
  title: 'cliffcenter.com "AMD inference economics"',
  checked: '2026-05-18',
  kind: 'community',
  note: 'Same post: InferenceMAX break-even vs H200 on Llama-70B chat is MI300X < $1.90/h, MI325X < $2.50/h.',
};

const price = (id: string, gpuId: string, provider: string, tier: GpuPriceTier, usdPerGpuHour: number, source: SourceRef, note?: string): GpuPriceRecord => ({
  id,
  gpuId,
  provider,
  tier,
  usdPerGpuHour,
  source: note === undefined ? source : { ...source, note: source.note === undefined ? note : `${source.note} ${note}` },
});

/** §3.1: [catalog gpu id, id prefix, hyperscaler TCO, neocloud TCO, 3-year rental, note]. */
const SEMIANALYSIS_TIERS: readonly (readonly [string, string, number, number, number, string?])[] = [
  ['h100-sxm', 'h100', 1.3, 1.69, 1.3],
  ['h200-sxm', 'h200', 1.41, 1.74, 1.6],
  ['b200', 'b200', 1.95, 2.34, 2.9],
  ['b300', 'b300', 2.34, 2.808, 3.48, 'Temporary value = 1.2 × B200 in the source.'],
  ['gb200', 'gb200', 2.21, 2.75, 3.3],
  ['gb300', 'gb300', 2.652, 3.3, 3.96, 'Temporary value = 1.2 × GB200 in the source.'],
  ['mi300x', 'mi300x', 1.12, 1.4, 1.55],
  ['mi325x', 'mi325x', 1.28, 1.59, 1.8],
  ['mi355x', 'mi355x', 1.48, 1.9, 2.1, 'No public per-hour MI355X rental list was found; these tiers are the only rate.'],
];

const semianalysisPrices = SEMIANALYSIS_TIERS.flatMap(([gpuId, prefix, hyperscaler, neocloud, rental, note]) => [
  price(`${prefix}-semianalysis-tco-hyperscaler`, gpuId, 'SemiAnalysis TCO (hyperscaler)', 'tco-hyperscaler', hyperscaler, SEMIANALYSIS, note),
  price(`${prefix}-semianalysis-tco-neocloud`, gpuId, 'SemiAnalysis TCO (neocloud)', 'tco-neocloud', neocloud, SEMIANALYSIS, note),
  price(`${prefix}-semianalysis-rental-3yr`, gpuId, 'SemiAnalysis 3-year rental', 'rental-3yr', rental, SEMIANALYSIS, note),
]);

/** H200 survey of 2026-01-02: [provider, id slug, $/GPU-h]. */
const H200_SURVEY_POINTS: readonly (readonly [string, string, number])[] = [
  ['Vultr', 'vultr', 1.99],
  ['Vast.ai', 'vast', 2.19],
  ['Sesterce', 'sesterce', 2.25],
  ['FluidStack', 'fluidstack', 2.3],
  ['Nebius', 'nebius', 2.3],
  ['Hyperstack', 'hyperstack', 3.5],
  ['RunPod', 'runpod', 3.59],
  ['JarvisLabs', 'jarvislabs', 3.8],
  ['CoreWeave', 'coreweave', 6.5],
  ['AWS', 'aws', 7.91],
  ['Oracle Cloud (OCI)', 'oci', 10.0],
  ['Google Cloud', 'gcp', 10.85],
  ['Azure', 'azure', 13.09],
];

const h200SurveyPrices = H200_SURVEY_POINTS.map(([provider, slug, usd]) =>
  price(`h200-${slug}-survey-2026-01`, 'h200-sxm', provider, 'on-demand', usd, H200_SURVEY),
);

export const GPU_PRICES: readonly GpuPriceRecord[] = [
  // ── §3.2 on-demand list prices, 2026-08-01 ─────────────────────────────────────────
  price(
    'h100-aws-on-demand',
    'h100-sxm',
    'AWS',
    'on-demand',
    6.88,
    JS,
    'p5.48xlarge $55.04 per 8-GPU node; AWS cut P5 prices in June 2025 (older trackers still show $98.32).',
  ),
  price('h200-aws-on-demand', 'h200-sxm', 'AWS', 'on-demand', 7.91, JS, 'p5en.'),
  price('b200-aws-on-demand', 'b200', 'AWS', 'on-demand', 14.24, JS, 'p6-b200 $113.93 per 8-GPU node.'),
  price('b300-aws-on-demand', 'b300', 'AWS', 'on-demand', 17.8, JS),
  price('h100-azure-on-demand', 'h100-sxm', 'Azure', 'on-demand', 12.29, JS, 'ND H100 v5.'),
  price('h200-azure-on-demand', 'h200-sxm', 'Azure', 'on-demand', 10.6, JS),
  price('gb200-azure-on-demand', 'gb200', 'Azure', 'on-demand', 27.04, JS, 'ND GB200 v6, $108.16 per 4-GPU node.'),
  price('mi300x-azure-on-demand', 'mi300x', 'Azure', 'on-demand', 6.0, JS),
  price('h100-gcp-on-demand', 'h100-sxm', 'Google Cloud', 'on-demand', 11.06, JS, 'a3-highgpu-8g, accelerator cost included (some trackers omit it).'),
  price('h200-gcp-on-demand', 'h200-sxm', 'Google Cloud', 'on-demand', 10.6, JS, 'a3-ultragpu-8g. GCP has no on-demand B200 (a4 prices are DWS Flex-start).'),
  price('h100-coreweave-on-demand', 'h100-sxm', 'CoreWeave', 'on-demand', 6.16, JS),
  price('h200-coreweave-on-demand', 'h200-sxm', 'CoreWeave', 'on-demand', 6.31, JS),
  price('b200-coreweave-on-demand', 'b200', 'CoreWeave', 'on-demand', 8.6, JS),
  price('gb200-coreweave-on-demand', 'gb200', 'CoreWeave', 'on-demand', 10.5, JS, 'GB200 NVL72, $42.00 per 4-GPU node.'),
  price('h100-crusoe-on-demand', 'h100-sxm', 'Crusoe', 'on-demand', 3.9, JS),
  price('h200-crusoe-on-demand', 'h200-sxm', 'Crusoe', 'on-demand', 4.29, JS),
  price('mi300x-crusoe-on-demand', 'mi300x', 'Crusoe', 'on-demand', 3.45, JS),
  price(
    'h100-lambda-on-demand',
    'h100-sxm',
    'Lambda',
    'on-demand',
    3.99,
    JS,
    '8-GPU pricing. Conflict: the skypilot catalog snapshot gives $23.92/h per 8×H100 SXM5 node = 2.99 (h100-lambda-skypilot-on-demand).',
  ),
  price('b200-lambda-on-demand', 'b200', 'Lambda', 'on-demand', 6.69, JS),
  price('h100-runpod-on-demand', 'h100-sxm', 'RunPod (Secure Cloud)', 'on-demand', 2.99, JS),
  price('h200-runpod-on-demand', 'h200-sxm', 'RunPod (Secure Cloud)', 'on-demand', 4.39, JS),
  price('b200-runpod-on-demand', 'b200', 'RunPod (Secure Cloud)', 'on-demand', 5.89, JS),
  price('b300-runpod-on-demand', 'b300', 'RunPod (Secure Cloud)', 'on-demand', 7.39, JS),
  price('h100-together-on-demand', 'h100-sxm', 'Together AI', 'on-demand', 3.99, JS),
  price('h200-together-on-demand', 'h200-sxm', 'Together AI', 'on-demand', 5.99, JS),
  price('b200-together-on-demand', 'b200', 'Together AI', 'on-demand', 8.19, JS),
  price(
    'h100-vast-on-demand',
    'h100-sxm',
    'Vast.ai (median, verified hosts)',
    'on-demand',
    3.15,
    JS,
    'Median of 21 listings; the SXM/PCIe split is not stated.',
  ),
  price('h200-vast-on-demand', 'h200-sxm', 'Vast.ai (median, verified hosts)', 'on-demand', 4.21, JS, 'Median of 7 listings.'),
  price('b200-vast-on-demand', 'b200', 'Vast.ai (median, verified hosts)', 'on-demand', 6.69, JS, 'Median of 25 listings.'),

  // ── Other dated points ──────────────────────────────────────────────────────────────
  price('h100-nebius-on-demand', 'h100-sxm', 'Nebius', 'on-demand', 2.95, SKYPILOT_NEBIUS),
  price('h200-nebius-on-demand', 'h200-sxm', 'Nebius', 'on-demand', 3.5, SKYPILOT_NEBIUS),
  price('b200-nebius-on-demand', 'b200', 'Nebius', 'on-demand', 5.5, SKYPILOT_NEBIUS, '$44.00/h per 8×B200 node.'),
  price('h100-nebius-spot', 'h100-sxm', 'Nebius', 'spot', 1.25, SKYPILOT_NEBIUS, 'Spot: can be pre-empted.'),
  price('h200-nebius-spot', 'h200-sxm', 'Nebius', 'spot', 1.45, SKYPILOT_NEBIUS, 'Spot: can be pre-empted.'),
  price(
    'h100-lambda-skypilot-on-demand',
    'h100-sxm',
    'Lambda',
    'on-demand',
    2.99,
    SKYPILOT_LAMBDA,
    '$23.92/h per 8×H100 SXM5 node; a single H100 is 3.29. Conflict with the 3.99 in juliensimon gpus.py (2026-08-01), which is newer.',
  ),
  price('h100-aws-capacity-block', 'h100-sxm', 'AWS EC2 Capacity Blocks', 'reserved', 4.916, AWS_CAPACITY_BLOCKS, 'p5 $39.33/h per 8-GPU instance.'),
  price('h200-aws-capacity-block', 'h200-sxm', 'AWS EC2 Capacity Blocks', 'reserved', 5.408, AWS_CAPACITY_BLOCKS, 'p5e $43.26/h per 8-GPU instance.'),
  price('h100-market-median-2026-05', 'h100-sxm', 'Market median (37 providers)', 'on-demand', 2.95, {
    title: 'aimultiple.com GPU rental price index',
    checked: '2026-05-20',
    kind: 'aggregator',
    note: 'Median across 37 providers; SXM/PCIe mix not stated. Newest-generation medians roughly doubled in a year as hyperscaler listings entered.',
  }),
  price('mi300x-tensorwave-on-demand', 'mi300x', 'TensorWave', 'on-demand', 1.5, CLIFFCENTER),
  price('mi300x-crusoe-spot', 'mi300x', 'Crusoe', 'spot', 1.71, CLIFFCENTER, 'Spot: can be pre-empted.'),
  price('mi300x-vultr-on-demand', 'mi300x', 'Vultr', 'on-demand', 1.85, CLIFFCENTER),
  price(
    'mi300x-oracle-on-demand',
    'mi300x',
    'Oracle Cloud (OCI)',
    'on-demand',
    6.0,
    CLIFFCENTER,
    'The source gives "Azure/Oracle 6.00" together; Azure is recorded from juliensimon gpus.py.',
  ),
  price('mi325x-tensorwave-on-demand', 'mi325x', 'TensorWave', 'on-demand', 1.95, CLIFFCENTER),
  ...h200SurveyPrices,

  // ── §3.1 SemiAnalysis TCO tiers, 2026-04-01 ────────────────────────────────────────
  ...semianalysisPrices,

  // ── Figures quoted by the source articles (claims) ─────────────────────────────────
  price(
    'h100-article-000',
    'h100-sxm',
    'Lambda Labs (per article 000)',
    'on-demand',
    4.0,
    ARTICLE_SOURCES.a000,
    'Article 000: an 8× H100 cluster "kostet auf Lambda Labs ~32 $/h (24/7), also ~23.000 $/Monat"; 32 / 8 = 4.00 per GPU-hour ' +
      '(32 × 730 h = $23,360 per month).',
  ),
  price(
    'h100-article-000-runpod-spot',
    'h100-sxm',
    'RunPod spot (per article 000)',
    'spot',
    4.5,
    ARTICLE_SOURCES.a000,
    'Article 000: a pilot on 4× H100 "gemietet über RunPod-Spot, 18 $/h"; 18 / 4 = 4.50 per GPU-hour.',
  ),
  price(
    'h100-article-004',
    'h100-sxm',
    'Lambda Labs (per article 004)',
    'on-demand',
    0.6025,
    ARTICLE_SOURCES.a004,
    'Article 004: 8× H100 80GB, "Cloud-Kosten: 4,82 $/Std. bei Lambda Labs". The article uses this as the rate of the whole cluster: ' +
      'its fixed cost "3.469 $ Cloud" per month equals 4.82 × 24 × 30 = $3,470, so the per-GPU rate is 4.82 / 8 = 0.6025. ' +
      'That is far below every other H100 quote here (article 000 puts the same cluster at ~$32/h, i.e. 4.00 per GPU-hour); ' +
      "read as a per-GPU rate, 4.82 would be in line with on-demand list prices but the article's monthly total would be 8× higher ($27,763 at 720 h).",
  ),
];
