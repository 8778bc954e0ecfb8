import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { LinkConfirmDialog, ShareDialog } from './link-dialogs';
import { either } from './parts';

/** The notice that a link's catalog prices differ from today's, with the offer to take today's. */
export class CatalogDriftNotice {
  constructor(readonly page: Page) {}

  root(): Locator {
    return this.page.getByTestId('catalog-drift');
  }

  /** One differing value, by its path in the scenario ("api.priceOutputPerM"). */
  item(path: string): Locator {
    return this.root().locator(`[data-path="${path}"]`);
  }

  async useToday(): Promise<void> {
    await this.root().getByRole('button', { name: "Use today's catalog values" }).click();
  }

  /** What taking today's values changed ("5 figures …"). */
  applied(): Locator {
    return this.page.getByTestId('catalog-drift-applied');
  }
}

/** Page model of the app shell: navigation, settings, share link, banners; by role and name where one exists. */
export class ShellPage {
  constructor(readonly page: Page) {}

  async open(hash = ''): Promise<void> {
    await this.page.goto(`/${hash}`);
    await expect(this.engineStatus()).toBeVisible();
  }

  /** The footer's engine status; its `data-engine` says where the computation runs (worker or main thread). */
  engineStatus(): Locator {
    return ShellPage.engineStatusIn(this.page);
  }

  /** The engine status of the app inside a frame (absent when the app refused to run there). */
  static engineStatusIn(scope: Page | FrameLocator): Locator {
    return scope.getByTestId('engine-status');
  }

  /** The footer's result of the engine's last computation (the monthly tokens). */
  engineResult(): Locator {
    return this.page.getByTestId('engine-result');
  }

  main(): Locator {
    return this.page.getByRole('main');
  }

  /** What a part of the page that failed to load or draw says in its place; `data-part` names its kind. */
  partFailed(): Locator {
    return this.page.getByTestId('part-failed');
  }

  /** The notice that a new version is ready, with its reload button. */
  newVersion(): Locator {
    return this.page.getByTestId('new-version');
  }

  /** The button of a part that failed to load: reloads the page. */
  async reloadFailedPart(): Promise<void> {
    await this.page.getByRole('button', { name: 'Reload the page' }).click();
  }

  async reloadToNewVersion(): Promise<void> {
    await this.page.getByRole('button', { name: /Reload to use it/ }).click();
  }

  shareButton(): Locator {
    return this.page.getByRole('button', { name: 'Copy share link' });
  }

  /** What the share button says after a click ("Link copied"). */
  shareStatus(): Locator {
    return this.page.getByTestId('share-status');
  }

  /** The dialog that offers the share link to copy by hand (after the share button, when the clipboard refuses). */
  shareDialog(): ShareDialog {
    return new ShareDialog(this.page);
  }

  /** The question before a shared link replaces local work (it opens by itself, on opening such a link). */
  linkConfirm(): LinkConfirmDialog {
    return new LinkConfirmDialog(this.page);
  }

  /** The notice that a shared link was not opened, the local scenario kept. */
  linkKept(): Locator {
    return this.page.getByTestId('link-kept');
  }

  /** The kept link, to copy. */
  keptLink(): Locator {
    return this.linkKept().getByRole('textbox', { name: either('Copy the link', 'Link kopieren') });
  }

  /** A link that could not be opened: the banner, why, and the link as it came in, to copy. */
  brokenLink(): { root: Locator; reason: Locator; link: Locator } {
    const root = this.page.getByTestId('link-error');
    return { root, reason: root.getByTestId('link-error-reason'), link: root.getByRole('textbox', { name: either('Copy the link', 'Link kopieren') }) };
  }

  /** What a link that opened had to replace, one item per field. */
  linkNotices(): { root: Locator; items: Locator } {
    const root = this.page.getByTestId('link-notices');
    return { root, items: root.getByRole('listitem') };
  }

  /** After a link replaced the scenario: back to the previous one. */
  async undoLinkOpen(): Promise<void> {
    await this.page.getByRole('button', { name: /Undo/ }).click();
  }

  catalogDrift(): CatalogDriftNotice {
    return new CatalogDriftNotice(this.page);
  }

  /** The note that this tab started from the working copy edited last in another tab. */
  workingFromRecent(): Locator {
    return this.page.getByTestId('working-from-recent');
  }

  /** The note that the stored working copy could not be read (set aside) or written. */
  storageProblem(): Locator {
    return this.page.getByTestId('storage-problem');
  }

  /** The note that the compute engine was restarted after it died. */
  engineRestarted(): Locator {
    return this.page.getByTestId('engine-restarted');
  }

  /** The document's root element (its `lang` and theme class). */
  html(): Locator {
    return this.page.locator('html');
  }

  header(): Locator {
    return this.page.locator('header');
  }

  /** A heading of the page, by its name. */
  heading(name: string | RegExp): Locator {
    return this.page.getByRole('heading', { name });
  }

  /** The Settings panel's summary (what opens and closes it). */
  settingsToggle(): Locator {
    return this.page.getByTestId('settings').locator('summary');
  }

  navigation(): Locator {
    return this.page.getByRole('navigation');
  }

  nav(name: RegExp | string) {
    return this.page.getByRole('navigation').getByRole('link', { name });
  }

  async goTo(name: RegExp | string): Promise<void> {
    await this.nav(name).click();
    await expect(this.nav(name)).toHaveAttribute('aria-current', 'page');
  }

  scenarioName() {
    return this.page.getByRole('textbox', { name: /^(Scenario name|Name des Szenarios)$/ });
  }

  /** A preference's select (language, currency, theme): in the header, or on a phone in the Settings panel, opened for it. */
  private async prefSelect(name: RegExp) {
    const select = this.page.getByRole('combobox', { name });
    if ((await select.count()) === 0) await this.openSettings();
    await expect(select).toBeVisible();
    return select;
  }

  async setLanguage(value: 'en' | 'de'): Promise<void> {
    await (await this.prefSelect(/^(Language|Sprache)$/)).selectOption(value);
  }

  async setCurrency(value: 'USD' | 'EUR' | 'CNY'): Promise<void> {
    await (await this.prefSelect(/^(Currency|Währung)$/)).selectOption(value);
  }

  /** The exchange-rate field of the settings for one currency ("EUR per 1 USD"), in English or German. */
  fxRate(currency: 'EUR' | 'CNY') {
    return this.page.getByRole('textbox', { name: new RegExp(`^${currency} (per|je) 1 USD$`) });
  }

  async setTheme(value: 'light' | 'dark' | 'system'): Promise<void> {
    await (await this.prefSelect(/^(Theme|Darstellung)$/)).selectOption(value);
  }

  /**
   * Opens the Settings panel unless it is open. Its content is drawn after the panel's toggle
   * event, a moment after the click: a second click meant to open it would close it again.
   */
  async openSettings(): Promise<void> {
    const settings = this.page.getByTestId('settings');
    if ((await settings.getAttribute('open')) === null) await this.settingsToggle().click();
    await expect(settings).toHaveAttribute('open', '');
    await expect(this.fxRate('EUR')).toBeVisible();
  }

  /** Waits until the share link in the address bar encodes the current state. */
  async waitForUrlChange(from: string): Promise<string> {
    await expect.poll(() => this.page.url()).not.toBe(from);
    return this.page.url();
  }
}
