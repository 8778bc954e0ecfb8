import { expect, type Locator, type Page } from '@playwright/test';
import { chooseGenerated, type GeneratedFile } from './generated-file';
import { either, fieldAlert } from './parts';

/** The card that sets a pasted vLLM / SGLang start-up log beside the page's estimate. */
export class EngineLogCard {
  constructor(readonly root: Locator) {}

  /** Pastes a log and asks for the comparison. */
  async compare(log: string): Promise<void> {
    await this.root.getByRole('textbox', { name: 'Start-up log', exact: true }).fill(log);
    await this.root.getByRole('button', { name: 'Compare with our estimate' }).click();
  }

  /** Why a chosen log file was not read (too big, compressed). */
  fileProblem(): Locator {
    return this.root.getByRole('alert');
  }

  logText(): Locator {
    return this.root.getByLabel('Start-up log');
  }

  /** "Read as a vLLM log: 2 figures from one process." */
  summary(): Locator {
    return this.root.getByTestId('hw-engine-log-summary');
  }

  /** One figure of the comparison table, by the row's name: the engine's, ours and the difference. */
  figure(name: RegExp): { engine: Locator; ours: Locator; diff: Locator } {
    const row = this.root.getByRole('row', { name });
    return { engine: row.getByTestId('engine-value'), ours: row.getByTestId('our-value'), diff: row.getByTestId('diff-value') };
  }

  /** The note that names the kernel whose layout pads the checkpoint. */
  kernelPadding(): Locator {
    return this.root.getByTestId('engine-kernel-padding');
  }

  /** Whether the engine started, set beside the fit of the page's setup. */
  start(): Locator {
    return this.root.getByTestId('hw-engine-log-start');
  }

  /** Where the log's setup differs from the page's. */
  setup(): Locator {
    return this.root.getByTestId('hw-engine-log-setup');
  }

  async useLogSetup(): Promise<void> {
    await this.setup().getByRole('button', { name: "Set the page to the log's setup" }).click();
  }

  async undoLogSetup(): Promise<void> {
    await this.root.getByRole('button', { name: "Undo: back to the page's setup" }).click();
  }
}

/** The card that compares the parallel layouts on the page's GPU count. */
export class LayoutsCard {
  constructor(readonly root: Locator) {}

  /** "With TP8 + DCP8, the best fitting of 4 layouts on 8 GPUs." */
  verdict(): Locator {
    return this.root.page().getByTestId('hw-layout-verdict');
  }

  /** A layout's row, by its name: whether it fits and the KV room it leaves. */
  layout(name: RegExp): { fits: Locator; room: Locator } {
    const row = this.root.getByRole('row', { name });
    return { fits: row.getByTestId('layout-fits'), room: row.getByTestId('layout-room') };
  }

  async pin(layout: string): Promise<void> {
    await this.root.getByRole('button', { name: `Pin the layout ${layout}` }).click();
  }
}

/** A vendor's statement about the selected model ("fits into a single 80GB GPU"), checked. */
export class VendorNote {
  constructor(readonly root: Locator) {}

  /** The room the vendor's setup leaves for activations and runtime. */
  room(): Locator {
    return this.root.getByTestId('hw-vendor-room');
  }

  /** Overheads under which the statement holds. */
  example(): Locator {
    return this.root.getByTestId('hw-vendor-example');
  }

  /** What the page's own overheads make of it. */
  pageOverheads(): Locator {
    return this.root.getByTestId('hw-vendor-page');
  }

  async loadVendorSetup(): Promise<void> {
    await this.root.getByRole('button', { name: "Load the vendor's setup" }).click();
  }

  async useExampleOverheads(): Promise<void> {
    await this.root.getByRole('button', { name: /^Use runtime / }).click();
  }
}

/** One article claim of the hardware page ("Kimi K2 FP8 on 8× H100"), with its check. */
export class HardwareClaim {
  constructor(readonly root: Locator) {}

  verdict(): Locator {
    return this.root.getByTestId('claim-verdict');
  }

  async load(): Promise<void> {
    await this.root.getByRole('button', { name: 'Load this setup' }).click();
  }
}

/** The pieces of the worked memory arithmetic. */
export type WorkPart = 'kv-0' | 'memory' | 'budget' | 'weights' | 'activation' | 'runtime';

/** Page model of the hardware-fit page: inputs by role and label, results by role and test id. */
export class HardwarePage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/#/hardware');
    // The first result waits for the worker to start: allow for a busy machine.
    await expect(this.verdict()).toBeVisible({ timeout: 30_000 });
  }

  /** Chooses an engine log made in the page (see generated-file.ts). */
  async chooseEngineLog(file: GeneratedFile): Promise<void> {
    await chooseGenerated(this.engineLog().root.getByLabel('Or choose a log file'), file);
  }

  engineLog(): EngineLogCard {
    return new EngineLogCard(this.page.getByRole('region', { name: either('Engine start-up log', 'Startprotokoll der Engine') }));
  }

  layouts(): LayoutsCard {
    return new LayoutsCard(this.page.getByTestId('hw-layouts'));
  }

  /** The vendor's statement on the selected model; absent for a model without one. */
  vendorNote(): VendorNote {
    return new VendorNote(this.page.getByTestId('hw-vendor-note'));
  }

  /** One line of the worked arithmetic (KV cache of the first layer group, memory, budget, …). */
  work(part: WorkPart): Locator {
    return this.page.getByTestId(`work-${part}`);
  }

  /** A GPU's row of the table of smallest counts, by the catalogue's id. */
  gpuRow(gpuId: string): { memory: Locator; minCount: Locator } {
    const row = this.page.getByTestId(`gpu-row-${gpuId}`);
    return { memory: row.getByTestId('gpu-memory'), minCount: row.getByTestId('min-count') };
  }

  /** The source badges of the GPU table. */
  gpuTableSources(): Locator {
    return this.page.getByTestId('hw-gpu-table').getByTestId('source-badge');
  }

  /** Whether vLLM starts with the page's setup, and why not. */
  startLine(): Locator {
    return this.page.getByTestId('hw-start');
  }

  /** The note under a field that its value is vLLM's default. */
  engineDefault(field: 'max-batched-tokens' | 'max-seqs'): Locator {
    return this.page.getByTestId(`hw-${field}-default`);
  }

  /** The note under the context field when it is above the model's maximum. */
  contextOverMax(): Locator {
    return this.page.getByTestId('hw-context-over-max');
  }

  /** The field of the decode context parallel size (shown for the DCP layout). */
  dcpField(): Locator {
    return this.page.getByTestId('hw-dcp');
  }

  /** The message under a number field, by the field's label. */
  fieldError(label: string | RegExp): Locator {
    return fieldAlert(this.root(), label);
  }

  /** A problem of the inputs, by the field it belongs to ("hardware.tensorParallel"). */
  issue(field: string): Locator {
    return this.page.getByTestId(`issue-${field}`);
  }

  /** The banner that the inputs are not valid. */
  invalid(): Locator {
    return this.page.getByTestId('hw-invalid');
  }

  inputs(): Locator {
    return this.page.getByTestId('hardware-inputs');
  }

  /** Opens the inputs' collapsible part (prompt length, …). */
  async openMoreInputs(): Promise<void> {
    await this.inputs().locator('summary').click();
  }

  /** The verdict bar above the inputs on a phone. */
  topVerdict(): Locator {
    return this.page.getByTestId('hw-top-verdict');
  }

  /** The download-speed field at the end of the inputs. */
  downloadField(): Locator {
    return this.page.getByTestId('hw-download');
  }

  /** Pastes a model's config.json and reads it. */
  async readConfig(text: string): Promise<void> {
    await this.page.getByRole('textbox', { name: 'config.json' }).fill(text);
    await this.page.getByRole('button', { name: 'Read config' }).click();
  }

  configIssues(): Locator {
    return this.page.getByTestId('hw-config-issues');
  }

  configRead(): Locator {
    return this.page.getByTestId('hw-config-ok');
  }

  async useConfigModel(): Promise<void> {
    await this.page.getByRole('button', { name: 'Use this model' }).click();
  }

  checkpointSize(): Locator {
    return this.page.getByTestId('hw-checkpoint-size');
  }

  /** The TCO throughput in use, with its source. */
  tcoThroughput(): Locator {
    return this.page.getByTestId('hw-tco-current');
  }

  /** The button that makes the roofline estimate the TCO page's throughput. */
  useEstimateButton(): Locator {
    return this.page.getByRole('button', { name: 'Use as TCO throughput' });
  }

  async useAsTcoThroughput(): Promise<void> {
    await this.useEstimateButton().click();
  }

  /** The same button once the estimate is the TCO page's throughput. */
  usedByTco(): Locator {
    return this.page.getByRole('button', { name: 'Now used by the TCO page' });
  }

  verdict(): Locator {
    return this.page.getByTestId('hw-verdict');
  }

  reason(): Locator {
    return this.page.getByTestId('hw-reason');
  }

  bar(): Locator {
    return this.page.getByTestId('hw-memory-bar');
  }

  /** The memory bar's drawing, which says its figures in its accessible name. */
  barImage(): Locator {
    return this.bar().getByRole('img');
  }

  /** The page's main content. */
  main(): Locator {
    return this.page.getByRole('main');
  }

  async usedGb(): Promise<number> {
    return Number(await this.bar().getAttribute('data-used-gb'));
  }

  async kvGb(): Promise<number> {
    return Number(await this.bar().getAttribute('data-kv-gb'));
  }

  root(): Locator {
    return this.page.getByTestId('hardware-page');
  }

  /** A number field of the page, by its label (English, as the tests run; exact). */
  field(label: string | RegExp): Locator {
    return this.root().getByRole('textbox', { name: label, exact: true });
  }

  async setNumber(label: string | RegExp, text: string): Promise<void> {
    await this.field(label).fill(text);
  }

  /** A select of the page, by its label. */
  combobox(label: string | RegExp): Locator {
    return this.root().getByRole('combobox', { name: label, exact: true });
  }

  async select(label: string | RegExp, value: string): Promise<void> {
    await this.combobox(label).selectOption(value);
  }

  warning(code: string): Locator {
    return this.page.getByTestId(`warning-${code}`);
  }

  claim(id: string): HardwareClaim {
    return new HardwareClaim(this.page.getByTestId(`claim-${id}`));
  }

  /** Opens every collapsible part of the page: <details> and the charts' data tables. */
  async openEverything(): Promise<void> {
    const root = this.root();
    for (const d of await root.locator('details:not([open]) > summary').all()) await d.click();
    const closed = root.locator('button[aria-expanded="false"][aria-controls]');
    while ((await closed.count()) > 0) await closed.first().click();
    await expect(root.locator('details:not([open])')).toHaveCount(0);
  }

  /** Waits until the verdict has been recomputed for a new input. */
  async expectVerdict(fits: boolean): Promise<void> {
    await expect(this.verdict()).toHaveAttribute('data-fits', fits ? 'yes' : 'no');
  }
}
