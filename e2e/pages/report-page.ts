import { expect, type Locator, type Page } from '@playwright/test';
import { DeploymentSummary } from './deployment-summary';
import { either } from './parts';

/** A chart of the report: its title and its download buttons (one per format). */
export class ReportChart {
  constructor(readonly root: Locator) {}

  async title(): Promise<string> {
    return (await this.root.locator('figcaption > span').first().innerText()).trim();
  }

  /** Downloads the chart in a format; resolves to the file's path on disk. */
  async download(format: 'SVG' | 'PNG'): Promise<string> {
    const download = this.root.page().waitForEvent('download');
    await this.root.getByRole('button', { name: new RegExp(`: ${format}$`) }).click();
    return (await download).path();
  }
}

/** Presentation mode: a full-screen dialog of slides, moved through with the keyboard. */
export class Presentation {
  constructor(readonly page: Page) {}

  dialog(): Locator {
    return this.page.getByRole('dialog', { name: either('Presentation', 'Präsentation') });
  }

  async press(key: string): Promise<void> {
    await this.page.keyboard.press(key);
  }
}

/** Page model of the Report area. */
export class ReportPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page
      .getByRole('navigation')
      .getByRole('link', { name: /Report|Bericht/ })
      .click();
    await expect(this.page.getByTestId('report')).toBeVisible();
  }

  decision() {
    return this.page.getByTestId('report-decision');
  }

  kpis() {
    return this.page.getByTestId('report-kpis');
  }

  /** The report's title (the scenario's name). */
  title(): Locator {
    return this.page.getByTestId('report').getByRole('heading', { level: 1 });
  }

  /** The deployment summary as the report shows it (without fixes). */
  deployment(): DeploymentSummary {
    return new DeploymentSummary(this.page.getByTestId('report-deployment'));
  }

  /** The lead's sentences on the money over the horizon, and on the main risks. */
  lead(): { money: Locator; risks: Locator } {
    return { money: this.page.getByTestId('report-money'), risks: this.page.getByTestId('report-risk') };
  }

  glossary(): Locator {
    return this.page.getByTestId('report-glossary');
  }

  /** Whether the model fits the GPUs ("Fits: Kimi K2.6 on 8 × NVIDIA H200 …"). */
  fit(): Locator {
    return this.page.getByTestId('report-fit');
  }

  /** The pilot's decision, or that no pilot data was recorded. */
  pilot(): Locator {
    return this.page.getByTestId('report-pilot');
  }

  /** The catalog dates the report's figures rest on. */
  catalogBasis(): Locator {
    return this.page.getByTestId('report-catalog-basis');
  }

  assumptions() {
    return this.page.getByTestId('assumptions');
  }

  /** One row of the assumptions appendix, by its input's key ("api.priceOutputPerM"). */
  assumption(key: string): Locator {
    return this.assumptions().locator(`tr[data-key="${key}"]`);
  }

  /** The value cell of an assumption's row. */
  assumptionValue(key: string): Locator {
    return this.assumption(key).locator('td').first();
  }

  /** The drawn plots of the report's charts (the TCO page's cost against volume and breakdown). */
  chartPlots(): Locator {
    return this.page.getByTestId('report-charts').locator('svg[data-plot]');
  }

  /** The report's first chart. */
  firstChart(): ReportChart {
    return new ReportChart(this.page.getByTestId('report-charts').locator('figure').first());
  }

  /** The cost chart as printed: its markers drawn in the SVG, and the screen's HTML marker of today's volume. */
  costChartInPrint(): { marks: Locator; markLines: Locator; todayMarker: Locator } {
    const cost = this.page.getByTestId('report-charts').getByTestId('tco-cost-chart');
    const marks = cost.locator('[data-print-marks]');
    return { marks, markLines: marks.locator('line'), todayMarker: cost.getByTestId('tco-today-marker') };
  }

  /** The cheapest plans: their rows in rank order, why the first wins, and where the scenario's own ranks. */
  plans(): { rows: Locator; why: Locator; own: Locator } {
    return {
      rows: this.page.getByTestId('report-plans-table').getByTestId('plan-row'),
      why: this.page.getByTestId('report-plans-why'),
      own: this.page.getByTestId('report-plans-own'),
    };
  }

  /** Downloads the results and assumptions as CSV; resolves to the file's path on disk. */
  async downloadCsv(): Promise<string> {
    const download = this.page.waitForEvent('download');
    await this.page.getByRole('button', { name: 'Results and assumptions (CSV)' }).click();
    return (await download).path();
  }

  presentButton(): Locator {
    return this.page.getByRole('button', { name: 'Present', exact: true });
  }

  /** The presentation (open or not). */
  presentation(): Presentation {
    return new Presentation(this.page);
  }

  /** Starts the presentation and returns its model. */
  async present(): Promise<Presentation> {
    await this.presentButton().click();
    const presentation = this.presentation();
    await expect(presentation.dialog()).toBeVisible();
    return presentation;
  }

  /** The capacity part: the latency target, the throughput's source, the operating point and the headline. */
  capacity(): { slo: Locator; badge: Locator; point: Locator; headline: Locator } {
    const root = this.page.getByTestId('report-capacity');
    return {
      slo: root.getByTestId('report-capacity-slo'),
      badge: root.getByTestId('report-capacity-badge'),
      point: root.getByTestId('report-capacity-point'),
      headline: root.getByTestId('capacity-headline'),
    };
  }

  async waitForNumbers(): Promise<void> {
    await expect(this.decision()).not.toContainText('…');
    await expect(this.kpis()).toContainText(/\$|€|¥/);
    await expect(this.fit()).not.toHaveText('…');
    // The cheapest plans (or the sentence that none serves), from the search in the worker.
    await expect(this.page.getByTestId('report-plans').or(this.page.getByTestId('report-plans-none'))).toBeVisible();
  }
}

/** Saved scenarios side by side: every input (the differing ones marked), the key results, a chart of their costs. */
export class ScenarioCompare {
  constructor(readonly page: Page) {}

  root(): Locator {
    return this.page.getByTestId('compare');
  }

  /** One input's row, by its key ("fx.EUR"); `data-differs` says whether the scenarios differ there. */
  input(key: string): Locator {
    return this.page.getByTestId('compare-inputs').locator(`tr[data-key="${key}"]`);
  }

  results(): Locator {
    return this.page.getByTestId('compare-results');
  }

  chartPlots(): Locator {
    return this.page.getByTestId('compare-chart').locator('svg[data-plot]');
  }
}
