import { test as base, expect, type Page, type Worker } from '@playwright/test';
import { BenchmarksPage } from './pages/benchmarks-page';
import { HardwarePage } from './pages/hardware-page';
import { LibraryPanel } from './pages/library';
import { PilotPage } from './pages/pilot-page';
import { ReportPage } from './pages/report-page';
import { ShellPage } from './pages/shell';
import { TcoPage } from './pages/tco-page';
import { UsagePage } from './pages/usage-page';

/**
 * Shared fixtures: every page a test opens is watched; a console error, an uncaught
 * exception, or a request to any origin other than the app's own fails the test. The page
 * models of `pages/` come as fixtures on the test's page (`async ({ shell, tcoPage }) => …`);
 * a test builds one itself only for a second page (`new ShellPage(other.page)`).
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

/**
 * The names of the workers the page starts (`compute`, `import-part`). Their URLs say nothing:
 * each starts from a blob that imports its script (src/worker/spawn.ts). A name is added when
 * the worker answers, after it started: check the list with `expect.poll`.
 */
export function workerNames(page: Page): string[] {
  const names: string[] = [];
  const add = (w: Worker) =>
    w
      .evaluate(() => self.name)
      .then(
        (name) => names.push(name),
        () => undefined,
      );
  // The workers already running, then each one that starts.
  for (const w of page.workers()) void add(w);
  page.on('worker', (w) => void add(w));
  return names;
}

export function expectClean(guard: PageGuard): void {
  expect(guard.errors, 'console errors / failed requests').toEqual([]);
  expect(guard.foreignRequests, 'requests to other origins').toEqual([]);
}

interface Fixtures {
  guard: PageGuard;
  /** Opens a fresh, isolated browser context (no shared storage) with the same guards. */
  freshPage: () => Promise<{ page: Page; guard: PageGuard }>;
  /** App shell: navigation, settings, language, share link, banners. */
  shell: ShellPage;
  tcoPage: TcoPage;
  usagePage: UsagePage;
  hardwarePage: HardwarePage;
  benchmarksPage: BenchmarksPage;
  pilotPage: PilotPage;
  reportPage: ReportPage;
  /** The "My scenarios" panel. */
  library: LibraryPanel;
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
  shell: async ({ page }, use) => use(new ShellPage(page)),
  tcoPage: async ({ page }, use) => use(new TcoPage(page)),
  usagePage: async ({ page }, use) => use(new UsagePage(page)),
  hardwarePage: async ({ page }, use) => use(new HardwarePage(page)),
  benchmarksPage: async ({ page }, use) => use(new BenchmarksPage(page)),
  pilotPage: async ({ page }, use) => use(new PilotPage(page)),
  reportPage: async ({ page }, use) => use(new ReportPage(page)),
  library: async ({ page }, use) => use(new LibraryPanel(page)),
});

export { expect };
