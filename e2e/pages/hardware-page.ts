import { expect, type Locator, type Page } from '@playwright/test';
import { chooseGenerated, type GeneratedFile } from './generated-file';

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
    await chooseGenerated(this.page.getByTestId('hw-engine-log').getByLabel('Or choose a log file'), file);
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

  claim(id: string): Locator {
    return this.page.getByTestId(`claim-${id}`);
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
