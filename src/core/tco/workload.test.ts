import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../scenario/defaults';
import { apiInvoice, invoicePerListUnit, summarizeWorkload, taskMix, usdPerUnit } from './workload';

describe('summarizeWorkload: API bill', () => {
  it('Kimi K3 example of SPEC §8: 300,000 input + 30,000 output at $3.00 / $0.30 / $15.00', () => {
    const s = defaultScenario();
    s.workload = {
      ...s.workload,
      mode: 'tokens',
      inputTokensPerMonth: 300_000,
      outputTokensPerMonth: 30_000,
      inputTokensPerRequest: 300_000,
      reasoningMode: 'none',
      retryRateApi: 0,
      retryRateSelfHosted: 0,
    };
    s.api = { ...s.api, listCurrency: 'USD', invoiceCurrency: 'USD', priceInputPerM: 3, priceCachedInputPerM: 0.3, priceOutputPerM: 15 };
    // all miss: 0.3 × 3.00 + 0.03 × 15.00 = 0.90 + 0.45 = 1.35
    s.workload.cacheHitShare = 0;
    expect(summarizeWorkload(s).api.totalUsd).toBeCloseTo(1.35, 10);
    // all hit: 0.3 × 0.30 + 0.03 × 15.00 = 0.09 + 0.45 = 0.54
    s.workload.cacheHitShare = 1;
    expect(summarizeWorkload(s).api.totalUsd).toBeCloseTo(0.54, 10);
    // half hit: 0.15 × 3.00 + 0.15 × 0.30 + 0.45 = 0.45 + 0.045 + 0.45 = 0.945
    s.workload.cacheHitShare = 0.5;
    expect(summarizeWorkload(s).api.totalUsd).toBeCloseTo(0.945, 10);
  });

  it('bills reasoning as output and retries again, converting the billing currency', () => {
    const s = defaultScenario();
    s.workload = {
      ...s.workload,
      mode: 'requests',
      requestsPerDay: 100,
      daysPerMonth: 30,
      inputTokensPerRequest: 1000,
      outputTokensPerRequest: 200,
      cacheHitShare: 0,
      reasoningMode: 'tokens',
      reasoningTokensPerRequest: 300,
      retryRateApi: 0.1,
      retryRateSelfHosted: 0.1,
    };
    // Prices listed in yuan, invoiced in yuan, paid at the market rate.
    s.api = { ...s.api, listCurrency: 'CNY', invoiceCurrency: 'CNY', invoiceFx: 'market', priceInputPerM: 7.1, priceCachedInputPerM: 0, priceOutputPerM: 14.2 };
    s.fx.CNY = 7.1;
    // 3,000 tasks × 1.1 = 3,300 requests; input 3.3M tokens × ¥7.1/M = ¥23.43 = $3.30
    // output (200 + 300) × 3,300 = 1.65M × ¥14.2/M = ¥23.43 = $3.30
    const r = summarizeWorkload(s);
    expect(r.requestsPerMonth).toBeCloseTo(3300, 9);
    expect(r.billedOutputTokens).toBeCloseTo(1_650_000, 6);
    expect(r.api.totalUsd).toBeCloseTo(6.6, 9);
    // Invoiced in USD at a peg of $1 per ¥1 listed (what a v1 "1 CNY = 1 USD" peg meant):
    // the same yuan prices cost 7.1× more in dollars: ¥46.86 listed → $46.86.
    s.api = { ...s.api, invoiceCurrency: 'USD', invoiceFx: 'peg', pegInvoicePerListUnit: 1 };
    expect(summarizeWorkload(s).api.totalUsd).toBeCloseTo(46.86, 9);
  });

  it('reasoning as a multiplier: 200 visible output × 3 = 600 billed, 400 of it reasoning', () => {
    const s = defaultScenario();
    s.workload = {
      ...s.workload,
      mode: 'requests',
      requestsPerDay: 10,
      daysPerMonth: 30,
      inputTokensPerRequest: 0,
      outputTokensPerRequest: 200,
      reasoningMode: 'multiplier',
      reasoningMultiplier: 3,
      retryRateApi: 0,
      retryRateSelfHosted: 0,
    };
    const r = summarizeWorkload(s);
    // 300 tasks × 200 = 60,000 visible; × (3 − 1) = 120,000 reasoning; 180,000 billed
    expect(r.visibleOutputTokens).toBe(60_000);
    expect(r.reasoningTokens).toBe(120_000);
    expect(r.billedOutputTokens).toBe(180_000);
  });
});

describe("the relay's yuan peg (article 000): list in USD, invoice in CNY at ¥1 per $1, paid at the market rate", () => {
  /** 100M tokens a month at the relay's list prices: 20M input × $0.12 + 80M output × $0.55. */
  function relay() {
    const s = defaultScenario();
    s.workload = {
      ...s.workload,
      mode: 'tokens',
      inputTokensPerMonth: 20_000_000,
      outputTokensPerMonth: 80_000_000,
      inputTokensPerRequest: 200,
      outputTokensPerRequest: 800,
      cacheHitShare: 0,
      reasoningMode: 'none',
      retryRateApi: 0,
      retryRateSelfHosted: 0,
    };
    s.api = {
      ...s.api,
      listCurrency: 'USD',
      priceInputPerM: 0.12,
      priceCachedInputPerM: 0.12,
      priceOutputPerM: 0.55,
      invoiceCurrency: 'CNY',
      invoiceFx: 'peg',
      pegInvoicePerListUnit: 1,
    };
    s.fx.CNY = 7.1;
    return s;
  }

  it('worked example: $46.40 of list usage → invoice ¥46.40 → $6.54 at 7.10 CNY/USD', () => {
    const r = summarizeWorkload(relay());
    // List: 20 × 0.12 + 80 × 0.55 = 2.40 + 44.00 = $46.40; invoice ¥46.40 (¥1 per $1);
    // paid 46.40 / 7.10 = $6.53521… ≈ $6.54.
    expect(r.apiInvoice).toMatchObject({ listCurrency: 'USD', invoiceCurrency: 'CNY', invoicePerListUnit: 1, invoiceUnitsPerUsd: 7.1 });
    expect(r.apiInvoice.listAmount).toBeCloseTo(46.4, 9);
    expect(r.apiInvoice.invoiceAmount).toBeCloseTo(46.4, 9);
    expect(r.api.totalUsd).toBeCloseTo(6.5352, 4);
    expect(Math.round(r.api.totalUsd * 100) / 100).toBe(6.54);
    // Per list dollar: 1 / 7.1 = $0.140845 paid.
    expect(usdPerUnit(relay())).toBeCloseTo(0.140845, 6);
    // Shown in yuan (USD × 7.10) the bill is the invoice, ¥46.40, not ¥329 (46.40 × 7.1).
    expect(r.api.totalUsd * 7.1).toBeCloseTo(46.4, 9);
  });

  it('the same offer invoiced in USD is a plain USD offer: $46.40', () => {
    const s = relay();
    s.api.invoiceCurrency = 'USD';
    expect(summarizeWorkload(s).api.totalUsd).toBeCloseTo(46.4, 9);
  });

  it('a peg of ¥7.10 per $1 (the market rate) saves nothing: ¥329.44 → $46.40', () => {
    const s = relay();
    s.api.pegInvoicePerListUnit = 7.1;
    // 46.40 × 7.1 = ¥329.44 invoiced; 329.44 / 7.1 = $46.40.
    const r = summarizeWorkload(s);
    expect(r.apiInvoice.invoiceAmount).toBeCloseTo(329.44, 9);
    expect(r.api.totalUsd).toBeCloseTo(46.4, 9);
  });

  it('market-rate offers in other currencies: listed in ¥, or listed in $ and invoiced in ¥ at the market rate', () => {
    const s = relay();
    // Listed ¥46.40 in yuan, invoiced in yuan: 46.40 / 7.1 = $6.5352.
    s.api = { ...s.api, listCurrency: 'CNY', invoiceCurrency: 'CNY', invoiceFx: 'market' };
    expect(invoicePerListUnit(s)).toBe(1);
    expect(summarizeWorkload(s).api.totalUsd).toBeCloseTo(6.5352, 4);
    // Listed in $, invoiced in ¥ at the market rate: ¥7.10 per $1, so $46.40 again.
    s.api = { ...s.api, listCurrency: 'USD', invoiceCurrency: 'CNY', invoiceFx: 'market' };
    expect(invoicePerListUnit(s)).toBeCloseTo(7.1, 12);
    expect(summarizeWorkload(s).api.totalUsd).toBeCloseTo(46.4, 9);
    // Listed in €, invoiced in ¥ at market (0.86 EUR, 7.1 CNY per USD): €46.40 → ¥383.07 → $53.95.
    s.fx.EUR = 0.86;
    s.api.listCurrency = 'EUR';
    const r = summarizeWorkload(s);
    expect(r.apiInvoice.invoiceAmount).toBeCloseTo((46.4 * 7.1) / 0.86, 9);
    expect(r.api.totalUsd).toBeCloseTo(46.4 / 0.86, 9);
  });

  it('apiInvoice converts any USD figure back to list and invoice amounts', () => {
    // $1 paid = ¥7.10 invoiced = $7.10 listed at ¥1 per $1.
    expect(apiInvoice(relay(), 1)).toMatchObject({ usd: 1, invoiceAmount: 7.1, listAmount: 7.1 });
  });
});

describe('taskMix', () => {
  it('article 000 blend: 20 % input / 80 % output at 0.60 / 2.50 = $2.12 per 1M tokens', () => {
    const s = defaultScenario();
    // 1M tokens a month, 200,000 input + 800,000 output, in tasks of 200 + 800 tokens.
    s.workload = {
      ...s.workload,
      mode: 'tokens',
      inputTokensPerMonth: 200_000,
      outputTokensPerMonth: 800_000,
      inputTokensPerRequest: 200,
      outputTokensPerRequest: 800,
      cacheHitShare: 0,
      reasoningMode: 'none',
      retryRateApi: 0,
      retryRateSelfHosted: 0,
    };
    s.api = { ...s.api, listCurrency: 'USD', invoiceCurrency: 'USD', priceInputPerM: 0.6, priceCachedInputPerM: 0, priceOutputPerM: 2.5 };
    const mix = taskMix(s);
    expect(mix.tasksPerMonth).toBe(1000);
    expect(mix.inputTokens).toBe(200);
    // 0.2 × 0.60 + 0.8 × 2.50 = 0.12 + 2.00 = 2.12
    expect(summarizeWorkload(s).api.totalUsd).toBeCloseTo(2.12, 12);
    // Relay list prices 0.12 / 0.55 paid in dollars: 0.2 × 0.12 + 0.8 × 0.55 = 0.024 + 0.44 = 0.464 ≈ $0.46
    s.api = { ...s.api, listCurrency: 'USD', invoiceCurrency: 'USD', priceInputPerM: 0.12, priceOutputPerM: 0.55 };
    expect(summarizeWorkload(s).api.totalUsd).toBeCloseTo(0.464, 12);
  });

  it('token mode counts tasks from output when there is no input, and keeps the mix at zero volume', () => {
    const s = defaultScenario();
    s.workload = {
      ...s.workload,
      mode: 'tokens',
      inputTokensPerMonth: 0,
      outputTokensPerMonth: 12_000_000,
      inputTokensPerRequest: 412,
      outputTokensPerRequest: 387,
      reasoningMode: 'none',
      retryRateApi: 0,
      retryRateSelfHosted: 0,
    };
    // 12,000,000 / 387 = 31,007.75 tasks of 387 output tokens each
    expect(taskMix(s).tasksPerMonth).toBeCloseTo(31_007.75, 2);
    expect(taskMix(s).billedOutputTokens).toBeCloseTo(387, 9);
    s.workload.outputTokensPerMonth = 0;
    const zero = taskMix(s);
    expect(zero.tasksPerMonth).toBe(0);
    expect(zero.inputTokens).toBe(412);
    expect(zero.billedOutputTokens).toBe(387);
  });

  it('token mode without tokens per request: the month is one unit and tasks are not counted', () => {
    const s = defaultScenario();
    s.workload = {
      ...s.workload,
      mode: 'tokens',
      inputTokensPerMonth: 5_000,
      outputTokensPerMonth: 1_000,
      inputTokensPerRequest: 0,
      outputTokensPerRequest: 0,
      reasoningMode: 'tokens',
      reasoningTokensPerRequest: 99,
      retryRateApi: 0,
      retryRateSelfHosted: 0,
    };
    const mix = taskMix(s);
    expect(mix.tasksCounted).toBe(false);
    expect(mix.totalTokens).toBe(6_000);
    // Reasoning per request needs requests: not added.
    expect(mix.reasoningTokens).toBe(0);
    expect(summarizeWorkload(s).tasksPerMonth).toBe(0);
  });
});
