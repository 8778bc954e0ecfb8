import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { defaultScenario } from '../../src/core/scenario/defaults';
import { encodeScenario } from '../../src/core/link/share-link';
import { fullyCustomisedScenario } from '../../src/testing/custom-scenario';
import { ensureBuild, withBrowser } from '../browser';
import { median, type BenchRow, type BenchSuite } from '../types';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = join(root, 'dist');
const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length / 1024;

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? listFiles(p) : [p];
  });
}

/** JS and CSS the browser must load before the first render: entry script, module preloads, styles. */
function initialAssets(): { js: string[]; css: string[] } {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const js = [...html.matchAll(/<script[^>]+src="\.\/([^"]+)"/g), ...html.matchAll(/<link rel="modulepreload"[^>]+href="\.\/([^"]+)"/g)].map((m) =>
    join(dist, m[1] as string),
  );
  const css = [...html.matchAll(/<link rel="stylesheet"[^>]+href="\.\/([^"]+)"/g)].map((m) => join(dist, m[1] as string));
  return { js, css };
}

export const suite: BenchSuite = {
  name: 'app',
  async run() {
    const rows: BenchRow[] = [];
    const row = (metric: string, value: number, unit: string, budget: number | null, note?: string): void => {
      rows.push({ suite: 'app', metric, value, unit, budget, direction: 'max', note });
    };

    await ensureBuild();
    const { js, css } = initialAssets();
    row(
      'initial JS (gzip)',
      js.reduce((a, f) => a + gz(f), 0),
      'KB',
      250,
      `${js.length} file(s)`,
    );
    row(
      'initial CSS (gzip)',
      css.reduce((a, f) => a + gz(f), 0),
      'KB',
      null,
    );
    const all = listFiles(dist).filter((f) => /\.(js|css|html|svg)$/.test(f));
    row(
      'whole app (gzip)',
      all.reduce((a, f) => a + gz(f), 0),
      'KB',
      null,
      `${all.length} files incl. lazy areas and worker`,
    );

    row('share link, default scenario', encodeScenario(defaultScenario()).length + '/#/tco?s='.length, 'chars', 200, 'fragment after the host');
    row(
      'share link, fully customised scenario',
      encodeScenario(fullyCustomisedScenario()).length + '/#/tco?s='.length,
      'chars',
      2000,
      'all sections changed, pilot week filled',
    );

    const workerJs = all.filter((f) => /compute\.worker-[^/]*\.js$/.test(f));
    row(
      'worker first script (gzip)',
      workerJs.reduce((a, f) => a + gz(f), 0),
      'KB',
      null,
      'the parsers load with the first dropped file',
    );

    const firstRender = await withBrowser(async (browser, baseURL) => {
      const times: { fcp: number; result: number; verdict: number }[] = [];
      for (let i = 0; i < 5; i++) {
        const context = await browser.newContext();
        const page = await context.newPage();
        // Recorded in the page: the first animation frame after each element is in the document
        // (the frame that paints it). Asking from here after Playwright's waitFor instead adds
        // two protocol round trips, which wait for the page's main thread to be free: under the
        // charts' first mount that measured the end of the busy stretch, not the element.
        await page.addInitScript(() => {
          const seen: Record<string, number> = {};
          (window as unknown as { __firstSeen: Record<string, number> }).__firstSeen = seen;
          const ids = ['engine-result', 'tco-verdict'];
          new MutationObserver(() => {
            for (const id of ids) {
              if (id in seen || !document.querySelector(`[data-testid="${id}"]`)) continue;
              seen[id] = Number.NaN;
              requestAnimationFrame(() => (seen[id] = performance.now()));
            }
          }).observe(document, { subtree: true, childList: true });
        });
        await page.goto(baseURL);
        await page.getByTestId('tco-verdict').waitFor();
        const at = (id: string) =>
          page
            .waitForFunction((k) => Number.isFinite((window as unknown as { __firstSeen: Record<string, number> }).__firstSeen[k]), id)
            .then(() => page.evaluate((k) => (window as unknown as { __firstSeen: Record<string, number> }).__firstSeen[k] as number, id));
        const [result, verdict] = await Promise.all([at('engine-result'), at('tco-verdict')]);
        const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN);
        times.push({ fcp, result, verdict });
        await context.close();
      }
      return times;
    });
    row('first contentful paint, default scenario', median(firstRender.map((t) => t.fcp)), 'ms', null, 'median of 5 cold loads');
    row(
      'first result on screen',
      median(firstRender.map((t) => t.result)),
      'ms',
      1000,
      `median of 5 cold loads; navigation start → the frame that shows the footer figure; runs: ${firstRender.map((t) => t.result.toFixed(0)).join(', ')}`,
    );
    row(
      'first TCO verdict on screen',
      median(firstRender.map((t) => t.verdict)),
      'ms',
      1000,
      `median of 5 cold loads; navigation start → the frame that shows the verdict heading; runs: ${firstRender.map((t) => t.verdict.toFixed(0)).join(', ')}`,
    );
    // Nothing is on screen before the first contentful paint: a verdict in the first paint's frame counts as 0 ms.
    const afterPaint = firstRender.map((t) => Math.max(0, t.verdict - t.fcp));
    row(
      'first TCO verdict on screen − first contentful paint',
      median(afterPaint),
      'ms',
      150,
      `median of the same 5 cold loads; runs: ${afterPaint.map((v) => v.toFixed(0)).join(', ')}`,
    );
    return rows;
  },
};
