import { readFileSync } from 'node:fs';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';

const deepseekConfig = readFileSync(new URL('../src/core/hardware/fixtures/deepseek-v3.config.json', import.meta.url), 'utf8');
const gptOssH100Log = readFileSync(new URL('../fixtures/engine-logs/vllm-gpt-oss-120b-h100.log', import.meta.url), 'utf8');
const gptOssTp2Args = readFileSync(new URL('../fixtures/engine-logs/vllm-gpt-oss-120b-tp2-args.log', import.meta.url), 'utf8');
const gptOss095Log = readFileSync(new URL('../fixtures/engine-logs/vllm-gpt-oss-120b-h100-095.log', import.meta.url), 'utf8');

test.describe('hardware fit', () => {
  test('the example scenario fits and shows its work', async ({ hardwarePage: hw }) => {
    await hw.open();
    await hw.expectVerdict(true);
    // Kimi K2.6 INT4 on 8× H200, best fit TP8 + DCP8: 48 sequences × 61 × 576 × 2 B × 65,536 ÷ 8 = 27.6 GB.
    await expect(hw.work('kv-0')).toContainText('70,272 B/token');
    await expect(hw.work('kv-0')).toContainText('27.6 GB');
    // H200 as nvidia-smi reports it: 143,771 MiB × 1,048,576 = 150.75 GB; budget × 0.92 = 138.69 GB.
    await expect(hw.work('memory')).toContainText('141 GB marketed; 143,771 MiB = 150.8 GB reported by nvidia-smi');
    await expect(hw.work('budget')).toContainText('150.8 GB × 0.92 = 138.7 GB');
    await expect(hw.barImage()).toHaveAttribute('aria-label', /budget 138.7 GB, physical 150.8 GB/);
    await expect(hw.gpuRow('h100-pcie').memory).toContainText('marketed, no runtime reading');
    await expect(hw.gpuTableSources().first()).toBeVisible();
    await expect(hw.gpuRow('h200-sxm').minCount).toHaveText('8');
  });

  test('changing the GPU count changes the bar and the verdict', async ({ hardwarePage: hw }) => {
    await hw.open();
    await hw.select('Parallel layout', 'pinned');
    await hw.expectVerdict(true);
    const before = await hw.usedGb();
    await hw.setNumber('GPUs per replica', '4');
    // 594 GB over 4 H200 (TP follows to 4), ~12.4 GB of attention replicated under DP-attention:
    // (594 − 12.4) / 4 + 12.4 = 157.8 GB of weights alone > 143,771 MiB = 150.75 GB physical.
    await hw.expectVerdict(false);
    await expect(hw.reason()).toContainText('more than the 150.8 GB the GPU physically has');
    await expect.poll(() => hw.usedGb()).toBeGreaterThan(before);
    await expect(hw.field('Tensor parallel (TP)')).toHaveValue('4');
    await hw.setNumber('GPUs per replica', '16');
    await expect(hw.field('Tensor parallel (TP)')).toHaveValue('4');
    await hw.expectVerdict(true);
    await expect.poll(() => hw.usedGb()).toBeLessThan(before);
  });

  test('an MLA model on TP 8 warns about replication; DP-attention cuts the per-GPU KV cache', async ({ hardwarePage: hw }) => {
    await hw.open();
    await hw.select('Model', 'deepseek-v3');
    await hw.select('Parallel layout', 'pinned');
    await hw.select('MLA cache distribution', 'replicated');
    await expect(hw.warning('mla-replicated')).toBeVisible();
    await expect(hw.warning('mla-replicated')).toContainText('replicated on all 8 TP ranks');
    const replicated = await hw.kvGb();
    // 48 × 70,272 B × 65,536 = 221.1 GB per GPU, the full cache on every rank.
    expect(replicated).toBeCloseTo(221.05, 1);
    await hw.select('MLA cache distribution', 'dp-attention');
    await expect(hw.warning('mla-replicated')).toHaveCount(0);
    await expect.poll(() => hw.kvGb()).toBeCloseTo(27.63, 1);
    await hw.select('MLA cache distribution', 'dcp');
    await expect(hw.dcpField()).toBeVisible();
    await expect.poll(() => hw.kvGb()).toBeCloseTo(27.63, 1);
  });

  test('Kimi K3 on 8× GB300 (the vLLM recipe minimum) fits with TP8 + DCP8; the other layouts are compared', async ({ hardwarePage: hw }) => {
    await hw.open();
    await hw.select('Model', 'kimi-k3');
    await hw.select('GPU', 'gb300');
    await hw.setNumber('Context length per sequence', '131072');
    // The layout arithmetic below uses entered overheads of 4 + 3 GiB.
    await hw.select('Activations and runtime overhead', 'entered');
    await hw.expectVerdict(true);
    // 1,560.9 GB ÷ 8 = 195.1 GB of weights per GPU; 48 × 128K sequences under DCP8 hold 23.1 GB per
    // GPU of the 284,208 MiB × 0.92 = 274.2 GB budget. DP-attention replicates ~68 GB of attention
    // weights (254.5 GB per GPU) and does not fit on 8; the next count of 4-GPU trays is 12.
    await expect(hw.layouts().verdict()).toContainText('With TP8 + DCP8, the best fitting of 4 layouts on 8 GPUs.');
    await expect(hw.layouts().verdict()).toContainText('DP-attention would need 12 GPUs.');
    const layouts = hw.layouts();
    await expect(layouts.layout(/TP8 \+ DCP8/).fits).toHaveText('yes');
    // KV room: (274.17 − 195.12 − 7.52) GB ÷ 482,024,448 B per 128K sequence = 148.
    await expect(layouts.layout(/TP8 \+ DCP8/).room).toHaveText('148 × 131,072');
    await expect(layouts.layout(/DP-attention/).fits).toHaveText('no');
    await expect(hw.gpuRow('gb300').minCount).toHaveText('8');
    // Pinning DP-attention shows its own shortfall.
    await layouts.pin('DP-attention 8 + EP8');
    await hw.expectVerdict(false);
    await expect(hw.combobox('Parallel layout')).toHaveValue('pinned');
  });

  test('a pasted vLLM start-up log (gpt-oss-120b on one H100) is set beside our estimate, line by line', async ({ hardwarePage: hw }) => {
    await hw.open();
    await hw.select('Model', 'gpt-oss-120b');
    await hw.select('GPU', 'h100-sxm');
    await hw.setNumber('GPUs per replica', '1');
    await hw.setNumber('Context length per sequence', '131072');
    await hw.setNumber('Concurrent sequences', '1');
    await hw.expectVerdict(false);
    const card = hw.engineLog();
    await card.compare(gptOssH100Log);
    await expect(card.summary()).toHaveText('Read as a vLLM log: 2 figures from one process.');
    // Engine (vllm #23278): "Model loading took 65.9651 GiB"; ours: the 65.28e9-byte checkpoint + the
    // Marlin layout's 5,507,776,512 B = 70,787,776,512 B = 65.93 GiB.
    const weights = card.figure(/Model weights/);
    await expect(weights.engine).toContainText('66 GiB');
    await expect(weights.engine).toContainText('line 2');
    await expect(weights.ours).toHaveText('65.9 GiB');
    await expect(weights.diff).toHaveText('+0.04 GiB');
    // Line 1 names the Marlin FP4 kernel, the one the fit counts on an H100.
    await expect(card.kernelPadding()).toContainText("Line 1 names vLLM's Marlin kernel");
    await expect(card.kernelPadding()).toContainText('That adds 5.13 GiB to the checkpoint, which our figure counts; 0.04 GiB of the difference remain.');
    // "Available KV cache memory: -2.14 GiB"; ours 78.68 GB − 70.79 GB − 7.82 GB sampler − 1.61 GB runtime = −1.43 GiB.
    const kv = card.figure(/KV cache memory/);
    await expect(kv.engine).toContainText('-2.14 GiB');
    await expect(kv.ours).toHaveText('-1.43 GiB');
    const start = card.start();
    await expect(start).toHaveAttribute('data-engine-starts', 'no');
    await expect(start).toHaveText(
      "The engine did not start (line 8). Our fit of the page's setup says the same: it does not start (weights and overheads exceed the budget before any KV cache).",
    );
    await expect(card.root).toContainText('no overheads to take over');
  });

  test("gpt-oss-120b on one H100 does not start in vLLM: the kernel's layout and the engine's overheads, in English and German", async ({
    shell,
    hardwarePage: hw,
  }) => {
    await hw.open();
    await hw.select('Model', 'gpt-oss-120b');
    await hw.select('GPU', 'h100-sxm');
    await hw.setNumber('GPUs per replica', '1');
    await hw.setNumber('Context length per sequence', '131072');
    await hw.setNumber('Concurrent sequences', '1');
    await hw.setNumber('gpu_memory_utilization', '0.95');
    await hw.setNumber('max_num_batched_tokens', '1024');
    await hw.expectVerdict(false);
    // vllm #27508's command: 0.95 and 1,024 batched tokens. Budget 81.24 GB − weights 70.79 GB (with
    // the Marlin layout) − sampler 7.82 GB − runtime 1.61 GB = 1.03 GB left; one 128K sequence needs 4.87 GB.
    const startLine = hw.startLine();
    await expect(startLine).toHaveAttribute('data-starts', 'no');
    await expect(startLine).toHaveText(
      'vLLM does not start with this setup: it needs one sequence of the full context (131,072) to fit. One sequence needs 4.87 GB of KV cache per GPU; 1.03 GB remain after weights and overheads.',
    );
    await expect(hw.work('weights')).toContainText(
      '65.3 GB ÷ 1 GPUs = 65.3 GB + 5.51 GB per GPU = 70.8 GB: vLLM runs MXFP4 experts on this GPU with the Marlin kernel',
    );
    await expect(hw.work('activation')).toContainText('sampler (1,024 sequences × 201,088 vocabulary × 38 B = 7.82 GB)');
    await expect(hw.work('runtime')).toContainText('51 CUDA graphs × 24 MiB = 1.28 GB');
    await expect(hw.engineDefault('max-batched-tokens')).toHaveCount(0);
    await expect(hw.engineDefault('max-seqs')).toHaveText('vLLM default for this GPU');
    // The thread's own log, pasted: both say it does not start.
    const card = hw.engineLog();
    await card.compare(gptOss095Log);
    const needed = card.figure(/one sequence of max_model_len needs/);
    await expect(needed.engine).toContainText('4.54 GiB');
    await expect(needed.ours).toHaveText('4.54 GiB');
    await expect(card.start()).toHaveText(
      "The engine did not start (line 2). Our fit of the page's setup says the same: it does not start (one sequence of the full context does not fit in what remains).",
    );
    await shell.setLanguage('de');
    await expect(hw.verdict()).toHaveText('Passt nicht');
    await expect(startLine).toContainText('vLLM startet mit diesem Setup nicht');
    await expect(startLine).toContainText('Eine Sequenz braucht 4,87 GB KV-Cache je GPU; nach Gewichten und Overheads bleiben 1,03 GB.');
    await expect(hw.work('weights')).toContainText('vLLM rechnet MXFP4-Experten auf dieser GPU mit dem Marlin-Kernel');
    await expect(hw.work('activation')).toContainText('geschätzt, das Größere aus Vorwärtsschritt');
    await expect(card.start()).toContainText('Die Engine ist nicht gestartet (Zeile 2).');
    // Entered overheads (as a v4 link keeps them) replace the estimate.
    await shell.setLanguage('en');
    await hw.select('Activations and runtime overhead', 'entered');
    await expect(hw.field('Runtime overhead per GPU')).toHaveValue('4');
    await expect(hw.work('runtime')).toContainText('4 GiB, entered');
  });

  test('a log run with another setup (TP 2, 131,072 tokens, MXFP4) sets the page to it, and undo restores the page', async ({ hardwarePage: hw }) => {
    await hw.open();
    await hw.select('Model', 'gpt-oss-120b');
    await hw.select('GPU', 'h100-sxm');
    await hw.setNumber('GPUs per replica', '1');
    await hw.setNumber('Context length per sequence', '8192');
    await hw.select('Weight precision', 'bf16');
    const card = hw.engineLog();
    await card.compare(gptOssTp2Args);
    // EuroEval #1120: 'tensor_parallel_size': 2 (line 2), "Using max model len 131072" (line 4), MXFP4 (line 5).
    const setup = card.setup();
    await expect(setup).toContainText('131,072 tokens in the log (line 4), 8,192 on the page');
    await expect(setup).toContainText('TP 2 in the log (line 2), TP 1 on the page');
    await expect(setup).toContainText('MXFP4 in the log (line 5), BF16 on the page');
    await card.useLogSetup();
    await expect(hw.field('GPUs per replica')).toHaveValue('2');
    await expect(hw.field('Context length per sequence')).toHaveValue('131,072');
    await expect(hw.combobox('Parallel layout')).toHaveValue('pinned');
    await card.undoLogSetup();
    await expect(hw.field('GPUs per replica')).toHaveValue('1');
    await expect(hw.field('Context length per sequence')).toHaveValue('8,192');
    await expect(hw.combobox('Weight precision')).toHaveValue('bf16');
    await expect(hw.combobox('Parallel layout')).toHaveValue('best-fit');
  });

  test('the article claim "Kimi K2 FP8 on 8× H100" is shown not to fit, with the reason', async ({ hardwarePage: hw }) => {
    await hw.open();
    const claim = hw.claim('a000-kimi-k2-fp8-8x-h100');
    await expect(claim.verdict()).toHaveAttribute('data-fits', 'no');
    // H100: 81,559 MiB × 1,048,576 = 85.52 GB physical.
    await expect(claim.root).toContainText('128.8 GB per GPU, more than the 85.5 GB');
    await claim.load();
    await hw.expectVerdict(false);
    await expect(hw.reason()).toHaveText('The weights alone need 128.8 GB per GPU, more than the 85.5 GB the GPU physically has.');
    await expect(hw.warning('over-physical')).toBeVisible();
  });

  test('extreme inputs give messages at the field, never NaN', async ({ hardwarePage: hw }) => {
    await hw.open();
    await hw.setNumber('Context length per sequence', '10000000');
    // Said at the field, with the model's maximum; the fit is still computed.
    await expect(hw.contextOverMax()).toHaveText(
      'Above the model maximum of 262,144 tokens: computed anyway, but the model cannot attend to more than 262,144 tokens.',
    );
    await expect(hw.warning('context-exceeds-max')).toContainText('10,000,000');
    await hw.expectVerdict(false);
    await hw.setNumber('Context length per sequence', '262144');
    await expect(hw.contextOverMax()).toHaveCount(0);
    // Limit messages: a symbol unit follows the number, a word unit goes in brackets.
    await hw.setNumber('GPUs per replica', '0');
    await expect(hw.fieldError('GPUs per replica')).toHaveText('Must be at least 1 GPUs');
    await hw.select('Activations and runtime overhead', 'entered');
    await hw.setNumber('Runtime overhead per GPU', '-3');
    await expect(hw.fieldError('Runtime overhead per GPU')).toHaveText('Must be at least 0 GiB');
    await hw.openMoreInputs();
    await hw.setNumber('Prompt length', '0');
    await expect(hw.fieldError('Prompt length')).toHaveText('Must be at least 1 (tokens)');
    await hw.select('Parallel layout', 'pinned');
    await hw.setNumber('Tensor parallel (TP)', '16');
    await expect(hw.issue('hardware.tensorParallel')).toContainText('TP 16 needs at least 16 GPUs');
    await expect(hw.invalid()).toBeVisible();
    await expect(hw.main()).not.toContainText('NaN');
    await expect(hw.main()).not.toContainText('Infinity');
  });

  test('gpt-oss-120b: the vendor\'s "one 80 GB GPU" is shown with the overheads under which it holds', async ({ hardwarePage: hw }) => {
    await hw.open();
    await hw.select('Model', 'gpt-oss-120b');
    const note = hw.vendorNote();
    await expect(note.root).toContainText('fits into a single 80GB GPU');
    // One H100 at 131,072 tokens, one sequence: budget 78.68 GB − weights 70.79 GB (65.28 GB + the Marlin
    // layout's 5.51 GB) − KV 5.14 GB (as vLLM allocates it) = 2.75 GB = 2.56 GiB for activations + runtime.
    await expect(note.room()).toContainText('leave 2.75 GB (2.56 GiB) of the 78.7 GB budget');
    // 1 + 1 GiB: 2.752 − 2.147 = 0.6 GB to spare; the page's estimate (1.5 + 7.29 GiB) is 6.68 GB short.
    await expect(note.example()).toContainText('runtime 1 GiB + activations 1 GiB (0.6 GB to spare)');
    await expect(note.pageOverheads()).toContainText('(runtime 1.5 GiB + activations 7.29 GiB) are more than that: short by 6.68 GB');
    await note.loadVendorSetup();
    await expect(hw.field('GPUs per replica')).toHaveValue('1');
    await hw.expectVerdict(false);
    await expect(hw.work('memory')).toContainText('80 GB marketed; 81,559 MiB = 85.5 GB reported by nvidia-smi');
    await note.useExampleOverheads();
    await expect(note.pageOverheads()).toContainText('fit as well: 0.6 GB to spare');
    await expect(hw.field('Runtime overhead per GPU')).toHaveValue('1');
    await hw.expectVerdict(true);
    // Another model has no such statement.
    await hw.select('Model', 'llama-3.1-70b');
    await expect(note.root).toHaveCount(0);
  });

  test('a pasted config.json becomes the custom model; missing fields are named', async ({ hardwarePage: hw }) => {
    await hw.open();
    await hw.readConfig('{"model_type": "llama", "hidden_size": 4096}');
    await expect(hw.configIssues()).toContainText('num_hidden_layers is missing (needed for the basic geometry).');
    await hw.readConfig(deepseekConfig);
    await expect(hw.configRead()).toContainText('MLA');
    await hw.useConfigModel();
    await expect(hw.combobox('Model')).toHaveValue('custom');
    await expect(hw.work('kv-0')).toContainText('61 layers × (512 latent + 64 RoPE)');
    await expect(hw.checkpointSize()).toContainText('estimated from parameters');
  });

  test('the roofline estimate becomes the TCO throughput, labelled estimated', async ({ hardwarePage: hw }) => {
    await hw.open();
    await expect(hw.tcoThroughput()).toContainText('(entered)');
    await hw.useAsTcoThroughput();
    await expect(hw.tcoThroughput()).toContainText('(estimated)');
    await expect(hw.usedByTco()).toBeDisabled();
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`axe: no serious or critical violations with every panel open (${theme})`, async ({ page, hardwarePage: hw, shell }) => {
      await hw.open();
      await shell.setTheme(theme);
      // A setup that does not fit: reason, warnings and fixes are all on screen.
      await hw.claim('a000-kimi-k2-fp8-8x-h100').load();
      await hw.expectVerdict(false);
      await hw.openEverything();
      expect(await seriousViolations(page, theme, { include: '[data-testid="hardware-page"]' })).toEqual([]);
    });
  }

  test('German and phone width', async ({ page, shell, hardwarePage: hw }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await hw.open();
    await shell.setLanguage('de');
    await expect(hw.verdict()).toHaveText('Passt');
    // The verdict is above the inputs on a phone and stays in view while they scroll.
    const top = hw.topVerdict();
    await expect(top).toContainText('Passt: ');
    const topY = (await top.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
    expect(topY).toBeLessThan((await hw.inputs().boundingBox())?.y ?? 0);
    await hw.downloadField().scrollIntoViewIfNeeded();
    await expect(top).toBeInViewport();
    await hw.setNumber('GPUs je Replikat', '4');
    await expect(top).toHaveAttribute('data-fits', 'no');
    // 594 GB over 4 H200 is 148.5 GB of weights each, above the 138.7 GB budget: not even one sequence.
    await expect(top).toContainText('vLLM startet nicht: für eine Sequenz fehlen');
    // 143.771 MiB = 150,75 GB; × 0,92 = 138,69 GB.
    await expect(hw.work('budget')).toContainText('150,8 GB × 0,92 = 138,7 GB');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
