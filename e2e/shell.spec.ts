import { DEFAULT_SCENARIO } from '../src/core/scenario/defaults';
import { encodeLinkPayload } from '../src/core/link/codec';
import { encodeScenario } from '../src/core/link/share-link';
import { expect, expectClean, guardPage, test, workerNames } from './fixtures';
import { ShellPage } from './pages/shell';

test.describe('app shell', () => {
  test('loads the example scenario cleanly and computes in a Web Worker', async ({ page, shell }) => {
    const workers = workerNames(page);
    await shell.open();
    await expect(shell.scenarioName()).toHaveValue('Kimi K2.6: 8× H200 vs Moonshot API');
    // The footer shows the figure of the default scenario (computed on the main thread while the
    // worker loads, by the worker after that; both run the same core function):
    // 30,000 req/day × 30 days × (12,000 + 800 + 1,200) tokens × 1.03 retries = 12.978B tokens.
    await expect(shell.engineStatus()).toHaveAttribute('data-engine', 'worker');
    await expect(shell.engineResult()).toContainText('12.98B');
    // A worker's name is read from it asynchronously: wait for it rather than read the list once.
    await expect.poll(() => workers).toContain('compute');
  });

  test('reaches all six areas', async ({ page, shell }) => {
    await shell.open();
    for (const name of [/Usage data/, /Hardware fit/, /Benchmarks/, /Pilot/, /Report/, /TCO/]) {
      await shell.goTo(name);
      await expect(shell.main()).not.toBeEmpty();
    }
    await expect(page).toHaveURL(/#\/tco/);
  });

  test('German switches the text and the number format', async ({ page, shell }) => {
    await shell.open();
    await expect(shell.engineResult()).toContainText('12.98B');
    await shell.setLanguage('de');
    await expect(shell.nav('TCO & Break-even')).toBeVisible();
    await expect(page.getByText('Läuft vollständig im Browser')).toBeVisible();
    // 12.978e9 tokens in German compact notation, and the API bill with decimal comma.
    await expect(shell.engineResult()).toContainText('12,98 Mrd.');
    await shell.openSettings();
    await expect(shell.fxRate('EUR')).toHaveValue('0,86');
    await expect(shell.html()).toHaveAttribute('lang', 'de');
  });

  test('works at 360 px phone width without horizontal scrolling', async ({ page, shell }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await shell.open();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shell.goTo(/Pilot/);
  });

  test('dark theme applies to the document', async ({ page, shell }) => {
    await shell.open();
    await shell.setTheme('dark');
    await expect(shell.html()).toHaveClass(/dark/);
    await page.reload();
    await expect(shell.html()).toHaveClass(/dark/);
  });

  test('recovers when the worker dies, keeping the inputs', async ({ page, shell }) => {
    await shell.open();
    await expect(shell.engineStatus()).toHaveAttribute('data-engine', 'worker');
    await shell.scenarioName().fill('Survives a crash');
    // A user who has worked for a few seconds has a spare worker loaded in the background.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __compute: { hasSpare(): boolean } }).__compute.hasSpare()), { timeout: 15_000 })
      .toBe(true);
    // Kill the worker and time, inside the page, until a fresh worker answers again.
    const recoveryMs = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          type Client = { crashForTest(): void; subscribe(l: () => void): () => void; getState(): { mode: string } };
          const c = (window as unknown as { __compute: Client }).__compute;
          const t0 = performance.now();
          const stop = c.subscribe(() => {
            if (c.getState().mode === 'worker') {
              stop();
              resolve(performance.now() - t0);
            }
          });
          c.crashForTest();
        }),
    );
    expect(recoveryMs).toBeLessThan(1000);
    await expect(shell.engineRestarted()).toBeVisible();
    // The inputs are intact and the next computation runs on the new worker.
    await expect(shell.scenarioName()).toHaveValue('Survives a crash');
    await page.goto(
      `/#/tco?s=${encodeScenario({ ...DEFAULT_SCENARIO, name: 'Survives a crash', workload: { ...DEFAULT_SCENARIO.workload, requestsPerDay: 15_000 } })}`,
    );
    await shell.linkConfirm().openLinked();
    // Half the requests of the example: 6.489B tokens.
    await expect(shell.engineResult()).toContainText('6.49B');
  });

  test('a corrupted working copy is set aside with a message, not a broken page', async ({ page, shell }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('llm-selfhost:working', '{"type":"llm-selfhost-scenario","version":42}'));
    await page.reload();
    await expect(shell.storageProblem()).toContainText('could not be read (too-new)');
    await expect(shell.scenarioName()).toHaveValue('Kimi K2.6: 8× H200 vs Moonshot API');
    const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('llm-selfhost:quarantine:')).length);
    expect(kept).toBe(1);
  });

  test('a new-format link is refused by name', async ({ shell }) => {
    const future = encodeLinkPayload('{}').replace(/^1\./, '7.');
    await shell.open(`#/tco?s=${future}`);
    await expect(shell.brokenLink().reason).toContainText('newer version');
  });
});

test.describe('a working copy per tab', () => {
  test('two tabs keep their own edits across a reload; a new tab starts from the one edited last and says so', async ({ page, context, shell, baseURL }) => {
    const tabA = shell;
    const pageB = await context.newPage();
    const guardB = guardPage(pageB, baseURL ?? '');
    const tabB = new ShellPage(pageB);
    await tabA.open('#/tco');
    await tabB.open('#/tco');
    const written = (p: typeof page, name: string) => expect.poll(() => p.evaluate(() => localStorage.getItem('llm-selfhost:working') ?? '')).toContain(name);
    await tabA.scenarioName().fill('Edited in tab A');
    await written(page, 'Edited in tab A');
    await tabB.scenarioName().fill('Edited in tab B');
    await written(pageB, 'Edited in tab B');

    // Tab A reloads its own work, with no question about another scenario.
    await page.reload();
    await expect(shell.engineStatus()).toBeVisible();
    await expect(tabA.scenarioName()).toHaveValue('Edited in tab A');
    await expect(tabA.linkConfirm().dialog()).toHaveCount(0);
    await expect(tabA.workingFromRecent()).toHaveCount(0);
    await pageB.reload();
    await expect(tabB.scenarioName()).toHaveValue('Edited in tab B');

    // A new tab (no link) starts from the copy edited last, B's, and says where it came from.
    const pageC = await context.newPage();
    const guardC = guardPage(pageC, baseURL ?? '');
    const tabC = new ShellPage(pageC);
    await tabC.open();
    await expect(tabC.scenarioName()).toHaveValue('Edited in tab B');
    await expect(tabC.workingFromRecent()).toContainText('This tab started from your most recent working copy');
    // Reloading C keeps C's copy, even after B changed again.
    await tabB.scenarioName().fill('Edited in tab B again');
    await written(pageB, 'Edited in tab B again');
    await pageC.reload();
    await expect(tabC.scenarioName()).toHaveValue('Edited in tab B');
    await expect(tabC.workingFromRecent()).toHaveCount(0);
    expectClean(guardB);
    expectClean(guardC);
  });

  test('a tab opened after an update takes the working copy stored under the old key', async ({ page, shell }) => {
    await shell.open();
    const old = { ...DEFAULT_SCENARIO, name: 'Stored before tabs had their own copy' };
    await page.evaluate((text) => {
      sessionStorage.clear();
      localStorage.setItem('llm-selfhost:working', text);
    }, JSON.stringify(old));
    await page.reload();
    await expect(shell.scenarioName()).toHaveValue('Stored before tabs had their own copy');
    await expect(shell.workingFromRecent()).toBeVisible();
  });

  test('German says where a new tab started from', async ({ page, shell }) => {
    await shell.open();
    await page.evaluate(
      (text) => {
        sessionStorage.clear();
        localStorage.setItem('llm-selfhost:working', text);
      },
      JSON.stringify({ ...DEFAULT_SCENARIO, name: 'Aus einem anderen Tab' }),
    );
    await page.reload();
    await shell.setLanguage('de');
    await expect(shell.workingFromRecent()).toContainText('Dieser Tab beginnt mit Ihrer jüngsten Arbeitskopie');
  });
});

test.describe('a part that fails', () => {
  // Requests of the page itself, not answered from the offline cache.
  test.use({ serviceWorkers: 'block' });

  /** Takes the guard's record of what the test itself broke, and fails on anything else. */
  function expectOnlyMissing(errors: string[], chunk: RegExp): void {
    const other = errors.filter((e) => !chunk.test(e) && !/dynamically imported module|Failed to load resource/.test(e));
    expect(other).toEqual([]);
    errors.splice(0);
  }

  test('a page whose code is gone after a deploy reloads once, keeps the inputs, then says what happened', async ({
    page,
    shell,
    tcoPage: tco,
    hardwarePage: hardware,
    guard,
  }) => {
    await shell.open('#/tco');
    await shell.scenarioName().fill('Kept across the reload');
    // The running version's chunk is gone from the server, as after a deploy.
    await page.route(/\/assets\/hardware-page-[^/]*\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
    let loads = 0;
    page.on('load', () => (loads += 1));
    await shell.nav('Hardware').click();
    // The message shows as the reload starts; wait for the reload itself, then for the message after it.
    await expect.poll(() => loads).toBe(1);
    await expect(shell.partFailed()).toContainText('could not be loaded, probably because a new version was deployed');
    await expect(page).toHaveURL(/#\/hardware\?s=/);
    await expect(shell.scenarioName()).toHaveValue('Kept across the reload');
    // The header still works: another area opens.
    await shell.goTo('TCO & break-even');
    await expect(tco.verdict()).toBeVisible();
    // Once the code is there again, "reload" brings the page.
    await page.unroute(/\/assets\/hardware-page-[^/]*\.js$/);
    await shell.goTo('Hardware');
    await shell.reloadFailedPart();
    await expect(shell.partFailed()).toHaveCount(0);
    await expect(hardware.root()).toBeVisible();
    await expect(shell.scenarioName()).toHaveValue('Kept across the reload');
    expectOnlyMissing(guard.errors, /hardware-page-/);
  });

  test('a chart whose code cannot be loaded fails in its place; the verdict and the other charts stay', async ({ page, shell, tcoPage: tco, guard }) => {
    await page.route(/\/assets\/horizon-chart-[^/]*\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await shell.open('#/tco');
    await expect(tco.verdict()).toBeVisible();
    await expect(shell.partFailed()).toHaveCount(1);
    await expect(shell.partFailed()).toHaveAttribute('data-part', 'chart');
    await expect(tco.breakdownChart()).toBeVisible();
    expectOnlyMissing(guard.errors, /horizon-chart-/);
  });
});
