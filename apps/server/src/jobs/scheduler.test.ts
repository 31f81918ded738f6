import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import * as q from './jobs.queries';
import { JobScheduler } from './scheduler';
import { silentLogger } from '../lib/logger';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('jobs across instances: once per period, retried after a crash', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(async () => t?.close());

  const scheduler = (instance: string) =>
    new JobScheduler({ db: t.database.db, log: silentLogger, instance, pollMs: 20 });

  it('runs a job once per period across two instances, never two runs at once', async () => {
    const intervalMs = 250;
    let active = 0;
    let overlapped = false;
    const ran: string[] = [];
    const job = (instance: string) => ({
      name: 'shared-job',
      intervalMs,
      run: async () => {
        active += 1;
        if (active > 1) overlapped = true;
        ran.push(instance);
        await sleep(30);
        active -= 1;
      },
    });
    const [a, b] = [scheduler('a'), scheduler('b')];
    await a.add(job('a'));
    await b.add(job('b'));
    await sleep(2_600);
    await Promise.all([a.stop(), b.stop()]);

    const runs = await q.runsOf(t.database.db, 'shared-job');
    expect(overlapped).toBe(false);
    expect(runs.length).toBe(ran.length);
    expect(runs.length).toBeGreaterThanOrEqual(4);
    expect(runs.every((r) => r.outcome === 'OK')).toBe(true);
    // Periods: every run is at least one interval after the one before (database clock).
    for (let i = 1; i < runs.length; i++) {
      expect(runs[i]!.dueAt.getTime() - runs[i - 1]!.dueAt.getTime()).toBeGreaterThanOrEqual(
        intervalMs,
      );
      expect(runs[i]!.startedAt.getTime()).toBeGreaterThanOrEqual(
        runs[i - 1]!.finishedAt!.getTime(),
      );
    }
    expect(runs.map((r) => r.instance).sort()).toEqual([...ran].sort());
  }, 20_000);

  it('retries a run whose instance died once its lease runs out, and records it abandoned', async () => {
    await q.ensureJob(t.database.db, 'crashing-job', 0);
    const claimed = await q.claimDue(t.database.db, {
      name: 'crashing-job',
      instance: 'dead',
      intervalMs: 3_600_000,
      leaseMs: 300,
    });
    expect(claimed).not.toBeNull();
    // A second claim within the lease gets nothing: the period is taken.
    const again = await q.claimDue(t.database.db, {
      name: 'crashing-job',
      instance: 'other',
      intervalMs: 3_600_000,
      leaseMs: 300,
    });
    expect(again).toBeNull();

    let runs = 0;
    const survivor = scheduler('survivor');
    await survivor.add({
      name: 'crashing-job',
      intervalMs: 3_600_000,
      run: async () => {
        runs += 1;
      },
    });
    await sleep(700);
    await survivor.stop();

    expect(runs).toBe(1);
    const history = await q.runsOf(t.database.db, 'crashing-job');
    expect(history.map((r) => [r.instance, r.outcome])).toEqual([
      ['dead', 'ABANDONED'],
      ['survivor', 'OK'],
    ]);
  }, 20_000);

  it('keeps a long run to one instance by renewing its lease', async () => {
    let runs = 0;
    const job = {
      name: 'long-job',
      intervalMs: 3_600_000,
      leaseMs: 150,
      run: async () => {
        runs += 1;
        await sleep(600);
      },
    };
    const [a, b] = [scheduler('a'), scheduler('b')];
    await a.add(job);
    await b.add(job);
    await sleep(900);
    await Promise.all([a.stop(), b.stop()]);
    expect(runs).toBe(1);
    const history = await q.runsOf(t.database.db, 'long-job');
    expect(history.map((r) => r.outcome)).toEqual(['OK']);
  }, 20_000);

  it('records a failed run, tells the observer, and the next period runs again', async () => {
    let attempts = 0;
    const observed: string[] = [];
    const s = new JobScheduler({
      db: t.database.db,
      log: silentLogger,
      instance: 'a',
      pollMs: 20,
      observe: (job, outcome, seconds) => {
        expect(seconds).toBeGreaterThanOrEqual(0);
        observed.push(`${job}:${outcome}`);
      },
    });
    await s.add({
      name: 'flaky-job',
      intervalMs: 200,
      run: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('exchange unreachable');
      },
    });
    await sleep(700);
    await s.stop();
    const history = await q.runsOf(t.database.db, 'flaky-job');
    expect(history[0]).toMatchObject({ outcome: 'FAILED' });
    expect(history.slice(1).some((r) => r.outcome === 'OK')).toBe(true);
    expect(observed).toEqual(
      history.map((r) => `flaky-job:${r.outcome === 'OK' ? 'ok' : 'failed'}`),
    );
  }, 20_000);

  it('stop() waits for the run in progress to finish and be recorded', async () => {
    let finished = false;
    const s = scheduler('a');
    await s.add({
      name: 'stopping-job',
      intervalMs: 3_600_000,
      run: async () => {
        await sleep(300);
        finished = true;
      },
    });
    await sleep(100);
    await s.stop();
    expect(finished).toBe(true);
    const history = await q.runsOf(t.database.db, 'stopping-job');
    expect(history.map((r) => r.outcome)).toEqual(['OK']);
  }, 20_000);
});
