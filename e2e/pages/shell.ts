import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';

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

  /** The notice that a shared link was not opened, the local scenario kept. */
  linkKept(): Locator {
    return this.page.getByTestId('link-kept');
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

  /** On a phone the language, currency and theme choices sit in the Settings panel. */
  private async prefSelect(name: RegExp) {
    const select = this.page.getByRole('combobox', { name });
    if ((await select.count()) === 0) await this.openSettings();
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

  async openSettings(): Promise<void> {
    await this.page.getByTestId('settings').locator('summary').click();
  }

  /** Waits until the share link in the address bar encodes the current state. */
  async waitForUrlChange(from: string): Promise<string> {
    await expect.poll(() => this.page.url()).not.toBe(from);
    return this.page.url();
  }
}
