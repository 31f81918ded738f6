import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInMember, type TestApp } from '../../../test/test-app';
import { LedgerOverdraftError, postEntry } from './ledger.service';

let t: TestApp;
let memberId: string;
beforeAll(async () => {
  t = await createTestApp();
  memberId = (await signedInMember(t)).user._id;
});
afterAll(() => t.close());

const balance = () => t.services.ledger.balanceOf(memberId);

describe('ledger postings', () => {
  it('credits, moves and debits in place, each source once, and the books agree', async () => {
    const db = t.database.db;
    const credit = { userId: memberId, kind: 'REWARD_DIRECT' as const, sourceKey: 'payment:x' };
    expect(
      await postEntry(db, { ...credit, delta: { available: 5_000_000n, earned: 5_000_000n } }),
    ).toBe(true);
    // The same source again moves nothing.
    expect(
      await postEntry(db, { ...credit, delta: { available: 5_000_000n, earned: 5_000_000n } }),
    ).toBe(false);
    expect(
      await postEntry(db, {
        userId: memberId,
        kind: 'WITHDRAWAL_HOLD',
        sourceKey: 'withdrawal:1',
        delta: { available: -3_000_000n, pending: 3_000_000n },
      }),
    ).toBe(true);
    expect(await balance()).toMatchObject({
      availableMicro: 2_000_000n,
      pendingMicro: 3_000_000n,
      totalEarnedMicro: 5_000_000n,
    });
    expect((await t.services.ledger.verify()).mismatches).toEqual([]);
  });

  it('refuses an overdraft with nothing written, for an existing and a new balance', async () => {
    const db = t.database.db;
    const before = await t.services.ledger.verify();
    await expect(
      postEntry(db, {
        userId: memberId,
        kind: 'WITHDRAWAL_HOLD',
        sourceKey: 'withdrawal:2',
        delta: { available: -2_000_001n, pending: 2_000_001n },
      }),
    ).rejects.toBeInstanceOf(LedgerOverdraftError);
    const other = (await signedInMember(t)).user._id;
    await expect(
      postEntry(db, {
        userId: other,
        kind: 'WITHDRAWAL_HOLD',
        sourceKey: 'withdrawal:3',
        delta: { available: -1n, pending: 1n },
      }),
    ).rejects.toBeInstanceOf(LedgerOverdraftError);
    const after = await t.services.ledger.verify();
    expect(after.entries).toBe(before.entries);
    expect(after.mismatches).toEqual([]);
    expect((await balance())?.availableMicro).toBe(2_000_000n);
  });
});
