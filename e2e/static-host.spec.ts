import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, expectClean, guardPage, test } from './fixtures';
import { ShellPage } from './pages/shell';
import { TcoPage } from './pages/tco-page';
import { startStaticServer, type StaticServer } from './static-server';

/**
 * The built app on a static host that sends no headers at all (no CSP, no frame-ancestors):
 * only the meta-tag policy of index.html reaches the browser. The workers must still run under
 * it, and another site must not be able to frame the app.
 */
let app: StaticServer;
let other: StaticServer;
test.beforeAll(async () => {
  app = await startStaticServer(resolve('dist-e2e'));
  // Another origin (another port) with a page that frames the app.
  const dir = mkdtempSync(join(tmpdir(), 'framing-site-'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><title>Another site</title><h1>Another site</h1><iframe title="framed app" src="${app.origin}/#/tco" width="900" height="600"></iframe>`,
  );
  other = await startStaticServer(dir);
});
test.afterAll(async () => {
  await app.close();
  await other.close();
});

type Probe = { timer: boolean; eval: boolean };

test('without headers, string code runs neither in the compute worker nor in an import helper', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: app.origin, serviceWorkers: 'block' });
  const page = await context.newPage();
  const guard = guardPage(page, app.origin);
  const response = await page.goto('/#/tco');
  expect(response?.headers()['content-security-policy']).toBeUndefined();
  await expect(new ShellPage(page).engineResult()).toBeVisible();
  // The first figures may come from the main thread while the worker still loads: probe it once it runs.
  await expect(new ShellPage(page).engineStatus()).toHaveAttribute('data-engine', 'worker');
  const probe = await page.evaluate(() => (window as unknown as { __compute: { probeForTest(): Promise<unknown> } }).__compute.probeForTest());
  expect(probe).toEqual({ compute: { timer: false, eval: false }, part: { timer: false, eval: false } } satisfies { compute: Probe; part: Probe });
  // The workers still do their work under the policy: the verdict is computed.
  await expect(new TcoPage(page).verdict()).toBeVisible();
  // What the browser logs for the refused string code; nothing else.
  expect(guard.errors.filter((e) => !/unsafe-eval|Content Security Policy/.test(e))).toEqual([]);
  guard.errors.splice(0);
  expectClean(guard);
  await context.close();
});

test('framed by another site, the app refuses to run and offers to open it in its own tab, in English and German', async ({ browser }) => {
  for (const [locale, body, open] of [
    ['en-US', 'does not run inside another site’s frame', 'Open the dashboard in its own tab'],
    ['de-DE', 'läuft nicht im Rahmen einer anderen Website', 'Dashboard in eigenem Tab öffnen'],
  ] as const) {
    const context = await browser.newContext({ locale, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${other.origin}/`);
    const frame = page.frameLocator('iframe[title="framed app"]');
    await expect(frame.getByRole('alert')).toContainText(body);
    const link = frame.getByRole('link', { name: open });
    await expect(link).toHaveAttribute('href', `${app.origin}/#/tco`);
    await expect(link).toHaveAttribute('target', '_blank');
    // Nothing of the app ran in the frame.
    await expect(frame.getByRole('navigation')).toHaveCount(0);
    await expect(ShellPage.engineStatusIn(frame)).toHaveCount(0);
    // Opened in its own tab, it runs.
    const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await expect(new ShellPage(tab).nav(/TCO|Break-even/)).toBeVisible();
    await context.close();
  }
});
