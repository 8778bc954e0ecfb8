import { expect, type Locator, type Page } from '@playwright/test';
import { slow } from './tco-page';

/** Page model of the plans panel on the TCO page. */
export class PlansPanel {
  constructor(readonly page: Page) {}

  root(): Locator {
    return this.page.getByTestId('plans-panel');
  }

  /** Opens the panel (the search starts then) and waits for the ranked table. */
  async waitForResults(): Promise<void> {
    await this.root().scrollIntoViewIfNeeded();
    const open = this.root().getByTestId('plans-open');
    if (await open.isVisible()) await open.click();
    await slow(this.root().getByTestId('plans-table')).toBeVisible();
  }

  /** Leaves only these GPU types allowed (each box is unticked or ticked as needed). */
  async onlyGpus(ids: readonly string[]): Promise<void> {
    const boxes = this.root().getByTestId('plans-gpus').locator('input[type="checkbox"]');
    for (const box of await boxes.all()) {
      const id = await box.getAttribute('data-gpu');
      const want = id !== null && ids.includes(id);
      if ((await box.isChecked()) !== want) await box.click();
    }
  }

  rows(table: 'plans-table' | 'plans-upper-table' = 'plans-table'): Locator {
    return this.root().getByTestId(table).getByTestId('plan-row');
  }

  /** The plan ids of a table, in rank order ("self|h200-sxm|8|dcp|bought", "api|…"). */
  async planIds(table: 'plans-table' | 'plans-upper-table' = 'plans-table'): Promise<string[]> {
    return this.rows(table).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-plan-id') ?? ''));
  }

  /** A plan's row by its id. */
  row(planId: string): Locator {
    return this.root().locator(`[data-testid="plan-row"][data-plan-id="${planId}"]`);
  }

  /** An autoscaled plan's week: its line, and once opened its chart of demand against capacity. */
  week(planId: string): { line: Locator; chart: Locator; open: () => Promise<void> } {
    const details = this.row(planId).getByTestId('plan-week');
    return {
      line: details.locator('summary'),
      chart: details.getByTestId('plan-week-chart'),
      open: async () => {
        await details.locator('summary').click();
        await expect(details).toHaveAttribute('open', '');
      },
    };
  }

  /** A disaggregated plan's pools line (workers, rates, the binding pool in `data-binding`). */
  pools(planId: string): Locator {
    return this.row(planId).getByTestId('plan-pools');
  }

  /** The constraint that lets disaggregated prefill/decode pools be candidates. */
  poolsAllowed(): Locator {
    return this.root().getByRole('checkbox', { name: /prefill\/decode pools/i });
  }

  async use(planId: string): Promise<void> {
    await this.root().locator(`[data-plan-id="${planId}"]`).getByTestId('plan-use').click();
    await expect(this.root().getByTestId('plans-applied')).toBeVisible();
  }

  async undo(): Promise<void> {
    await this.root().getByTestId('plans-undo').click();
    await expect(this.root().getByTestId('plans-undone')).toBeVisible();
  }
}
