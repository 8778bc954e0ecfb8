import { expect, test } from './fixtures';
import { TcoPage } from './pages/tco-page';

/**
 * The TCO page in the browser: sliders update numbers and charts, presets bring the article
 * claim check with its contradictions, the break-even marker follows the GPU price, and bad
 * entries are refused at the field.
 */
const usd = (v: number) => `$${Math.round(v).toLocaleString('en-US')}`;

test.describe('TCO and break-even', () => {
  test('dragging the volume slider updates the figures and every chart', async ({ page }) => {
    const tco = new TcoPage(page);
    await tco.open();
    // Default scenario: 30,000 requests/day × 30 days; per request 6,000 uncached input × $0.95,
    // 6,000 cached × $0.16 and 800 + 1,200 reasoning output × $4.00 per 1M, × 1.03 retries:
    // (5,700 + 960 + 8,000) / 1e6 × 1.03 = $0.0150998 → 900,000 × 0.0150998 = $13,590.
    await expect(tco.kpi('api')).toContainText('$13,590');
    const before = await page.getByTestId('tco-cost-chart').locator('..').getAttribute('data-for');

    await tco.drag(tco.slider(/^Requests per day/), 0.8);
    const requests = Number((await tco.field('tco-volume').inputValue()).replace(/,/g, ''));
    expect(requests).toBeGreaterThan(30_000);
    await expect(tco.kpi('api')).toContainText(usd(requests * 30 * ((5_700 + 960 + 8_000) / 1e6) * 1.03));
    await tco.waitForCharts();
    const after = await page.getByTestId('tco-cost-chart').locator('..').getAttribute('data-for');
    expect(after).not.toBe(before);
    // Today's volume stays in view: the axis runs to about twice of it.
    const today = Number(await page.getByTestId('tco-today-marker').getAttribute('data-share'));
    expect(today).toBeGreaterThan(0.3);
    expect(today).toBeLessThan(0.6);
    // The charts show the new volume: the self-hosted side now needs more replicas.
    await expect(tco.kpi('capacity')).not.toContainText('2 needed');
  });

  test('an article preset shows its claims with the contradiction flagged', async ({ page }) => {
    const tco = new TcoPage(page);
    await tco.open();
    await tco.loadPreset('a004-m27-gpt55');
    await expect(page.getByTestId('tco-claims-tab-a004')).toHaveAttribute('aria-selected', 'true');
    const claim = tco.claim('a004-break-even');
    await expect(claim).toHaveAttribute('data-verdict', 'contradiction');
    // 3,469 $ / 25 $ per 1M output tokens = 138.76M, not the claimed 1.2B
    await expect(claim.getByTestId('tco-claim-recomputed')).toHaveText('138.76M tokens/month');
    await expect(claim).toContainText('1.2B tokens/month');
    await claim.getByText('Show the arithmetic').click();
    await expect(claim).toContainText('$3,469/month ÷ $25.00 per 1M tokens = 138.76M tokens/month');
    await expect(claim).toContainText('1.11B tokens/month');
    await expect(page.getByTestId('tco-claims-summary')).toHaveText('6 figures: 2 hold, 4 contradicted, 0 not checkable.');
    // The preset itself: 8 × $0.6025 × 730 h = $3,519 against 12M × $25 = $300 for the API.
    await expect(tco.kpi('self')).toContainText('$3,519');
    await expect(tco.kpi('api')).toContainText('$300.00');
    await expect(tco.verdict()).toHaveAttribute('data-best', 'api');

    await page.getByTestId('language-select').selectOption('de');
    await expect(claim).toContainText('widerlegt');
    await expect(claim.getByTestId('tco-claim-recomputed')).toHaveText('138,76 Mio. Tokens/Monat');
  });

  test('the break-even marker moves when the GPU price changes', async ({ page }) => {
    const tco = new TcoPage(page);
    await tco.open();
    await tco.loadPreset('a004-m27-gpt55');
    // 8 × 0.6025 × 730 = $3,518.60 ÷ $25 per 1M output = 140.74M output tokens, i.e. with the
    // article's 412 input per 387 output tokens 140.74M × 799 / 387 = 290.58M tokens a month.
    await expect(tco.kpi('break-even')).toContainText('290.58M');
    await expect(tco.breakEvenMarker()).toHaveText('break-even 290.58M');
    const x0 = await tco.breakEvenX();
    expect(x0).not.toBeNull();

    const price = tco.field('tco-gpu-price');
    await price.fill('1.205');
    // Twice the GPU price, twice the break-even: 581.16M tokens.
    await expect(tco.kpi('break-even')).toContainText('581.16M');
    await expect(tco.breakEvenMarker()).toHaveText('break-even 581.16M');
    await tco.waitForCharts();
    expect(await tco.breakEvenX()).not.toBe(x0);

    // Dragging the GPU price far up: a replica then costs more than the API work it carries.
    await tco.drag(tco.slider(/^GPU price/), 0.9);
    await expect(tco.kpi('break-even')).toContainText('never');
    await expect(tco.breakEvenMarker()).toHaveCount(0);
  });

  test('bad entries are refused at the field and impossible inputs give reasons, not NaN', async ({ page }) => {
    const tco = new TcoPage(page);
    await tco.open();
    const price = tco.field('tco-gpu-price');
    await price.fill('-3');
    await expect(page.getByTestId('tco-gpu-price').getByRole('alert')).toBeVisible();
    await expect(tco.kpi('self')).toContainText('$68,592');

    await tco.field('tco-throughput').fill('0');
    await expect(tco.kpi('break-even')).toContainText('never');
    await expect(tco.kpi('break-even')).toContainText('no throughput');
    await expect(tco.kpi('capacity')).toContainText('cannot serve');
    await expect(tco.verdict()).toContainText('Self-hosting cannot serve this workload');

    await tco.field('tco-volume').fill('0');
    await expect(tco.verdict()).toContainText('No volume entered');
    await expect(tco.kpi('api')).toContainText('no volume');
    await expect(page.locator('main')).not.toContainText('NaN');
    await expect(page.locator('main')).not.toContainText('Infinity');
  });

  test('fits a 360 px phone without horizontal scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    const tco = new TcoPage(page);
    await tco.open();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
