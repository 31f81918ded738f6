import { Agent, get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, twoWorkersEnvironment, workersRunnable, type Instance } from './instances';

/**
 * WORKERS=2: one port, two server processes (node:cluster). Connections land on both, a burst
 * of them split evenly (the primary hands each to the worker holding the fewest); a scrape of
 * /metrics, whichever worker answers it, counts the requests of both; SIGTERM ends both
 * gracefully. Needs PostgreSQL and Redis (WORKERS above 1 refuses to start without them).
 */

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

/** The primary's count of the connections each worker holds, from a scrape. */
function heldPerWorker(metrics: string): number[] {
  return [...metrics.matchAll(/^http_connections_open\{worker="\d+"\} (\d+)$/gm)].map((m) =>
    Number(m[1]),
  );
}

/** One GET on a keep-alive connection of `agent`, read to the end. */
const getOn = (agent: Agent, url: string) =>
  new Promise<number>((resolve, reject) => {
    get(url, { agent }, (response) => {
      response.resume();
      response.once('end', () => resolve(response.statusCode ?? 0));
    }).once('error', reject);
  });

describe.skipIf(!workersRunnable())('several worker processes behind one port', () => {
  let release: () => Promise<void>;
  let server: Instance;

  beforeAll(async () => {
    const workers = await twoWorkersEnvironment('workers-secret-workers-secret-workers-0123');
    release = workers.release;
    server = await startInstance('workers', workers.env);
  });

  afterAll(async () => {
    await server?.stop();
    await release?.();
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

  it('splits a burst of keep-alive connections evenly between the workers', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 20 });
    try {
      // Twenty connections opened at once and kept open, as a proxy's pool or a load test.
      const statuses = await Promise.all(
        Array.from({ length: 20 }, () => getOn(agent, `${server.url}/api/health`)),
      );
      expect(statuses.every((status) => status === 200)).toBe(true);
      // With the scrape's own connection, 21: node:cluster's own hand-out split such bursts
      // as unevenly as 41/9 (docs/performance.md).
      const held = heldPerWorker(await (await fresh(`${server.url}/metrics`)).text());
      expect(held.sort((a, b) => a - b)).toEqual([10, 11]);
    } finally {
      agent.destroy();
    }
    // The workers report the closes: the counts fall back to the scrapes' own connections.
    await expect
      .poll(
        async () => {
          const held = heldPerWorker(await (await fresh(`${server.url}/metrics`)).text());
          return held.reduce((sum, n) => sum + n, 0);
        },
        { timeout: 5_000 },
      )
      .toBeLessThanOrEqual(1);
  });

  it('stops both workers gracefully on SIGTERM', async () => {
    expect(await server.stop()).toBe(0);
  });
});
