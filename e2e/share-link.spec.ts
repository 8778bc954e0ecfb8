import { DEFAULT_SCENARIO } from '../src/core/scenario/defaults';
import { SCENARIO_TYPE, SCENARIO_VERSION } from '../src/core/scenario/schema';
import { encodeLinkPayload } from '../src/core/link/codec';
import golden from '../src/core/link/fixtures/golden-links-v1.json' with { type: 'json' };
import { decodeScenario, encodeScenario, parseHash } from '../src/core/link/share-link';
import { expect, test } from './fixtures';
import { ShellPage } from './pages/shell';

test.describe('share links', () => {
  test('an edited value travels through the URL into a fresh browser', async ({ page, freshPage, shell }) => {
    await shell.open();
    await shell.scenarioName().fill('Budget review Q1');
    await shell.openSettings();
    await shell.fxRate('EUR').fill('0.91');
    // The address bar follows every change (debounced): wait until it carries both edits.
    const decoded = () => {
      const r = decodeScenario(parseHash(new URL(page.url()).hash).payload ?? '');
      return r.ok ? `${r.value.scenario.name}|${r.value.scenario.fx.EUR}` : 'invalid';
    };
    await expect.poll(decoded).toBe('Budget review Q1|0.91');
    const link = page.url();

    const other = await freshPage();
    const otherShell = new ShellPage(other.page);
    await other.page.goto(link);
    await expect(otherShell.scenarioName()).toHaveValue('Budget review Q1');
    await otherShell.openSettings();
    await expect(otherShell.fxRate('EUR')).toHaveValue('0.91');
  });

  test('a garbage link shows a clear message, the example scenario and the link to copy', async ({ shell }) => {
    await shell.open('#/pilot?s=this-is-not-a-link');
    await expect(shell.brokenLink().root).toBeVisible();
    await expect(shell.brokenLink().reason).toContainText('not a link of this dashboard');
    // The link to copy is the one that came in, area and all.
    await expect(shell.brokenLink().link).toHaveValue(/\/#\/pilot\?s=this-is-not-a-link$/);
    await expect(shell.scenarioName()).toHaveValue(DEFAULT_SCENARIO.name);
    // The page still works.
    await shell.goTo(/Hardware fit/);
  });

  /*
   * 66 characters whose scenario holds `notes` as an array nested 3,000 levels deep: it used to
   * overflow the call stack while being merged onto the base, and the app stayed blank even after
   * a reload. Now it is refused like any bad link, kept for copying, and a reload still works.
   */
  test('a link nested thousands of levels deep is refused by name, and the page survives a reload', async ({ page, shell, tcoPage: tco }) => {
    const deep = '1.ePmHfcpz7dcxDQAACMAwoQQpeIcDAZwcrYll9-WaiuxFBQAA8F4CAADvVQMjZ39G';
    await shell.open(`#/tco?s=${deep}`);
    await expect(shell.brokenLink().reason).toContainText('levels deep under "notes"; at most 64 are allowed');
    await expect(shell.brokenLink().link).toHaveValue(new RegExp(`/#/tco\\?s=${deep.replace(/[.]/g, '\\.')}$`));
    await expect(tco.verdict()).toBeVisible();
    await page.reload();
    await expect(shell.brokenLink().reason).toContainText('at most 64 are allowed');
    await expect(tco.verdict()).toBeVisible();
  });

  test('a truncated link says it was cut off', async ({ shell }) => {
    const s = structuredClone(DEFAULT_SCENARIO);
    s.name = 'A scenario with enough content to make a long link';
    s.workload.requestsPerDay = 12345;
    const full = encodeScenario(s);
    await shell.open(`#/tco?s=${full.slice(0, Math.floor(full.length / 2))}`);
    await expect(shell.brokenLink().reason).toContainText('incomplete');
    await expect(shell.brokenLink().link).toHaveValue(new RegExp(full.slice(2, 20)));
    await expect(shell.scenarioName()).toHaveValue(DEFAULT_SCENARIO.name);
  });

  test('a link with one invalid field costs that field and names it', async ({ shell }) => {
    const payload = encodeLinkPayload(JSON.stringify({ type: SCENARIO_TYPE, version: 1, name: 'Mostly fine', workload: { cacheHitShare: 7 } }));
    await shell.open(`#/tco?s=${payload}`);
    await expect(shell.scenarioName()).toHaveValue('Mostly fine');
    await expect(shell.linkNotices().root).toContainText('workload.cacheHitShare');
    await expect(shell.linkNotices().root).toContainText('was 7');
  });

  test('a "__proto__" key in a link is named as an unknown field, like "constructor"', async ({ page, shell }) => {
    // Written as text: an object literal would make "__proto__" the prototype, not a key.
    const payload = encodeLinkPayload(
      `{"type":"${SCENARIO_TYPE}","version":${SCENARIO_VERSION},"name":"Prototype keys","__proto__":{"polluted":1},"constructor":2,"workload":{"__proto__":5}}`,
    );
    await shell.open(`#/tco?s=${payload}`);
    await expect(shell.scenarioName()).toHaveValue('Prototype keys');
    const notices = shell.linkNotices().items;
    await expect(notices).toHaveText([
      'workload.__proto__: not a field of this dashboard (was 5); ignored.',
      '__proto__: not a field of this dashboard (was {"polluted":1}); ignored.',
      'constructor: not a field of this dashboard (was 2); ignored.',
    ]);
    expect(await page.evaluate(() => (({}) as Record<string, unknown>)['polluted'])).toBeUndefined();
  });

  test('markup in a link is shown as text, never run', async ({ page, shell }) => {
    const s = structuredClone(DEFAULT_SCENARIO);
    s.name = '<img src=x onerror="window.__pwned=1">';
    await shell.open(`#/report?s=${encodeScenario(s)}`);
    await expect(shell.scenarioName()).toHaveValue('<img src=x onerror="window.__pwned=1">');
    await shell.goTo(/Report/);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('main img[src="x"]').count()).toBe(0);
  });

  test('opening a link over local work asks first, and keeping it keeps the link to copy', async ({ page, shell }) => {
    await shell.open();
    await shell.scenarioName().fill('My own work');
    await expect.poll(() => page.url()).toContain('s=1.');
    const s = structuredClone(DEFAULT_SCENARIO);
    s.name = 'Colleague scenario';
    const payload = encodeScenario(s);
    await page.goto(`/#/tco?s=${payload}`);
    const confirm = shell.linkConfirm();
    await expect(confirm.dialog()).toBeVisible();
    await confirm.keepMine();
    await expect(shell.scenarioName()).toHaveValue('My own work');
    await expect(shell.keptLink()).toHaveValue(new RegExp(`/#/tco\\?s=${payload.slice(0, 30)}`));

    await page.goto(`/#/tco?s=${payload}`);
    await page.reload();
    await expect(confirm.dialog()).toBeVisible();
    await confirm.openLinked();
    await expect(shell.scenarioName()).toHaveValue('Colleague scenario');
    await shell.undoLinkOpen();
    await expect(shell.scenarioName()).toHaveValue('My own work');
  });

  test("a link whose catalog prices differ from today says so, changes nothing until asked, then takes today's values", async ({
    tcoPage: tco,
    shell,
    reportPage,
  }) => {
    // Golden link "catalog-drift": the Moonshot K2.6 offer at 0.6 / 0.15 / 2.5 USD per 1M tokens;
    // today's record says 0.95 / 0.16 / 4 (checked 2026-05-22).
    await tco.open({ hash: `#/tco?s=${golden.links['catalog-drift']}`, charts: false });
    const notice = shell.catalogDrift();
    await expect(notice.root()).toContainText('This link was made with catalog values that differ from today');
    await expect(notice.item('api.priceOutputPerM')).toHaveText('API output price: 2.5 USD/1M tokens → 4 USD/1M tokens (catalog of May 22, 2026)');
    await expect(notice.item('selfHosted.rentPrice')).toContainText('3.5 USD/GPU-h → 4.29 USD/GPU-h');
    await tco.openGroup('tco-group-api');
    const output = tco.field('Output incl. reasoning');
    await expect(output).toHaveValue('2.5');

    await notice.useToday();
    await expect(output).toHaveValue('4');
    await expect(tco.field('Input (cache miss)')).toHaveValue('0.95');
    await expect(notice.applied()).toContainText('5 figures');

    // The report names the catalog dates its figures now rest on.
    await shell.goTo(/Report/);
    await reportPage.assumptions().waitFor();
    await expect(reportPage.catalogBasis()).toContainText('Catalog values as of: API prices May 22, 2026 · GPU rent Aug 1, 2026');
  });
});
