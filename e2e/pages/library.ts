import { expect, type Page } from '@playwright/test';

/** Page model of the "My scenarios" panel. */
export class LibraryPanel {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.getByTestId('library-button').click();
    await expect(this.page.getByTestId('library')).toBeVisible();
  }

  async close(): Promise<void> {
    await this.page.getByTestId('library').getByRole('button', { name: /^Close$|^Schließen$/ }).click();
  }

  items() {
    return this.page.getByTestId('library-item');
  }

  item(name: string) {
    return this.items().filter({ hasText: name });
  }

  async saveAsNew(): Promise<void> {
    await this.page.getByTestId('save-new').click();
    await expect(this.page.getByTestId('dirty-state')).toContainText('saved');
  }
}
