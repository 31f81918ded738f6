import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Envelope } from '@ctn/contracts/envelope';
import { freePort } from '../free-port';
import { redisAvailable, startRedis } from '../redis';
import { freshDatabase, usingPostgres } from '../test-app';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
// Resolved here: the instance runs in a scratch folder where `tsx` alone would not resolve.
const TSX = import.meta.resolve('tsx');

/** Whether this machine can run several workers (WORKERS above 1 needs PostgreSQL and Redis). */
export const workersRunnable = (): boolean => usingPostgres() && redisAvailable();

/**
 * The environment of a server with two workers, on a fresh database and a Redis of its own;
 * `release` stops the Redis and drops the database.
 */
export async function twoWorkersEnvironment(
  jwtSecret: string,
): Promise<{ env: Record<string, string>; release(): Promise<void> }> {
  const redis = await startRedis();
  const database = await freshDatabase();
  return {
    env: { DATABASE_URL: database.url, REDIS_URL: redis.url, WORKERS: '2', JWT_SECRET: jwtSecret },
    async release() {
      await redis.stop();
      await database.drop();
    },
  };
}

/** One real server process (src/main.ts through tsx) on loopback. */
export interface Instance {
  name: string;
  url: string;
  output(): string;
  call<T = unknown>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    options?: { body?: unknown; token?: string },
  ): Promise<{ status: number; body: Envelope<T> }>;
  /** SIGTERM, then the exit code (a graceful shutdown exits 0). */
  stop(): Promise<number | null>;
}

export async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', TSX, MAIN], {
    // Its own working folder: no .env of the developer's, its own DATA_DIR.
    cwd: mkdtempSync(join(tmpdir(), `ctn-${name}-`)),
    env: {
      PATH: process.env['PATH'] ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  const call: Instance['call'] = async (method, path, options = {}) => {
    const response = await fetch(url + path, {
      method,
      headers: {
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as never };
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited at start:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not start:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    name,
    url,
    output: () => output,
    call,
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      return exited;
    },
  };
}
