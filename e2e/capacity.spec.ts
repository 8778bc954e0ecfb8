import { defaultScenario } from '../src/core/scenario/defaults';
import { encodeScenario } from '../src/core/link/share-link';
import { expect, test } from './fixtures';
import { fixtureFile } from './pages/benchmarks-page';
import { slow } from './pages/tco-page';

/**
 * Capacity at a latency target (docs/capacity.md), end to end: a sweep imported on the
 * benchmarks page feeds the TCO page through its operating point at the SLO.
 *
 * The workload is the sweep's own request lengths (1000 in / 100 out, no reasoning, no
 * retries, equal acceptance): 876,000 requests a day × 30 × 100 output tokens ÷ 2,628,000 s
 * = 1,000 tok/s on average; × 2.5 peak ÷ 0.8 max utilisation = 3,125 tok/s to carry.
 * The vLLM rows of the file: rate 20 has TTFT p99 233.3 ms, TPOT p99 33.53 ms, 1,922 tok/s;
 * rate 10 has TTFT p99 123.5 ms, 959.7 tok/s. So TTFT ≤ 500 ms (and TPOT p99 ≤ 50 ms) →
 * 3,125 ÷ 1,922 = 1.6 → 2 replicas; TTFT ≤ 200 ms → 3,125 ÷ 959.7 = 3.3 → 4 replicas.
 */
function sweepWorkload(): string {
  const s = defaultScenario();
  s.workload = {
    ...s.workload,
    mode: 'requests',
    requestsPerDay: 876_000,
    daysPerMonth: 30,
    inputTokensPerRequest: 1000,
    outputTokensPerRequest: 100,
    reasoningMode: 'none',
    retryRateApi: 0,
    retryRateSelfHosted: 0,
    acceptanceApi: 0.9,
    acceptanceSelfHosted: 0.9,
    peakToAverage: 2.5,
    profileMode: 'peak-to-average',
  };
  s.selfHosted.maxUtilisation = 0.8;
  // The entered single figure before a series is chosen: 3,125 ÷ 5,000 → 1 replica.
  s.selfHosted.throughput.tokensPerSecond = 5000;
  return encodeScenario(s);
}

test('an imported sweep and an SLO size the replicas; tightening the SLO adds replicas; the headline chart in English and German', async ({
  page,
  shell,
  tcoPage: tco,
  benchmarksPage: bench,
}) => {
  await tco.open({ hash: `#/tco?s=${sweepWorkload()}`, charts: false });
  await slow(tco.kpiFigure('capacity')).toHaveText('1 needed / 1 entered');
  await expect(tco.verdictBadge()).toHaveText('entered');
  const selfBefore = await tco.kpiValue('self');
  await shell.goTo('Benchmarks');
  await bench.drop([fixtureFile('vllm/nerdalert_benchmark_serving_append_results.json')]);
  await bench.waitForImportDone();
  await shell.goTo('TCO & break-even');

  const panel = tco.capacity();
  await tco.useSeries('Imported: meta-llama/Llama-3.1-8B-Instruct · vllm · 1000/100 tok (6)');
  // The file has TTFT p99 but no p95: p95 is checked at the stricter p99.
  await panel.setSlo('TTFT p95', '500');
  await panel.setSlo('TPOT p99', '50');
  await slow(panel.chosen()).toContainText('Operating point: request rate 20/s, 1,922 output tok/s per replica');
  await expect(panel.chosen()).toBeVisible();
  await slow(tco.kpiFigure('capacity')).toHaveText('2 needed / 1 entered');
  await expect(tco.verdictBadge()).toHaveText('measured (nerdalert_benchmark_serving_append_results.json)');
  await expect(tco.capacityBadge()).toHaveAttribute('data-kind', 'measured');
  expect(await tco.kpiValue('self')).not.toBe(selfBefore);

  await panel.setSlo('TTFT p95', '200');
  await slow(panel.chosen()).toContainText('request rate 10/s, 960 output tok/s per replica');
  await slow(tco.kpiFigure('capacity')).toHaveText('4 needed / 1 entered');

  // None qualifies: the nearest point and the failing limit are named, no throughput is assumed.
  await panel.setSlo('TTFT p95', '40');
  await slow(panel.none()).toContainText('The nearest is request rate 1/s: TTFT p95 54.8 ms (limit 40 ms) (checked at p99).');
  // A limit of 0 is refused, and the message names the smallest one taken (not "at least 0 ms").
  await panel.setSlo('TTFT p95', '0');
  await expect(panel.sloError('TTFT p95')).toHaveText('Must be at least 0.001 ms');
  await panel.setSlo('TTFT p95', '500');

  // Split the "as fast as possible" run off: the five rated loads stay the chosen series, and the
  // split is kept across pages (not in the link). The operating point stays at rate 20.
  await panel.splitOff('"as fast as possible"');
  const five = 'Imported: meta-llama/Llama-3.1-8B-Instruct · vllm · 1000/100 tok (5)';
  await slow(panel.chosenSource()).toHaveText(five);
  await shell.goTo('Benchmarks');
  await shell.goTo('TCO & break-even');
  await slow(panel.chosenSource()).toHaveText(five);
  await slow(panel.chosen()).toContainText('Operating point: request rate 20/s, 1,922 output tok/s per replica');

  const cost = panel.costChart();
  await slow(cost.plot()).toBeVisible();
  await expect(cost.download('Cost per 1M tokens against tokens/s per user: PNG')).toBeVisible();
  await slow(tco.capacityHeadline()).toContainText('At 47.8 tok/s per user, 8× NVIDIA H200 SXM cost');
  // Pointing at the operating point reads it out (rate 20: 47.8 tok/s per user); it goes when
  // the pointer leaves the chart.
  await cost.root.scrollIntoViewIfNeeded();
  const ring = await cost.ring().boundingBox();
  if (!ring) throw new Error('no operating point drawn');
  await page.mouse.move(ring.x + ring.width / 2, ring.y + ring.height / 2);
  await expect(cost.tip()).toContainText('Output tok/s per user: 47.8');
  // The same cost as the headline under the chart says for that point.
  await expect(cost.tip()).toContainText("Self-hosted at the workload's utilisation: $2.37");
  await expect(tco.capacityHeadline()).toContainText('cost $2.37 per 1M tokens');
  await page.mouse.move(0, 0);
  await expect(cost.tip()).toHaveCount(0);
  await shell.setLanguage('de');
  await expect(cost.download('Kosten je 1 Mio. Tokens gegen Tokens/s je Nutzer: PNG')).toBeVisible();
  await slow(tco.capacityHeadline()).toContainText('Bei 47,8 Tok./s je Nutzer kosten 8× NVIDIA H200 SXM');
  await expect(tco.verdictBadge()).toHaveText('gemessen (nerdalert_benchmark_serving_append_results.json)');
});

/**
 * A published library series at its own lengths: DeepSeek-V4-Pro FP4 on 8× B200 (SemiAnalysis
 * InferenceX, measured 2026-09-03, 8,192 in / 1,024 out). Workload 87,600 requests a day × 30 ×
 * 1,024 output tokens ÷ 2,628,000 s = 1,024 tok/s on average; × 2.5 peak ÷ 0.8 = 3,200 tok/s.
 * TPOT p99 ≤ 60 ms: concurrency 64 has 54.92 ms (meets), 128 has 75.83 ms (fails) → 1,286.58
 * output tok/s, kept as 1,287 → 3,200 ÷ 1,287 = 2.49 → 3 replicas (the entered 5,000 tok/s: 1).
 */
test('a published library series: the badge names publisher and date, the TCO, the report and the hardware page follow', async ({
  shell,
  tcoPage: tco,
  reportPage,
  hardwarePage: hw,
}) => {
  const s = defaultScenario();
  s.workload = {
    ...s.workload,
    mode: 'requests',
    requestsPerDay: 87_600,
    daysPerMonth: 30,
    inputTokensPerRequest: 8192,
    outputTokensPerRequest: 1024,
    cacheHitShare: 0,
    reasoningMode: 'none',
    retryRateApi: 0,
    retryRateSelfHosted: 0,
    acceptanceApi: 0.9,
    acceptanceSelfHosted: 0.9,
    peakToAverage: 2.5,
    profileMode: 'peak-to-average',
  };
  s.selfHosted = { ...s.selfHosted, gpuId: 'b200', gpusPerReplica: 8, maxUtilisation: 0.8 };
  s.selfHosted.throughput.tokensPerSecond = 5000;
  await tco.open({ hash: `#/tco?s=${encodeScenario(s)}`, charts: false });
  await slow(tco.kpiFigure('capacity')).toHaveText('1 needed / 1 entered');
  const selfBefore = await tco.kpiValue('self');

  const panel = tco.capacity();
  await panel.chooseSource('Published: DeepSeek-V4-Pro FP4 · 8× B200 · vLLM nightly · TP8 EP8 DP-attention · 8k in / 1k out');
  await panel.setSlo('TPOT p99', '60');
  await slow(panel.chosen()).toContainText('Operating point: concurrency 64, 1,287 output tok/s per replica');
  await expect(tco.capacityBadge()).toHaveText('published by SemiAnalysis InferenceX, Sep 3, 2026');
  await expect(tco.verdictBadge()).toHaveText('published by SemiAnalysis InferenceX, Sep 3, 2026');
  await slow(tco.kpiFigure('capacity')).toHaveText('3 needed / 1 entered');
  expect(await tco.kpiValue('self')).not.toBe(selfBefore);
  await slow(tco.capacityHeadline()).toContainText('8× NVIDIA B200 (HGX) cost');
  // Both capacity charts take their turn with the page's other charts and end on the view of
  // the current inputs (the same key as the evaluation's).
  await expect(async () => {
    const keys = await tco.chartKeys(['capacity-pareto', 'capacity-cost']);
    for (const key of keys.charts) expect(key).toBe(keys.evaluation);
  }).toPass({ timeout: 20_000 });

  await shell.goTo('Report');
  const report = reportPage.capacity();
  await slow(report.slo).toHaveText('Latency target: TPOT p99 ≤ 60 ms, at most 1% failed requests.');
  await expect(report.badge).toHaveText('published by SemiAnalysis InferenceX, Sep 3, 2026');
  await expect(report.point).toContainText('Operating point: concurrency 64, 1,287 output tok/s per replica');
  await slow(report.headline).toContainText('8× NVIDIA B200 (HGX) cost');

  // The hardware page says the TCO page sizes with this series, not with the single figure.
  await shell.goTo('Hardware fit');
  await slow(hw.tcoThroughput()).toContainText('(published, SemiAnalysis InferenceX, Sep 3, 2026)');
  await expect(hw.useEstimateButton()).toBeEnabled();
});

/**
 * With a series chosen the replicas come from its operating point, so the single tok/s figure
 * is not read: a range entered for it is kept but not drawn, and the tornado does not swing it.
 * Workload and series as in the published-series test above.
 */
test('a throughput range stops counting once a series sizes the replicas, and says so', async ({ tcoPage: tco }) => {
  const s = defaultScenario();
  s.workload = {
    ...s.workload,
    mode: 'requests',
    requestsPerDay: 87_600,
    daysPerMonth: 30,
    inputTokensPerRequest: 8192,
    outputTokensPerRequest: 1024,
    cacheHitShare: 0,
    reasoningMode: 'none',
    retryRateApi: 0,
    retryRateSelfHosted: 0,
    acceptanceApi: 0.9,
    acceptanceSelfHosted: 0.9,
    peakToAverage: 2.5,
    profileMode: 'peak-to-average',
  };
  s.selfHosted = { ...s.selfHosted, gpuId: 'b200', gpusPerReplica: 8, maxUtilisation: 0.8 };
  // 3,200 tok/s to carry: 2 replicas at the entered 2,000 tok/s, 4 at the range's low end.
  s.selfHosted.throughput.tokensPerSecond = 2000;
  s.uncertainty.ranges = { tokensPerSecond: { low: 1000, high: 3000 } };
  await tco.open({ hash: `#/tco?s=${encodeScenario(s)}`, charts: false });
  const mc = tco.monteCarlo();
  const tornado = tco.tornado();
  await slow(mc).toContainText('varying: Throughput.');
  await expect(tco.rangesIgnored()).toHaveCount(0);
  await tornado.showTable();
  await slow(tornado.row(/^Throughput/)).toHaveCount(1);

  const panel = tco.capacity();
  await panel.chooseSource('Published: DeepSeek-V4-Pro FP4 · 8× B200 · vLLM nightly · TP8 EP8 DP-attention · 8k in / 1k out');
  await panel.setSlo('TPOT p99', '60');
  await slow(tco.kpiFigure('capacity')).toHaveText('3 needed / 1 entered');

  await slow(mc).toContainText('varying: nothing.');
  await expect(tco.rangesIgnored()).toHaveText('Ranges entered but not used, because this scenario does not read these inputs: Throughput.');
  await slow(tornado.row(/^Throughput/)).toHaveCount(0);
  // The range itself is kept, with a note why it does not count.
  await tco.openGroup('tco-group-uncertainty');
  const row = tco.range('tokensPerSecond');
  await expect(row.field('Throughput: low')).toHaveValue('1,000');
  await expect(row.unused).toContainText('Not used while a throughput–latency series sizes the replicas');
});

/**
 * Once a series sizes the replicas, the throughput field shows the operating point it takes
 * instead of a live-looking input that does nothing, and leads back to the single figure.
 * Workload and series as in the published-series test above: TPOT p99 ≤ 60 ms → concurrency 64,
 * 1,286.58 output tok/s kept as 1,287 → 3 replicas; the entered 5,000 tok/s → 1.
 */
test('the throughput field says the series sets it, names the figure and its source, and goes back to the single figure', async ({ shell, tcoPage: tco }) => {
  const s = defaultScenario();
  s.workload = {
    ...s.workload,
    mode: 'requests',
    requestsPerDay: 87_600,
    daysPerMonth: 30,
    inputTokensPerRequest: 8192,
    outputTokensPerRequest: 1024,
    cacheHitShare: 0,
    reasoningMode: 'none',
    retryRateApi: 0,
    retryRateSelfHosted: 0,
    acceptanceApi: 0.9,
    acceptanceSelfHosted: 0.9,
    peakToAverage: 2.5,
    profileMode: 'peak-to-average',
  };
  s.selfHosted = { ...s.selfHosted, gpuId: 'b200', gpusPerReplica: 8, maxUtilisation: 0.8 };
  s.selfHosted.throughput.tokensPerSecond = 5000;
  await tco.open({ hash: `#/tco?s=${encodeScenario(s)}`, charts: false });
  await expect(tco.field('Throughput per replica')).toHaveValue('5,000');

  const panel = tco.capacity();
  await panel.chooseSource('Published: DeepSeek-V4-Pro FP4 · 8× B200 · vLLM nightly · TP8 EP8 DP-attention · 8k in / 1k out');
  await panel.setSlo('TPOT p99', '60');
  await slow(tco.kpiFigure('capacity')).toHaveText('3 needed / 1 entered');
  const quick = tco.throughputFromSeries();
  await slow(quick.line).toHaveText('Set by the series: 1,287 output tok/s at your latency target (published by SemiAnalysis InferenceX, Sep 3, 2026).');
  await expect(quick.note).toContainText('The single figure (5,000 output tok/s) is not used while a series sizes the replicas.');
  await expect(tco.field('Throughput per replica')).toHaveCount(0);
  await expect(quick.slider).toHaveCount(0);

  await shell.setLanguage('de');
  await slow(quick.line).toHaveText(
    'Von der Reihe gesetzt: 1.287 Ausgabe-Tok./s bei Ihrem Latenzziel (veröffentlicht von SemiAnalysis InferenceX, 3. Sept. 2026).',
  );
  await shell.setLanguage('en');

  await quick.useSingleFigure();
  await expect(tco.field('Throughput per replica')).toHaveValue('5,000');
  await expect(panel.chosenSource()).toHaveText('The single figure on this page (entered)');
  await slow(tco.kpiFigure('capacity')).toHaveText('1 needed / 1 entered');
});

/**
 * A prefill rate on an imported sweep (docs/capacity.md §3). The workload is the sweep's lengths
 * (1,000 in / 100 out, no cache, no reasoning): 876,000 requests a day × 30 × 100 output tokens ÷
 * 2,628,000 s = 1,000 tok/s on average, × 2.5 peak ÷ 0.8 = 3,125 tok/s to carry. Without a
 * latency limit the highest point is chosen: request rate 35, 2,845 output tok/s → 3,125 ÷ 2,845
 * = 1.1 → 2 replicas. That point is 28.45 requests/s, so it prefilled 28,450 input tok/s.
 * At 4,000 in with P = 50,000: 35.149 ms a request = 20 ms prefill + 15.149 ms decode; 4,000 ÷
 * 50,000 = 80 ms + 15.149 ms = 95.149 ms → 1,051 output tok/s (× 0.37) → 3,125 ÷ 1,051 = 2.97 → 3.
 */
test('a prefill rate on an imported sweep: same lengths stay costed, a too low rate names the lowest that fits, a fitting one adjusts', async ({
  shell,
  tcoPage: tco,
  benchmarksPage: bench,
}) => {
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
    acceptanceApi: 0.9,
    acceptanceSelfHosted: 0.9,
    peakToAverage: 2.5,
    profileMode: 'peak-to-average',
  };
  s.selfHosted.maxUtilisation = 0.8;
  s.selfHosted.throughput.tokensPerSecond = 5000;
  await tco.open({ hash: `#/tco?s=${encodeScenario(s)}`, charts: false });
  await shell.goTo('Benchmarks');
  await bench.drop([fixtureFile('vllm/nerdalert_benchmark_serving_append_results.json')]);
  await bench.waitForImportDone();
  await shell.goTo('TCO & break-even');
  const panel = tco.capacity();
  await tco.useSeries('Imported: meta-llama/Llama-3.1-8B-Instruct · vllm · 1000/100 tok (6)');
  await slow(panel.chosen()).toContainText('Operating point: request rate 35/s, 2,845 output tok/s per replica');
  await slow(tco.kpiFigure('capacity')).toHaveText('2 needed / 1 entered');

  await tco.openGroup('tco-group-deployment');
  await tco.field('Prefill rate').fill('25000');
  await tco.field('Prefill rate').blur();
  // Same lengths: the rate changes nothing, the result stays costed.
  await expect(tco.field('Prefill rate')).toHaveValue('25,000');
  await slow(tco.kpiFigure('capacity')).toHaveText('2 needed / 1 entered');
  await expect(tco.sizingProblem()).toHaveCount(0);
  await expect(panel.lengths()).toHaveCount(0);

  // Other lengths and a rate below what the point prefilled: refused, naming the lowest rate that fits.
  await tco.openGroup('tco-group-workload');
  await tco.field('Input tokens per request').fill('4000');
  await tco.field('Input tokens per request').blur();
  await slow(panel.lengths()).toHaveText(
    'The workload sends 4,000 input / 100 output tokens per request (incl. reasoning); this series was measured at 1,000 / 100. Not used: the prefill rate entered (25,000 input tok/s) is lower than what the operating point itself prefilled: 1,000 input tokens for every 100 output tokens at 2,845 output tok/s = 28,450 input tok/s. Enter a prefill rate of at least 28,450 input tok/s, or pick a series measured at these lengths.',
  );
  await expect(tco.sizingProblem()).toContainText('at 2,845 output tok/s');
  await expect(tco.sizingProblem()).toContainText('The figure itself prefilled 28,450 input tok/s');

  await tco.field('Prefill rate').fill('50000');
  await tco.field('Prefill rate').blur();
  await slow(panel.lengths()).toHaveText('Adjusted from 1,000 / 100 to 4,000 / 100 tokens per request with the prefill/decode model: × 0.37 on the tokens/s.');
  await slow(tco.kpiFigure('capacity')).toHaveText('3 needed / 1 entered');
  await expect(tco.sizingProblem()).toHaveCount(0);
});

test('without an imported sweep the capacity panel links to the Benchmarks page', async ({ page, tcoPage: tco }) => {
  await tco.open({ charts: false });
  const hint = tco.capacity().noImported();
  await slow(hint).toHaveText('No imported sweep yet: import one on the Benchmarks page.');
  await tco.capacity().followBenchmarksLink();
  await expect(page).toHaveURL(/#\/benchmarks/);
});

/*
 * What the curve does, on the nerdalert sweep (vLLM and SGLang rows at rates 1, 10, 20, 30, 35
 * and "as fast as possible"). vLLM TTFT p99: 233.3 ms at 20, 1,423.9 ms at 30, 16,817.6 ms at 35.
 * SGLang TTFT p99: 628.9 ms at rate 1, 139.6 at 10, 244.7 at 20; its TPOT median falls from
 * 134.68 ms at 35 to 79.28 ms "as fast as possible" (where 985 of 2,000 requests failed).
 */
test('an interpolated point names its loads, a cliff refuses it, a non-monotone curve and the series notes are said (English and German)', async ({
  shell,
  tcoPage: tco,
  benchmarksPage: bench,
}) => {
  await tco.open({ hash: `#/tco?s=${sweepWorkload()}`, charts: false });
  await shell.goTo('Benchmarks');
  await bench.drop([fixtureFile('vllm/nerdalert_benchmark_serving_append_results.json')]);
  await bench.waitForImportDone();
  await shell.goTo('TCO & break-even');
  const panel = tco.capacity();
  await tco.useSeries('Imported: meta-llama/Llama-3.1-8B-Instruct · vllm · 1000/100 tok (6)');
  await panel.allowInterpolation().check();
  // TTFT ≤ 500 ms (checked at p99): t = (500 − 233.3) / (1,423.9 − 233.3) = 0.224 → rate 22.2,
  // 1,922.0 + 0.224 × (2,791.2 − 1,922.0) = 2,117 output tok/s.
  await panel.setSlo('TTFT p95', '500');
  await slow(panel.chosen()).toHaveText(
    'Operating point (interpolated between request rate 20/s and request rate 30/s): request rate 22.2/s, 2,117 output tok/s per replica.',
  );
  // TTFT ≤ 3,000 ms: rate 30 meets it, rate 35 is 16,817.6 / 3,000 = 5.6× over: no line across that
  // cliff. (The scenario keeps latencies to three significant figures: 16,800 ms.)
  await panel.setSlo('TTFT p95', '3000');
  await slow(panel.chosen()).toContainText('Operating point: request rate 30/s, 2,791 output tok/s per replica');
  await expect(panel.interpolation()).toHaveText(
    'Not interpolated towards request rate 35/s: TTFT p95 there is 16,800 ms, more than 5× its limit of 3,000 ms. Past a saturation cliff a straight line between two loads says nothing, so the measured point stands.',
  );

  // SGLang at TTFT ≤ 500 ms: rate 1 fails (628.9 ms) while rate 10 passes.
  await tco.useSeries('Imported: meta-llama/Llama-3.1-8B-Instruct · sgl · 1000/100 tok (6)');
  await panel.allowInterpolation().uncheck();
  await panel.setSlo('TTFT p95', '500');
  await slow(panel.chosen()).toContainText('Operating point: request rate 20/s, 1,924 output tok/s per replica');
  await expect(panel.warning('fails-below-pass')).toHaveText(
    'request rate 1/s fails (ttft-p95) while the higher request rate 10/s passes: the curve is not monotone. Check that measurement before trusting the points above it.',
  );
  await expect(panel.seriesNote('latency-falls')).toHaveText(
    'The median TPOT falls from 135 ms at 35 requests/s to 79.3 ms at “as fast as possible”. Latency rises with load on a healthy curve: the higher load measured something else (requests that failed early, another configuration).',
  );
  await shell.setLanguage('de');
  await expect(panel.warning('fails-below-pass')).toContainText('Anfragerate 1/s verfehlt das Ziel (ttft-p95), während die höhere Anfragerate 10/s es einhält');
  await expect(panel.seriesNote('latency-falls')).toContainText(
    'Der Median von TPOT fällt von 135 ms bei 35 Anfragen/s auf 79,3 ms bei „so schnell wie möglich“.',
  );
});
