/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compileHintsPlugin, cspMetaPlugin, offlinePlugin, SECURITY_HEADERS } from './scripts/vite-plugins.ts';

export default defineConfig({
  // Relative base so the built app also works from a sub-path or a file share.
  base: './',
  plugins: [react(), tailwindcss(), cspMetaPlugin(), offlinePlugin(), compileHintsPlugin()],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 700,
  },
  server: { port: 5173, strictPort: false },
  // The preview server (used by the browser tests) sends the same headers a deployment should.
  preview: { port: 4173, strictPort: true, headers: SECURITY_HEADERS },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    environment: 'node',
    pool: 'threads',
    testTimeout: 20_000,
  },
});
