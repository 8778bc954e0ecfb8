import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/**
 * Content-Security-Policy of the built app: only its own scripts, styles, workers and
 * connections; no inline scripts, no eval. Images may be data:/blob: URLs (chart downloads).
 * `frame-ancestors` only works as an HTTP header, so it is left out of the meta tag.
 */
export const CSP_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
];

export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': [...CSP_DIRECTIVES, "frame-ancestors 'none'"].join('; '),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

export function cspMetaPlugin(): Plugin {
  return {
    name: 'csp-meta',
    apply: 'build',
    // Static hosts that read a _headers file (Netlify, Cloudflare Pages) get the same headers.
    generateBundle() {
      const lines = Object.entries(SECURITY_HEADERS).map(([k, v]) => `  ${k}: ${v}`);
      this.emitFile({ type: 'asset', fileName: '_headers', source: `# Generated at build time from scripts/vite-plugins.ts.\n/*\n${lines.join('\n')}\n` });
    },
    transformIndexHtml(html) {
      return html.replace(
        '<meta charset="UTF-8" />',
        `<meta charset="UTF-8" />\n    <meta http-equiv="Content-Security-Policy" content="${CSP_DIRECTIVES.join('; ')}" />`,
      );
    },
  };
}

/**
 * Writes sw.js, a service worker that precaches every file of the build so the dashboard
 * works offline after the first visit (presenting in a room without Wi-Fi). The cache name
 * carries a hash of the file list, so a new build replaces the old cache.
 */
export function offlinePlugin(): Plugin {
  return {
    name: 'offline-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((f) => !f.endsWith('.map') && f !== 'sw.js' && f !== '_headers');
      const assets = ['./', ...files.map((f) => `./${f}`), './favicon.svg'];
      const version = createHash('sha256').update(assets.join('\n')).digest('hex').slice(0, 12);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: serviceWorkerSource(version, assets) });
    },
  };
}

function serviceWorkerSource(version: string, assets: string[]): string {
  return `// Generated at build time. Precaches the app; serves it from the cache when offline.
const CACHE = 'llm-selfhost-${version}';
const ASSETS = ${JSON.stringify([...new Set(assets)])};

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(ASSETS)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('llm-selfhost-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // Fresh page when online, the cached app when not.
    event.respondWith(fetch(request).catch(() => caches.match('./', { ignoreSearch: true, ignoreVary: true })));
    return;
  }
  event.respondWith(
    caches.match(request, { ignoreSearch: true, ignoreVary: true }).then((hit) => hit || fetch(request).then((response) => {
      if (response.ok) {
        const copy = response.clone();
        caches.open(CACHE).then((cache) => cache.put(request, copy));
      }
      return response;
    })),
  );
});
`;
}

/**
 * Marks the chart library's chunks with V8's explicit compile hint (`//# allFunctionsCalledOnLoad`,
 * Chrome 136+): their functions are compiled on the thread that streams the file in, not one by
 * one on the main thread the first time a chart mounts. The first comparison chart after a large
 * import held the main thread for up to 45 ms, about 35 ms of it compiling the library's code.
 * Browsers without the hint read it as a comment. Added after minification, which would strip it.
 */
export function compileHintsPlugin(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !file.moduleIds.some((id) => id.includes('/node_modules/recharts/'))) continue;
        file.code = `//# allFunctionsCalledOnLoad\n${file.code}`;
      }
    },
  };
}
