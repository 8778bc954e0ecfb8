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

  /** What the read kept of the files (rows, requests, what was dropped). */
  kept(): Locator {
    return this.page.getByTestId('usage-kept');
  }

  files(): Locator {
    return this.page.getByTestId('usage-files');
  }

  /** One row of the before → after changes, by its name ("Requests per day"). */
  change(name: RegExp): Locator {
    return this.changes().getByRole('row', { name });
  }

  /** The card that says which files the TCO workload comes from now. */
  applied(): Locator {
    return this.page.getByTestId('usage-applied');
  }

  /** The note that the files loaded now differ from what is applied: what would change, and the button to apply them. */
  stale(): { root: Locator; pending: (name: RegExp) => Locator; useAsWorkload: () => Promise<void> } {
    const root = this.page.getByTestId('usage-stale');
    return {
      root,
      pending: (name) => root.getByTestId('usage-pending').getByRole('row', { name }),
      useAsWorkload: () => root.getByRole('button', { name: 'Use as workload' }).click(),
    };
  }

  async removeFiles(): Promise<void> {
    await this.page.getByRole('button', { name: 'Remove files' }).click();
  }

  async loadExample(): Promise<void> {
    await this.page.getByRole('button', { name: 'Load an example file' }).click();
  }

  /** The label that the file loaded is the example, not the user's. */
  example(): Locator {
    return this.page.getByTestId('usage-example');
  }

  /** The period's card: its dates, gaps, requests a day and bill. */
  periodCard(): Locator {
    return this.page.getByTestId('usage-period');
  }

  /** What in a file could not be read, by file and line. */
  issues(): Locator {
    return this.page.getByTestId('usage-issues');
  }

  /** How the files were read. */
  notes(): Locator {
    return this.page.getByTestId('usage-notes');
  }

  /** One note on how the files were read, by its kind ("duplicate-rows", "decimal-comma", "weekdays"). */
  note(kind: string): Locator {
    return this.notes().getByTestId(`usage-note-${kind}`);
  }

  /** The days of the week observed ("Mon, Tue (2 of 7)"). */
  weekdays(): Locator {
    return this.page.getByTestId('usage-weekdays');
  }

  /** Which days the per-day figures rest on, and the note when they are fewer than a week. */
  perDay(): { basis: Locator; partial: Locator } {
    return { basis: this.page.getByTestId('usage-per-day-basis'), partial: this.page.getByTestId('usage-per-day-partial') };
  }

  /** The table of models (header, one row per model, the bill that names no model, all models). */
  models(): Locator {
    return this.page.getByTestId('usage-models');
  }

  /** The models table's rows. */
  modelRows(): Locator {
    return this.models().getByRole('row');
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
