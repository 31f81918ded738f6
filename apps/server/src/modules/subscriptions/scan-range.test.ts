import { describe, expect, it } from 'vitest';
import { refreshStart, scanStart } from './scan-range';
import { WatcherHealth } from './watcher-health';

const chain = '56:0xgenesis';

describe('where a watcher scan starts', () => {
  it('re-reads the trailing window before its position on every poll', () => {
    expect(
      scanStart({ cursor: 1000n, final: 1010n, rescanBlocks: 400n, identity: chain, pending: [] }),
    ).toBe(601n);
  });

  it('on a first scan starts at the issue block of the oldest address, never at "now"', () => {
    const pending = [
      { issuedChain: chain, issuedBlock: 50n },
      { issuedChain: chain, issuedBlock: 900n },
    ];
    expect(
      scanStart({ cursor: undefined, final: 1000n, rescanBlocks: 400n, identity: chain, pending }),
    ).toBe(50n);
  });

  it('goes back to a new address issued before its position', () => {
    const pending = [{ issuedChain: chain, issuedBlock: 300n }];
    expect(
      scanStart({ cursor: 5000n, final: 5010n, rescanBlocks: 400n, identity: chain, pending }),
    ).toBe(300n);
  });

  it('an issue block of another chain, or none, falls back to the window', () => {
    const pending = [
      { issuedChain: '97:0xother', issuedBlock: 1n },
      { issuedChain: null, issuedBlock: null },
    ];
    expect(
      scanStart({ cursor: 5000n, final: 5010n, rescanBlocks: 400n, identity: chain, pending }),
    ).toBe(4601n);
  });

  it('never starts below block 0', () => {
    expect(
      scanStart({
        cursor: undefined,
        final: 10n,
        rescanBlocks: 400n,
        identity: chain,
        pending: [],
      }),
    ).toBe(0n);
  });
});

describe("where a member's own refresh starts", () => {
  const base = {
    identity: chain,
    cursor: 10_000n,
    final: 10_010n,
    rescanBlocks: 400n,
    maxBlocks: 20_000n,
  };
  it('at the issue block', () => {
    expect(refreshStart({ ...base, issuedChain: chain, issuedBlock: 9_000n })).toBe(9_000n);
  });
  it('bounded to the last maxBlocks', () => {
    expect(refreshStart({ ...base, final: 100_000n, issuedChain: chain, issuedBlock: 5n })).toBe(
      80_001n,
    );
  });
  it("at the watcher's window when the issue block is unknown", () => {
    expect(refreshStart({ ...base, issuedChain: null, issuedBlock: null })).toBe(9_601n);
  });
});

describe('watcher health', () => {
  it('reports an episode once, counts faults by kind, and ends the episode on success', () => {
    let now = new Date('2026-11-24T10:00:00Z');
    const health = new WatcherHealth(() => now);
    expect(health.failed('timeout')).toBe(true);
    now = new Date('2026-11-24T10:00:15Z');
    expect(health.failed('timeout')).toBe(false);
    expect(health.failed('rate_limited')).toBe(false);
    expect(health.failingSeconds()).toBe(15);
    expect(Object.fromEntries(health.faults)).toEqual({ timeout: 2, rate_limited: 1 });
    expect(health.dueForAlert(600)).toBe(false);
    now = new Date('2026-11-24T10:10:00Z');
    expect(health.dueForAlert(600)).toBe(true);
    expect(health.dueForAlert(600)).toBe(false);
    expect(health.succeeded()).toEqual({ since: new Date('2026-11-24T10:00:00Z'), failures: 3 });
    expect(health.failingSeconds()).toBe(0);
    expect(health.succeeded()).toBeNull();
  });

  it('sees a final block that stops while the head goes on, and alerts once per stall', () => {
    let now = new Date('2026-11-24T10:00:00Z');
    const health = new WatcherHealth(() => now);
    health.observe(100n, 220n);
    now = new Date('2026-11-24T10:05:00Z');
    health.observe(100n, 220n);
    // The head has not moved either: a quiet chain, not a stall.
    expect(health.stalledSeconds()).toBe(0);
    now = new Date('2026-11-24T10:10:00Z');
    health.observe(100n, 900n);
    expect(health.stalledSeconds()).toBe(600);
    expect(health.dueForStallAlert(600)).toBe(true);
    expect(health.dueForStallAlert(600)).toBe(false);
    health.observe(880n, 900n);
    expect(health.stalledSeconds()).toBe(0);
  });
});
