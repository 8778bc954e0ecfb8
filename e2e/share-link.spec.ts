import { DEFAULT_SCENARIO } from '../src/core/scenario/defaults';
import { SCENARIO_TYPE } from '../src/core/scenario/schema';
import { encodeLinkPayload } from '../src/lib/url/codec';
import { decodeScenario, encodeScenario, parseHash } from '../src/lib/url/share-link';
import { expect, test } from './fixtures';
import { ShellPage } from './pages/shell';

test.describe('share links', () => {
  test('an edited value travels through the URL into a fresh browser', async ({ page, freshPage }) => {
    const shell = new ShellPage(page);
    await shell.open();
    await shell.scenarioName().fill('Budget review Q1');
    await shell.openSettings();
    await page.getByTestId('fx-eur').getByRole('textbox').fill('0.91');
    // The address bar follows every change (debounced): wait until it carries both edits.
    const decoded = () => {
      const r = decodeScenario(parseHash(new URL(page.url()).hash).payload ?? '');
      return r.ok ? `${r.value.scenario.name}|${r.value.scenario.fx.EUR}` : 'invalid';
    };
    await expect.poll(decoded).toBe('Budget review Q1|0.91');
    const link = page.url();

    const other = await freshPage();
    await other.page.goto(link);
    await expect(other.page.getByTestId('scenario-name')).toHaveValue('Budget review Q1');
    await other.page.getByTestId('settings').locator('summary').click();
    await expect(other.page.getByTestId('fx-eur').getByRole('textbox')).toHaveValue('0.91');
  });

  test('a garbage link shows a clear message, the example scenario and the link to copy', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.open('#/tco?s=this-is-not-a-link');
    await expect(page.getByTestId('link-error')).toBeVisible();
    await expect(page.getByTestId('link-error-reason')).toContainText('not a link of this dashboard');
    await expect(page.getByTestId('bad-link')).toHaveValue(/this-is-not-a-link/);
    await expect(shell.scenarioName()).toHaveValue(DEFAULT_SCENARIO.name);
    // The page still works.
    await shell.goTo(/Hardware fit/);
  });

  test('a truncated link says it was cut off', async ({ page }) => {
    const s = structuredClone(DEFAULT_SCENARIO);
    s.name = 'A scenario with enough content to make a long link';
    s.workload.requestsPerDay = 12345;
    const full = encodeScenario(s);
    const shell = new ShellPage(page);
    await shell.open(`#/tco?s=${full.slice(0, Math.floor(full.length / 2))}`);
    await expect(page.getByTestId('link-error-reason')).toContainText('incomplete');
    await expect(page.getByTestId('bad-link')).toHaveValue(new RegExp(full.slice(2, 20)));
    await expect(shell.scenarioName()).toHaveValue(DEFAULT_SCENARIO.name);
  });

  test('a link with one invalid field costs that field and names it', async ({ page }) => {
    const payload = encodeLinkPayload(
      JSON.stringify({ type: SCENARIO_TYPE, version: 1, name: 'Mostly fine', workload: { cacheHitShare: 7 } }),
    );
    const shell = new ShellPage(page);
    await shell.open(`#/tco?s=${payload}`);
    await expect(shell.scenarioName()).toHaveValue('Mostly fine');
    await expect(page.getByTestId('link-notices')).toContainText('workload.cacheHitShare');
    await expect(page.getByTestId('link-notices')).toContainText('was 7');
  });

  test('markup in a link is shown as text, never run', async ({ page }) => {
    const s = structuredClone(DEFAULT_SCENARIO);
    s.name = '<img src=x onerror="window.__pwned=1">';
    const shell = new ShellPage(page);
    await shell.open(`#/report?s=${encodeScenario(s)}`);
    await expect(shell.scenarioName()).toHaveValue('<img src=x onerror="window.__pwned=1">');
    await shell.goTo(/Report/);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('main img[src="x"]').count()).toBe(0);
  });

  test('opening a link over local work asks first, and keeping it keeps the link to copy', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.open();
    await shell.scenarioName().fill('My own work');
    await expect.poll(() => page.url()).toContain('s=1.');
    const s = structuredClone(DEFAULT_SCENARIO);
    s.name = 'Colleague scenario';
    const payload = encodeScenario(s);
    await page.goto(`/#/tco?s=${payload}`);
    await expect(page.getByTestId('confirm-link')).toBeVisible();
    await page.getByRole('button', { name: 'Keep my scenario' }).click();
    await expect(shell.scenarioName()).toHaveValue('My own work');
    await expect(page.getByTestId('kept-link')).toHaveValue(new RegExp(payload.slice(0, 30)));

    await page.goto(`/#/tco?s=${payload}`);
    await page.reload();
    await expect(page.getByTestId('confirm-link')).toBeVisible();
    await page.getByRole('button', { name: /^Open the linked scenario/ }).click();
    await expect(shell.scenarioName()).toHaveValue('Colleague scenario');
    await page.getByRole('button', { name: /Undo/ }).click();
    await expect(shell.scenarioName()).toHaveValue('My own work');
  });
});
