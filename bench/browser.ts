import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
// @ts-expect-error plain ESM helper shared with the Node scripts
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/chromium-path.mjs';

/**
 * Browser benchmarks run the production build (`dist/`, rebuilt from the current sources at the start of a run) in headless Chromium,
 * the same browser the end-to-end tests use.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { cwd: root, stdio: 'inherit' });
    p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}`))));
  });
}

let built: Promise<void> | null = null;

/**
 * Builds `dist/` from the current sources once per bench run, so the figures never describe an
 * older build. BENCH_SKIP_BUILD=1 measures an existing `dist/` as it is. Each suite runs in a
 * process of its own (bench/run.ts): the run's id (BENCH_RUN_ID) marks the build it made, so the
 * next suite's process does not build again.
 */
export function ensureBuild(): Promise<void> {
  if (process.env.BENCH_SKIP_BUILD && existsSync(join(root, 'dist', 'index.html'))) return Promise.resolve();
  const runId = process.env.BENCH_RUN_ID;
  const marker = join(root, 'dist', '.bench-run');
  if (runId && existsSync(marker) && readFileSync(marker, 'utf8') === runId) return Promise.resolve();
  built ??= run('npx', ['vite', 'build', '--logLevel', 'warn']).then(() => {
    if (runId) writeFileSync(marker, runId);
  });
  return built;
}

async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error(`${url} did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Serves dist/ with vite preview and opens Chromium; both are closed afterwards. `outDir`
 * serves another build as it is (e.g. an older commit's, to compare), without rebuilding.
 */
export async function withBrowser<T>(work: (browser: Browser, baseURL: string) => Promise<T>, outDir?: string): Promise<T> {
  if (outDir === undefined) await ensureBuild();
  const port = await freePort();
  const dirArgs = outDir === undefined ? [] : ['--outDir', outDir];
  // Own process group, so stopping it also stops the vite process npx starts.
  const server: ChildProcess = spawn('npx', ['vite', 'preview', ...dirArgs, '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
    cwd: root,
    stdio: 'ignore',
    detached: true,
  });
  const baseURL = `http://127.0.0.1:${port}`;
  let browser: Browser | null = null;
  try {
    await waitForHttp(baseURL, 30_000);
    browser = await chromium.launch({ executablePath: (chromiumPath as () => string | undefined)(), args: CHROMIUM_ARGS as string[] });
    return await work(browser, baseURL);
  } finally {
    await browser?.close();
    if (server.pid) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        server.kill();
      }
    }
  }
}
