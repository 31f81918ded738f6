import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Redis } from 'ioredis';
import { freePort } from './free-port';

/**
 * A real Redis on loopback for tests: Debian's redis-server (CI installs it), no persistence.
 * Tests that need it skip where it is not installed.
 */
const BINARY = '/usr/bin/redis-server';

export const redisAvailable = (): boolean => existsSync(BINARY);

export interface LocalRedis {
  url: string;
  /** Stops the server; `start()` brings it back on the same port (outage tests). */
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startRedis(): Promise<LocalRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ReturnType<typeof spawn> | null = null;
  const start = async () => {
    child = spawn(
      BINARY,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0 });
    probe.on('error', () => undefined);
    const deadline = Date.now() + 10_000;
    for (;;) {
      try {
        await probe.connect();
        await probe.ping();
        break;
      } catch (err) {
        probe.disconnect();
        if (Date.now() > deadline)
          throw new Error(`redis-server did not start: ${String(err)}`, { cause: err });
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    probe.disconnect();
  };
  await start();
  return {
    url,
    start,
    async stop() {
      const running = child;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((r) => running.once('exit', r));
      running.kill('SIGTERM');
      await exited;
    },
  };
}
