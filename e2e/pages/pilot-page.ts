import { expect, type Locator, type Page } from '@playwright/test';
import { either } from './parts';

export type Side = 'api' | 'selfHosted';
export type Decision = 'continue' | 'hybrid' | 'return';
export type Outcome = Decision | 'undecided';

/** The panel that fills a pilot day from a run the Benchmarks area stored. */
export class PilotEvidencePanel {
  constructor(readonly root: Locator) {}

  /** Picks a stored run by a part of its option's text. */
  async pickRun(text: string): Promise<void> {
    const runSelect = this.root.getByLabel('Run', { exact: true });
    const value = await runSelect.locator('option', { hasText: text }).getAttribute('value');
    await runSelect.selectOption(value ?? '');
  }

  async setDay(day: number): Promise<void> {
    await this.root.getByLabel('Day', { exact: true }).selectOption(String(day));
  }

  async setSide(side: Side): Promise<void> {
    await this.root.getByLabel('Side').selectOption(side);
  }

  async fill(): Promise<void> {
    await this.root.getByRole('button', { name: 'Fill the ticked fields' }).click();
  }

  /** What the last fill did ("Filled 7 fields of day 2"). */
  status(): Locator {
    return this.root.getByRole('status');
  }
}

/** Page model of the seven-day pilot scorecard. */
export class PilotPage {
  /** The API side's grid, as a selector (an accessibility scan leaves it out: it repeats the self-hosted grid's markup). */
  static readonly apiGridSelector = '[data-testid="pilot-grid-api"]';

  constructor(readonly page: Page) {}

  root(): Locator {
    return this.page.getByTestId('pilot-page');
  }

  /** Opens the pilot page, optionally through a share link (`/#/pilot?s=…`) that carries a week. */
  async open(url = '/#/pilot'): Promise<void> {
    await this.page.goto(url);
    // The first paint starts the app and its compute engine: slow on a busy machine.
    await expect(this.root()).toBeVisible({ timeout: 30_000 });
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

  /** A criterion's measured figure ("58.6%", "0.63×"). */
  criterionValue(id: string): Locator {
    return this.page.getByTestId(`criterion-${id}-value`);
  }

  /** The smallest change that would flip the decision to this one. */
  flip(to: Decision): Locator {
    return this.page.getByTestId('pilot-flips').locator(`[data-flip-to="${to}"]`);
  }

  /** The decision in words ("No decision yet: no self-hosted evidence"). */
  decision(): Locator {
    return this.page.getByTestId('pilot-decision');
  }

  /** The decision's status ("no evidence yet"). */
  status(): Locator {
    return this.page.getByTestId('pilot-status');
  }

  ruleTrace(): Locator {
    return this.page.getByTestId('pilot-rule-trace');
  }

  /** The rules that are met (none while there is no evidence). */
  rulesMet(): Locator {
    return this.page.getByTestId('pilot-rules').locator('[data-rule][data-met="true"]');
  }

  /** What holds until there is evidence: stay with the API. */
  rulesNoEvidence(): Locator {
    return this.page.getByTestId('pilot-rules-no-evidence');
  }

  /** One condition of a rule ("cost-justified"); `data-met` says whether it holds. */
  ruleCondition(decision: Decision, condition: string): Locator {
    return this.rule(decision).locator(`[data-condition="${condition}"]`);
  }

  /** The warning that the hybrid rests on its share while a local task costs more. */
  hybridCaution(): Locator {
    return this.page.getByTestId('pilot-hybrid-caution');
  }

  /** A side's cost per accepted task; `data-cost-state` says whether it is defined. */
  cost(side: Side): Locator {
    return this.page.getByTestId(`cost-${side}`);
  }

  /** Why a side's cost per accepted task is not defined. */
  costReason(side: Side): Locator {
    return this.page.getByTestId(`cost-${side}-reason`);
  }

  costRatio(): Locator {
    return this.page.getByTestId('cost-ratio');
  }

  /** A side's acceptance on a day, as the grid shows it. */
  acceptance(side: Side, day: number): Locator {
    return this.page.getByTestId(`acceptance-${side}-${day}`);
  }

  /** A message a field of the page shows (role alert), by its text. */
  fieldMessage(text: string): Locator {
    return this.page.getByRole('alert').filter({ hasText: text });
  }

  /** The API side's grid of days. */
  apiGrid(): Locator {
    return this.page.locator(PilotPage.apiGridSelector);
  }

  incidents(): Locator {
    return this.page.getByTestId('pilot-incidents');
  }

  async addIncident(): Promise<void> {
    await this.page.getByRole('button', { name: either('Add incident', 'Vorfall hinzufügen') }).click();
  }

  /** An incident's fields: its permanent countermeasure and its cause. */
  incidentFields(index: number): { countermeasure: Locator; cause: Locator } {
    const incident = this.incident(index);
    return { countermeasure: incident.getByRole('textbox', { name: 'Permanent countermeasure' }), cause: incident.getByRole('combobox', { name: 'Cause' }) };
  }

  /** The note on a day ("Note on day 3"). */
  dayNote(day: number): Locator {
    return this.page.getByLabel(`Note on day ${day}`);
  }

  /** A warning of the decision card, by its code ("fix-compatibility-first", "example-data"). */
  warning(code: string): Locator {
    return this.page.locator(`[data-warning="${code}"]`);
  }

  /** The panel that fills days from runs stored by the Benchmarks area. */
  evidence(): PilotEvidencePanel {
    return new PilotEvidencePanel(this.page.getByTestId('pilot-evidence'));
  }

  /** The banner above the card that the week is example data, and the labels on the decision and the charts. */
  example(): { banner: Locator; badge: Locator; chartsBadge: Locator } {
    return {
      banner: this.page.getByTestId('pilot-example-banner'),
      badge: this.page.getByTestId('pilot-example-badge'),
      chartsBadge: this.page.getByTestId('pilot-charts-example-badge'),
    };
  }

  /** Keeps the example week as the user's own data. */
  async treatAsMine(): Promise<void> {
    await this.page.getByRole('button', { name: either('Treat as my data', 'Als meine Daten übernehmen') }).click();
  }

  /** Clears the pilot data, confirming the question (in English or German). */
  async clear(): Promise<void> {
    await this.page.getByRole('button', { name: either('Clear pilot data', 'Pilotdaten löschen') }).click();
    await this.page
      .getByRole('alertdialog')
      .getByRole('button', { name: either('Replace', 'Ersetzen') })
      .click();
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
