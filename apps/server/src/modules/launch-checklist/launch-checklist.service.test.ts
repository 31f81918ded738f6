import { describe, expect, it } from 'vitest';
import { ok, type PreflightCheck } from '../../lib/preflight';
import { LaunchChecklistService } from './launch-checklist.service';

/** A check that counts its runs and answers when released. */
function countingCheck() {
  const state = { runs: 0, release: () => undefined as void };
  const check: PreflightCheck = {
    name: 'counted',
    variable: null,
    run: () => {
      state.runs += 1;
      return new Promise((resolve) => {
        state.release = () => resolve([ok('counted', null, `run ${state.runs}`)]);
      });
    },
  };
  return { check, state };
}

describe('the launch checklist', () => {
  it('shares a run in flight, keeps results a minute, and runs again on request after 10 s', async () => {
    let now = 1_000_000;
    const { check, state } = countingCheck();
    const service = new LaunchChecklistService([check], () => now);
    const found = async (again = false) => {
      const pending = service.checklist(again);
      state.release();
      return (await pending).results[0]!.found;
    };

    const both = Promise.all([service.checklist(), service.checklist()]);
    state.release();
    const [a, b] = await both;
    expect(a).toBe(b);
    expect(state.runs).toBe(1);

    now += 9_000;
    expect(await found()).toBe('run 1');
    expect(await found(true)).toBe('run 1');
    now += 2_000;
    expect(await found(true)).toBe('run 2');
    now += 59_000;
    expect(await found()).toBe('run 2');
    now += 2_000;
    expect(await found()).toBe('run 3');
  });

  it('turns a check that throws into one failing line naming its variable', async () => {
    const broken: PreflightCheck = {
      name: 'database',
      variable: 'DATABASE_URL',
      run: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432\n  at stack')),
    };
    const service = new LaunchChecklistService([broken]);
    expect((await service.checklist()).results).toEqual([
      {
        check: 'database',
        state: 'fail',
        variable: 'DATABASE_URL',
        found: 'connect ECONNREFUSED 127.0.0.1:5432',
      },
    ]);
  });
});
