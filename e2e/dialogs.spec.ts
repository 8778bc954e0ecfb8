import type { Locator, Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { textFile } from './pages/benchmarks-page';
import { DEFAULT_SCENARIO } from '../src/core/scenario/defaults';
import { encodeScenario } from '../src/core/link/share-link';

/**
 * Every modal dialog, by keyboard alone: it opens from a focused control with Enter, takes the
 * focus, keeps Tab and Shift+Tab inside (a full round comes back to where it started without
 * ever reaching the page behind), closes on Escape and gives the focus back to the control
 * that opened it. axe scans each open dialog.
 */

const focusInside = (dialog: Locator) => dialog.evaluate((el) => el.contains(document.activeElement));
const focusedText = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.outerHTML.slice(0, 120) ?? '');

async function expectTabCycles(page: Page, dialog: Locator): Promise<void> {
  await page.keyboard.press('Tab');
  expect(await focusInside(dialog), `focus after the first Tab: ${await focusedText(page)}`).toBe(true);
  await page.evaluate(() => document.activeElement?.setAttribute('data-tab-start', ''));
  const isStart = () => page.evaluate(() => document.activeElement?.hasAttribute('data-tab-start') ?? false);
  for (const key of ['Tab', 'Shift+Tab']) {
    let presses = 0;
    do {
      await page.keyboard.press(key);
      presses++;
      expect(await focusInside(dialog), `focus after ${key} ${presses}: ${await focusedText(page)}`).toBe(true);
    } while (!(await isStart()) && presses < 40);
    // A full round: the element focused first has the focus again, and it never left the dialog.
    expect(await isStart(), `${key} came back to where it started`).toBe(true);
  }
  await page.evaluate(() => document.querySelector('[data-tab-start]')?.removeAttribute('data-tab-start'));
}

async function expectAxeClean(page: Page, testId: string): Promise<void> {
  expect(await seriousViolations(page, 'light', { include: `[data-testid="${testId}"]` })).toEqual([]);
}

async function openWithKeyboard(opener: Locator, dialog: Locator): Promise<void> {
  await opener.focus();
  await opener.press('Enter');
  await expect(dialog).toBeVisible();
  expect(await focusInside(dialog), 'focus moved into the dialog').toBe(true);
}

async function expectEscapeReturnsFocus(page: Page, dialog: Locator, opener: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
}

test.describe('dialogs by keyboard', () => {
  test('shell: scenario library, manual share link, and the question before a link replaces local work', async ({ page, shell, library }) => {
    // No clipboard: the share link is offered to copy by hand.
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('no clipboard')) } });
    });
    await shell.open();

    const libraryButton = library.opener();
    await openWithKeyboard(libraryButton, library.dialog());
    await expectTabCycles(page, library.dialog());
    await expectAxeClean(page, 'library');
    await expectEscapeReturnsFocus(page, library.dialog(), libraryButton);

    const shareButton = shell.shareButton();
    const share = page.getByRole('dialog', { name: 'Copy share link' });
    await openWithKeyboard(shareButton, share);
    await expect(share.getByLabel('Copy this link:')).toBeFocused();
    await expect(share.getByLabel('Copy this link:')).toHaveValue(/#\/.*s=/);
    await expectTabCycles(page, share);
    await expectAxeClean(page, 'share-manual');
    await expectEscapeReturnsFocus(page, share, shareButton);

    // A link over local work: the question opens on its own; Escape keeps the local scenario.
    await shell.scenarioName().fill('My own work');
    await expect.poll(() => page.url()).toContain('s=1.');
    const incoming = structuredClone(DEFAULT_SCENARIO);
    incoming.name = 'Colleague scenario';
    await page.goto(`/#/tco?s=${encodeScenario(incoming)}`);
    const confirm = page.getByRole('dialog', { name: 'Open the shared scenario?' });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Keep my scenario' })).toBeFocused();
    await expectTabCycles(page, confirm);
    await expectAxeClean(page, 'confirm-link');
    await page.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);
    await expect(shell.scenarioName()).toHaveValue('My own work');
    await expect(shell.linkKept()).toBeVisible();
  });

  test('report: presentation mode', async ({ page, shell, reportPage: report }) => {
    await shell.open();
    await report.open();
    await report.waitForNumbers();
    const present = page.getByRole('button', { name: 'Present', exact: true });
    const deck = page.getByRole('dialog', { name: 'Presentation' });
    await openWithKeyboard(present, deck);
    await expect(deck).toContainText('Slide 1 of');
    await expectTabCycles(page, deck);
    await expectAxeClean(page, 'presentation');
    await expectEscapeReturnsFocus(page, deck, present);
  });

  test('benchmarks: the column mapping of an unknown CSV', async ({ page, benchmarksPage: bench }) => {
    await bench.open();
    await bench.drop([textFile('custom.csv', 'start,ttft (s),latency (s)\n2026-01-01T00:00:00Z,0.1,1.0\n')]);
    const choose = bench.outcome('custom.csv').getByRole('button', { name: 'Choose columns…' });
    const mapping = page.getByRole('dialog', { name: 'Columns of custom.csv' });
    await openWithKeyboard(choose, mapping);
    await expect(mapping.getByLabel('Time to first token', { exact: true })).toBeFocused();
    await expectTabCycles(page, mapping);
    await expectAxeClean(page, 'mapping-dialog');
    await expectEscapeReturnsFocus(page, mapping, choose);
  });
});
