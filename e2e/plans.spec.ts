import { defaultScenario } from '../src/core/scenario/defaults';
import { encodeScenario } from '../src/core/link/share-link';
import { expect, test } from './fixtures';
import { fixtureFile } from './pages/benchmarks-page';
import { PlansPanel } from './pages/plans-panel';
import { slow } from './pages/tco-page';

/**
 * The plan search on the TCO page: constrained to two GPU types, every plan is on one of them,
 * "Use this plan" sets the scenario and the TCO figures follow, undo puts it back.
 */
test.describe('plans', () => {
  test.describe.configure({ timeout: 120_000 });

  test('two GPU types, "Use this plan", the TCO page follows, undo', async ({ page, tcoPage: tco }) => {
    await tco.open({ charts: false });
    const plans = new PlansPanel(page);
    await plans.waitForResults();
    await plans.onlyGpus(['h200-sxm', 'b200']);
    // The example's entered figure is for 8× H200 as laid out (TP8 + DCP8): those plans rest on
    // it. Every other H200 layout rests on a calibrated estimate (MoE · MLA · Hopper, fitted on
    // three InferenceX DeepSeek-R1 runs); B200's own class has two runs only, so it borrows the
    // Hopper factor and says so.
    await slow
      .poll(async () => {
        const rows = await plans.evidenceKinds();
        const self = rows.filter((r) => !r.id.startsWith('api|'));
        // Prefill/decode pools of the same shapes rest on the calibrated roofline (the example enters no pool rates).
        return (
          self.length > 0 &&
          self.every((r) =>
            r.id.includes('|h200-sxm|8|dcp|') && !r.id.includes('|pools|')
              ? r.kind === 'entered'
              : r.kind === 'calibrated' && (r.id.includes('|h200-sxm|') || r.id.includes('|b200|')),
          )
        );
      })
      .toBe(true);
    await plans.showAll();
    const b200 = plans.firstRowWith('|b200|');
    await expect(plans.evidence(b200)).toContainText('MoE · MLA · Hopper · single node');
    await expect(b200).toContainText('an estimate fitted on another GPU generation');
    // The example rents 8× H200 on demand: $43,538.45 a month (tco.spec.ts). Bought instead:
    // 8 × $35,000 × 1.15 − 20 % residual of $280,000 = $266,000 over 36 months = $7,388.89;
    // power 8 × 700 W × 1.3 × 730 h × $0.15/kWh = $797.16; staff $15,818.18; other + one-time
    // $2,666.67 → $26,670.90.
    await expect(tco.kpi('self')).toContainText('$43,538');
    await plans.use('self|h200-sxm|8|dcp|bought');
    await expect(plans.applied()).toContainText('on demand → bought');
    await slow(tco.kpi('self')).toContainText('$26,671');
    await expect(plans.row('self|h200-sxm|8|dcp|bought')).toContainText('in use');
    await plans.undo();
    await slow(tco.kpi('self')).toContainText('$43,538');
  });

  test('the autoscaled plan of the example shows its week and pays fewer GPU-hours than the fixed fleet', async ({ page, tcoPage: tco }) => {
    await tco.open({ charts: false });
    const plans = new PlansPanel(page);
    await plans.waitForResults();
    await plans.onlyGpus(['h200-sxm']);
    // The example's load is a peak-to-average shape of 2.5: demand in 2 × 168 ÷ 2.5 = 134.4, so
    // 134 hours of the week, and one replica carries its peak (tco.spec.ts). Autoscaled with the
    // default policy (scale to zero, cooldown 1 h) one replica runs those 134 hours and one more
    // for the cooldown: 135 × 8 = 1,080 GPU-hours a week against 168 × 8 = 1,344 for the fixed fleet.
    const week = plans.week('self|h200-sxm|8|dcp|autoscaled');
    await slow(week.line).toHaveText('Week: 1,080 paid GPU-hours against 1,344 fixed; 0–8 replicas');
    await week.open();
    await expect(week.chart).toBeVisible();
    await expect(week.drawing).toContainText('Replicas at the SLO');
    // Starting from zero at the busiest hour, the first 10 minutes wait: the plan says so.
    await expect(plans.row('self|h200-sxm|8|dcp|autoscaled')).toContainText('min a week over the SLO');
  });

  test('no commitment and a one-offer API shortlist: no reserved or bought plan, one API offer', async ({ page, tcoPage: tco }) => {
    await tco.open({ charts: false });
    const plans = new PlansPanel(page);
    await plans.waitForResults();
    // A cap that is no whole number stays as typed and says the search has no cap.
    const cap = plans.maxGpus();
    await cap.fill('-4');
    await expect(cap).toHaveValue('-4');
    await expect(plans.maxGpusError()).toHaveText('"-4" is not a whole number of 1 or more: the search has no GPU cap.');
    await cap.fill('');
    await expect(plans.maxGpusError()).toHaveCount(0);
    await plans.maxCommitment().selectOption('0');
    // The shortlist: only the scenario's own offer stays ticked.
    const boxes = plans.apiOffers();
    await expect.poll(async () => boxes.count()).toBeGreaterThan(1);
    const own = await boxes.first().getAttribute('data-offer');
    for (const box of (await boxes.all()).slice(1)) await box.click();
    await slow
      .poll(async () => {
        const ids = [...(await plans.planIds()), ...(await plans.planIds('plans-upper-table'))];
        const billing = ids.filter((id) => id.startsWith('self|')).map((id) => id.split('|').at(-1));
        const apis = ids.filter((id) => id.startsWith('api|'));
        // The modes without a commitment: on demand (scheduled), scale-to-zero, autoscaled and spot.
        return (
          billing.length > 0 &&
          billing.every((b) => ['on-demand', 'on-demand-scheduled', 'scale-to-zero', 'autoscaled', 'spot'].includes(b ?? '')) &&
          apis.length === 1 &&
          apis[0] === `api|${own}`
        );
      })
      .toBe(true);
  });

  test('an imported sweep tagged with its GPU backs that plan as measured; the others stay estimated', async ({
    page,
    shell,
    tcoPage: tco,
    benchmarksPage: bench,
  }) => {
    // Llama 3.1 8B at the sweep's own lengths (1,000 in / 100 out), 4K context, 16 sequences:
    // it fits on one GPU, where the sweep ran.
    const s = defaultScenario();
    s.workload = {
      ...s.workload,
      mode: 'requests',
      requestsPerDay: 876_000,
      daysPerMonth: 30,
      inputTokensPerRequest: 1000,
      outputTokensPerRequest: 100,
      cacheHitShare: 0,
      reasoningMode: 'none',
      retryRateApi: 0,
      retryRateSelfHosted: 0,
    };
    s.selfHosted = { ...s.selfHosted, modelId: 'llama-3.1-8b', gpuId: 'h100-sxm', gpusPerReplica: 1, gpusPerNode: 8 };
    s.hardware = { ...s.hardware, weightFormat: 'bf16', contextLength: 4096, concurrentSequences: 16, promptTokens: 1000 };
    await tco.open({ hash: `#/tco?s=${encodeScenario(s)}`, charts: false });
    await shell.goTo('Benchmarks');
    await bench.drop([fixtureFile('vllm/nerdalert_benchmark_serving_append_results.json')]);
    await bench.waitForImportDone();
    await shell.goTo('TCO & break-even');
    const plans = new PlansPanel(page);
    await plans.waitForResults();
    await plans.onlyGpus(['h100-sxm', 'h200-sxm']);
    // The file names the model but not the hardware: not counted until tagged.
    const imported = plans.importedEvidence();
    await expect(imported.summary()).toHaveText('Your imported series as evidence: 2 series, 0 counting');
    await imported.open();
    const row = imported.series('vllm · 1000/100 tok (6 loads)');
    await expect(row.status).toHaveText('Not counted: choose the GPU and the GPU count it was measured on.');
    await row.gpu.selectOption('h100-sxm');
    await row.gpuCount.fill('1');
    await expect(row.status).toHaveText('Counts as measured for 1× NVIDIA H100 SXM.');
    await expect(imported.summary()).toHaveText('Your imported series as evidence: 2 series, 1 counting');
    // genai-prices lists Llama 3.1 8B for less than any GPU here, so the H100 plans follow its API offers.
    const measured = plans.evidence('self|h100-sxm|1|tp|bought');
    await slow(measured).toHaveAttribute('data-kind', 'measured');
    await expect(measured).toHaveText('measured: nerdalert_benchmark_serving_append_results.json');
    // The frontier draws the measured plan as a filled point and the H200 upper bounds hollow.
    await expect(plans.frontierDot('self|h100-sxm|1|tp|bought')).toHaveAttribute('fill', 'var(--series-self)');
    await expect(plans.frontierDot('self|h200-sxm|1|tp|on-demand')).toHaveAttribute('fill', 'var(--surface)');
    // H200 has no series of this model: its plans rest on the roofline, listed apart.
    await plans.openUpper();
    const upper = plans.upperEvidence();
    await slow.poll(async () => (await upper.evaluateAll((xs) => xs.map((x) => x.getAttribute('data-kind')))).every((k) => k === 'roofline')).toBe(true);
    expect(await plans.planIds('plans-upper-table')).toContain('self|h200-sxm|1|tp|on-demand');
    // "Use this plan" carries the series and its tag into the scenario: the TCO page sizes from it.
    await plans.use('self|h100-sxm|1|tp|bought');
    await slow(tco.verdictBadge()).toHaveText('measured (nerdalert_benchmark_serving_append_results.json)');
  });
});
