/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compileHintsPlugin, cspMetaPlugin, offlinePlugin, SECURITY_HEADERS, sharedPricesPlugins } from './scripts/vite-plugins.ts';

/**
 * The browser test of a deploy (e2e/deploy.spec.ts) swaps this build for a later one:
 * `E2E_NEXT_BUILD=1` builds the same app with every file under another name, as a new version
 * of the code would be (dist-e2e-next/, part of `npm run build:e2e`).
 */
const nextBuild = process.env.E2E_NEXT_BUILD === '1';
const NEXT_NAMES = {
  entryFileNames: 'assets/[name]-[hash]-next.js',
  chunkFileNames: 'assets/[name]-[hash]-next.js',
  assetFileNames: 'assets/[name]-[hash]-next[extname]',
};

const prices = sharedPricesPlugins();

export default defineConfig({
  // Relative base so the built app also works from a sub-path or a file share.
  base: './',
  plugins: [react(), tailwindcss(), cspMetaPlugin(), prices.page, offlinePlugin(), compileHintsPlugin()],
  worker: { format: 'es', plugins: () => [prices.worker()], ...(nextBuild ? { rolldownOptions: { output: NEXT_NAMES } } : {}) },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    ...(nextBuild ? { rolldownOptions: { output: NEXT_NAMES } } : {}),
  },
  server: { port: 5173, strictPort: false },
  // The preview server (used by the browser tests) sends the same headers a deployment should.
  preview: { port: 4173, strictPort: true, headers: SECURITY_HEADERS },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    environment: 'node',
    pool: 'threads',
    // Vitest's default is one thread fewer than the cores: one on a 2-core CI machine, where two
    // took the suite from 111 s to 66 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 20_000,
  },
});
