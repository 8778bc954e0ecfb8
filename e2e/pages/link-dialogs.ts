import { expect, type Locator, type Page } from '@playwright/test';
import { either } from './parts';

/** The dialog that offers the share link to copy by hand (when the clipboard cannot take it). */
export class ShareDialog {
  constructor(readonly page: Page) {}

  dialog(): Locator {
    return this.page.getByRole('dialog', { name: either('Copy share link', 'Link zum Teilen kopieren') });
  }

  /** The link to copy. */
  link(): Locator {
    return this.dialog().getByLabel(either('Copy this link:', 'Diesen Link kopieren:'));
  }
}

/** The question before a shared link replaces the scenario being worked on. */
export class LinkConfirmDialog {
  constructor(readonly page: Page) {}

  dialog(): Locator {
    return this.page.getByRole('dialog', { name: either('Open the shared scenario?', 'Geteiltes Szenario öffnen?') });
  }

  keepButton(): Locator {
    return this.dialog().getByRole('button', { name: 'Keep my scenario' });
  }

  /** Keeps the scenario being worked on; the link stays to copy. */
  async keepMine(): Promise<void> {
    await this.keepButton().click();
    await expect(this.dialog()).toHaveCount(0);
  }

  /** Opens the linked scenario, discarding the one being worked on (undo follows in a banner). */
  async openLinked(): Promise<void> {
    await this.dialog()
      .getByRole('button', { name: /^Open the linked scenario/ })
      .click();
    await expect(this.dialog()).toHaveCount(0);
  }
}
