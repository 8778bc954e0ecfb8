import { seriousViolations } from './axe';
import { expect, test, workerNames } from './fixtures';
import { BenchmarksPage, fixtureFile, fixtureFileAs, textFile } from './pages/benchmarks-page';

/*
 * Two real result files:
 *  - vLLM bench serve 0.25.1: 8 requests ok, output 82.89297074037474 tok/s,
 *    TTFT p99 734.4049174101428 ms, concurrency 2;
 *  - llmperf summary (Groq, Llama-2 70B): 150 ok, TTFT p99 0.3500269545800982 s = 350.03 ms,
 *    output 441.84737788500206 tok/s.
 */
const VLLM = 'vllm/er0080_bench_serve_v0.25.1.json';
const LLMPERF = 'llmperf/leaderboard_groq_70b_summary.json';
// vLLM 0.25.1 with "completed": 0, "failed": 8 and zero throughput.
const FAILED = 'vllm/er0080_bench_serve_all_requests_failed_v0.25.1.json';

test.describe('imported benchmark results', () => {
  test('drop two files → both listed → compared → one feeds the TCO page; a bad file is named', async ({ benchmarksPage: bench, tcoPage: tco, shell }) => {
    await bench.open();

    await bench.drop([fixtureFile(VLLM), fixtureFile(LLMPERF)]);
    await bench.waitForImportDone();
    await expect(bench.outcome('er0080_bench_serve_v0.25.1.json')).toContainText('1 run imported (vllm)');
    await expect(bench.outcome('leaderboard_groq_70b_summary.json')).toContainText('1 run imported (llmperf-summary)');

    await expect(bench.rows()).toHaveCount(2);
    const vllm = bench.row('vLLM · facebook/opt-125m');
    const groq = bench.row('llmperf · llama2-70b-4096');
    await expect(bench.cell(vllm, 'ttft99')).toHaveText('734');
    await expect(bench.cell(groq, 'ttft99')).toHaveText('350');
    await expect(bench.cell(groq, 'out-tps')).toHaveText('442');

    // Freshly imported runs are ticked for comparison; the compare view shows both.
    await expect(bench.runSelect(vllm)).toBeChecked();
    await expect(bench.runSelect(groq)).toBeChecked();
    await expect(bench.compareCount()).toHaveText('2 runs selected');
    await expect(bench.legendItems()).toHaveCount(2);
    await expect(bench.legend()).toContainText('facebook/opt-125m');
    await expect(bench.legend()).toContainText('llama2-70b-4096');
    await bench.showCompare();
    await expect(bench.chartImage('percentiles')).toHaveAttribute('aria-label', /Highest p99: vLLM · facebook\/opt-125m, 734 ms/);

    // Sorting by output throughput puts llmperf (442 tok/s) above vLLM (82.9 tok/s).
    await bench.sortBy('Output (tok/s)');
    await expect(bench.rows().first()).toContainText('llama2-70b-4096');

    // llmperf ran against Groq's API: named before anything is written; cancelling writes nothing.
    await bench.useMeasured(groq);
    const confirm = bench.measuredConfirm();
    await expect(confirm.reason('api-endpoint')).toContainText('It measured an API endpoint');
    await expect(confirm.reason('model-mismatch')).toHaveText('It measured “llama2-70b-4096”; the scenario self-hosts “Kimi K2.6”.');
    await confirm.cancel();
    await expect(confirm.root).toHaveCount(0);
    // The vLLM run is self-hosted, but of facebook/opt-125m: the model names are shown, then it may be used.
    await bench.useMeasured(vllm);
    await expect(confirm.reasons()).toHaveText(['It measured “facebook/opt-125m”; the scenario self-hosts “Kimi K2.6”.']);
    await expect(confirm.root).toContainText('Use its throughput (82.9 output tokens/s) for the TCO page anyway?');
    await expect(confirm.useAnywayButton()).toBeFocused();
    await confirm.useAnyway();
    await expect(bench.measuredNotice()).toContainText('The TCO scenario now uses 82.9 output tokens/s measured in');
    await shell.goTo('TCO & break-even');
    const field = tco.throughputFromSeries().note;
    await expect(tco.field('Throughput per replica')).toHaveValue('82.89');
    await expect(field).toContainText('measured');

    await shell.goTo('Benchmarks');
    await bench.drop([textFile('broken-results.json', '{"hello": "world"}'), fixtureFile(FAILED)]);
    await bench.waitForImportDone();
    const bad = bench.outcome('broken-results.json');
    await expect(bad).toContainText('broken-results.json could not be imported.');
    await expect(bad).toContainText('line 1: the content matches none of the supported result formats (keys: hello)');
    // Nothing already imported is lost.
    await expect(bench.rows()).toHaveCount(3);
    // A run in which every request failed has no throughput: refused, with the reason.
    await bench.useMeasured(bench.row('er0080_bench_serve_all_requests_failed'));
    await expect(bench.measuredNotice()).toHaveText('Not used: no request of this run succeeded, so it has no throughput to take.');
  });

  test('an inference-perf folder with its summary, a copy and a failed top stage: one series, a note for each, in English and German', async ({
    page,
    shell,
    benchmarksPage: bench,
  }, testInfo) => {
    // The KubeCon demo's vLLM folder (stages 0–6 at 1 … 183.38 requests/s, 38,717 requests in
    // all, and the summary of them), a byte-identical copy of stage 5 and a stage 7 at 213.77/s
    // where all 12,826 requests failed (fixtures/bench/SOURCES.md).
    await bench.open();
    const stages = [0, 1, 2, 3, 4, 5, 6].map((i) =>
      fixtureFileAs(`inference-perf/kubecon_vllm_stage_${i}_lifecycle_metrics.json`, `stage_${i}_lifecycle_metrics.json`),
    );
    await bench.drop([
      ...stages,
      fixtureFileAs('inference-perf/kubecon_vllm_summary_lifecycle_metrics.json', 'summary_lifecycle_metrics.json'),
      fixtureFileAs('inference-perf/kubecon_vllm_stage_5_lifecycle_metrics.json', 'stage_5_lifecycle_metrics (copy).json'),
      fixtureFileAs('inference-perf/SYNTHETIC_all_failed_stage_lifecycle_metrics.json', 'stage_7_lifecycle_metrics.json'),
    ]);
    await bench.waitForImportDone();
    await expect(bench.outcome('stage_5_lifecycle_metrics (copy).json')).toContainText('has the same content as stage_5_lifecycle_metrics.json');

    const items = bench.seriesItems();
    await expect(items).toHaveCount(1);
    const series = items.first();
    // Stages 0–7: 8 loads; prompts 204.1 and outputs 62.37 tokens per request (request-weighted means).
    await expect(series).toHaveAttribute('data-points', '8');
    await expect(series).toContainText('8 loads · 1 requests/s to 214 requests/s · measured at 204.1 input / 62.4 output tokens per request');
    const notes = bench.seriesNotes(series);
    await expect(notes).toHaveCount(3);
    await expect(bench.seriesNote(series, 'aggregate-kept-out')).toHaveText(
      'summary_lifecycle_metrics.json is inference-perf’s aggregate of all stages (38,717 requests; the stages beside it: 51,543). Kept out: it has no load of its own and would stand in for the top stage.',
    );
    await expect(bench.seriesNote(series, 'duplicate-file')).toHaveText(
      'stage_5_lifecycle_metrics (copy).json has the same content as stage_5_lifecycle_metrics.json: skipped.',
    );
    await expect(bench.seriesNote(series, 'failed-load-kept')).toHaveText(
      'stage_7_lifecycle_metrics.json: every request failed (12,826) at 214 requests/s. Its request lengths are unknown; it stays in the sweep as a failing point, so the sweep counts as measured up to this load.',
    );
    await bench.seriesPanel().scrollIntoViewIfNeeded();
    await bench.seriesPanel().screenshot({ path: testInfo.outputPath('capacity-series-notes-en.png') });
    await page.screenshot({ path: testInfo.outputPath('benchmarks-page-en.png'), fullPage: true });
    expect(await seriousViolations(page, 'light', { include: BenchmarksPage.seriesSelector })).toEqual([]);

    await shell.setLanguage('de');
    await expect(series).toContainText('8 Lasten · 1 Anfragen/s bis 214 Anfragen/s · gemessen bei 204,1 Eingabe- / 62,4 Ausgabe-Tokens je Anfrage');
    await expect(bench.seriesNote(series, 'aggregate-kept-out')).toContainText(
      'ist die Zusammenfassung aller Stufen von inference-perf (38.717 Anfragen; die Stufen daneben: 51.543)',
    );
    await expect(bench.seriesNote(series, 'duplicate-file')).toHaveText(
      'stage_5_lifecycle_metrics (copy).json hat denselben Inhalt wie stage_5_lifecycle_metrics.json: übersprungen.',
    );
    await expect(bench.seriesNote(series, 'failed-load-kept')).toContainText('Alle Anfragen sind fehlgeschlagen (12.826) bei 214 Anfragen/s.');
    await bench.seriesPanel().screenshot({ path: testInfo.outputPath('capacity-series-notes-de.png') });
  });

  test('a 10,000-request run with 10 s TTFT does not flatten the others: log scale by default, linear on request', async ({ benchmarksPage: bench }) => {
    await bench.open();
    await bench.drop([fixtureFile(VLLM)]);
    await bench.waitForImportDone();
    await bench.dropGenerated(
      'slow-log.jsonl',
      10_000,
      '{"ts":"2026-01-15T10:00:00.000Z","model":"slow","status":"ok","ttft_ms":10000,"duration_ms":20000,"in_tok":100,"out_tok":50}',
    );
    await bench.waitForImportDone();
    await expect(bench.rows()).toHaveCount(2);
    await bench.showCompare();
    // TTFT median 55.7 ms (vLLM) next to 10,000 ms: 180× apart, so the axis starts on log.
    await expect(bench.scale('percentiles')).toHaveAttribute('data-value', 'log');
    await expect(bench.chartText('percentiles', 'TTFT (ms, log)')).toBeVisible();
    await bench.setScale('percentiles', 'linear');
    await expect(bench.scale('percentiles')).toHaveAttribute('data-value', 'linear');
    await expect(bench.chartText('percentiles', 'TTFT (ms)', { exact: true })).toBeVisible();
    await expect(bench.scale('cdf')).toHaveAttribute('data-value', 'log');
    // 8 requests next to 10,000: the request chart shows shares, counts on request.
    await bench.chart('errors').scrollIntoViewIfNeeded();
    await expect(bench.errorsMode()).toHaveAttribute('data-value', 'shares');
  });

  test('runs survive a reload; the same file twice is recognised; skipped rows are listed', async ({ page, benchmarksPage: bench }) => {
    await bench.open();
    const log = [
      '{"ts":"2026-01-15T10:00:00.000Z","model":"m","status":"ok","ttft_ms":400,"duration_ms":2000,"in_tok":100,"out_tok":50}',
      '{"ts":"2026-01-15T10:00:01.000Z","model":"m","status":"ok","ttft_ms":-3,"duration_ms":2000,"in_tok":100,"out_tok":50}',
      '{"ts":"2026-01-15T10:00:02.000Z","model":"m","status":"ok","ttft_ms":600,"duration_ms":3000,"in_tok":100,"out_tok":70}',
    ].join('\n');
    await bench.drop([textFile('client-log.jsonl', log)]);
    await bench.waitForImportDone();
    const outcome = bench.outcome('client-log.jsonl');
    await expect(outcome).toContainText('1 row skipped');
    await expect(outcome).toContainText('line 2, field “ttft_ms”: a negative value; row skipped (-3)');
    // TTFT of the two kept rows: 400 and 600 ms → p50 500 ms (from the requests: marked †).
    await expect(bench.cell(bench.row('client log · m'), 'ttft50')).toHaveText('500†');

    await bench.sloLimit('TTFT limit').fill('500');
    // 400 ms meets the limit, 600 ms does not: 1 of 2 requests.
    await expect(bench.cell(bench.row('client log · m'), 'goodput')).toContainText('50% (1 of 2)');

    // Only half the completed requests met the limit, so the limit is not stored as the latency target.
    await bench.useMeasured(bench.row('client log · m'));
    await expect(bench.measuredConfirm().root).toContainText('It measured “m”; the scenario self-hosts “Kimi K2.6”.');
    await bench.measuredConfirm().useAnyway();
    await expect(bench.measuredNotice()).toContainText('No latency target stored: only 50% of the completed requests met your limits');

    await page.reload();
    await expect(bench.rows()).toHaveCount(1);
    await expect(bench.fileRow('client-log.jsonl')).toBeVisible();
    await expect(bench.sloLimit('TTFT limit')).toHaveValue('500');

    await bench.drop([textFile('client-log-copy.jsonl', log)]);
    await bench.waitForImportDone();
    await expect(bench.outcome('client-log-copy.jsonl')).toContainText('has the same content as client-log.jsonl, imported on');
    await expect(bench.rows()).toHaveCount(1);
  });

  test('a large log is read in parts at once: rows and line numbers come out as from one reading', async ({ page, benchmarksPage: bench }) => {
    await bench.open();
    const workers = workerNames(page);
    // 220,000 lines of 119 bytes (26.2 MB): the compute worker reads the first 12 MiB (through
    // line 105,739, cut by that bound), a helper worker the rest. Both bad lines lie in the helper's part.
    const ok = '{"ts":"2026-01-15T10:00:00.000Z","model":"m","status":"ok","ttft_ms":400,"duration_ms":2000,"in_tok":100,"out_tok":50}';
    const negative = ok.replace('"ttft_ms":400', '"ttft_ms":-3');
    await bench.dropSegments('parts-log.jsonl', [
      [ok, 150_000],
      ['{"ts": oops}', 1],
      [ok, 30_000],
      [negative, 1],
      [ok, 39_998],
    ]);
    await bench.waitForImportDone();
    const outcome = bench.outcome('parts-log.jsonl');
    await expect(outcome).toContainText('2 rows skipped');
    await expect(outcome).toContainText('line 150,001: this line is not valid JSON');
    await expect(outcome).toContainText('line 180,002, field “ttft_ms”: a negative value; row skipped (-3)');
    // 220,000 lines less the 2 skipped.
    await expect(bench.row('client log · m')).toContainText('219,998');
    // The helper read its part (a helper that fails is read by the compute worker instead: same figures, one thread).
    await expect.poll(() => workers).toContain('import-part');
    await expect(outcome).toHaveAttribute('data-threads', '2');
    // 219,998 requests: the request chart's axis ticks run to "250,000", and its title keeps clear of them.
    await bench.showCompareEnd();
    await expect(bench.yTick('errors', '250,000')).toBeVisible();
    expect(await bench.yTitleClearance(bench.chart('errors'))).toBeGreaterThanOrEqual(0);
  });

  test('the import helpers start when the import panel shows, before the first file', async ({ page, tcoPage: tco, benchmarksPage: bench }) => {
    const workers = workerNames(page);
    const helpers = () => workers.filter((n) => n === 'import-part').length;
    await tco.open();
    await expect.poll(() => workers).toContain('compute');
    expect(helpers()).toBe(0);
    await bench.open();
    // One helper per further core (at most 15), as an import of a large file starts them.
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    await expect.poll(helpers).toBe(Math.min(Math.max(cores - 1, 0), 15));
  });

  test('a large import shows progress and can be cancelled; nothing is stored', async ({ benchmarksPage: bench }) => {
    await bench.open();
    // 600,000 lines of ~120 bytes: about 70 MB, read in 1 MiB chunks.
    await bench.dropGenerated('large-log.jsonl', 600_000);
    const progress = bench.importProgress();
    await expect(progress).toBeVisible();
    await expect(progress).toContainText('large-log.jsonl (file 1 of 1)');
    await bench.cancelImport();
    await expect(bench.importMessage()).toHaveText('Import cancelled; nothing from it was stored.');
    await expect(progress).toHaveCount(0);
    await expect(bench.rows()).toHaveCount(0);
    await expect(bench.noFiles()).toBeVisible();
  });
});

test.describe('charts after the runs change', () => {
  /*
   * A chart must never be drawn from a set of runs that is not the page's: after a published
   * example has been compared, a new file changes the ticked runs while the CDF curves of the
   * old set are still on screen (kept while the new ones are computed). The page stays up and
   * the CDF ends up with the new run's curve.
   */
  test('a file dropped after comparing a published example keeps the page and redraws the charts', async ({ shell, benchmarksPage: bench }) => {
    await bench.open();
    await bench.loadPublishedExample(/^Kimi K2\.5 NVFP4 · 4× B200/);
    await expect(bench.rows()).toHaveCount(8);
    await bench.showCompareEnd();
    await expect(bench.chartImage('cdf')).toBeVisible();
    await bench.root().evaluate(() => window.scrollTo(0, 0));
    await bench.drop([fixtureFile('vllm/nerdalert_benchmark_serving_append_results.json')]);
    await expect(bench.outcome('nerdalert_benchmark_serving_append_results.json')).toBeVisible();
    await expect(bench.root()).toBeVisible();
    await bench.showCompareEnd();
    await expect(bench.chartImage('cdf')).toBeVisible();
    await expect(shell.partFailed()).toHaveCount(0);
  });
});

test.describe('the published example', () => {
  /*
   * Kimi K2.5 NVFP4 on 4× B200 (vLLM 0.22.0, TP4, LMCache), agentic coding, published by the AMD
   * InferenceMAX ROCm team, measured 2026-06-02 (fixtures/published/SOURCES.md): 8 concurrencies
   * 12…32. At concurrency 12 the agg row has output_tput_per_gpu 54.2135 tok/s × 4 GPUs = 216.85
   * tok/s for the deployment (shown rounded: 217) and 384 of 384 requests.
   */
  test('empty page → load a published example → runs table and charts show it, badged as published', async ({ benchmarksPage: bench }) => {
    await bench.open();
    await expect(bench.rows()).toHaveCount(0);
    await bench.loadPublishedExample(/^Kimi K2\.5 NVFP4 · 4× B200/);
    await expect(bench.status('as an example (8 runs)')).toBeVisible();

    await expect(bench.rows()).toHaveCount(8);
    const first = bench.rows().first();
    await expect(first).toContainText('concurrency 12');
    await expect(bench.cell(first, 'out-tps')).toHaveText('217');
    await expect(first).toContainText('384 / 0');
    await expect(bench.publishedBadge(first)).toHaveText('published AMD InferenceMAX ROCm team (InferenceX harness) · Jun 2, 2026');
    // A publisher's figure is not offered as the TCO's measured throughput.
    await expect(bench.useMeasuredButton(first)).toHaveCount(0);

    // All eight are ticked; the charts name them as published and draw one throughput curve.
    await expect(bench.compareCount()).toHaveText('8 runs selected');
    await expect(bench.legend()).toContainText('Kimi-K2.5-NVFP4 · published');
    // The eight runs of the sweep differ only in their load: the legend says it.
    await expect(bench.legendItems().first()).toContainText('R1 InferenceX (vLLM 0.22.0) · Kimi-K2.5-NVFP4 · published · concurrency 12');
    await expect(bench.legendItems().last()).toContainText('concurrency 32');
    await bench.showCompare();
    await bench.chart('load').scrollIntoViewIfNeeded();
    await expect(bench.chartImage('load')).toHaveAttribute(
      'aria-label',
      'Line chart: output tokens per second against concurrency (requests in flight) for 1 series.',
    );
  });
});
