import { expect, type Locator, type Page } from '@playwright/test';

/** Page model of the Report area. */
export class ReportPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.getByRole('navigation').getByRole('link', { name: /Report|Bericht/ }).click();
    await expect(this.page.getByTestId('report')).toBeVisible();
  }

  decision() {
    return this.page.getByTestId('report-decision');
  }

  kpis() {
    return this.page.getByTestId('report-kpis');
  }

  assumptions() {
    return this.page.getByTestId('assumptions');
  }

  /** The report's capacity part: the latency target, the throughput's source, the operating point and the headline. */
  capacity(): { slo: Locator; badge: Locator; point: Locator; headline: Locator } {
    const root = this.page.getByTestId('report-capacity');
    return { slo: root.getByTestId('report-capacity-slo'), badge: root.getByTestId('report-capacity-badge'), point: root.getByTestId('report-capacity-point'), headline: root.getByTestId('capacity-headline') };
  }

  async waitForNumbers(): Promise<void> {
    await expect(this.decision()).not.toContainText('…');
    await expect(this.kpis()).toContainText(/\$|€|¥/);
    await expect(this.page.getByTestId('report-fit')).not.toHaveText('…');
    // The cheapest plans (or the sentence that none serves), from the search in the worker.
    await expect(this.page.getByTestId('report-plans').or(this.page.getByTestId('report-plans-none'))).toBeVisible();
  }
}
