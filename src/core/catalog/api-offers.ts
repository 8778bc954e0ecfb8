import type { ApiOfferRecord, SourceRef } from './types';

/**
 * Dated API list prices in the offer's list currency (USD for every record here) per 1M
 * tokens: input on a cache miss, cached input (cache hit), output (reasoning tokens are billed
 * as output). Relays that invoice in yuan at a fixed peg carry it in `invoice`.
 *
 * Figures come from the TCO reference §3.4, which read them from price-data repositories
 * (pydantic/genai-prices "GP", simonw/llm-prices "LP", juliensimon/ai-inference-tco-calculator
 * "JS"), plus the source articles' own figures as kind 'article' (shown as claims, with the
 * article's date). Relay and reseller prices drift and sometimes diverge from first-party ones.
 */

const gp = (file: string, checked: string, note?: string): SourceRef => ({
  title: `pydantic/genai-prices ${file}`,
  url: `https://github.com/pydantic/genai-prices/blob/main/prices/providers/${file}`,
  checked,
  kind: 'aggregator',
  ...(note === undefined ? {} : { note }),
});

const lp = (file: string, checked: string, note?: string): SourceRef => ({
  title: `simonw/llm-prices ${file}`,
  url: `https://github.com/simonw/llm-prices/blob/main/${file}`,
  checked,
  kind: 'aggregator',
  ...(note === undefined ? {} : { note }),
});

const js = (note?: string): SourceRef => ({
  title: 'juliensimon/ai-inference-tco-calculator models.py ("Pricing as of August 1, 2026")',
  url: 'https://github.com/juliensimon/ai-inference-tco-calculator',
  checked: '2026-08-01',
  kind: 'aggregator',
  ...(note === undefined ? {} : { note }),
});

/**
 * The source articles (German) as sources. Dates are taken from the article text; where the
 * text gives only a month or a lower bound, the note says which day was used and why.
 * Also used by gpu-prices.ts.
 */
export const ARTICLE_SOURCES = {
  a000: {
    title: 'Article 000: "Kimi K2 HuggingFace Self-Hosting vs. HolySheep Relay-API: Million-Token-Kostenanalyse für Produktionsumgebungen"',
    checked: '2026-01-01',
    kind: 'article',
    note: 'Text says "Stand: Januar 2026" without a day; the first of the month is used. Published by a relay vendor (HolySheep).',
  },
  a001: {
    title: 'Article 001: HolySheep AI on Kimi K2 with a 1M-token context in production',
    checked: '2026-01-01',
    kind: 'article',
    note: 'No publication date in the text; it quotes "2026 list prices" and a "2026-q1" cache key, so 2026-01-01 is used as the earliest consistent date. Published by a relay vendor (HolySheep).',
  },
  a002: {
    title: 'Article 002: "Lohnt sich Kimi K3 Self-Hosting nach einer Woche?"',
    checked: '2026-08-04',
    kind: 'article',
    note: 'Text says "Letzte Aktualisierung: 04.08.2026".',
  },
  a003: {
    title: 'Article 003: "Kimi K3 Selbsthosting vs API im Jahr 2026: Hardware & Kosten"',
    checked: '2026-07-27',
    kind: 'article',
    note: 'No publication date in the text; prices are "Stand Juli 2026" and it mentions the weights being complete by 27 July 2026, which is used.',
  },
  a004: {
    title: 'Article 004: HolySheep AI on MiniMax M2.7 self-hosted on 8× H100 vs the GPT-5.5 API',
    checked: '2026-01-14',
    kind: 'article',
    note: 'No publication date in the text; API prices are "Stand: 01/2026" and the latest date cited is a Reddit thread of 14.01.2026, which is used. Published by a relay vendor (HolySheep).',
  },
} as const satisfies Record<string, SourceRef>;

const withNote = (source: SourceRef, note: string): SourceRef => ({
  ...source,
  note: source.note === undefined ? note : `${source.note} ${note}`,
});

type Prices = readonly [input: number, cachedInput: number | null, output: number];

function usdOffer(
  id: string,
  provider: string,
  model: string,
  modelId: string | null,
  channel: ApiOfferRecord['channel'],
  [input, cached, output]: Prices,
  source: SourceRef,
): ApiOfferRecord {
  return {
    id,
    provider,
    model,
    modelId,
    channel,
    listCurrency: 'USD',
    priceInputPerM: input,
    priceCachedInputPerM: cached,
    priceOutputPerM: output,
    source,
  };
}

const OPENROUTER = 'OpenRouter';
const FIREWORKS = 'Fireworks AI';

export const API_OFFERS: readonly ApiOfferRecord[] = [
  // ── Moonshot Kimi K2 ────────────────────────────────────────────────────────────────
  usdOffer(
    'moonshot-kimi-k2',
    'Moonshot AI',
    'Kimi K2',
    'kimi-k2',
    'first-party',
    [0.6, 0.15, 2.5],
    gp('moonshotai.yml', '2026-03-11', 'Same price for K2 0711, 0905 and K2-Thinking. simonw/llm-prices added it 2025-11-07 at the same price.'),
  ),
  usdOffer(
    'moonshot-kimi-k2-turbo',
    'Moonshot AI',
    'Kimi K2 Turbo',
    'kimi-k2',
    'first-party',
    [1.15, 0.15, 8.0],
    gp('moonshotai.yml', '2026-03-11', 'Faster "Turbo" variants of K2.'),
  ),
  usdOffer(
    'openrouter-kimi-k2',
    OPENROUTER,
    'Kimi K2',
    'kimi-k2',
    'reseller',
    [0.57, null, 2.3],
    gp('openrouter.yml', '2026-03-11', "Date is the reference row's check date; the relay file's own date was not recorded."),
  ),
  usdOffer(
    'huggingface-nebius-kimi-k2',
    'Hugging Face (Nebius)',
    'Kimi K2',
    'kimi-k2',
    'reseller',
    [0.5, null, 2.4],
    gp('huggingface_nebius.yml', '2026-03-11', "Date is the reference row's check date; the file's own date was not recorded."),
  ),

  // ── Moonshot Kimi K2.5 ──────────────────────────────────────────────────────────────
  usdOffer(
    'moonshot-kimi-k2.5',
    'Moonshot AI',
    'Kimi K2.5',
    'kimi-k2.5',
    'first-party',
    [0.6, 0.1, 3.0],
    gp('moonshotai.yml', '2026-03-11', 'JS (pricing as of 2026-08-01) lists K2.5 as retired from the Moonshot API.'),
  ),
  usdOffer('fireworks-kimi-k2.5', FIREWORKS, 'Kimi K2.5', 'kimi-k2.5', 'reseller', [0.6, 0.1, 3.0], gp('fireworks.yml', '2026-02-03')),
  usdOffer(
    'openrouter-kimi-k2.5',
    OPENROUTER,
    'Kimi K2.5',
    'kimi-k2.5',
    'reseller',
    [0.4, 0.09, 1.9],
    gp('openrouter.yml', '2026-03-11', 'Conflict: JS (2026-08-01) lists 0.57 / 2.85 via OpenRouter (recorded as openrouter-kimi-k2.5-2026-08).'),
  ),
  usdOffer(
    'openrouter-kimi-k2.5-2026-08',
    OPENROUTER,
    'Kimi K2.5',
    'kimi-k2.5',
    'reseller',
    [0.57, null, 2.85],
    js('Cached price not listed. Differs from the genai-prices OpenRouter entry (0.40 / 0.09 / 1.90, 2026-03-11).'),
  ),

  // ── Moonshot Kimi K2.6 ──────────────────────────────────────────────────────────────
  usdOffer('moonshot-kimi-k2.6', 'Moonshot AI', 'Kimi K2.6', 'kimi-k2.6', 'first-party', [0.95, 0.16, 4.0], gp('moonshotai.yml', '2026-05-22')),
  usdOffer(
    'openrouter-kimi-k2.6',
    OPENROUTER,
    'Kimi K2.6',
    'kimi-k2.6',
    'reseller',
    [0.68, 0.34, 3.41],
    gp('openrouter.yml', '2026-05-22', "Date is the reference row's check date."),
  ),
  usdOffer(
    'fireworks-kimi-k2.6-fast',
    FIREWORKS,
    'Kimi K2.6 (fast)',
    'kimi-k2.6',
    'reseller',
    [2.0, 0.3, 8.0],
    gp('fireworks.yml', '2026-05-22', "Date is the reference row's check date."),
  ),

  // ── Moonshot Kimi K3 ────────────────────────────────────────────────────────────────
  usdOffer(
    'moonshot-kimi-k3',
    'Moonshot AI',
    'Kimi K3',
    'kimi-k3',
    'first-party',
    [3.0, 0.3, 15.0],
    gp(
      'moonshotai.yml',
      '2026-07-16',
      'K3 always reasons (reasoning_effort low / high / max, max by default); reasoning tokens bill as output. Article 003 quotes the same prices ("Stand Juli 2026").',
    ),
  ),
  usdOffer('openrouter-kimi-k3', OPENROUTER, 'Kimi K3', 'kimi-k3', 'reseller', [3.0, 0.3, 15.0], gp('openrouter.yml', '2026-07-16')),
  usdOffer('fireworks-kimi-k3', FIREWORKS, 'Kimi K3', 'kimi-k3', 'reseller', [3.0, 0.3, 15.0], gp('fireworks.yml', '2026-08-04')),
  usdOffer('fireworks-kimi-k3-fast', FIREWORKS, 'Kimi K3 (fast)', 'kimi-k3', 'reseller', [4.5, 0.45, 22.5], gp('fireworks.yml', '2026-08-04')),
  usdOffer('fireworks-kimi-k3-us', FIREWORKS, 'Kimi K3 (US-hosted)', 'kimi-k3', 'reseller', [3.3, 0.33, 16.5], gp('fireworks.yml', '2026-08-04')),
  usdOffer(
    'cometapi-kimi-k3-article-003',
    'CometAPI',
    'Kimi K3',
    'kimi-k3',
    'reseller',
    [2.4, null, 12.0],
    withNote(
      ARTICLE_SOURCES.a003,
      'Article 003 quotes CometAPI at $2.40 input / $12.00 output "Stand Juli 2026", 20 % below Moonshot\'s cache-miss rates; no cached-input price given, so with a high cache-hit rate the first-party offer can be cheaper.',
    ),
  ),

  // ── DeepSeek ────────────────────────────────────────────────────────────────────────
  usdOffer(
    'deepseek-v3',
    'DeepSeek',
    'DeepSeek V3 (deepseek-chat)',
    'deepseek-v3',
    'first-party',
    [0.27, 0.07, 1.1],
    gp('deepseek.yml', '2025-07-12', 'Price since 2025-02-08 (before: 0.14 / 0.28). Off-peak 16:30–00:30 UTC is half price (deepseek-v3-off-peak).'),
  ),
  usdOffer(
    'deepseek-v3-off-peak',
    'DeepSeek',
    'DeepSeek V3 (deepseek-chat), off-peak 16:30–00:30 UTC',
    'deepseek-v3',
    'first-party',
    [0.135, 0.035, 0.55],
    gp('deepseek.yml', '2025-07-12', 'Time-of-day window; applies only to traffic in 16:30–00:30 UTC.'),
  ),
  usdOffer(
    'openrouter-deepseek-v3-0324',
    OPENROUTER,
    'DeepSeek V3-0324',
    'deepseek-v3',
    'reseller',
    [0.3, null, 0.88],
    gp('openrouter.yml', '2025-07-12', "Date is the reference row's check date."),
  ),
  usdOffer(
    'huggingface-nebius-deepseek-v3',
    'Hugging Face (Nebius)',
    'DeepSeek V3',
    'deepseek-v3',
    'reseller',
    [0.75, null, 2.25],
    gp('huggingface_nebius.yml', '2025-07-12', "Date is the reference row's check date."),
  ),
  usdOffer('fireworks-deepseek-v3', FIREWORKS, 'DeepSeek V3', 'deepseek-v3', 'reseller', [0.9, null, 0.9], gp('fireworks.yml', '2025-07-13')),
  usdOffer(
    'deepseek-v3.1-terminus',
    'DeepSeek',
    'DeepSeek V3.1-Terminus',
    null,
    'first-party',
    [0.27, 0.13, 0.95],
    gp('deepseek.yml', '2026-06-09', 'V3 architecture; not a separate catalog model. OpenRouter listed 0.23 / – / 0.90 on 2025-10-30.'),
  ),
  usdOffer(
    'deepseek-v3.2',
    'DeepSeek',
    'DeepSeek V3.2',
    null,
    'first-party',
    [0.2288, null, 0.3432],
    gp(
      'deepseek.yml',
      '2026-06-09',
      'genai-prices derives this entry from OpenRouter prices. JS (2026-08-01): first-party V3.2 endpoints were replaced by V4 Flash. ' +
        'Same dimensions as DeepSeek-V3 but sparse attention, so not linked to the deepseek-v3 catalog model. ' +
        'Articles 000 and 004 quote 0.07 / 0.42 via a relay (holysheep-deepseek-v3.2-article-000).',
    ),
  ),
  usdOffer('fireworks-deepseek-v3.2', FIREWORKS, 'DeepSeek V3.2', null, 'reseller', [0.56, 0.28, 1.68], gp('fireworks.yml', '2026-02-03')),
  usdOffer(
    'deepseek-v4-flash',
    'DeepSeek',
    'DeepSeek V4 Flash',
    null,
    'first-party',
    [0.14, 0.028, 0.28],
    lp(
      'data/deepseek.json',
      '2026-04-23',
      'Conflict on the cached price: genai-prices (2026-05-12) lists 0.0028. 0.028 is used: it is the llm-prices figure and matches ' +
        'the 1:5 cached:input ratio of the OpenRouter listing (0.0197 / 0.0983).',
    ),
  ),
  usdOffer(
    'openrouter-deepseek-v4-flash',
    OPENROUTER,
    'DeepSeek V4 Flash',
    null,
    'reseller',
    [0.0983, 0.0197, 0.1966],
    gp('openrouter.yml', '2026-05-12', "Date is the reference row's genai-prices check date."),
  ),
  usdOffer(
    'deepseek-v4-pro',
    'DeepSeek',
    'DeepSeek V4 Pro',
    null,
    'first-party',
    [0.435, 0.0036, 0.87],
    js(
      'Conflict: llm-prices (2026-04-23) and Fireworks (2026-06-24) list 1.74 / 0.145 / 3.48 (recorded as deepseek-v4-pro-list and fireworks-deepseek-v4-pro); ' +
        'genai-prices (2026-06-02) and JS (2026-08-01) list 0.435 / 0.0036 / 0.87 first-party, exactly a quarter of the list input and output prices. ' +
        'The newer first-party figure is used here; whether it is a time-limited discount is not stated in the sources. ' +
        'JS also notes "2x peak-hours pricing announced" for V4.',
    ),
  ),
  usdOffer(
    'deepseek-v4-pro-list',
    'DeepSeek',
    'DeepSeek V4 Pro (list, April 2026)',
    null,
    'first-party',
    [1.74, 0.145, 3.48],
    lp('data/deepseek.json', '2026-04-23', 'Conflicts with the later first-party figure 0.435 / 0.0036 / 0.87 (deepseek-v4-pro).'),
  ),
  usdOffer('fireworks-deepseek-v4-pro', FIREWORKS, 'DeepSeek V4 Pro', null, 'reseller', [1.74, 0.145, 3.48], gp('fireworks.yml', '2026-06-24')),
  usdOffer(
    'openrouter-deepseek-v4-pro',
    OPENROUTER,
    'DeepSeek V4 Pro',
    null,
    'reseller',
    [0.435, 0.0036, 0.87],
    gp('openrouter.yml', '2026-06-02', 'Date is the genai-prices first-party check date in the reference row.'),
  ),

  // ── MiniMax ─────────────────────────────────────────────────────────────────────────
  usdOffer(
    'minimax-m2',
    'MiniMax',
    'MiniMax M2',
    'minimax-m2',
    'first-party',
    [0.3, 0.03, 1.2],
    gp('minimax.yml', '2026-05-23', 'Cache write 0.375. simonw/llm-prices lists it since 2025-10-29.'),
  ),
  usdOffer(
    'openrouter-minimax-m2',
    OPENROUTER,
    'MiniMax M2',
    'minimax-m2',
    'reseller',
    [0.255, 0.03, 1.0],
    gp('openrouter.yml', '2026-05-23', "Date is the reference row's check date."),
  ),
  usdOffer(
    'minimax-m2.5-highspeed',
    'MiniMax',
    'MiniMax M2.5 Highspeed',
    null,
    'first-party',
    [0.6, 0.03, 2.4],
    gp('minimax.yml', '2026-05-23', 'M2.5 has the same dimensions as MiniMax-M2 (hardware reference) but is a different checkpoint, so it is not linked.'),
  ),
  usdOffer(
    'openrouter-minimax-m2.5',
    OPENROUTER,
    'MiniMax M2.5',
    null,
    'reseller',
    [0.15, 0.05, 0.9],
    gp('openrouter.yml', '2026-05-23', "Date is the reference row's check date."),
  ),
  usdOffer(
    'minimax-m2.7',
    'MiniMax',
    'MiniMax M2.7',
    null,
    'first-party',
    [0.3, 0.06, 1.2],
    gp('minimax.yml', '2026-05-23', 'Cache write 0.375. No public config.json, so no catalog model. Article 004 self-hosts a "229B" M2.7.'),
  ),
  usdOffer('minimax-m2.7-highspeed', 'MiniMax', 'MiniMax M2.7 Highspeed', null, 'first-party', [0.6, 0.06, 2.4], gp('minimax.yml', '2026-05-23')),
  usdOffer(
    'openrouter-minimax-m2.7',
    OPENROUTER,
    'MiniMax M2.7',
    null,
    'reseller',
    [0.27, 0.054, 1.08],
    gp(
      'openrouter.yml',
      '2026-05-23',
      "Date is the reference row's check date. JS (2026-08-01) lists 0.25 / 1.00 via OpenRouter (openrouter-minimax-m2.7-2026-08).",
    ),
  ),
  usdOffer('openrouter-minimax-m2.7-2026-08', OPENROUTER, 'MiniMax M2.7', null, 'reseller', [0.25, null, 1.0], js('Cached price not listed.')),
  usdOffer('fireworks-minimax-m2.7', FIREWORKS, 'MiniMax M2.7', null, 'reseller', [0.3, 0.06, 1.2], gp('fireworks.yml', '2026-05-28')),
  usdOffer(
    'minimax-m3',
    'MiniMax',
    'MiniMax M3 (input ≤ 512k)',
    null,
    'first-party',
    [0.3, 0.06, 1.2],
    gp(
      'minimax.yml',
      '2026-07-01',
      'Applies up to 512k input tokens; above that 0.60 / 0.12 / 2.40 (minimax-m3-over-512k). Described as a "permanent 50% off" effective rate. OpenRouter and Fireworks list the same.',
    ),
  ),
  usdOffer(
    'minimax-m3-over-512k',
    'MiniMax',
    'MiniMax M3 (input > 512k)',
    null,
    'first-party',
    [0.6, 0.12, 2.4],
    gp('minimax.yml', '2026-07-01', 'Long-context tier for requests above 512k input tokens.'),
  ),

  // ── Closed-weight baselines ─────────────────────────────────────────────────────────
  usdOffer(
    'openai-gpt-4.1',
    'OpenAI',
    'GPT-4.1',
    null,
    'first-party',
    [2.0, 0.5, 8.0],
    gp('openai.yml', '2025-07-04', 'JS still lists GPT-4.1 in August 2026. Article 000 quotes the same 2.00 / 8.00.'),
  ),
  usdOffer(
    'openai-gpt-5',
    'OpenAI',
    'GPT-5',
    null,
    'first-party',
    [1.25, 0.125, 10.0],
    gp('openai.yml', '2025-11-13', 'GPT-5.1 has the same price. JS: GPT-5 retires 2026-12-11.'),
  ),
  usdOffer(
    'openai-gpt-5.4',
    'OpenAI',
    'GPT-5.4 (input ≤ 272k)',
    null,
    'first-party',
    [2.5, 0.25, 15.0],
    gp('openai.yml', '2026-03-06', 'Above 272k input tokens: 5.00 / 0.50 / 22.50 (openai-gpt-5.4-over-272k).'),
  ),
  usdOffer(
    'openai-gpt-5.4-over-272k',
    'OpenAI',
    'GPT-5.4 (input > 272k)',
    null,
    'first-party',
    [5.0, 0.5, 22.5],
    gp('openai.yml', '2026-03-06', 'Long-context tier.'),
  ),
  usdOffer(
    'openai-gpt-5.5',
    'OpenAI',
    'GPT-5.5',
    null,
    'first-party',
    [5.0, 0.5, 30.0],
    lp(
      'data/openai.json',
      '2026-04-01',
      'llm-prices gives April 2026 without a day; the first of the month is used. JS also lists it. ' +
        'Article 004 quotes $25 per 1M output via a relay (no input price given).',
    ),
  ),
  usdOffer(
    'anthropic-claude-sonnet-4.5',
    'Anthropic',
    'Claude Sonnet 4.5 (input ≤ 200k)',
    null,
    'first-party',
    [3.0, 0.3, 15.0],
    gp(
      'anthropic.yml',
      '2026-07-29',
      'Cache write 3.75, 1-hour cache write 6.00. Above 200k input: 6.00 / 0.60 / 22.50 (anthropic-claude-sonnet-4.5-over-200k). Article 000 quotes the same 3.00 / 15.00.',
    ),
  ),
  usdOffer(
    'anthropic-claude-sonnet-4.5-over-200k',
    'Anthropic',
    'Claude Sonnet 4.5 (input > 200k)',
    null,
    'first-party',
    [6.0, 0.6, 22.5],
    gp('anthropic.yml', '2026-07-29', 'Long-context tier.'),
  ),
  usdOffer('google-gemini-2.5-flash', 'Google', 'Gemini 2.5 Flash', null, 'first-party', [0.3, 0.03, 2.5], gp('google.yml', '2025-10-31')),

  // ── Figures quoted by the source articles (claims, with the article's date) ────────
  usdOffer(
    'moonshot-kimi-k2-article-000',
    'Moonshot AI',
    'Kimi K2 (vendor direct, per article 000)',
    'kimi-k2',
    'first-party',
    [0.6, null, 2.5],
    withNote(ARTICLE_SOURCES.a000, 'Article 000 table "Kimi K2 via Moonshot direkt" 0.60 / 2.50; no cached price given. Matches the genai-prices entry.'),
  ),
  {
    id: 'holysheep-kimi-k2-article-000',
    provider: 'HolySheep (relay)',
    model: 'Kimi K2 (via relay, per article 000)',
    modelId: 'kimi-k2',
    channel: 'relay',
    listCurrency: 'USD',
    priceInputPerM: 0.12,
    priceCachedInputPerM: null,
    priceOutputPerM: 0.55,
    invoice: { currency: 'CNY', perListUnit: 1 },
    source: withNote(
      ARTICLE_SOURCES.a000,
      'Article 000 table "Kimi K2 via HolySheep (¥1=$1)" 0.12 / 0.55: USD list prices, invoiced in CNY at ¥1 per $1 and paid in yuan ' +
        '(WeChat/Alipay) at the market rate, the article\'s "~85 % saving" against the market rate (1 − 1/7.1). ' +
        'The article also lists a K2 self-hosted "0.15 / 0.55" that ignores the ~$32/h cluster cost (its own caveat).',
    ),
  },
  {
    id: 'holysheep-deepseek-v3.2-article-000',
    provider: 'HolySheep (relay)',
    model: 'DeepSeek V3.2 (via relay, per article 000)',
    modelId: null,
    channel: 'relay',
    listCurrency: 'USD',
    priceInputPerM: 0.07,
    priceCachedInputPerM: null,
    priceOutputPerM: 0.42,
    invoice: { currency: 'CNY', perListUnit: 1 },
    source: withNote(
      ARTICLE_SOURCES.a000,
      'Article 000 table "DeepSeek V3.2 via HolySheep" 0.07 / 0.42, same relay, invoiced in CNY at ¥1 per $1; article 004 repeats 0.42 output. ' +
        'genai-prices lists 0.2288 / 0.3432 for V3.2 (2026-06-09).',
    ),
  },
  {
    id: 'holysheep-kimi-k2-article-001',
    provider: 'HolySheep (relay)',
    model: 'Kimi K2 (via relay, per article 001)',
    modelId: 'kimi-k2',
    channel: 'relay',
    listCurrency: 'USD',
    priceInputPerM: 0.08,
    priceCachedInputPerM: null,
    priceOutputPerM: 0.3,
    invoice: { currency: 'CNY', perListUnit: 1 },
    source: withNote(
      ARTICLE_SOURCES.a001,
      "Article 001 code constants PRICE_INPUT = 0.08, PRICE_OUTPUT = 0.30 in USD, invoiced in CNY at the relay's ¥1 per $1. " +
        'Its monthly totals (40 requests/day × 800K input + 4K output × 30 days) do not follow from these prices; article 000 quotes 0.12 / 0.55 for the same relay.',
    ),
  },
];
