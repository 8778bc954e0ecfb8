import { readFileSync } from 'node:fs';
import { defaultScenario } from '../src/core/scenario/defaults';
import { plainScenario } from '../src/testing/test-scenarios';
import { encodeScenario } from '../src/core/link/share-link';
import { expect, test } from './fixtures';
import { slow } from './pages/tco-page';

/**
 * The TCO page in the browser: sliders update numbers and charts, presets bring the article
 * claim check with its contradictions, the break-even marker follows the GPU price, bad
 * entries are refused at the field, and the axes, downloads and warnings stay right.
 *
 * Waits are web-first: every check on a computed figure retries until the worker's result is
 * on screen (`slow` allows 20 s for a shared, busy machine); nothing sleeps a fixed time.
 */
const usd = (v: number) => `$${Math.round(v).toLocaleString('en-US')}`;

// The example scenario's self-hosted month with one replica of 8 H200 at $4.29/GPU-h:
// GPUs 8 × 4.29 × 730 = $25,053.60; staff 1 FTE × 180,000 / 12 = $15,000 + 8 upgrade hours ×
// 180,000 / 1,760 = $818.18; ops $400 + $600 + one-time 20,000 / 12 = $2,666.67 → $43,538.45.
const SELF_MONTH = '$43,538';

test.describe('TCO and break-even', () => {
  // Room for a shared, busy machine (load 15+ on 2 cores stretched single tests to a minute);
  // a healthy run takes a few seconds per test.
  test.describe.configure({ timeout: 120_000 });

  test('a cold load shows the page with its verdict at once, never a placeholder before it', async ({ page, tcoPage: tco }) => {
    // Recorded in the page at every DOM change: did the TCO page ever stand without its verdict?
    await page.addInitScript(() => {
      const w = window as unknown as { __pageWithoutVerdict: boolean };
      w.__pageWithoutVerdict = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="tco-page"]') && !document.querySelector('[data-testid="tco-verdict"]')) w.__pageWithoutVerdict = true;
      }).observe(document, { subtree: true, childList: true });
    });
    await tco.open();
    await expect(tco.verdict()).toBeVisible();
    await expect(tco.kpi('self')).toContainText(SELF_MONTH);
    expect(await page.evaluate(() => (window as unknown as { __pageWithoutVerdict: boolean }).__pageWithoutVerdict)).toBe(false);
  });

  test('dragging the volume slider updates the figures and every chart', async ({ tcoPage: tco }) => {
    await tco.open();
    // Default scenario: 30,000 requests/day × 30 days; per request 6,000 uncached input × $0.95,
    // 6,000 cached × $0.16 and 800 + 1,200 reasoning output × $4.00 per 1M, × 1.03 retries:
    // (5,700 + 960 + 8,000) / 1e6 × 1.03 = $0.0150998 → 900,000 × 0.0150998 = $13,590.
    await expect(tco.kpi('api')).toContainText('$13,590');
    // One replica serves the peak: 900,000 × 2,000 × 1.03 × 0.90 / 0.88 / 2,628,000 s × 2.5
    // = 1,803.8 output tok/s ≤ 2,300 × 0.8 = 1,840.
    await expect(tco.kpi('capacity')).toContainText('1 needed / 1 entered');
    await expect(tco.kpi('self')).toContainText(SELF_MONTH);
    const before = await tco.costChart().drawnFor();

    // A drag of 12 moves: each one a new input the worker computes; fewer would not be a drag.
    await tco.drag(tco.slider(/^Requests per day/), 0.8, 12);
    const requests = Number((await tco.field('Requests per day').inputValue()).replace(/,/g, ''));
    expect(requests).toBeGreaterThan(30_000);
    await slow(tco.kpi('api')).toContainText(usd(requests * 30 * ((5_700 + 960 + 8_000) / 1e6) * 1.03));
    await tco.waitForCharts();
    const after = await tco.costChart().drawnFor();
    expect(after).not.toBe(before);
    // Today's volume stays in view: the axis runs to about twice of it.
    const today = await tco.costChart().todayShare();
    expect(today).toBeGreaterThan(0.3);
    expect(today).toBeLessThan(0.6);
    // The new volume needs more than the one replica entered.
    await expect(tco.kpi('capacity')).not.toContainText('1 needed');
  });

  test('an article preset shows its claims with the contradiction flagged', async ({ tcoPage: tco, shell }) => {
    await tco.open({ charts: false });
    await tco.loadPreset('a004-m27-gpt55');
    await expect(tco.claimsTab('Article 004 · MiniMax M2.7')).toHaveAttribute('aria-selected', 'true');
    const claim = tco.claim('a004-break-even');
    await expect(claim).toHaveAttribute('data-verdict', 'contradiction');
    // 3,469 $ / 25 $ per 1M output tokens = 138.76M, not the claimed 1.2B
    await expect(tco.claimRecomputed('a004-break-even')).toHaveText('138.76M tokens/month');
    await expect(claim).toContainText('1.2B tokens/month');
    await tco.showClaimArithmetic('a004-break-even');
    await expect(claim).toContainText('$3,469/month ÷ $25.00 per 1M tokens = 138.76M tokens/month');
    await expect(claim).toContainText('1.11B tokens/month');
    await expect(tco.claimsSummary()).toHaveText('6 figures: 2 hold, 4 contradicted, 0 not checkable.');
    // The preset itself: 8 × $0.6025 × 730 h = $3,519 against 12M × $25 = $300 for the API.
    await expect(tco.kpi('self')).toContainText('$3,519');
    await expect(tco.kpi('api')).toContainText('$300.00');
    await expect(tco.verdict()).toHaveAttribute('data-best', 'api');

    await shell.setLanguage('de');
    await expect(claim).toContainText('widerlegt');
    await expect(tco.claimRecomputed('a004-break-even')).toHaveText('138,76 Mio. Tokens/Monat');
  });

  test("article 000's relay in yuan: the API cost is the invoice, the panel says list → invoice → paid", async ({ tcoPage: tco, shell }) => {
    await tco.open({ charts: false });
    await tco.loadPreset('a000-k2-relay');
    // 160M input × $0.12 + 640M output × $0.55 = $371.20 listed → invoice ¥371.20 (¥1 per $1)
    // → 371.20 / 7.10 = $52.28 paid.
    await expect(tco.kpi('api')).toContainText('$52.28');
    const claim = tco.claim('a000-fx-saving-85');
    await expect(claim).toHaveAttribute('data-verdict', 'consistent');
    // 1 − 52.28 / 371.20 = 1 − 1/7.1 = 85.9 %
    await expect(tco.claimRecomputed('a000-fx-saving-85')).toHaveText('85.9%');
    await tco.showClaimArithmetic('a000-fx-saving-85');
    await expect(claim).toContainText('$371.20/month × 1.00 CNY/USD = CN¥371.20/month');
    await expect(claim).toContainText('CN¥371.20/month ÷ 7.10 CNY/USD = $52.28/month');
    await tco.openGroup('tco-group-api');
    await expect(tco.invoiceLine()).toHaveText('A month at list prices $371.20 → invoice CN¥371.20, paid at 7.10 CNY/USD = $52.28.');

    // In yuan the API's month is the invoice, ¥371.20, not 371.20 × 7.1 = ¥2,635.52.
    await shell.setCurrency('CNY');
    await slow(tco.kpi('api')).toContainText('CN¥371.20');
    await expect(tco.root()).not.toContainText('2,635');
  });

  test('the break-even marker moves when the GPU price changes', async ({ tcoPage: tco }) => {
    await tco.open({ charts: false });
    await tco.loadPreset('a004-m27-gpt55');
    // 8 × 0.6025 × 730 = $3,518.60 ÷ $25 per 1M output = 140.74M output tokens, i.e. with the
    // article's 412 input per 387 output tokens 140.74M × 799 / 387 = 290.58M tokens a month.
    await expect(tco.kpi('break-even')).toContainText('290.58M');
    await expect(tco.breakEvenMarker()).toHaveText('break-even 290.58M');
    const x0 = await tco.breakEvenX();
    expect(x0).not.toBeNull();

    const price = tco.field('GPU price');
    await price.fill('1.205');
    // Twice the GPU price, twice the break-even: 581.16M tokens.
    await slow(tco.kpi('break-even')).toContainText('581.16M');
    await slow(tco.breakEvenMarker()).toHaveText('break-even 581.16M');
    await tco.waitForCharts({ evalOnly: true });
    expect(await tco.breakEvenX()).not.toBe(x0);

    // Dragging the GPU price far up: a replica then costs more than the API work it carries.
    await tco.drag(tco.slider(/^GPU price/), 0.9, 8);
    await slow(tco.kpi('break-even')).toContainText('never');
    await expect(tco.breakEvenMarker()).toHaveCount(0);
  });

  test('bad entries are refused at the field and impossible inputs give reasons, not NaN', async ({ tcoPage: tco, shell }) => {
    await tco.open({ charts: false });
    const price = tco.field('GPU price');
    await price.fill('-3');
    await expect(tco.gpuPrice().message).toBeVisible();
    await expect(tco.kpi('self')).toContainText(SELF_MONTH);
    // Money has a maximum, said at the field: at most $10,000 per GPU-hour.
    await price.fill('20000');
    await expect(tco.gpuPrice().message).toContainText('Must be at most 10,000');
    await expect(tco.kpi('self')).toContainText(SELF_MONTH);
    // The message follows a change of language.
    await shell.setLanguage('de');
    await expect(tco.gpuPrice().message).toContainText('Darf höchstens 10.000');
    await shell.setLanguage('en');

    await tco.field('Throughput per replica').fill('0');
    await slow(tco.kpi('break-even')).toContainText('never');
    await expect(tco.kpi('break-even')).toContainText('no throughput');
    await expect(tco.kpi('capacity')).toContainText('cannot serve');
    await expect(tco.verdict()).toContainText('Self-hosting Kimi K2.6 on 1 × 8 NVIDIA H200 SXM cannot serve this workload: the throughput is 0 tokens/s.');

    // The API accepting nothing while self-hosting (88 %) cannot serve: its own sentence, not
    // "0 % on both sides".
    await tco.field('Acceptance, API').fill('0');
    await slow(tco.verdict()).toContainText(
      'the API accepts 0% of the tasks, and self-hosting (acceptance 88%) cannot serve this workload: the throughput is 0 tokens/s.',
    );
    await expect(tco.verdict()).not.toContainText('on both sides');
    await shell.setLanguage('de');
    await expect(tco.verdict()).toContainText('der Eigenbetrieb (Akzeptanz 88 %) kann diese Last nicht bedienen');
    await shell.setLanguage('en');

    await tco.field('Acceptance, API').fill('90');
    await tco.field('Requests per day').fill('0');
    await slow(tco.verdict()).toContainText('No volume entered');
    await expect(tco.kpi('api')).toContainText('no volume');
    await expect(shell.main()).not.toContainText('NaN');
    await expect(shell.main()).not.toContainText('Infinity');
  });

  test('switching the rent unit converts the price; the catalog badge compares per GPU', async ({ tcoPage: tco }) => {
    await tco.open({ charts: false });
    await tco.openGroup('tco-group-deployment');
    // The field is named by its unit: "GPU price" per GPU-hour, "Node price" per node-hour.
    const price = tco.field(/^(GPU|Node) price$/);
    await expect(price).toHaveValue('4.29');
    await tco.select('Price per').selectOption('node-hour');
    // 8 GPUs per node × $4.29 = $34.32 per node-hour; the month stays $43,538.
    await expect(price).toHaveValue('34.32');
    await expect(tco.gpuPrice().root).toContainText('USD/node-h');
    await expect(tco.gpuPrice().root).not.toContainText('custom');
    await slow(tco.kpi('self')).toContainText(SELF_MONTH);

    // A node price of its own is custom; restoring writes the catalog price per node-hour.
    await price.fill('40');
    await slow(tco.kpi('self')).not.toContainText(SELF_MONTH);
    await tco.gpuPrice().restoreCatalog();
    await expect(price).toHaveValue('34.32');
    await slow(tco.kpi('self')).toContainText(SELF_MONTH);

    await tco.select('Price per').selectOption('gpu-hour');
    await expect(price).toHaveValue('4.29');
    await slow(tco.kpi('self')).toContainText(SELF_MONTH);
  });

  test('the move from the API and taxes change the NPV as worked out, not the monthly figures', async ({ tcoPage: tco }) => {
    await tco.open({ charts: false });
    await tco.openGroup('tco-group-costs');
    const horizon = tco.horizon();
    // The example at WACC 0: self-hosting 25,053.60 + 15,818.18 + 1,000 = $41,871.78 a month
    // without the one-time cost, the API $13,589.82: NPV 12 × (13,589.82 − 41,871.78) − 20,000 =
    // −$359,383.52.
    await slow(horizon.fact('npv')).toContainText('359,384');
    await expect(horizon.fact('tax')).toContainText('Before tax');
    // Two months in parallel: the API is paid 2 × 13,589.82 = 27,179.64 more → −$386,563.16.
    await tco.field('Parallel run').fill('2');
    await tco.field('Parallel run').press('Tab');
    await slow(horizon.fact('npv')).toContainText('386,563');
    await expect(horizon.fact('ramp')).toContainText('in parallel for 2 months, then all the work at once');
    await expect(tco.kpi('self')).toContainText('$43,538');
    // After tax at 25 % every line here is a cost deducted when paid: × 0.75 → −$289,922.37.
    await tco.field('Tax rate').fill('25');
    await tco.field('Tax rate').press('Tab');
    await slow(horizon.fact('npv')).toContainText('289,922');
    await expect(horizon.fact('tax')).toContainText('After tax at 25');
    await expect(tco.kpi('self')).toContainText('$43,538');
  });

  test('reserved GPUs: the cost stops following the schedule; a WACC turns bought hardware into an annuity', async ({ tcoPage: tco }) => {
    await tco.open({ charts: false });
    await tco.openGroup('tco-group-deployment');
    const billing = tco.billing();
    await tco.select('Running hours').selectOption('schedule');
    await tco.field('Hours per day').fill('12');
    await tco.field('Days per week').fill('5');
    // 60 h a week × 730 / 168 = 260.71 h a month. The week's demand in 60 h peaks at
    // 2.5 × 168 / 60 = 7× the average 721.5 output tok/s = 5,050 tok/s ÷ (2,300 × 0.8) = 2.74 → 3
    // replicas × 8 × 4.29 × 260.71 = $26,843.14.
    await slow(billing.figure('paid-hours')).toHaveText('260.7 h a month');
    await slow(billing.figure('billing-gpu-monthly')).toHaveText('$26,843.14');

    await tco.select('Billing').selectOption('reserved');
    await expect(tco.scheduleIgnored()).toBeVisible();
    await tco.field('Reserved price').fill('2.80');
    // Reserved: paid 730 h whatever the schedule, and one replica carries the peak again:
    // 8 × 2.80 × 730 = $16,352.00; over 12 months 12 × 16,352 = $196,224. The month:
    // 16,352 + staff 15,818.18 + other 2,666.67 = $34,836.85.
    await slow(billing.figure('billing-gpu-monthly')).toHaveText('$16,352.00');
    await expect(billing.figure('paid-hours')).toHaveText('730 h a month');
    await expect(billing.figure('commitment-total')).toHaveText('12 months, $196,224 in all');
    await slow(tco.kpi('self')).toContainText('$34,837');

    // Bought instead: 8 × $35,000 × 1.15 = $322,000, 20 % of the $280,000 hardware back after 36
    // months. Straight-line (322,000 − 56,000) / 36 = $7,388.89; power 8 × 700 W × 1.3 × 730 h /
    // 1,000 × $0.15 = $797.16 → month 7,388.89 + 797.16 + 15,818.18 + 2,666.67 = $26,670.90.
    await tco.select('Hardware').selectOption('buy');
    await tco.select('Running hours').selectOption('always');
    await slow(tco.kpi('self')).toContainText('$26,671');
    // At a 10 % WACC the annuity (322,000 − 56,000 / 1.00833³⁶) × r / (1 − 1.00833⁻³⁶) = $9,049.74
    // replaces it, and the $20,000 one-time cost follows the same rule over the 12-month horizon:
    // 20,000 × r / (1 − 1.00833⁻¹²) = 20,000 ÷ 11.37451 = $1,758.32 (straight line $1,666.67). The
    // month: 9,049.74 + 797.16 + 15,818.18 + 1,000 + 1,758.32 = $28,423.40, and the breakdown names
    // the annuity.
    await tco.horizon().root.scrollIntoViewIfNeeded();
    await slow(tco.horizon().fact('undiscounted')).toBeVisible();
    await tco.openGroup('tco-group-costs');
    await tco.field('Cost of capital (WACC)').fill('10');
    await tco.field('Cost of capital (WACC)').press('Tab');
    await slow(tco.kpi('self')).toContainText('$28,423');
    await expect(tco.horizon().fact('undiscounted')).toHaveCount(0);
    await expect(tco.breakdownChart()).toContainText('Hardware capital (annuity at 10% WACC)');
    // The 12-month horizon ends inside the 36-month cycle: the hardware counts at its book value,
    // 322,000 − 266,000 × 12 ÷ 36 = $233,333, on a line of its own, and the rate is shown with its
    // convention (10 % ÷ 12 = 0.8333 % a month).
    const horizon = tco.horizon();
    await expect(horizon.fact('terminal')).toHaveText('$233,333');
    await expect(horizon.fact('rate')).toContainText('0.8333% a month (WACC ÷ 12)');
    await expect(horizon.fact('beyond')).toContainText('24 months inside the hardware cycle');

    // The cash-flow statement: a row per option and month; its present values add up to the NPV.
    const lines = readFileSync(await horizon.downloadCashFlow(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const head = lines[0]?.split(',') ?? [];
    expect(head.slice(0, 3)).toEqual(['Option', 'Month', 'Capex (USD)']);
    const cells = lines.slice(1).map((l) => l.split(','));
    const present = head.indexOf('Present value (USD)');
    const sumOf = (option: string) => cells.filter((c) => c[0] === option && /^\d+$/.test(c[1] ?? '')).reduce((sum, c) => sum + Number(c[present]), 0);
    const npvRow = cells.find((c) => c[0] === 'Self-hosted' && c[1] === 'NPV against the API');
    // Row 0 of self-hosting pays the $322,000 of hardware and the $20,000 one-time cost.
    const row0 = cells.find((c) => c[0] === 'Self-hosted' && c[1] === '0');
    expect(row0?.[2]).toBe('322000');
    expect(Number(npvRow?.[present])).toBeCloseTo(sumOf('API') - sumOf('Self-hosted'), 0);

    // The effective convention, (1.1)^(1/12) − 1 = 0.7974 % a month: the annuity becomes
    // (322,000 − 56,000 ÷ 1.1³) × r ÷ (1 − 1.1⁻³) = $8,975.89 and the one-time cost 20,000 × r ÷
    // (1 − 1 ÷ 1.1) = $1,754.31: 8,975.89 + 797.16 + 15,818.18 + 1,000 + 1,754.31 = $28,345.54.
    await tco.select('Monthly rate of the WACC').selectOption('effective');
    await slow(tco.kpi('self')).toContainText('$28,346');
    await expect(horizon.fact('rate')).toContainText('0.7974% a month (effective)');
  });

  test('a reserved base with on-demand burst is priced in the comparison, in English and German', async ({ tcoPage: tco, shell }) => {
    // 100,000 tasks a day of 1,000 output tokens at $10 per 1M: API 3e9 tokens = $30,000 a month.
    // The week: 60 hours at weight 2, 108 at 1, so the busy hours need 2 replicas of 1,000 tok/s
    // (2 × 168 ÷ 228 × 1,141.55 = 1,682 tok/s) and the others 1 (841 tok/s).
    const s = plainScenario();
    s.workload = { ...s.workload, profileMode: 'weekly', weeklyProfile: Array.from({ length: 168 }, (_, h) => (h < 60 ? 2 : 1)) };
    s.selfHosted = { ...s.selfHosted, billing: { ...s.selfHosted.billing, reservedPrice: 2.8, reservedTermMonths: 12, upfrontShare: 0 } };
    await tco.open({ hash: `#/tco?s=${encodeScenario(s)}`, charts: false });
    await tco.openGroup('tco-group-deployment');
    const billing = tco.billing();
    // On demand around the clock: 2 replicas × 8 × $4 × 730 = $46,720 a month, more than the API.
    await slow(billing.figure('billing-gpu-monthly')).toHaveText('$46,720.00');
    await tco.select('Billing').selectOption('mixed');
    // 1 reserved (8 × 2.80 × 730 = $16,352) + 1 on demand in the 60 busy hours (60 × 8 × 4 × 730 ÷
    // 168 = $8,342.86) = $24,694.86, below the API: all reserved would be $32,704, all on demand
    // hour by hour (60 × 2 + 108) × 139.05 = $31,703.
    await slow(billing.figure('billing-gpu-monthly')).toHaveText('$24,694.86');
    await expect(billing.figure('billing-rate')).toHaveText('2.8 USD/GPU-h reserved, 4 USD/GPU-h on demand');
    await expect(billing.figure('mixed')).toContainText('1 reserved, up to 1 on demand (60 replica-hours a week): $24,695 a month');
    await expect(billing.figure('mixed-note')).toContainText('The comparison prices this split');
    await expect(billing.figure('mixed-note')).toContainText('$31,703');
    await expect(billing.figure('mixed-note')).toContainText('$32,704');
    // The commitment is the base only: 12 × 16,352 = $196,224.
    await expect(billing.figure('commitment-total')).toHaveText('12 months, $196,224 in all');
    await slow(tco.kpi('self')).toContainText('$24,695');
    // The hybrid owns that reserved replica and sends the busy hours' excess to the API: one
    // replica carries 1,000 of the average 1,141.55 tok/s (0.876), the busy hours 1.4737 × it, so
    // 60 ÷ 168 × (1.4737 − 0.876) = 21.35 % of the tokens: 16,352 + 30,000 × 0.21346 = $22,756.
    await expect(tco.verdict()).toContainText('Together $22,756 a month against $30,000');
    // The deployment names both rates it pays.
    const cost = tco.deploymentSummary().row('cost');
    await expect(cost).toHaveText('$2.80 per GPU-hour for the reserved base, $4.00 per GPU-hour for the on-demand burst (your rate)');
    await shell.setLanguage('de');
    await slow(billing.figure('mixed-note')).toContainText('Der Vergleich bepreist diese Aufteilung');
    await expect(cost).toContainText('für die reservierte Basis');
  });

  test('autoscaled on demand: the week replayed through the policy, with its chart, in English and German', async ({ tcoPage: tco, shell }) => {
    // Weekdays 30 requests an hour from 09:00 to 17:00, 6 in the other weekday hours, 3 at the
    // weekend (1,824 a week = 7,925.71 a month); one task = 1,000 output tokens and a replica of
    // 8 GPUs at $4 serves 12 an hour (3.333 tok/s), utilisable to 100 % (autoscaling.test.ts).
    const s = plainScenario();
    s.workload = {
      ...s.workload,
      requestsPerDay: (1824 * 730) / 168 / 30,
      profileMode: 'weekly',
      weeklyProfile: Array.from({ length: 168 }, (_, h) => (Math.floor(h / 24) >= 5 ? 3 : h % 24 >= 9 && h % 24 <= 16 ? 30 : 6)),
    };
    s.selfHosted = {
      ...s.selfHosted,
      throughput: { ...s.selfHosted.throughput, tokensPerSecond: 12_000 / 3600 },
      billing: { ...s.selfHosted.billing, coldStartSeconds: 600 },
    };
    await tco.open({ hash: `#/tco?s=${encodeScenario(s)}`, charts: false });
    await tco.openGroup('tco-group-deployment');
    const billing = tco.billing();
    // On demand the peak's 3 replicas run all week: 3 × 8 × $4 × 730 = $70,080.
    await slow(billing.figure('billing-gpu-monthly')).toHaveText('$70,080.00');
    await tco.select('Billing').selectOption('autoscaled');
    await tco.field('Fewest replicas').fill('1');
    await tco.field('Fewest replicas').press('Tab');
    await tco.field('Target utilisation').fill('100');
    await tco.field('Target utilisation').press('Tab');
    // A weekday 9 × 1 + 9 × 3 (17:00 by the 1-hour cooldown) + 6 × 1 = 42 replica-hours, a weekend
    // day 24: 258 a week against 3 × 168 = 504; 258 × 730 ÷ 168 × $32 = $35,874.29 a month. At
    // 09:00 the new replicas serve after 10 minutes: 3 requests wait each weekday (15 of 1,824 =
    // 0.82 %), 50 minutes a week over the SLO.
    await slow(billing.figure('billing-gpu-monthly')).toHaveText('$35,874.29');
    await expect(billing.figure('fleet-hours')).toContainText('258 against 504 for a fixed fleet sized for the peak (2,064 GPU-hours)');
    await expect(billing.figure('fleet-range')).toContainText('1 to 3, 10 starts a week');
    await expect(billing.figure('fleet-waiting')).toContainText('0.82% of the demand, 50 minutes a week over the SLO');
    await expect(billing.fleetWeekDrawing()).toContainText('Mon');
    await shell.setLanguage('de');
    await expect(billing.chart(/^Last gegen Kapazität über die Woche/)).toBeVisible();
    await expect(billing.figure('fleet-waiting')).toContainText('50 Minuten pro Woche über dem SLO');
  });

  test('spot with an on-demand stand-in: the expected month, its 95th percentile and the capacity lost, in English and German', async ({
    tcoPage: tco,
    shell,
  }) => {
    // 100,000 tasks a day of 1,000 output tokens: 1,141.55 tok/s on average at a flat load, so 2
    // replicas of 1,000 tok/s; 8 GPUs at $4 on demand ($32 a replica-hour).
    const s = plainScenario();
    s.selfHosted = { ...s.selfHosted, billing: { ...s.selfHosted.billing, coldStartSeconds: 600 } };
    await tco.open({ hash: `#/tco?s=${encodeScenario(s)}`, charts: false });
    await tco.openGroup('tco-group-deployment');
    const billing = tco.billing();
    await tco.select('Billing').selectOption('spot');
    await tco.field('Spot price').fill('1.6');
    await tco.field('Spot price').press('Tab');
    // Spot at $1.60 × 8 = $12.80 a replica-hour; 2 × 0.02 × 730 = 29.2 preemptions a month, each
    // with a 15-minute on-demand stand-in: 2 × 730 × 12.80 + 29.2 × 0.25 × 32 = $18,921.60. The
    // 95th percentile of a Poisson count of mean 29.2 is 38: 18,688 + 38 × 8 = $18,992.
    await slow(billing.figure('billing-gpu-monthly')).toHaveText('$18,921.60');
    await expect(billing.figure('spot-preemptions')).toContainText('29.2 expected, 38 at the 95th percentile');
    await expect(billing.figure('spot-cost')).toContainText('$18,992 a month (expected $18,922; all on demand $46,720)');
    await expect(billing.figure('billing-rate')).toHaveText('1.6 USD/GPU-h on spot, 4 USD/GPU-h on demand');
    // 10 of each 15 minutes uncovered: 29.2 ÷ 6 = 4.9 replica-hours; with 1.1416 replicas of load
    // on 2, only two down at once or one down above 1 replica of load waits: 0.08 %.
    await expect(billing.figure('spot-lost')).toContainText('4.9 replica-hours a month; 0.08% of the demand waits');
    await expect(tco.deploymentSummary().row('cost')).toHaveText('$1.60 per GPU-hour on spot, $4.00 per GPU-hour on demand as the fallback (your rate)');
    await shell.setLanguage('de');
    await expect(billing.figure('spot-preemptions')).toContainText('29,2 erwartet, 38 im 95. Perzentil');
  });

  test('a schedule in its own time zone is moved onto the usage week, in English and German', async ({ tcoPage: tco, shell }) => {
    // A usage week built in UTC from January files: demand Mon–Fri 08:00–16:00 UTC (09–17 in Berlin).
    const s = plainScenario();
    s.workload = {
      ...s.workload,
      requestsPerDay: 10_000,
      profileMode: 'weekly',
      weeklyProfile: Array.from({ length: 168 }, (_, h) => (Math.floor(h / 24) < 5 && h % 24 >= 8 && h % 24 < 16 ? 1 : 0)),
    };
    s.usage = { source: { files: ['usage.csv'], firstDay: '2026-01-05', lastDay: '2026-01-30', timeZone: 'UTC', models: [], profile: 'median' } };
    s.selfHosted = { ...s.selfHosted, hoursMode: 'schedule', scheduleHoursPerDay: 8, scheduleDaysPerWeek: 5, scheduleStartHour: 9 };
    await tco.open({ hash: `#/tco?s=${encodeScenario(s)}`, charts: false });
    await tco.openGroup('tco-group-deployment');
    // 09:00 in the week's own hours (UTC) leaves 08:00–09:00 UTC outside the schedule.
    await slow(tco.kpi('self')).toContainText('per accepted task: off schedule');
    await tco.select('Schedule time zone').selectOption('Europe/Berlin');
    await slow(tco.kpi('self')).not.toContainText('off schedule');
    // 09:00 Berlin = 08:00 UTC in January: 40 paid hours a week = 40 × 730 ÷ 168 = 173.81 h a
    // month; 8 GPUs × $4 × 173.81 = $5,561.90.
    const billing = tco.billing();
    await slow(billing.figure('paid-hours')).toHaveText('173.8 h a month');
    await expect(billing.figure('billing-gpu-monthly')).toHaveText('$5,561.90');
    await shell.setLanguage('de');
    await expect(tco.select('Zeitzone des Zeitplans')).toHaveValue('Europe/Berlin');
  });

  test('the horizon chart marks the month self-hosting catches up, in English and German', async ({ tcoPage: tco, shell }) => {
    const s = defaultScenario();
    s.workload.requestsPerDay = 60_000;
    s.selfHosted = {
      ...s.selfHosted,
      billing: { ...s.selfHosted.billing, mode: 'reserved', reservedPrice: 2.8, reservedTermMonths: 36 },
      staffFte: 0.5,
      horizonMonths: 36,
      throughput: { ...s.selfHosted.throughput, tokensPerSecond: 4_600 },
    };
    await tco.open({ hash: `#/tco?s=${encodeScenario(s)}`, charts: false });
    // API: 1,800,000 tasks × $0.0150998 = $27,179.64 a month. Self-hosted (one replica carries the
    // peak, 3,607.6 ≤ 4,600 × 0.8 tok/s): 8 × 2.80 × 730 = 16,352 + staff 0.5 × 15,000 + 818.18
    // + other 1,000 = $25,670.18, plus $20,000 once: 20,000 + 25,670.18 m ≤ 27,179.64 m from
    // m = 13.25, so month 14.
    const card = tco.horizon();
    await slow(card.fact('crossing')).toHaveText('month 14');
    await expect(card.chartDrawing()).toContainText('Crossing: month 14');
    // The example's cost of capital is 0 %: the "NPV" is the plain sum, and the card says so.
    await expect(card.fact('undiscounted')).toContainText('undiscounted sum of the savings');
    await shell.setLanguage('de');
    await expect(card.fact('undiscounted')).toContainText('unabgezinste Summe');
    await slow(card.fact('crossing')).toHaveText('Monat 14');
    await expect(card.figure(/^Kumulierte Kosten über 36 Monate/)).toBeVisible();
    await expect(card.chartDrawing()).toContainText('Schnittpunkt: Monat 14');
  });

  test('volume doubling every month: the horizon says where the replica limit is reached, in English and German', async ({ tcoPage: tco, shell }) => {
    const s = plainScenario();
    s.workload.requestsPerDay = 80_000;
    s.selfHosted = { ...s.selfHosted, horizonMonths: 240, outlook: { ...s.selfHosted.outlook, volumeGrowthMonthly: 1 } };
    await tco.open({ hash: `#/tco?s=${encodeScenario(s)}`, charts: false });
    // One replica carries 0.9132 of the volume; month 8 needs ⌈0.9132 × 2⁷⌉ = 117 > 64 replicas.
    const card = tco.horizon();
    await card.root.scrollIntoViewIfNeeded();
    await slow(card.fact('beyond-limit')).toHaveText(
      'From month 8 the volume needs more than 64 replicas, beyond what this model sizes: self-hosting has no figure from then on, and no NPV over the horizon.',
    );
    await expect(card.fact('npv')).toContainText('–');
    await shell.setLanguage('de');
    await expect(card.fact('beyond-limit')).toContainText('Ab Monat 8 braucht das Volumen mehr als 64 Replikate');
  });

  test('the tornado marks a replica step on the bar with its probability, and its table says the same', async ({ tcoPage: tco }) => {
    const s = plainScenario();
    s.workload.requestsPerDay = 80_000;
    await tco.open({ hash: `#/tco?s=${encodeScenario(s)}`, charts: false });
    // One replica at 1,000 tok/s carries 2.628e9 of the 2.4e9 tokens; below 2.4e9 ÷ 2,628,000 s =
    // 913.24 tok/s a second one is needed: P(X < 913.24) on Triangular(800, 1,000, 1,200) =
    // 113.24² ÷ (400 × 200) = 16 %.
    const tornado = tco.tornado();
    await slow(tornado.drawing).toContainText('2 replicas · 16%');
    await tornado.showTable();
    const row = tornado.row(/^Throughput/);
    await expect(row).toContainText('2 replicas below 913.242 tokens/s; saving $640 → -$22,720 at the step; probability 16%');
  });

  test('API rate limits: a limit below the busiest hour warns in the verdict and on the API and hybrid figures', async ({ tcoPage: tco }) => {
    await tco.open({ charts: false });
    await expect(tco.rateLimitWarning()).toHaveCount(0);
    await tco.openGroup('tco-group-api');
    // 927,000 requests a month (incl. 3 % retries) ÷ 43,800 min × 2.5 peak-to-average = 52.9/min
    await tco.field('Rate limit, requests').fill('40');
    const warning = tco.rateLimitWarning();
    await slow(warning).toContainText('in the busiest hour the workload needs 53 requests/min (limit 40)');
    await expect(warning).toContainText('cannot serve that without a higher tier');
    await expect(tco.kpi('api')).toContainText('above the rate limit');
    await expect(tco.kpi('hybrid')).toContainText('above the rate limit');
    // Cleared: no limit, no warning.
    await tco.field('Rate limit, requests').fill('');
    await slow(warning).toHaveCount(0);
  });

  test('chart CSV files hold plain numbers; axes fit their labels in German with yuan; a capped line shows where it leaves', async ({
    tcoPage: tco,
    shell,
  }) => {
    await tco.open();
    const csv = async (title: string) => {
      // The file starts with a byte-order mark so spreadsheets read it as UTF-8.
      return readFileSync(await tco.downloadChartCsv(title), 'utf8')
        .replace(/^\uFEFF/, '')
        .split('\r\n');
    };
    const cost = await csv('Monthly cost by monthly volume');
    expect(cost[0]).toBe('Volume (tokens/month),API (USD/month),Self-hosted (USD/month),Hybrid (USD/month),Owned replicas (hybrid)');
    // At zero volume: no API cost, one replica's $43,538.45, no owned replica in the hybrid.
    expect(cost[1]).toBe('0,0,43538.45,0,0');
    const breakdown = await csv('Where the money goes');
    // The GPU part says how the GPUs are paid for (on demand here), the staff part the FTE.
    expect(breakdown[0]).toContain('GPU rent (on demand) (USD/month)');
    expect(breakdown[0]).toContain('Staff (self-hosted: 1 FTE) (USD/month)');
    // API at today's volume: 927,000 × 6,000 × $0.95 = 5,283.90; × 6,000 × $0.16 = 889.92;
    // × 2,000 × $4.00 = 7,416.00 → 13,589.82.
    expect(breakdown[1]).toBe('API,0,0,0,5283.9,889.92,7416,13589.82');
    for (const file of [cost, breakdown]) expect(file.join('\n')).not.toMatch(/\$|'-|\d[KMB]\b/);

    await shell.setLanguage('de');
    await shell.setCurrency('CNY');
    await tco.waitForCharts();
    await slow(tco.costChart().yTicks().first()).toContainText('CN¥');
    for (const chart of ['tco-cost-chart', 'tco-breakdown-chart', 'tco-tornado-chart', 'tco-mc-chart', 'tco-hybrid-chart', 'tco-horizon-chart']) {
      const outside = await tco.labelsOutside(chart);
      expect(outside, `${chart}: tick labels outside the chart or under the axis title`).toEqual([]);
    }
    // The cost axis ends at ¥600,000 (1.5 × the first step, rounded up); the third replica's
    // step, 3 × 25,053.60 + 18,484.85 = $93,645.65 × 7.1 = ¥664,884, leaves it: marked there.
    await expect(tco.offChart()).toContainText('664.884 CN¥');
  });

  test('input-only work is not sized by an output-token figure; a prefill rate sizes it', async ({ tcoPage: tco }) => {
    // 1,000,000 requests a day × 10,000 input tokens and no output (half of it cached).
    const s = defaultScenario();
    s.workload = { ...s.workload, requestsPerDay: 1_000_000, inputTokensPerRequest: 10_000, outputTokensPerRequest: 0, reasoningMode: 'none' };
    await tco.open({ hash: `#/tco?s=${encodeScenario(s)}`, charts: false });
    await expect(tco.sizingProblem()).toContainText('10,000 input tokens and no output');
    await expect(tco.kpi('capacity')).toContainText('cannot serve');
    await tco.openGroup('tco-group-deployment');
    await tco.field('Prefill rate').fill('200000');
    // 5,000 uncached tokens ÷ 200,000 tok/s = 25 ms a request; 30M requests × 1.03 retries ×
    // 0.90 / 0.88 acceptance × 25 ms = 790,057 replica-seconds a month, at a 2.5× peak ÷ 80 %
    // of 2,628,000 s per replica: 0.94 → one replica serves it.
    await slow(tco.sizingProblem()).toHaveCount(0);
    await expect(tco.kpi('capacity')).toContainText('1 needed / 1 entered');
    await expect(tco.sizing()).toContainText('25 ms prefill (5,000 uncached input tokens ÷ 200,000 input tokens/s)');
  });

  test('fits a 360 px phone without horizontal scrolling', async ({ page, tcoPage: tco }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await tco.open();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Narrow plots get fewer ticks, never labels outside the chart.
    for (const chart of ['tco-cost-chart', 'tco-breakdown-chart', 'tco-tornado-chart', 'tco-mc-chart', 'tco-horizon-chart']) {
      expect(await tco.labelsOutside(chart), chart).toEqual([]);
    }
    // Turned to landscape and back: the charts follow the width both ways (a drawing as wide as
    // the old width must not hold the page wide).
    const widths = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('[data-testid="tco-page"] figure')].flatMap((f) => {
          const svg = f.querySelector('svg[data-plot]');
          return svg ? [Math.round(f.getBoundingClientRect().width - svg.getBoundingClientRect().width)] : [];
        }),
      );
    await page.setViewportSize({ width: 1024, height: 780 });
    await expect.poll(async () => (await widths()).every((gap) => gap >= 0 && gap <= 1)).toBe(true);
    const wideCost = await tco.costChart().plot().boundingBox();
    expect(wideCost?.width ?? 0).toBeGreaterThan(450);
    await page.setViewportSize({ width: 360, height: 780 });
    await expect.poll(async () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expect.poll(async () => (await widths()).every((gap) => gap >= 0 && gap <= 1)).toBe(true);
    expect(await tco.labelsOutside('tco-cost-chart')).toEqual([]);
  });
});
