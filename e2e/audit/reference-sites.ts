// Today's web build and the reference build (decision 023), each on its own port, served alike:
// the same static server, brotli twins, immutable assets, index.html for the app's paths, and
// their API calls passed on to the same running product. Lighthouse then compares pages, not
// servers.
import { spawn } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { REPO_ROOT } from '../support/server';

/** The reference: the web app of the last build that met the absolute bars. */
export const REFERENCE = {
  commit: '2c0c0ab',
  archive: 'scripts/lighthouse-reference/web-2c0c0ab.tgz',
  scored: '/ 98 and /dashboard 96 (median of 5) on 2026-11-25',
};

export interface Site {
  base: string;
  close(): Promise<void>;
}

export interface PairedSites {
  today: Site;
  reference: Site;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
};

/** Unpacks the reference build and writes its brotli twins as the product's build does. */
async function unpackReference(into: string): Promise<void> {
  rmSync(into, { recursive: true, force: true });
  mkdirSync(into, { recursive: true });
  await new Promise<void>((resolve, reject) => {
    const tar = spawn('tar', ['-xzf', join(REPO_ROOT, REFERENCE.archive), '-C', into], {
      stdio: 'inherit',
    });
    tar.on('error', reject);
    tar.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`tar exited ${code}`))));
  });
  // The same rule and quality as apps/web/vite.config.ts (precompress).
  for (const entry of await readdir(into, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(js|css|html|svg|json|txt)$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const body = await readFile(path);
    if (body.length < 1024) continue;
    await writeFile(
      `${path}.br`,
      brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
}

/** An API call of the page, passed on to the product at `api`. */
async function passOn(req: IncomingMessage, res: ServerResponse, api: string): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers))
    if (typeof value === 'string' && name !== 'host' && name !== 'accept-encoding')
      headers.set(name, value);
  const answer = await fetch(`${api}${req.url}`, {
    method: req.method,
    headers,
    body: chunks.length ? Buffer.concat(chunks) : undefined,
  });
  res.writeHead(answer.status, {
    'content-type': answer.headers.get('content-type') ?? 'application/json',
    'cache-control': 'no-store',
  });
  res.end(Buffer.from(await answer.arrayBuffer()));
}

/** A built web app on its own port, served as the product serves it. */
function serveSite(dist: string, api: string): Promise<Site> {
  // The handler catches every failure itself (a 502), so its promise is never left rejected.
  const server = createServer((req, res) => void answer(req, res));
  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const url = new URL(req.url ?? '/', 'http://site');
      if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/dev/'))
        return await passOn(req, res, api);
      let file = normalize(join(dist, decodeURIComponent(url.pathname)));
      if (!file.startsWith(dist) || !existsSync(file) || !statSync(file).isFile())
        file = join(dist, 'index.html');
      const brotli =
        /\bbr\b/.test(req.headers['accept-encoding'] ?? '') && existsSync(`${file}.br`);
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': file.includes('/assets/')
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
        vary: 'accept-encoding',
        ...(brotli ? { 'content-encoding': 'br' } : {}),
      });
      createReadStream(brotli ? `${file}.br` : file).pipe(res);
    } catch (error) {
      res.writeHead(502).end(String(error));
    }
  }
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

/** Today's build and the reference, both in front of the product at `api`. */
export async function startPairedSites(api: string): Promise<PairedSites> {
  const referenceDir = join(REPO_ROOT, '.tmp/lighthouse-reference');
  await unpackReference(referenceDir);
  const today = await serveSite(join(REPO_ROOT, 'apps/web/dist'), api);
  const reference = await serveSite(referenceDir, api);
  return {
    today,
    reference,
    close: async () => {
      await today.close();
      await reference.close();
    },
  };
}
