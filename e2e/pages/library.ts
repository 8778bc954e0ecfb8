import { expect, type Locator, type Page } from '@playwright/test';
import { either } from './parts';
import { ScenarioCompare } from './report-page';

const TITLE = /^(My scenarios|Meine Szenarien)/;

/** The form that renames a saved scenario, in place of its name in the list. */
export class RenameForm {
  constructor(
    readonly page: Page,
    readonly name: string,
  ) {}

  /** The new name's field ("New name for …"). */
  field(): Locator {
    return this.page.getByRole('textbox', { name: either(`New name for ${this.name}`, `Neuer Name für ${this.name}`) });
  }

  /** Types the new name and saves it. */
  async save(to: string): Promise<void> {
    await this.field().fill(to);
    await this.page
      .locator('form')
      .filter({ has: this.field() })
      .getByRole('button', { name: either('Save', 'Speichern') })
      .click();
  }
}

/** Page model of the "My scenarios" panel: found by role and name (English or German). */
export class LibraryPanel {
  constructor(readonly page: Page) {}

  /** The dialog, named by its title. */
  dialog(): Locator {
    return this.page.getByRole('dialog', { name: TITLE });
  }

  /** The button that opens the dialog; its name may carry the "unsaved changes" dot's title after the label. */
  opener(): Locator {
    return this.page.getByRole('button', { name: TITLE });
  }

  /** Opens the dialog and returns its model. */
  async open(): Promise<LibraryPanel> {
    await this.opener().click();
    await expect(this.dialog()).toBeVisible();
    return this;
  }

  async close(): Promise<void> {
    await this.dialog()
      .getByRole('button', { name: /^Close$|^Schließen$/ })
      .click();
  }

  items() {
    return this.page.getByTestId('library-item');
  }

  item(name: string) {
    return this.items().filter({ hasText: name });
  }

  async duplicate(name: string): Promise<void> {
    await this.item(name).getByRole('button', { name: 'Duplicate' }).click();
  }

  /** Opens the rename form of a saved scenario and returns its model. */
  async startRename(name: string): Promise<RenameForm> {
    await this.item(name).getByRole('button', { name: 'Rename' }).click();
    const form = new RenameForm(this.page, name);
    await expect(form.field()).toBeVisible();
    return form;
  }

  async rename(name: string, to: string): Promise<void> {
    await (await this.startRename(name)).save(to);
  }

  /** Deletes a saved scenario, accepting the browser's question. */
  async delete(name: string): Promise<void> {
    this.page.once('dialog', (d) => void d.accept());
    await this.item(name).getByRole('button', { name: 'Delete' }).click();
  }

  /** Ticks a saved scenario's box to compare it. */
  async selectForCompare(name: string): Promise<void> {
    await this.item(name).getByRole('checkbox').check();
  }

  /** Compares the ticked scenarios (the report's comparison) and returns its model. */
  async compareSelected(): Promise<ScenarioCompare> {
    await this.page.getByRole('button', { name: /^Compare selected/ }).click();
    const compare = new ScenarioCompare(this.page);
    await expect(compare.root()).toBeVisible();
    return compare;
  }

  /** Opens a saved scenario on the page. */
  async openItem(name: string): Promise<void> {
    await this.item(name).getByRole('button', { name: 'Open' }).click();
  }

  /** Downloads the current scenario as a file; resolves to its path on disk. */
  async download(): Promise<string> {
    const download = this.page.waitForEvent('download');
    await this.page.getByRole('button', { name: 'Download scenario (JSON)' }).click();
    return (await download).path();
  }

  /** Opens scenario files (paths or contents) as "Open a scenario file…" does. */
  async importFile(files: Parameters<Locator['setInputFiles']>[0]): Promise<void> {
    await this.page.getByTestId('import-json').setInputFiles(files);
  }

  /** What the last open or save says ("Opened …", "… could not be opened: …"). */
  message(): Locator {
    return this.page.getByTestId('library-message');
  }

  /** Saves the open scenario over its saved copy. */
  async saveChanges(): Promise<void> {
    await this.page.getByTestId('save-changes').click();
  }

  /** "saved", "unsaved changes" or "not saved", after the scenario's name. */
  state(): Locator {
    return this.page.getByTestId('dirty-state');
  }

  /** The warning that another tab saved a newer revision. */
  conflict(): Locator {
    return this.page.getByTestId('save-conflict');
  }

  async saveAsNew(): Promise<void> {
    await this.dialog()
      .getByRole('button', { name: /^(Save as new scenario|Als neues Szenario speichern)$/ })
      .click();
    await expect(this.state()).toContainText('saved');
  }
}
