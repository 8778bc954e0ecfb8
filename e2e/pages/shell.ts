import { expect, type Page } from '@playwright/test';

/** Page model of the app shell: navigation, settings, share link, banners; by role and name where one exists. */
export class ShellPage {
  constructor(readonly page: Page) {}

  async open(hash = ''): Promise<void> {
    await this.page.goto(`/${hash}`);
    await expect(this.page.getByTestId('engine-status')).toBeVisible();
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
