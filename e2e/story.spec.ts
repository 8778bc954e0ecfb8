import { writeFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { fixtureFile } from './pages/benchmarks-page';
import { slow } from './pages/tco-page';

/**
 * One scenario, one story: the TCO page, the hardware fit and the report describe the same
 * deployment, and where they disagree the deployment summary says so with a fix.
 */
test.describe('one deployment on every page', () => {
  test.describe.configure({ timeout: 120_000 });

  test('Kimi K3 on 8× H200 does not start: the TCO page and the report say so instead of pricing it; the fix makes it fit', async ({
    shell,
    hardwarePage: hw,
    tcoPage: tco,
    reportPage: report,
  }) => {
    await hw.open();
    await hw.select('Model', 'kimi-k3');
    await hw.expectVerdict(false);
    await shell.goTo('TCO & break-even');
    const summary = tco.deploymentSummary();
    const flag = summary.flag('does-not-fit');
    await expect(flag).toContainText('Kimi K3 does not fit on 8 × NVIDIA H200 SXM');
    await expect(summary.row('fit')).toHaveText('does not fit');
    // The verdict does not price a deployment that would not start, and names model and API.
    const verdict = tco.verdict();
    await expect(verdict).toHaveAttribute('data-best', 'blocked');
    await expect(verdict).toContainText('No verdict on self-hosting: Kimi K3 does not fit on 8 × NVIDIA H200 SXM');
    await expect(verdict).toContainText('(Moonshot AI · Kimi K2.6)');
    await expect(tco.kpi('self')).toContainText('not valid: the model does not fit');
    // The title nobody edited follows the model.
    await expect(shell.scenarioName()).toHaveValue('Kimi K3: 8× H200 vs Moonshot API');

    // The report tells the same story, in the same words.
    await report.open();
    await report.waitForNumbers();
    await expect(report.deployment().withCode('does-not-fit')).toBeVisible();
    await expect(report.decision()).toContainText('No verdict on self-hosting: Kimi K3 does not fit on 8 × NVIDIA H200 SXM');
    await expect(report.title()).toHaveText('Kimi K3: 8× H200 vs Moonshot API');

    // The fix: 1,561 GB of weights need 12.03 H200 at 92 %; beyond one node, counts step by 8.
    await shell.goTo('TCO & break-even');
    await summary.fix('does-not-fit', 'Use 16 GPUs per replica');
    await expect(summary.withCode('does-not-fit')).toHaveCount(0);
    await expect(summary.row('fit')).toHaveText('fits');
    await slow(verdict).not.toHaveAttribute('data-best', 'blocked');
    await expect(verdict).toContainText('Kimi K3 on 1 × 16 NVIDIA H200 SXM');
    await expect(shell.scenarioName()).toHaveValue('Kimi K3: 16× H200 vs Moonshot API');
    const tcoText = await verdict.textContent();
    await report.open();
    await report.waitForNumbers();
    await expect(report.decision()).toContainText(tcoText ?? '');
  });

  test('a GPU change says what it changed: the rent and its provider, and the throughput entered for the old GPU, with a fix', async ({ tcoPage: tco }) => {
    await tco.open();
    const summary = tco.deploymentSummary();
    await expect(summary.row('cost')).toHaveText('$4.29 per GPU-hour, on demand, catalog rate of Crusoe');
    await expect(summary.row('throughput')).toContainText('2,300 tok/s per replica (output), entered for Kimi K2.6 · NVIDIA H200 SXM');
    await expect(summary.flags()).toHaveCount(0);
    await tco.openGroup('tco-group-deployment');
    // Two AWS rates for the H200 from two price lists: each option names its source and date.
    // The group's options may come a frame after it opens: wait for them before reading their texts.
    await expect(tco.rentOffers(/^AWS · on-demand · 7\.91/)).toHaveCount(2);
    const aws = await tco.rentOffers(/^AWS · on-demand · 7\.91/).allTextContents();
    expect(aws).toHaveLength(2);
    expect(new Set(aws).size).toBe(2);
    await tco.select('GPU').selectOption('b200');
    await expect(summary.row('self')).toContainText('8 × NVIDIA B200 (HGX)');
    // B200 on demand: 5.50, 5.89, 6.69, 6.69, 8.19, 8.60, 14.24 $/GPU-h; the median is $6.69, not
    // AWS's $14.24 listed first.
    await expect(summary.row('cost')).toHaveText('$6.69 per GPU-hour, on demand, catalog rate of Vast.ai (median, verified hosts)');
    const flag = summary.flag('throughput-gpu');
    await expect(tco.verdictChecks()).toHaveText('Before presenting this, check 1 point of the deployment above where the pages disagree.');
    await expect(flag).toContainText('The throughput holds for NVIDIA H200 SXM, not for NVIDIA B200 (HGX).');
    await summary.fix('throughput-gpu', 'Use the roofline estimate for this deployment');
    await expect(summary.row('throughput')).toHaveAttribute('data-kind', 'estimated');
    await expect(summary.row('throughput')).toContainText('estimated (roofline) on Kimi K2.6 · 8× NVIDIA B200 (HGX)');
    await expect(summary.flags()).toHaveCount(0);
    await expect(tco.verdictChecks()).toHaveCount(0);
  });

  test('the preset menu names no article until one is chosen, and "Loaded" goes when another scenario is open', async ({ tcoPage: tco, shell }) => {
    await tco.open();
    const presets = tco.presets();
    const select = presets.select;
    await expect(select).toHaveValue('');
    await expect(presets.load).toBeDisabled();
    await tco.loadPreset('a003-k3-cache');
    await expect(presets.loaded).toContainText('Article 003');
    await expect(select).toHaveValue('');
    await shell.scenarioName().fill('My own scenario');
    await expect(presets.loaded).toHaveCount(0);
  });
  test('the report leads with the decision, the money over the horizon and the main risks, and says which inputs were entered', async ({
    tcoPage: tco,
    reportPage: report,
  }) => {
    await tco.open({ charts: false });
    await report.open();
    await report.waitForNumbers();
    // The self-hosted month of the example is $43,538.45 (the TCO test's arithmetic): 12 months
    // are $522,461, one-time costs spread over them included.
    await expect(report.lead().money.first()).toContainText('Over the 12-month horizon, one-time costs included:');
    await expect(report.lead().money.first()).toContainText('self-hosted $522,461');
    await expect(report.lead().money.nth(1)).toContainText('Staying with the API saves');
    // A replica costs 3.1× the API price of its work: no sample of the ±ranges makes it cheaper.
    await expect(report.lead().risks.first()).toContainText('Self-hosting is cheaper than the API in 0% of 10,000 samples');
    await expect(report.lead().risks.nth(1)).toContainText('The input that moves the result most:');
    // Nothing was changed: every input without a catalog source is the example's.
    await expect(report.assumption('workload.requestsPerDay')).toContainText('example default');
    await tco.open({ charts: false });
    await tco.field('Requests per day').fill('45,000');
    await tco.field('Requests per day').press('Tab');
    await report.open();
    await report.waitForNumbers();
    await expect(report.assumption('workload.requestsPerDay')).toContainText('45,000 req/day');
    await expect(report.assumption('workload.requestsPerDay')).toContainText('entered');
    await expect(report.assumption('workload.daysPerMonth')).toContainText('example default');
    await expect(report.assumption('selfHosted.replicas')).toContainText('1 replica');
    await expect(report.glossary()).toContainText('gpu_memory_utilization:');
  });
  test('at 1,440 px the help notes open inside the window; sliders speak their value; Escape closes Settings', async ({ page, tcoPage: tco, shell }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await tco.open({ charts: false });
    for (const topic of ['breakEvenNever', 'throughputSource']) {
      const button = tco.helpButton(topic);
      await button.scrollIntoViewIfNeeded();
      await button.click();
      const note = await tco.helpNote(button);
      await expect(note).toBeVisible();
      const box = await note.boundingBox();
      expect(box, topic).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0), topic).toBeLessThanOrEqual(1440);
      expect(box?.x ?? -1, topic).toBeGreaterThanOrEqual(0);
      await button.click();
    }
    // The API offer's source badge shows its whole title in the sidebar, not "pydan… tic/…".
    await tco.openGroup('tco-group-api');
    const title = tco.groupBadgeTitle('tco-group-api');
    await expect(title).toHaveText('pydantic/genai-prices moonshotai.yml');
    const clipped = await title.evaluate((el) => el.scrollHeight > el.clientHeight + 1 || el.getClientRects().length > 1);
    expect(clipped).toBe(false);
    // A screen reader hears "30,000 req/day", not the slider's step.
    await expect(tco.slider(/^Requests per day/)).toHaveAttribute('aria-valuetext', '30,000 req/day');
    await shell.openSettings();
    await expect(shell.fxRate('EUR')).toBeVisible();
    await shell.fxRate('EUR').focus();
    await page.keyboard.press('Escape');
    await expect(shell.fxRate('EUR')).toHaveCount(0);
    await expect(shell.settingsToggle()).toBeFocused();
  });
  test('on a 360 × 640 phone the header keeps to about a quarter of the screen, the title shows it is cut, the tabs show they scroll', async ({
    page,
    shell,
  }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await shell.open('#/tco');
    const header = await shell.header().boundingBox();
    expect(header?.height ?? 999).toBeLessThanOrEqual(640 * 0.3);
    await expect(shell.scenarioName()).toHaveCSS('text-overflow', 'ellipsis');
    await expect(shell.scenarioName()).toHaveAttribute('title', 'Kimi K2.6: 8× H200 vs Moonshot API');
    await expect(shell.navigation()).toHaveCSS('mask-image', /linear-gradient/);
    // Language, currency and theme are in the Settings panel on a phone.
    await shell.openSettings();
    await shell.setLanguage('de');
    await expect(shell.heading('TCO und Break-even')).toBeVisible();
  });
  test("the lead's walk: K3 on H200 does not start, on GB300 it does; a sweep of another model sizes it and is flagged; the summary, the verdict and the report agree at every step; the report prints on 3 pages at most", async ({
    page,
    shell,
    hardwarePage: hw,
    tcoPage: tco,
    benchmarksPage: bench,
    reportPage: report,
  }) => {
    const summary = tco.deploymentSummary();
    /** The TCO page's verdict, and the same words in the report, with the same flags. */
    async function agree(expected: string[]): Promise<void> {
      await shell.goTo('TCO & break-even');
      await expect.poll(() => summary.flagCodes(), { timeout: 20_000 }).toEqual(expected);
      const verdict = (await tco.verdict().textContent()) ?? '';
      await report.open();
      await report.waitForNumbers();
      await expect(report.decision()).toContainText(verdict);
      await expect.poll(() => report.deployment().flagCodes(), { timeout: 20_000 }).toEqual(expected);
    }

    await hw.open();
    await hw.select('Model', 'kimi-k3');
    await hw.expectVerdict(false);
    // The hardware page shows the same summary, with the same flag.
    await expect(hw.deploymentSummary().withCode('does-not-fit')).toContainText('Kimi K3 does not fit on 8 × NVIDIA H200 SXM');
    // The entered 2,300 tok/s was for Kimi K2.6: that is flagged too.
    await agree(['does-not-fit', 'throughput-model']);
    await expect(report.deployment().root).toContainText('Kimi K3 on 1 replica of 8 × NVIDIA H200 SXM');

    await shell.goTo('Hardware fit');
    await hw.select('GPU', 'gb300');
    await hw.expectVerdict(true);
    // The rent is still Crusoe's H200 rate, and the figure was entered for Kimi K2.6 on H200.
    await agree(['rent-gpu', 'throughput-gpu', 'throughput-model']);
    await expect(report.deployment().root).toContainText('Kimi K3 on 1 replica of 8 × NVIDIA GB300 (NVL72)');
    await expect(report.title()).toHaveText('Kimi K3: 8× GB300 vs Moonshot API');

    // A sweep of Llama-3.1-8B, chosen as the series at TTFT p95 ≤ 500 ms.
    await shell.goTo('Benchmarks');
    await bench.drop([fixtureFile('vllm/nerdalert_benchmark_serving_append_results.json')]);
    await bench.waitForImportDone();
    await shell.goTo('TCO & break-even');
    await tco.useSeries('Imported: meta-llama/Llama-3.1-8B-Instruct · vllm · 1000/100 tok (6)');
    await tco.capacity().setSlo('TTFT p95', '500');
    await expect(summary.row('throughput')).toHaveAttribute('data-kind', 'measured');
    await expect(summary.row('throughput')).toContainText('measured on meta-llama/Llama-3.1-8B-Instruct');
    await expect(summary.withCode('throughput-model')).toContainText('The throughput was measured on meta-llama/Llama-3.1-8B-Instruct, not on Kimi K3.');
    const flags = await summary.flagCodes();
    expect(flags).toContain('throughput-model');
    await agree(flags);
    await expect(report.kpis()).toContainText('a month for the replicas entered, which cannot serve this workload');

    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    if (process.env.STORY_PDF) writeFileSync(process.env.STORY_PDF, pdf);
    // Three flags in the summary and the cheapest plans: the glossary at the appendix's end runs
    // on to a third page (the example scenario's report keeps to two, report.spec.ts).
    expect(pages).toBeLessThanOrEqual(3);
  });
  test('a run with a long file name as the throughput source: the sidebar keeps its width, the report shortens the value and keeps its two pages', async ({
    page,
    shell,
    benchmarksPage: bench,
    tcoPage: tco,
    reportPage: report,
  }) => {
    const long = `loadtest-results-production-cluster-eu-west-kimi-k2.6-fp8-tp8-2026-11-28T14-05-33Z-rerun-after-driver-upgrade-final-v3.json`;
    await bench.open();
    const file = fixtureFile('vllm/er0080_bench_serve_v0.25.1.json');
    await bench.drop([{ ...file, name: long }]);
    await bench.waitForImportDone();
    await bench.useMeasured(bench.rows().first());
    await bench.measuredConfirm().useAnyway();
    await shell.goTo('TCO & break-even');
    await expect(tco.deploymentSummary().root).toContainText('measured');
    // Nothing on the page is wider than the window, and the sidebar keeps its 380 px.
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      window: document.documentElement.clientWidth,
      aside: document.querySelector('aside')?.getBoundingClientRect().width ?? 0,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.window);
    expect(widths.aside).toBeLessThanOrEqual(381);
    await report.open();
    await report.waitForNumbers();
    const cell = report.assumptionValue('selfHosted.throughput');
    // The value names the run; past 48 characters it is shortened, its whole text on hover.
    await expect(cell).toHaveAttribute('title', '82.893 tokens/s (output tokens, measured, vLLM · facebook/opt-125m · concurrency 2)');
    await expect(cell).toHaveText(/…$/);
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    expect((pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length).toBeLessThanOrEqual(2);
  });
  test('a dropped price file with an impossible date (lastModified 9e15) is used, dated today, and says so', async ({ tcoPage: tco }) => {
    await tco.open({ charts: false });
    await tco.openGroup('tco-group-api');
    const picker = await tco.listPrice().open();
    // One provider, one model, in the data set's form.
    const data = JSON.stringify([
      {
        id: 'openai',
        name: 'OpenAI',
        api_pattern: 'https://api\\.openai\\.com',
        models: [{ id: 'gpt-4.1', name: 'gpt 4.1', match: { starts_with: 'gpt-4.1' }, prices: { input_mtok: 2, cache_read_mtok: 0.5, output_mtok: 8 } }],
      },
    ]);
    await picker.dropFile('data.json', data, 9e15);
    const today = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    await expect(picker.date()).toHaveText(`The file gives no date a calendar holds; today’s date, ${today}, stands for it.`);
    await expect(picker.data()).toContainText('data.json');
    await expect(picker.error()).toHaveCount(0);
  });
});
