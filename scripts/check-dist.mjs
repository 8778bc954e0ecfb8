// Fails when a built site carries code meant only for the browser tests, when the chart
// library's chunks lost their compile hint, or when the genai-prices data is bundled more than
// once. Run after `vite build` (part of `npm run build`):
// the fault-injection hook (`window.__compute`) and the workers' string-code probe
// (src/worker/spawn.ts) are compiled in only when VITE_E2E_HOOKS=1
// (`npm run build:e2e`, output in dist-e2e/); the hint is added by scripts/vite-plugins.ts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const TEST_ONLY = ['__compute', 'e2eStringTimerRan'];

/** Every file below `dir` whose text contains one of the test-only names, as "file: name". */
function testOnlyCode(dir) {
  const found = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(js|mjs|html)$/.test(name)) {
        const text = readFileSync(path, 'utf8');
        for (const marker of TEST_ONLY) if (text.includes(marker)) found.push(`${path}: ${marker}`);
      }
    }
  };
  walk(dir);
  return found;
}

const dir = process.argv[2] ?? 'dist';
const found = testOnlyCode(dir);
if (found.length > 0) {
  console.error(`${dir}/ contains test-only code (build without VITE_E2E_HOOKS):\n  ${found.join('\n  ')}`);
  process.exit(1);
}
console.log(`${dir}/: no test-only code`);

// The chart library's main chunk (Recharts' CartesianChart, in the chunk Rollup names after the
// chart kit's src/components/chart/recharts.tsx, through which every Recharts chart imports it)
// must start with the hint.
const HINT = '//# allFunctionsCalledOnLoad\n';
const assets = join(dir, 'assets');
const charts = readdirSync(assets).filter((f) => /^(CartesianChart|recharts)-.*\.js$/.test(f));
const unhinted = charts.filter((f) => !readFileSync(join(assets, f), 'utf8').startsWith(HINT));
if (charts.length === 0 || unhinted.length > 0) {
  console.error(
    `${dir}/assets: the chart chunk ${charts.length === 0 ? 'is missing' : `${unhinted.join(', ')} lacks the compile hint`} (scripts/vite-plugins.ts, compileHintsPlugin)`,
  );
  process.exit(1);
}
console.log(`${dir}/: chart chunks carry the compile hint (${charts.join(', ')})`);

// The genai-prices data is one file that the compute worker and the page's fallback both load
// (sharedPricesPlugin in scripts/vite-plugins.ts); an ordinary import bundles it once for each.
const PRICE_DATA = 'pricing_urls:';
const priceFiles = readdirSync(assets).filter((f) => f.endsWith('.js') && readFileSync(join(assets, f), 'utf8').includes(PRICE_DATA));
if (priceFiles.length !== 1) {
  console.error(
    `${dir}/assets: the genai-prices data must be in exactly one file, found ${priceFiles.length} (${priceFiles.join(', ')}); see sharedPricesPlugin in scripts/vite-plugins.ts`,
  );
  process.exit(1);
}
console.log(`${dir}/: one copy of the genai-prices data (${priceFiles[0]})`);
