import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './free-port';
import { twoWorkersEnvironment, workersRunnable } from './scale-out/instances';

/**
 * SIGTERM to the real server process (src/main.ts through tsx, as `npm run dev` runs it) while
 * a request is in flight: the request is answered, nothing new gets in, and the process exits 0
 * well inside its 25 s bound, without waiting for keep-alive connections. Once as one process
 * (embedded database), once as two workers behind their primary (WORKERS=2, which needs
 * PostgreSQL and Redis): the primary stops accepting, the worker holding each connection
 * finishes it.
 */
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
// Resolved here: the process runs in a scratch folder where `tsx` alone would not resolve.
const TSX = import.meta.resolve('tsx');

const folders: string[] = [];
const children: ChildProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  for (const cleanup of cleanups) await cleanup();
});

/** Each way the server runs: whether this machine can run it, and its environment. */
const setups: [string, boolean, () => Promise<Record<string, string>>][] = [
  ['one process', true, () => Promise.resolve({ DATABASE_URL: 'memory://' })],
  [
    'two workers',
    workersRunnable(),
    async () => {
      const workers = await twoWorkersEnvironment('shutdown-secret-shutdown-secret-shutdown-0123');
      cleanups.push(workers.release);
      return workers.env;
    },
  ],
];

async function startServer(setup: Record<string, string>) {
  const port = await freePort();
  const cwd = mkdtempSync(join(tmpdir(), 'ctn-shutdown-'));
  folders.push(cwd);
  const child = spawn(process.execPath, ['--import', TSX, MAIN], {
    // Its own working folder: no .env of the developer's.
    cwd,
    env: {
      PATH: process.env['PATH'] ?? '',
      NODE_ENV: 'test',
      DATA_DIR: cwd,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      ...setup,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, at: Date.now() })),
  );
  const deadline = Date.now() + 60_000;
  while (!output.includes(`listening on http://127.0.0.1:${port}`)) {
    if (child.exitCode !== null) throw new Error(`the server exited at start:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, port, exited, output: () => output };
}

/** A keep-alive HTTP/1.1 connection on which the test writes requests byte by byte. */
async function connection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  const closed = once(socket, 'close').then(() => Date.now());
  return { socket, closed, received: () => received };
}

/** The first answer on a connection, once it has fully arrived. */
async function answer(conn: Awaited<ReturnType<typeof connection>>) {
  for (;;) {
    const raw = conn.received();
    const end = raw.indexOf('\r\n\r\n');
    if (end >= 0) {
      const head = raw.slice(0, end);
      const length = Number(head.match(/content-length: *(\d+)/i)?.[1] ?? 0);
      if (raw.length >= end + 4 + length) {
        return {
          status: Number(head.split(' ')[1]),
          head: head.toLowerCase(),
          body: raw.slice(end + 4, end + 4 + length),
        };
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const refusedOrUnavailable = (port: number) =>
  new Promise<string>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
    socket.once('connect', () => {
      socket.setEncoding('utf8');
      let raw = '';
      socket.on('data', (chunk: string) => (raw += chunk));
      socket.once('close', () => resolve(raw.split('\r\n')[0] ?? ''));
      socket.end('GET /api/health HTTP/1.1\r\nHost: app.test\r\nConnection: close\r\n\r\n');
    });
  });

describe.each(setups)('graceful shutdown, %s', (_name, runnable, environment) => {
  it.skipIf(!runnable)(
    'answers the request in flight, lets nothing new in, and exits 0',
    async () => {
      const server = await startServer(await environment());

      // An idle keep-alive connection, as a reverse proxy keeps them.
      const idle = await connection(server.port);
      idle.socket.write('GET /api/health HTTP/1.1\r\nHost: app.test\r\n\r\n');
      expect((await answer(idle)).status).toBe(200);

      // A request whose body is still arriving when the signal comes: in flight on purpose.
      const body = JSON.stringify({ email: 'nobody@example.com' });
      const slow = await connection(server.port);
      slow.socket.write(
        'POST /api/users/forgot-password HTTP/1.1\r\nHost: app.test\r\n' +
          `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n` +
          body.slice(0, 10),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));

      const signalled = Date.now();
      server.child.kill('SIGTERM');
      // The idle connection is closed at once, and no new connection gets a normal answer.
      await idle.closed;
      const late = await refusedOrUnavailable(server.port);
      expect(['ECONNREFUSED', 'ECONNRESET', 'HTTP/1.1 503 Service Unavailable']).toContain(late);
      expect(server.child.exitCode).toBeNull();

      // The request in flight completes after the signal, against a database still open.
      await new Promise((resolve) => setTimeout(resolve, 500));
      slow.socket.write(body.slice(10));
      const answered = await answer(slow);
      expect(answered.status, server.output()).toBe(200);
      expect(JSON.parse(answered.body)).toMatchObject({
        success: true,
        message: 'PASSWORD_RESET_EMAIL_SENT',
      });
      expect(answered.head).toContain('connection: close');
      expect(answered.head).toMatch(/x-request-id: [0-9a-f-]{36}/);
      await slow.closed;

      const { code, at } = await server.exited;
      expect(code, server.output()).toBe(0);
      // Well inside the bound: nothing waited for a keep-alive timeout (72 s).
      expect(at - signalled).toBeLessThan(10_000);
      expect(server.output()).toContain('shutting down: finishing in-flight work');
      expect(server.output()).not.toContain('shutdown took too long');
    },
    90_000,
  );
});
