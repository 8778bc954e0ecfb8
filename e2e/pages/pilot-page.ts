import { expect, type Locator, type Page } from '@playwright/test';

export type Side = 'api' | 'selfHosted';
export type Decision = 'continue' | 'hybrid' | 'return';
export type Outcome = Decision | 'undecided';

/** Page model of the seven-day pilot scorecard. */
export class PilotPage {
  constructor(readonly page: Page) {}

  /** Opens the pilot page, optionally through a share link (`/#/pilot?s=…`) that carries a week. */
  async open(url = '/#/pilot'): Promise<void> {
    await this.page.goto(url);
    // The first paint starts the app and its compute engine: slow on a busy machine.
    await expect(this.page.getByTestId('pilot-page')).toBeVisible({ timeout: 30_000 });
    await expect(this.card()).toBeVisible();
  }

  card(): Locator {
    return this.page.getByTestId('pilot-decision-card');
  }

  async expectDecision(decision: Outcome): Promise<void> {
    await expect(this.card()).toHaveAttribute('data-decision', decision);
  }

  cell(side: Side, field: string, day: number): Locator {
    return this.page.getByTestId(`cell-${side}-${field}-${day}`);
  }

  /** Types one day's values (already in the units the grid shows: %, the display currency). */
  async fillDay(side: Side, day: number, values: Record<string, string>): Promise<void> {
    for (const [field, text] of Object.entries(values)) {
      const cell = this.cell(side, field, day);
      await cell.fill(text);
      await expect(cell).not.toHaveAttribute('aria-invalid', 'true');
    }
  }

  async fillWeek(side: Side, values: Record<string, string>): Promise<void> {
    for (let day = 1; day <= 7; day++) await this.fillDay(side, day, values);
  }

  criterion(id: string): Locator {
    return this.page.getByTestId(`criterion-${id}`);
  }

  rule(decision: Decision): Locator {
    return this.page.getByTestId('pilot-rules').locator(`[data-rule="${decision}"]`);
  }

  /** One entry of the incident log (its fields by role and label inside it). */
  incident(index: number): Locator {
    return this.page.getByTestId(`incident-${index}`);
  }

  /** The day of an incident: its field is named "Day (#n)". */
  incidentDay(index: number): Locator {
    return this.incident(index).getByRole('textbox', { name: `Day (#${index + 1})`, exact: true });
  }

  check(id: string): Locator {
    return this.page.getByTestId(`check-${id}`);
  }

  async setCheck(id: string, status: 'Passed' | 'Failed' | 'Not tested'): Promise<void> {
    await this.check(id).getByRole('radio', { name: status, exact: true }).check();
  }

  async loadExample(kind: Decision): Promise<void> {
    await this.page.getByRole('combobox', { name: /^(Example week|Beispielwoche)$/ }).selectOption(kind);
    await this.page.getByRole('button', { name: /^(Load example|Beispiel laden)$/ }).click();
    const confirm = this.page.getByRole('alertdialog');
    if (await confirm.isVisible()) await confirm.getByRole('button', { name: 'Replace' }).click();
    await this.expectDecision(kind);
  }
}
