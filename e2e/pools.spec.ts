import { encodeScenario } from '../src/core/link/share-link';
import { plainScenario } from '../src/testing/test-scenarios';
import { expect, test } from './fixtures';
import { PlansPanel } from './pages/plans-panel';
import { slow } from './pages/tco-page';

/**
 * Disaggregated prefill/decode pools, worked out by hand (docs/tco.md §3g, docs/plans.md §1c):
 * 50 requests/s around the clock (50 × 86,400 a day over 730 ÷ 24 days), Kimi K2.6 on workers of
 * 8× H200 at $4 per GPU-hour on demand. A prefill worker serves 20 requests/s at the TTFT target,
 * a decode worker 6 at the ITL target (entered). Rate matching: ⌈50 ÷ (0.9 × 20)⌉ = 3 prefill and
 * ⌈50 ÷ (0.92 × 6)⌉ = 10 decode workers, 104 GPUs, 104 × 4 × 730 = $303,680 a month; the prefill
 * pool binds (3 × 18 = 54 against 10 × 5.52 = 55.2 requests/s).
 */
function pooled() {
  const s = plainScenario();
  s.workload = { ...s.workload, inputTokensPerRequest: 2_000, outputTokensPerRequest: 500, requestsPerDay: 50 * 86_400, daysPerMonth: 730 / 24 };
  s.selfHosted = {
    ...s.selfHosted,
    rentPriceId: null,
    pools: { prefillRequestsPerSecond: 20, decodeRequestsPerSecond: 6, source: 'entered', label: 'our sweep' },
  };
  return s;
}

test.describe('disaggregated pools', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the TCO page prices 3 + 10 workers, every panel says pools, and the plan search ranks them beside replicas', async ({ page, tcoPage: tco }) => {
    await tco.open({ hash: `#/tco?s=${encodeScenario(pooled())}`, charts: false });
    await slow(tco.kpi('self')).toContainText('$303,680');
    await expect(tco.deployment('self')).toContainText('prefill/decode pools, workers of 8 × NVIDIA H200 SXM');
    // Workers, not replicas, wherever the page counts them: 12 owned workers split 3 + 9 carry
    // min(54, 49.68) = 49.68 of the 50 req/s, 99 %; the break-even lies at the fewest pools can run, 2.
    await expect(tco.kpi('hybrid')).toContainText('12 owned prefill/decode workers serve 99%');
    await expect(tco.breakEvenSentence()).toContainText('with 2 workers');
    await expect(tco.deployment('throughput')).toContainText('prefill 20 req/s and decode 6 req/s per worker');
    await expect(tco.deployment('throughput')).toContainText('entered: our sweep');
    // The what-if sliders that size replicas do not size pools: they are not offered.
    await expect(tco.slider(/^Requests per day/)).toHaveCount(1);
    await expect(tco.slider(/^Throughput per replica/)).toHaveCount(0);
    await expect(tco.slider(/^Max sustainable utilisation/)).toHaveCount(0);
    await tco.capacityPoolsNote().scrollIntoViewIfNeeded();
    await expect(tco.capacityPoolsNote()).toContainText(
      '3 prefill + 10 decode workers serve 54 req/s against 50 req/s at the peak hour; the prefill pool binds.',
    );

    const plans = new PlansPanel(page);
    await plans.waitForResults();
    await plans.onlyGpus(['h200-sxm']);
    // The entered rates are the evidence for their own shape (8× H200 as the fit lays it out).
    const id = 'self|pools|h200-sxm|8|dcp|on-demand';
    await slow(plans.pools(id)).toContainText('Prefill 3 × 8 GPUs at 20 req/s each, decode 10 × 8 GPUs at 6 req/s each');
    await expect(plans.pools(id)).toHaveAttribute('data-binding', 'prefill');
    await expect(plans.row(id)).toContainText('$303,680');
    await expect(plans.row(id)).toContainText('104');
    // Without pools as candidates, no plan has them.
    await plans.poolsAllowed().uncheck();
    await slow.poll(async () => (await plans.planIds()).some((p) => p.includes('|pools|'))).toBe(false);
    await plans.poolsAllowed().check();
    await slow(plans.pools(id)).toBeVisible();
  });

  test('using an aggregated plan turns the pools off; undo brings them back; the serving choice shows it', async ({ page, tcoPage: tco }) => {
    await tco.open({ hash: `#/tco?s=${encodeScenario(pooled())}`, charts: false });
    await slow(tco.kpi('self')).toContainText('$303,680');
    const plans = new PlansPanel(page);
    await plans.waitForResults();
    await plans.onlyGpus(['h200-sxm']);
    const aggregated = 'self|h200-sxm|8|dcp|on-demand';
    await slow(plans.row(aggregated)).toBeVisible();
    await plans.use(aggregated);
    await expect(tco.deployment('self')).toContainText('replicas of 8 × NVIDIA H200 SXM');
    // Replicas are sized by a throughput and a utilisation cap again: their sliders are back.
    await expect(tco.slider(/^Throughput per replica/)).toHaveCount(1);
    await expect(tco.slider(/^Max sustainable utilisation/)).toHaveCount(1);
    await tco.openGroup('tco-group-deployment');
    await expect(tco.select('Serving')).toHaveValue('aggregated');
    await plans.undo();
    await expect(tco.deployment('self')).toContainText('prefill/decode pools');
    await expect(tco.select('Serving')).toHaveValue('pools');
    await expect(tco.field('Prefill requests/s per worker at the TTFT target')).toHaveValue('20');
  });
});
