import { createHash } from 'node:crypto';
import { build, type Plugin } from 'vite';

/**
 * Content-Security-Policy of the built app: only its own scripts, styles, workers and
 * connections; no inline scripts, no eval. Images may be data:/blob: URLs (chart downloads).
 * `frame-ancestors` only works as an HTTP header, so it is left out of the meta tag (on a host
 * without headers the app refuses to run in another site's frame instead, src/app/framed.ts; the
 * workers get the meta policy by starting from a blob, src/worker/spawn.ts; docs/deploy.md).
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
 * carries a hash of the file list, so each build has its own cache. A tab keeps the version it
 * opened with until it reloads: a newer build's worker waits while tabs run the older one (they
 * show "a new version is ready", src/app/new-version.tsx), and once it takes over it keeps the
 * older caches until no tab that was open then remains (e2e/deploy.spec.ts).
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
// A new version does not take over tabs that run an older one: it waits, and the tabs offer a
// reload. Once it does take over (a tab asked, or every old tab has closed), the caches of the
// older versions are kept until no tab that was open before remains, so an old tab still finds
// the code it loads later (a page's chunk, a restarted worker).
const PREFIX = 'llm-selfhost-';
const CACHE = PREFIX + '${version}';
const ASSETS = ${JSON.stringify([...new Set(assets)])};
// Where this version records the tabs that were open when it took over (they may run older code).
const OLDER_CLIENTS = './__older-clients';

// No skipWaiting: the first version takes over at once anyway (no older one is active), and a
// later one waits until no tab runs under the older one, or until a tab asks.
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(ASSETS)));
});

self.addEventListener('message', (event) => {
  const type = event.data && event.data.type;
  // A tab's "reload" on the new-version banner.
  if (type === 'activate') event.waitUntil(self.skipWaiting());
  // A page has loaded: the tab it replaced may have been the last one of an older version.
  else if (type === 'loaded') event.waitUntil(pruneOlderCaches());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true })
      .then((open) => caches.open(CACHE).then((cache) => cache.put(OLDER_CLIENTS, new Response(JSON.stringify(open.map((c) => c.id))))))
      .then(() => self.clients.claim())
      .then(pruneOlderCaches),
  );
});

/** Deletes the older versions' caches once no tab open when this version took over is left. */
async function pruneOlderCaches() {
  const cache = await caches.open(CACHE);
  const record = await cache.match(OLDER_CLIENTS);
  if (record) {
    const ids = await record.json();
    const alive = await Promise.all(ids.map((id) => self.clients.get(id)));
    if (alive.some((c) => c)) return;
  }
  const keys = await caches.keys();
  await Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k)));
  await cache.delete(OLDER_CLIENTS);
}

/** The file from this version's cache, else from an older version's (a tab still running it). */
async function cached(request) {
  const options = { ignoreSearch: true, ignoreVary: true };
  const own = await (await caches.open(CACHE)).match(request, options);
  if (own) return own;
  for (const key of await caches.keys()) {
    if (key === CACHE || !key.startsWith(PREFIX)) continue;
    const hit = await (await caches.open(key)).match(request, options);
    if (hit) return hit;
  }
  return undefined;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // Fresh page when online, this version's cached app when not.
    event.respondWith(fetch(request).catch(() => caches.open(CACHE).then((cache) => cache.match('./', { ignoreSearch: true, ignoreVary: true }))));
    return;
  }
  event.respondWith(
    cached(request).then((hit) => hit || fetch(request).then((response) => {
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

const PRICES_PACKAGE = '@pydantic/genai-prices';
const SHARED_PRICES = 'shared-file:genai-prices';
/** The shared file's entry: the two functions the app uses (the package's remote update is left out). */
const PRICES_ENTRY = '\0genai-prices-entry';

/**
 * The genai-prices package (its code and ~0.8 MB of price data, 477 KB minified) as one file of
 * the build, loaded at run time by both the compute worker and the page's main-thread fallback.
 * A worker is a bundle of its own, so an ordinary import gave each its own copy (two downloads
 * into the offline cache). The page's build first bundles the package alone into
 * `assets/genai-prices-<hash>.js`, exporting `calcPrice` and `findProvider` under their names;
 * in the page's bundle and the worker's, `import('@pydantic/genai-prices')` becomes an import
 * of that file from beside the chunk (every chunk lives in `assets/`). Emitted as an asset, not
 * as a chunk of the page's build: a second entry there split the page's own first chunk into
 * dozens. `scripts/check-dist.mjs` checks that the build has one copy.
 * Returns the plugin of the page's build and the one for its workers' builds.
 */
export function sharedPricesPlugins(): { page: Plugin; worker: () => Plugin } {
  let file: Promise<string> | null = null;
  // The package's imports are left to run time under a placeholder name, then given the file's.
  const stub = (): Plugin => ({
    name: 'shared-genai-prices',
    apply: 'build',
    // Before Vite's own resolver, which would resolve the package to its file.
    enforce: 'pre',
    resolveId(id) {
      return id === PRICES_PACKAGE ? { id: SHARED_PRICES, external: true } : null;
    },
    async renderChunk(code) {
      if (!code.includes(SHARED_PRICES)) return null;
      if (!file) throw new Error('shared-genai-prices: the page build did not start the price file');
      return { code: code.replaceAll(SHARED_PRICES, `./${await file}`), map: null };
    },
  });
  const page = stub();
  page.buildStart = function () {
    const emit = (fileName: string, source: string) => this.emitFile({ type: 'asset', fileName: `assets/${fileName}`, source });
    file = bundlePrices().then(({ fileName, code }) => {
      emit(fileName, code);
      return fileName;
    });
  };
  return { page, worker: stub };
}

/** The package alone, minified, as an ES module; named by the hash of its code. */
async function bundlePrices(): Promise<{ fileName: string; code: string }> {
  const out = await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    plugins: [
      {
        name: 'genai-prices-entry',
        resolveId: (id) => (id === PRICES_ENTRY ? id : null),
        load: (id) => (id === PRICES_ENTRY ? `export { calcPrice, findProvider } from ${JSON.stringify(PRICES_PACKAGE)};\n` : null),
      },
    ],
    build: {
      write: false,
      target: 'es2022',
      modulePreload: false,
      rolldownOptions: { input: PRICES_ENTRY, preserveEntrySignatures: 'strict', output: { format: 'es', entryFileNames: 'prices.js' } },
    },
  });
  const chunk = (Array.isArray(out) ? out[0] : out) as { output: { type: string; code?: string }[] };
  const code = chunk.output.find((o) => o.type === 'chunk')?.code;
  if (code === undefined) throw new Error('shared-genai-prices: the price bundle has no code');
  return { fileName: `genai-prices-${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`, code };
}
