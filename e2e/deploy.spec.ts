import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectClean, guardPage, test } from './fixtures';
import { BenchmarksPage } from './pages/benchmarks-page';
import { HardwarePage } from './pages/hardware-page';
import { ShellPage } from './pages/shell';
import { TcoPage } from './pages/tco-page';
import { startStaticServer, type StaticServer } from './static-server';

/**
 * A deploy while a tab is open, served by the test itself: build A (dist-e2e/) is replaced by
 * build B (dist-e2e-next/, the same app with every file under another name) at the same
 * address. The tab opened on A must keep loading A's code, however the new version arrives.
 */
const BUILD_A = resolve('dist-e2e');
const BUILD_B = resolve('dist-e2e-next');

let server: StaticServer;
test.beforeAll(async () => {
  server = await startStaticServer(BUILD_A);
});
test.afterAll(async () => server.close());

/** Resolves once the page is controlled by an activated service worker. */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((done) => navigator.serviceWorker.addEventListener('controllerchange', () => done(), { once: true }));
    }
  });
}

const cacheNames = (page: Page) => page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('llm-selfhost-')));

test('a tab open during a deploy keeps its code: a page it had not opened yet loads, and it offers the new version', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.origin });
  const old = await context.newPage();
  const oldGuard = guardPage(old, server.origin);
  const shell = new ShellPage(old);
  const bench = new BenchmarksPage(old);
  await shell.open('#/tco');
  await shell.scenarioName().fill('Opened before the deploy');
  await controlled(old);
  const before = await cacheNames(old);
  expect(before).toHaveLength(1);
  const cacheA = before[0];
  // Set in the document: a reload would lose it. The old tab also notes when another version takes it over.
  await old.evaluate(() => {
    const w = window as unknown as { sameDocument: boolean; takenOver: boolean };
    w.sameDocument = true;
    w.takenOver = false;
    navigator.serviceWorker.addEventListener('controllerchange', () => (w.takenOver = true));
  });

  server.setRoot(BUILD_B);
  // A second tab loads B, and B's service worker installs beside A's: it then waits, or (as
  // before) has taken over the old tab.
  const second = await context.newPage();
  const secondGuard = guardPage(second, server.origin);
  const secondShell = new ShellPage(second);
  await secondShell.open('#/tco');
  await expect
    .poll(
      () =>
        old.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return registration?.waiting?.state === 'installed' || (window as unknown as { takenOver: boolean }).takenOver;
        }),
      { timeout: 30_000 },
    )
    .toBe(true);
  expect((await cacheNames(old)).filter((k) => k !== cacheA)).toHaveLength(1);

  // The old tab opens a page whose chunk only build A has: it loads, in the same document.
  await shell.nav('Hardware').click();
  await expect(new HardwarePage(old).root()).toBeVisible();
  await expect(shell.partFailed()).toHaveCount(0);
  expect(await old.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await expect(shell.newVersion()).toContainText('A new version of the dashboard is ready');

  // The second tab takes the new version: B now controls both tabs, and A's cache stays for the old one.
  const secondReloaded = second.waitForEvent('load');
  await secondShell.reloadToNewVersion();
  await secondReloaded;
  await expect(new TcoPage(second).verdict()).toBeVisible();
  await expect(secondShell.newVersion()).toHaveCount(0);
  await expect.poll(() => old.evaluate(() => (window as unknown as { takenOver: boolean }).takenOver)).toBe(true);
  await shell.nav('Benchmarks').click();
  await expect(bench.root()).toBeVisible();
  expect(await old.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // "Reload" moves the old tab to B, its work kept; with no tab of A left, A's cache goes.
  const reloaded = old.waitForEvent('load');
  await shell.reloadToNewVersion();
  await reloaded;
  await expect(bench.root()).toBeVisible();
  expect(await old.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBeUndefined();
  await expect(shell.scenarioName()).toHaveValue('Opened before the deploy');
  await expect(shell.newVersion()).toHaveCount(0);
  await expect.poll(async () => (await cacheNames(old)).map((k) => k === cacheA), { timeout: 15_000 }).toEqual([false]);
  expect(await old.evaluate(() => [...document.scripts].map((s) => s.src).join(' '))).toMatch(/-next\.js/);

  expectClean(oldGuard);
  expectClean(secondGuard);
  await context.close();
});
