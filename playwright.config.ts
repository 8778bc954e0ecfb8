import { defineConfig, devices } from '@playwright/test';
// @ts-expect-error plain ESM helper shared with the Node scripts
import { CHROMIUM_ARGS, chromiumPath } from './scripts/chromium-path.mjs';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const executablePath = (chromiumPath as () => string | undefined)();

/**
 * Browser tests run against the production build (vite preview), in Debian's Chromium where
 * present, built with its test hooks (`npm run build:e2e`, output in dist-e2e/; a plain
 * `npm run build` leaves them out). `npm test` builds first and sets E2E_SKIP_BUILD; a lone
 * `npx playwright test` builds by itself.
 */
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // A trace of the retry only (CI retries once): recording one for every test took about a
    // quarter of the suite's CPU time. Locally, `npx playwright test --trace on` records them.
    trace: 'on-first-retry',
    launchOptions: { executablePath, args: CHROMIUM_ARGS as string[] },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: { executablePath, args: CHROMIUM_ARGS as string[] } } }],
  webServer: {
    command: `${process.env.E2E_SKIP_BUILD ? '' : 'npm run build:e2e && '}npx vite preview --outDir dist-e2e --port ${PORT} --strictPort --host 127.0.0.1`,
    url: `http://127.0.0.1:${PORT}`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
  },
});
