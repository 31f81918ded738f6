// The built app (apps/server/dist/main.js serving apps/web/dist) on a free loopback port, with
// the embedded database and the demo data: what the web audit and the first-screen benchmark
// measure, and the calls and demo accounts they sign in with. Run `npm run build` first.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, '.tmp/built-server');

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function startServer() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = join(OUT, `data-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: 'memory://',
      PUBLIC_URL: base,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
    },
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${stderr}`);
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) return { base, stop: () => stopServer(child) };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  throw new Error(`the server did not answer on ${base} within 60 s: ${stderr}`);
}

function stopServer(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.on('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The demo accounts the built app seeds outside production (README, "Quick start"). */
export const DEMO = {
  member: { email: 'demo@example.com', password: 'DemoMember@2026' },
  admin: { email: 'admin@example.com', password: 'DemoAdmin@2026' },
  referralCode: 'TRADEWAY',
};

/** A call to the running app: the answer's `data`, or an error naming the call. */
export async function api(base, method, path, body, token) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const envelope = await response.json();
  if (!response.ok || !envelope.success)
    throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(envelope)}`);
  return envelope.data;
}

export const login = (base, who) =>
  api(base, 'POST', '/api/users/login', who).then((data) => data.token);
