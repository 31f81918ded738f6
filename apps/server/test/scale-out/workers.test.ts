import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisAvailable, startRedis, type LocalRedis } from '../redis';
import { freshDatabase, usingPostgres } from '../test-app';
import { startInstance, type Instance } from './instances';

/**
 * WORKERS=2: one port, two server processes (node:cluster). Connections land on both; a scrape
 * of /metrics, whichever worker answers it, counts the requests of both; SIGTERM ends both
 * gracefully. Needs PostgreSQL and Redis (WORKERS above 1 refuses to start without them).
 */
const runnable = usingPostgres() && redisAvailable();

/** A request on a connection of its own, so the kernel may hand it to either worker. */
const fresh = (url: string, init: RequestInit = {}) =>
  fetch(url, { ...init, headers: { ...init.headers, connection: 'close' } });

function counted(metrics: string, route: string): number {
  const pattern = new RegExp(
    `^http_request_duration_seconds_count\\{[^}]*route="${route.replaceAll('/', '\\/')}"[^}]*\\} (\\d+)$`,
    'gm',
  );
  return [...metrics.matchAll(pattern)].reduce((sum, m) => sum + Number(m[1]), 0);
}

describe.skipIf(!runnable)('several worker processes behind one port', () => {
  let redis: LocalRedis;
  let drop: () => Promise<void>;
  let server: Instance;

  beforeAll(async () => {
    redis = await startRedis();
    const database = await freshDatabase();
    drop = database.drop;
    server = await startInstance('workers', {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      WORKERS: '2',
      JWT_SECRET: 'workers-secret-workers-secret-workers-0123',
    });
  });

  afterAll(async () => {
    await server?.stop();
    await redis?.stop();
    await drop?.();
  });

  it('answers from both workers and sums their metrics in every scrape', async () => {
    for (let i = 0; i < 40; i += 1) {
      const response = await fresh(`${server.url}/api/health`);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    // The primary hands connections out in turn, so each worker served about half: a scrape
    // answered from one worker's own counts alone would show about 20.
    for (let i = 0; i < 6; i += 1) {
      const metrics = await (await fresh(`${server.url}/metrics`)).text();
      expect(counted(metrics, '/api/health')).toBeGreaterThanOrEqual(40);
      // Read by the answering worker alone: one series, not one per worker.
      expect(metrics.match(/^withdrawals_pending /gm)).toHaveLength(1);
      expect(metrics).toMatch(/^withdrawals_pending 0$/m);
    }
    expect(server.output()).toMatch(/2 workers \(node:cluster\)/);
  });

  it('stops both workers gracefully on SIGTERM', async () => {
    expect(await server.stop()).toBe(0);
  });
});
