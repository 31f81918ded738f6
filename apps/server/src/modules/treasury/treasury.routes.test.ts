import type { TreasuryOverview } from '@ctn/contracts/treasury';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, call, signedInMember, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: { token: string };
beforeAll(async () => {
  ({ t, admin } = await appWithAdmin({
    TREASURY_ADDRESSES: '0x00000000000000000000000000000000005afe01',
  }));
});
afterAll(() => t.close());

const treasury = (token?: string) =>
  call<TreasuryOverview>(t.app, 'GET', '/api/admin/treasury', token ? { token } : {});

describe('GET /api/admin/treasury', () => {
  it('refuses anyone but an administrator', async () => {
    const anonymous = await treasury();
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.errorCode).toBe('UNAUTHORIZED');
    const member = await signedInMember(t);
    const refused = await treasury(member.token);
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe('FORBIDDEN');
  });

  it('answers holdings, liabilities and coverage from what the scan job stored', async () => {
    const before = (await treasury(admin.token)).body.data!;
    expect(before.holdings.total.usdt).toBeNull();
    expect(before.lastScan).toBeNull();

    await t.services.treasury.scan();
    const answer = await treasury(admin.token);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      holdings: {
        depositAddresses: { usdt: '0', stale: false, unread: 0 },
        hotWallet: null,
        treasuryAddresses: [
          { address: '0x00000000000000000000000000000000005afe01', usdt: '0', stale: false },
        ],
        total: { usdt: '0', stale: false },
      },
      liabilities: { available: '0', locked: '0', pending: '0', approvedUnsent: '0', total: '0' },
      coverage: null,
      lastScan: { method: 'batch', error: null },
      snapshots: [],
    });
  });
});
