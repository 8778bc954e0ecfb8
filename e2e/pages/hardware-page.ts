import { expect, type Locator, type Page } from '@playwright/test';

/** Page model of the hardware-fit page: inputs by test id, results by role and test id. */
export class HardwarePage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/#/hardware');
    await expect(this.verdict()).toBeVisible();
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

  field(testId: string): Locator {
    return this.page.getByTestId(testId).getByRole('textbox');
  }

  async setNumber(testId: string, text: string): Promise<void> {
    await this.field(testId).fill(text);
  }

  async select(testId: string, value: string): Promise<void> {
    await this.page.getByTestId(testId).getByRole('combobox').selectOption(value);
  }

  warning(code: string): Locator {
    return this.page.getByTestId(`warning-${code}`);
  }

  claim(id: string): Locator {
    return this.page.getByTestId(`claim-${id}`);
  }

  /** Waits until the verdict has been recomputed for a new input. */
  async expectVerdict(fits: boolean): Promise<void> {
    await expect(this.verdict()).toHaveAttribute('data-fits', fits ? 'yes' : 'no');
  }
}
