import { sql } from 'drizzle-orm';
import { parseUnits } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { createTestApp, signedInMember, type TestApp } from '../../../test/test-app';

const DESTINATION = '0x00000000000000000000000000000000000000d5';
const STRANGER = '0x00000000000000000000000000000000000000e7';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SWEEP_DESTINATIONS: `${DESTINATION}, ` });
});
afterAll(() => t.close());

const chain = () => t.services.peers.simulatedChain!;
const usdt = (amount: string) => parseUnits(amount, 18);

async function paidMember(amount: string) {
  const member = await signedInMember(t);
  const [row] = await rowsOf<{ address: string; number: string }>(
    t.database.db,
    sql`select wallet_address as address, user_id as number from users where id = ${member.user._id}`,
  );
  chain().transfer(row!.address, usdt(amount));
  chain().mine(5);
  await t.services.subscriptions.scan();
  return row!;
}

describe('reconciliation of USDT leaving deposit addresses', () => {
  it('lists a sweep to a configured destination and counts it; it is no difference', async () => {
    const member = await paidMember('30');
    const hash = chain().transfer(DESTINATION, usdt('30'), member.address);
    chain().mine(5);
    await t.services.subscriptions.scan();
    const report = await t.services.reconciliation.compare();
    expect(report.differences).toEqual([]);
    expect(report.clean).toBe(true);
    expect(report.sweeps).toMatchObject({
      checked: true,
      destinations: [DESTINATION],
      total: 30,
      transfers: [
        {
          transactionHash: hash.toLowerCase(),
          userId: member.number,
          from: expect.stringMatching(new RegExp(`^${member.address}$`, 'i')),
          amount: 30,
        },
      ],
    });
  });

  it('makes an outflow to any other address a difference, naming the member', async () => {
    const member = await paidMember('12');
    const hash = chain().transfer(STRANGER, usdt('12'), member.address);
    chain().mine(5);
    await t.services.subscriptions.scan();
    const report = await t.services.reconciliation.compare();
    expect(report.clean).toBe(false);
    expect(report.differences).toEqual([
      expect.objectContaining({
        kind: 'DEPOSIT_OUTFLOW_UNKNOWN',
        transactionHash: hash.toLowerCase(),
        userId: member.number,
        amount: 12,
      }),
    ]);
    expect(report.differences[0]!.detail).toContain('not a sweep destination');
    expect(report.sweeps!.total).toBe(30);
  });
});
