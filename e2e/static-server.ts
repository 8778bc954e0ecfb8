import { createReadStream, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
};

/**
 * A plain static host for the browser tests, as many deployments are: files only, no security
 * headers (no CSP, no frame-ancestors), nothing cached. Its root can be switched while it runs,
 * the way a deploy replaces the files under the same address. Listens on a free port.
 */
export interface StaticServer {
  origin: string;
  /** Serves another directory from now on. */
  setRoot(dir: string): void;
  close(): Promise<void>;
}

/** A file inside `root` (never a path that climbs out of it). */
function isFile(file: string, root: string): boolean {
  try {
    return file.startsWith(root + sep) && statSync(file).isFile();
  } catch {
    return false;
  }
}

export async function startStaticServer(root: string, host = '127.0.0.1'): Promise<StaticServer> {
  let current = root;
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = normalize(join(current, path.endsWith('/') ? `${path}index.html` : path));
    if (!isFile(file, current)) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    setRoot: (dir) => {
      current = dir;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
