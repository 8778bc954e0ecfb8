import { expect, type Locator, type Page } from '@playwright/test';
import { CapacityPanel } from './capacity-panel';
import { DeploymentSummary } from './deployment-summary';
import { ListPricePicker } from './list-price-picker';
import { BillingCard, CostChart, HorizonCard } from './tco-cards';
import { either, fieldAlert } from './parts';

/**
 * Assertions on figures the worker computes: retried until they hold, for up to 20 s, because
 * the machine running the tests may be shared and busy (the speed itself is measured by the
 * benchmarks, not here).
 */
export const slow = expect.configure({ timeout: 20_000 });

/** Page model of the TCO and break-even page. */
export class TcoPage {
  constructor(readonly page: Page) {}

  /**
   * Opens the page and waits until the verdict shows, and (unless `charts` is false, for tests
   * that check only figures and sentences) until every chart shows the current inputs.
   */
  async open(options: { hash?: string; charts?: boolean } = {}): Promise<void> {
    await this.page.goto(`/${options.hash ?? '#/tco'}`);
    // The first result needs the worker started and the app's chunks parsed: generous on a busy machine.
    await expect(this.verdict()).toBeVisible({ timeout: 30_000 });
    if (options.charts ?? true) await this.waitForCharts();
  }

  /**
   * Opens one of the collapsible input groups (its fields exist only while it is open). Clicked
   * again while it stays closed: right after a preset loads, the page's height changes as its
   * results arrive, and a click can land where the summary was a moment before.
   */
  async openGroup(testId: string): Promise<void> {
    const group = this.page.getByTestId(testId);
    await expect(async () => {
      if ((await group.getAttribute('open')) === null) await group.locator('summary').click();
      await expect(group).toHaveAttribute('open', '', { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
  }

  /**
   * Texts of a chart's SVG that stick out of it, or that overlap the rotated axis title:
   * each as "<text> (<why>)"; empty when every label is readable in full.
   */
  async labelsOutside(chartTestId: string): Promise<string[]> {
    return this.page.getByTestId(chartTestId).evaluate((figure) => {
      const svg = figure.querySelector('svg[data-plot], svg.recharts-surface');
      if (!svg) return ['no chart drawn'];
      const frame = svg.getBoundingClientRect();
      // Texts not drawn on screen (the print-only markers) have no box to check.
      const texts = [...svg.querySelectorAll('text')].filter((t) => (t.textContent ?? '').trim() !== '' && t.getClientRects().length > 0);
      const title = svg.querySelector('[data-testid="y-axis-title"]');
      const titleBox = title?.getBoundingClientRect() ?? null;
      const problems: string[] = [];
      for (const t of texts) {
        const b = t.getBoundingClientRect();
        const label = (t.textContent ?? '').trim();
        if (b.left < frame.left - 0.5 || b.right > frame.right + 0.5 || b.top < frame.top - 0.5 || b.bottom > frame.bottom + 0.5)
          problems.push(`${label} (outside)`);
        if (titleBox && t !== title && b.left < titleBox.right && b.right > titleBox.left && b.top < titleBox.bottom && b.bottom > titleBox.top)
          problems.push(`${label} (under the axis title)`);
      }
      return problems;
    });
  }

  root(): Locator {
    return this.page.getByTestId('tco-page');
  }

  verdict(): Locator {
    return this.page.getByTestId('tco-verdict');
  }

  /** Where the workload comes from, when a usage file set it. */
  workloadSource(): Locator {
    return this.page.getByTestId('tco-workload-source');
  }

  /** The source badge of an input group, by the group's test id ("tco-group-api"). */
  groupBadge(groupTestId: string): Locator {
    return this.page.getByTestId(groupTestId).getByTestId('source-badge');
  }

  costChart(): CostChart {
    return new CostChart(this.page.getByTestId('tco-cost-chart'));
  }

  horizon(): HorizonCard {
    return new HorizonCard(this.page.getByTestId('tco-horizon-card'));
  }

  billing(): BillingCard {
    return new BillingCard(this.page.getByRole('region', { name: either('How the GPUs are paid for', 'Wie die GPUs bezahlt werden') }));
  }

  /** The note that the schedule does not apply to the billing mode chosen. */
  scheduleIgnored(): Locator {
    return this.page.getByTestId('tco-schedule-ignored');
  }

  /** The API group's line from list price to invoice to what is paid. */
  invoiceLine(): Locator {
    return this.page.getByTestId('tco-invoice-line');
  }

  /** The GPU price field's block: its unit, its message, and the way back to the catalog price. */
  gpuPrice(): { root: Locator; message: Locator; restoreCatalog: () => Promise<void> } {
    const root = this.page.getByTestId('tco-gpu-price');
    return { root, message: root.getByRole('alert'), restoreCatalog: () => root.getByRole('button', { name: /catalog/i }).click() };
  }

  /** The warning that the API's rate limit is below the busiest hour. */
  rateLimitWarning(): Locator {
    return this.page.getByTestId('tco-rate-limit');
  }

  /** Where a capped line leaves the cost chart, with its value. */
  offChart(): Locator {
    return this.page.getByTestId('tco-off-chart');
  }

  /** Downloads a chart's data as CSV, by the chart's title; resolves to the file's path on disk. */
  async downloadChartCsv(title: string): Promise<string> {
    const download = this.page.waitForEvent('download');
    await this.page.getByRole('button', { name: `${title}: CSV` }).click();
    return (await download).path();
  }

  /** The claim check's count of figures that hold, are contradicted or cannot be checked. */
  claimsSummary(): Locator {
    return this.page.getByTestId('tco-claims-summary');
  }

  /** A claim's figure as recomputed from the article's own inputs. */
  claimRecomputed(id: string): Locator {
    return this.claim(id).getByTestId('tco-claim-recomputed');
  }

  async showClaimArithmetic(id: string): Promise<void> {
    await this.claim(id).getByText('Show the arithmetic').click();
  }

  /** The chart of the monthly cost by part. */
  breakdownChart(): Locator {
    return this.page.getByTestId('tco-breakdown-chart');
  }

  deploymentSummary(): DeploymentSummary {
    return new DeploymentSummary(this.page.getByTestId('deployment-summary'));
  }

  /** The verdict's note that points of the deployment need checking first. */
  verdictChecks(): Locator {
    return this.page.getByTestId('tco-verdict-checks');
  }

  /** The rent offers of the deployment group (open it first) whose option text matches. */
  rentOffers(text: RegExp): Locator {
    return this.page.getByTestId('tco-rent-offer').locator('option', { hasText: text });
  }

  /** The preset menu, its load button, and the note of the preset loaded. */
  presets(): { select: Locator; load: Locator; loaded: Locator } {
    return {
      select: this.page.getByRole('combobox', { name: either('Start from a source article', 'Mit einem Quellartikel beginnen') }),
      load: this.page.getByRole('button', { name: either('Load preset', 'Vorlage laden') }),
      loaded: this.page.getByTestId('tco-preset-loaded'),
    };
  }

  /** A help note's button, by its topic ("breakEvenNever"): the first on the page. */
  helpButton(topic: string): Locator {
    return this.page.getByTestId(`help-${topic}`).first();
  }

  /** The note a help button opens (the element its aria-controls names). */
  async helpNote(button: Locator): Promise<Locator> {
    return this.page.locator(`#${await button.getAttribute('aria-controls')}`.replace(/:/g, '\\:'));
  }

  /** The title of an input group's first source badge. */
  groupBadgeTitle(groupTestId: string): Locator {
    return this.groupBadge(groupTestId).first().locator('span').first();
  }

  /** The deployment summary's rows: what is self-hosted on what, and where its throughput comes from. */
  deployment(row: 'self' | 'cost' | 'api' | 'throughput'): Locator {
    return this.page.getByTestId(`deployment-${row}`);
  }

  /** The capacity panel's note that a disaggregated deployment is sized by its pools' rates. */
  capacityPoolsNote(): Locator {
    return this.page.getByTestId('capacity-pools-note');
  }

  /** The verdict's sentence about the break-even volume. */
  breakEvenSentence(): Locator {
    return this.page.getByTestId('tco-break-even-sentence');
  }

  kpi(name: 'api' | 'self' | 'hybrid' | 'break-even' | 'capacity' | 'utilisation'): Locator {
    return this.page.getByTestId(`tco-kpi-${name}`);
  }

  /** The big figure of a KPI card. */
  kpiFigure(name: Parameters<TcoPage['kpi']>[0]): Locator {
    return this.page.getByTestId(`tco-kpi-${name}-value`);
  }

  /** The big figure of a KPI card, as text. */
  async kpiValue(name: Parameters<TcoPage['kpi']>[0]): Promise<string> {
    return (await this.kpiFigure(name).innerText()).trim();
  }

  slider(name: RegExp): Locator {
    return this.page.getByTestId('tco-quick-inputs').getByRole('slider', { name });
  }

  /** A number field of the page, by its label (English, as the tests run; exact). */
  field(label: string | RegExp): Locator {
    return this.root().getByRole('textbox', { name: label, exact: true });
  }

  /** A select of the page, by its label. */
  select(label: string | RegExp): Locator {
    return this.root().getByRole('combobox', { name: label, exact: true });
  }

  /** One article's tab of the claim check, by the article's name. */
  claimsTab(name: string | RegExp): Locator {
    return this.page.getByTestId('tco-claims').getByRole('tab', { name });
  }

  /**
   * Drags a range input's thumb with the mouse from its current position to `to` (0…1 of the
   * track). Each step waits for a definite state instead of a time: the slider in the middle of
   * the viewport and at the same place in two frames running (fonts and charts still laying out
   * moved it after it was measured, and the press then landed on the number field above it),
   * the press on the thumb (the slider has focus; otherwise the pointer is let go and the slider
   * measured again), and the value moved once the pointer is let go.
   */
  async drag(slider: Locator, to: number, steps = 20): Promise<void> {
    await slider.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await this.page.evaluate(() => document.fonts.ready.then(() => undefined));
    const value = await slider.inputValue();
    const min = Number((await slider.getAttribute('min')) ?? 0);
    const max = Number((await slider.getAttribute('max')) ?? 100);
    const along = (f: number, width: number) => 8 + (width - 16) * f;
    const still = async () => {
      const a = await slider.boundingBox();
      await this.page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
      const b = await slider.boundingBox();
      return a !== null && b !== null && a.x === b.x && a.y === b.y && a.width === b.width ? b : null;
    };
    let pressed = false;
    for (let attempt = 0; attempt < 5 && !pressed; attempt++) {
      let box: Awaited<ReturnType<typeof still>> = null;
      await expect.poll(async () => (box = await still()) !== null, { message: 'the slider holds still' }).toBe(true);
      const at = box as unknown as { x: number; y: number; width: number; height: number };
      await this.page.mouse.move(at.x + along((Number(value) - min) / (max - min), at.width), at.y + at.height / 2);
      await this.page.mouse.down();
      pressed = await slider.evaluate((el) => el === document.activeElement);
      if (!pressed) await this.page.mouse.up();
    }
    await expect(slider, 'the press landed on the slider').toBeFocused();
    const box = await slider.boundingBox();
    if (!box) throw new Error('slider not visible');
    await this.page.mouse.move(box.x + along(to, box.width), box.y + box.height / 2, { steps });
    await this.page.mouse.up();
    await expect(slider, 'the drag moved the value').not.toHaveValue(value);
  }

  /**
   * Every chart shows the result of the current inputs (its data-for equals the page's key);
   * with `evalOnly`, only the charts of the evaluation (cost, breakdown, gauge, hybrid), not
   * the tornado and Monte Carlo, which take longest on a busy machine.
   * Generous timeout: this machine is shared, and the budget itself is measured by the bench.
   */
  async waitForCharts(options: { evalOnly?: boolean } = {}): Promise<void> {
    const evalOnly = options.evalOnly ?? false;
    await expect
      .poll(
        async () =>
          this.page.evaluate((onlyEval) => {
            const root = document.querySelector('[data-testid="tco-page"]');
            if (!root) return false;
            const charts = [...document.querySelectorAll<HTMLElement>('[data-chart]')].filter((c) => !onlyEval || c.dataset.kind === 'eval');
            if (charts.length < (onlyEval ? 4 : 6)) return false;
            return charts.every(
              (c) => c.dataset.for === (c.dataset.kind === 'eval' ? root.getAttribute('data-eval-key') : root.getAttribute('data-uncertain-key')),
            );
          }, evalOnly),
        { timeout: 45_000 },
      )
      .toBe(true);
  }

  /** The API group's list-price picker (closed until `open`). */
  listPrice(): ListPricePicker {
    return new ListPricePicker(this.page);
  }

  /** The capacity panel's choice of where the throughput comes from. */
  seriesSource(): Locator {
    return this.capacity().source();
  }

  capacity(): CapacityPanel {
    return new CapacityPanel(this.page.getByTestId('capacity-panel'));
  }

  /** The capacity headline under the capacity charts ("At 47.8 tok/s per user, … cost …"). */
  capacityHeadline(): Locator {
    return this.page.getByTestId('capacity-headline');
  }

  /** The throughput's source badge in the capacity panel's head. */
  capacityBadge(): Locator {
    return this.page.getByTestId('capacity-badge');
  }

  /** The throughput's source as the verdict names it ("entered", "measured (file)"). */
  verdictBadge(): Locator {
    return this.page.getByTestId('tco-verdict-badge');
  }

  /** The key of the inputs each of these charts last drew, and the evaluation's key. */
  async chartKeys(charts: readonly string[]): Promise<{ evaluation: string | null; charts: (string | null)[] }> {
    const evaluation = await this.root().getAttribute('data-eval-key');
    const keys = await Promise.all(charts.map((c) => this.page.locator(`[data-chart="${c}"]`).getAttribute('data-for')));
    return { evaluation, charts: keys };
  }

  /** Why the replicas cannot be sized from the throughput, when they cannot. */
  sizingProblem(): Locator {
    return this.page.getByTestId('tco-sizing-problem');
  }

  /** The sizing's worked figures (prefill and decode time of a request). */
  sizing(): Locator {
    return this.page.getByTestId('tco-sizing');
  }

  /** The quick inputs' throughput, when a series sets it: the figure, its source and the way back. */
  throughputFromSeries(): { line: Locator; note: Locator; slider: Locator; useSingleFigure: () => Promise<void> } {
    const quick = this.page.getByTestId('tco-quick-inputs');
    return {
      line: quick.getByTestId('tco-throughput-series'),
      note: quick.getByTestId('tco-throughput'),
      slider: quick.getByRole('slider', { name: /^Throughput per replica/ }),
      useSingleFigure: () => quick.getByRole('button', { name: 'Use the single figure instead' }).click(),
    };
  }

  /** The Monte Carlo chart (its summary names what varies). */
  monteCarlo(): Locator {
    return this.page.getByTestId('tco-mc-chart');
  }

  /** The note on ranges entered for inputs the scenario does not read. */
  rangesIgnored(): Locator {
    return this.page.getByTestId('tco-mc-ignored');
  }

  tornado(): { root: Locator; drawing: Locator; showTable: () => Promise<void>; row: (name: RegExp) => Locator } {
    const root = this.page.getByTestId('tco-tornado-chart');
    return {
      root,
      drawing: root.locator('svg'),
      showTable: () => root.getByRole('button', { name: /data table/i }).click(),
      row: (name) => root.getByRole('row', { name }),
    };
  }

  /** One input's range of the uncertainty group (open it first), by the input's key: its fields and the note that it is not used. */
  range(key: string): { field: (label: string) => Locator; unused: Locator } {
    const row = this.page.locator(`[data-range="${key}"]`);
    return { field: (label) => row.getByRole('textbox', { name: label }), unused: row.getByTestId('tco-range-unused') };
  }

  /** The message under a number field of the page, by the field's label. */
  fieldError(label: string | RegExp): Locator {
    return fieldAlert(this.root(), label);
  }

  /** Picks a series by its label once it is offered (an import's series come when its runs are stored). */
  async useSeries(label: string): Promise<void> {
    await slow(this.seriesSource().locator('option', { hasText: label })).toHaveCount(1);
    await this.seriesSource().selectOption({ label });
  }

  async loadPreset(id: string): Promise<void> {
    await this.presets().select.selectOption(id);
    await this.presets().load.click();
    await slow(this.page.getByTestId('tco-presets').getByRole('status')).toBeVisible();
    await this.waitForCharts({ evalOnly: true });
  }

  claim(id: string): Locator {
    return this.page.locator(`[data-testid="tco-claim"][data-claim="${id}"]`);
  }

  breakEvenMarker(): Locator {
    return this.page.getByTestId('tco-break-even-marker');
  }

  /** Horizontal position of the break-even marker over the cost chart (px), or null when absent. */
  async breakEvenX(): Promise<number | null> {
    if ((await this.breakEvenMarker().count()) === 0) return null;
    const box = await this.breakEvenMarker().boundingBox();
    return box ? box.x : null;
  }
}
