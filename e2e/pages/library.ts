import { expect, type Locator, type Page } from '@playwright/test';

const TITLE = /^(My scenarios|Meine Szenarien)/;

/** Page model of the "My scenarios" panel: found by role and name (English or German). */
export class LibraryPanel {
  constructor(readonly page: Page) {}

  /** The dialog, named by its title. */
  dialog(): Locator {
    return this.page.getByRole('dialog', { name: TITLE });
  }

  async open(): Promise<void> {
    // The button's name may carry the "unsaved changes" dot's title after the label.
    await this.page.getByRole('button', { name: TITLE }).click();
    await expect(this.dialog()).toBeVisible();
  }

  async close(): Promise<void> {
    await this.dialog().getByRole('button', { name: /^Close$|^Schließen$/ }).click();
  }

  items() {
    return this.page.getByTestId('library-item');
  }

  item(name: string) {
    return this.items().filter({ hasText: name });
  }

  async saveAsNew(): Promise<void> {
    await this.dialog().getByRole('button', { name: /^(Save as new scenario|Als neues Szenario speichern)$/ }).click();
    await expect(this.page.getByTestId('dirty-state')).toContainText('saved');
  }
}
