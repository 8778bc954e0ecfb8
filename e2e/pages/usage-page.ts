import { expect, type Locator, type Page } from '@playwright/test';
import { chooseGenerated, type GeneratedFile } from './generated-file';

/** Page model of the usage page: usage files in, the derived workload out. */
export class UsagePage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/#/usage');
    await expect(this.page.getByRole('heading', { name: 'Workload from usage data' })).toBeVisible({ timeout: 30_000 });
  }

  /** Drops files through the page's file input (what the drop zone and "Choose files…" feed). */
  async addFiles(files: string | string[] | { name: string; mimeType: string; buffer: Buffer }[]): Promise<void> {
    await this.page.getByTestId('usage-file-input').setInputFiles(files);
  }

  /** Chooses a file made in the page (see generated-file.ts). */
  async addGenerated(file: GeneratedFile): Promise<void> {
    await chooseGenerated(this.page.getByTestId('usage-file-input'), file);
  }

  zone(): Locator {
    return this.page.getByRole('combobox', { name: 'Time zone of the days and the week' });
  }

  heatmap(): Locator {
    return this.page.getByRole('img', { name: /^Week profile/ });
  }

  period(): Locator {
    return this.page.getByTestId('usage-period-value');
  }

  /** The period card whole (its value and what it covers). */
  periodCard(): Locator {
    return this.page.getByTestId('usage-period');
  }

  /** What the read kept of the files (rows, requests, what was dropped). */
  kept(): Locator {
    return this.page.getByTestId('usage-kept');
  }

  files(): Locator {
    return this.page.getByTestId('usage-files');
  }

  useAsWorkload(): Locator {
    return this.page.getByRole('button', { name: 'Use as workload' });
  }

  undo(): Locator {
    return this.page.getByRole('button', { name: 'Undo' });
  }

  changes(): Locator {
    return this.page.getByTestId('usage-changes');
  }
}
