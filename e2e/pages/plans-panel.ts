import { expect, type Locator, type Page } from '@playwright/test';
import { either } from './parts';
import { slow } from './tco-page';

/** The imported series the search may count as measured evidence, once each is tagged with its GPU. */
export class ImportedEvidence {
  constructor(readonly root: Locator) {}

  /** "Your imported series as evidence: 2 series, 0 counting"; a click opens the list. */
  summary(): Locator {
    return this.root.locator('summary');
  }

  async open(): Promise<void> {
    await this.summary().click();
  }

  /** One series, by its label ("vllm · 1000/100 tok (6 loads)"): whether it counts, and its GPU tag. */
  series(label: string): { status: Locator; gpu: Locator; gpuCount: Locator } {
    const row = this.root.getByTestId('plans-imported-row').filter({ hasText: label });
    return {
      status: row.getByTestId('plans-imported-status'),
      gpu: row.getByRole('combobox', { name: either('measured on', 'gemessen auf') }),
      gpuCount: row.getByRole('spinbutton', { name: 'GPUs', exact: true }),
    };
  }
}

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

  /** The plan ids and evidence kinds of a table's rows ("entered", "calibrated", "measured", "roofline"), in rank order. */
  async evidenceKinds(table: 'plans-table' | 'plans-upper-table' = 'plans-table'): Promise<{ id: string; kind: string }[]> {
    return this.rows(table).evaluateAll((rows) =>
      rows.map((r) => ({ id: r.getAttribute('data-plan-id') ?? '', kind: r.querySelector('[data-testid="plan-evidence"]')?.getAttribute('data-kind') ?? '' })),
    );
  }

  /** Shows every ranked plan, when the table holds more than it shows at first. */
  async showAll(): Promise<void> {
    const more = this.root().getByRole('button', { name: /^Show all \d+$/ });
    if (await more.isVisible()) await more.click();
  }

  /** The first row whose plan id holds this part ("|b200|"). */
  firstRowWith(idPart: string): Locator {
    return this.root().locator(`[data-testid="plan-row"][data-plan-id*="${idPart}"]`).first();
  }

  /** Where a plan's throughput comes from; `data-kind` says of what kind. */
  evidence(row: string | Locator): Locator {
    return (typeof row === 'string' ? this.row(row) : row).getByTestId('plan-evidence');
  }

  /** The evidence of the upper-bound plans (those resting on the roofline alone), once `openUpper` showed them. */
  upperEvidence(): Locator {
    return this.root().getByTestId('plans-upper-table').getByTestId('plan-evidence');
  }

  async openUpper(): Promise<void> {
    // Its own summary: the autoscaled plans inside have summaries of their own (their weeks).
    await this.root().getByTestId('plans-upper').locator(':scope > summary').click();
  }

  /** A plan's dot on the frontier chart (filled when measured, hollow for an upper bound). */
  frontierDot(planId: string): Locator {
    return this.root().getByTestId('plans-frontier').locator(`[data-testid="plans-frontier-dot"][data-plan-id="${planId}"]`);
  }

  /** The cap on the GPUs in total; the text stays as typed. */
  maxGpus(): Locator {
    return this.root().getByRole('spinbutton', { name: either('At most GPUs in total', 'Höchstens GPUs insgesamt') });
  }

  /** Why the cap is ignored (it is no whole number of 1 or more). */
  maxGpusError(): Locator {
    return this.root().getByTestId('plans-max-gpus-error');
  }

  maxCommitment(): Locator {
    return this.root().getByRole('combobox', { name: either('Longest commitment', 'Längste Bindung') });
  }

  /** The API offers' boxes; `data-offer` names each offer, the scenario's own first. */
  apiOffers(): Locator {
    return this.root()
      .getByRole('group', { name: either('API offers', 'API-Angebote') })
      .getByRole('checkbox');
  }

  /** What "Use this plan" changed ("on demand → bought"). */
  applied(): Locator {
    return this.root().getByTestId('plans-applied');
  }

  importedEvidence(): ImportedEvidence {
    return new ImportedEvidence(this.root().getByTestId('plans-imported'));
  }

  /** A plan's row by its id. */
  row(planId: string): Locator {
    return this.root().locator(`[data-testid="plan-row"][data-plan-id="${planId}"]`);
  }

  /** An autoscaled plan's week: its line, and once opened its chart of demand against capacity. */
  week(planId: string): { line: Locator; chart: Locator; drawing: Locator; open: () => Promise<void> } {
    const details = this.row(planId).getByTestId('plan-week');
    return {
      line: details.locator('summary'),
      chart: details.getByTestId('plan-week-chart'),
      drawing: details.getByTestId('plan-week-chart').locator('svg'),
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
