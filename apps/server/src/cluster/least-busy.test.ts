import { describe, expect, it } from 'vitest';
import { LeastBusy } from './least-busy';

const takeMany = (balance: LeastBusy<string>, n: number) =>
  Array.from({ length: n }, () => balance.take());

describe('LeastBusy', () => {
  it('has no worker to give before one is ready', () => {
    expect(new LeastBusy<string>().take()).toBeUndefined();
  });

  it('splits a burst of connections evenly, ties in turn', () => {
    const balance = new LeastBusy<string>();
    balance.add('a');
    balance.add('b');
    const given = takeMany(balance, 50);
    expect(given.filter((w) => w === 'a')).toHaveLength(25);
    expect(given.slice(0, 4)).toEqual(['a', 'b', 'a', 'b']);
    expect(Object.fromEntries(balance.held())).toEqual({ a: 25, b: 25 });
  });

  it('gives new connections to the worker whose connections closed', () => {
    const balance = new LeastBusy<string>();
    balance.add('a');
    balance.add('b');
    takeMany(balance, 10);
    for (let i = 0; i < 4; i += 1) balance.release('b');
    expect(takeMany(balance, 4)).toEqual(['b', 'b', 'b', 'b']);
    expect(Object.fromEntries(balance.held())).toEqual({ a: 5, b: 5 });
  });

  it('ties in turn while connections open and close one at a time', () => {
    const balance = new LeastBusy<string>();
    balance.add('a');
    balance.add('b');
    const given = Array.from({ length: 6 }, () => {
      const worker = balance.take()!;
      balance.release(worker);
      return worker;
    });
    expect(given).toEqual(['a', 'b', 'a', 'b', 'a', 'b']);
  });

  it('forgets a removed worker and never counts below zero', () => {
    const balance = new LeastBusy<string>();
    balance.add('a');
    balance.add('b');
    balance.release('a');
    balance.remove('b');
    balance.release('b');
    expect(takeMany(balance, 3)).toEqual(['a', 'a', 'a']);
    expect(Object.fromEntries(balance.held())).toEqual({ a: 3 });
  });
});
