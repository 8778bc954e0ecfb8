import { test as base, expect, type Page } from '@playwright/test';

/**
 * Shared fixtures: every page a test opens is watched; a console error, an uncaught
 * exception, or a request to any origin other than the app's own fails the test.
 */
export interface PageGuard {
  errors: string[];
  foreignRequests: string[];
}

export function guardPage(page: Page, baseURL: string): PageGuard {
  const origin = new URL(baseURL).origin;
  const guard: PageGuard = { errors: [], foreignRequests: [] };
  page.on('console', (msg) => {
    if (msg.type() === 'error') guard.errors.push(`console: ${msg.text()} @ ${msg.location().url}`);
  });
  page.on('pageerror', (err) => guard.errors.push(`pageerror: ${err.message}`));
  page.on('request', (req) => {
    const url = req.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (new URL(url).origin !== origin) guard.foreignRequests.push(url);
  });
  page.on('response', (res) => {
    if (res.status() >= 400) guard.errors.push(`HTTP ${res.status()} ${res.url()}`);
  });
  return guard;
}

export function expectClean(guard: PageGuard): void {
  expect(guard.errors, 'console errors / failed requests').toEqual([]);
  expect(guard.foreignRequests, 'requests to other origins').toEqual([]);
}

interface Fixtures {
  guard: PageGuard;
  /** Opens a fresh, isolated browser context (no shared storage) with the same guards. */
  freshPage: () => Promise<{ page: Page; guard: PageGuard }>;
}

export const test = base.extend<Fixtures>({
  guard: [
    async ({ page, baseURL }, use) => {
      const guard = guardPage(page, baseURL ?? 'http://127.0.0.1:4173');
      await use(guard);
      expectClean(guard);
    },
    { auto: true },
  ],
  freshPage: async ({ browser, baseURL }, use) => {
    const opened: { page: Page; guard: PageGuard }[] = [];
    await use(async () => {
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      const entry = { page, guard: guardPage(page, baseURL ?? 'http://127.0.0.1:4173') };
      opened.push(entry);
      return entry;
    });
    for (const { page, guard } of opened) {
      expectClean(guard);
      await page.context().close();
    }
  },
});

export { expect };
