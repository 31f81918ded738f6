import { sql } from 'drizzle-orm';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { BalanceScanner } from '../../integrations/chain/balance-scanner';
import type { SimulatedChain } from '../../integrations/chain/simulated-chain';
import { postEntry } from '../ledger/ledger.service';
import { appWithAdmin, signedInMember, type TestApp } from '../../../test/test-app';
import { TreasuryService } from './treasury.service';

const USDT = 10n ** 18n;
const HOT_KEY = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba';
const HOT = privateKeyToAccount(HOT_KEY).address.toLowerCase();
const SAFE = '0x00000000000000000000000000000000005afe01';
/** The members (not the root, not the administrator), in the order they registered. */
const MEMBERS = sql`select id from users where not is_admin and not is_root order by deposit_index`;

let t: TestApp;
let chain: SimulatedChain;
let treasury: TreasuryService;
let deposits: string[];

/** The treasury as services.ts builds it, reading the simulated chain without pauses. */
function treasuryOver(rpcUrl: string, batchSize: number): TreasuryService {
  return new TreasuryService({
    db: t.database.db,
    scanner: new BalanceScanner({
      rpcUrl,
      usdtContract: t.config.chain.usdtContract,
      tokenDecimals: 18,
      requestsPerSecond: 1000,
      concurrency: 2,
      batchSize,
      attempts: 3,
      sleep: async () => undefined,
    }),
    hotWallet: HOT,
    treasuryAddresses: [SAFE],
    mail: t.services.mail,
    settings: t.services.settings,
    log: { info() {}, warn() {}, error() {} },
    publicUrl: t.config.publicUrl,
    explorerUrl: null,
    staleAfterMs: 3_600_000,
  });
}

async function treasuryMails(subject: string): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from mail_outbox where subject like ${subject + '%'}`,
  );
  return row!.n;
}

beforeAll(async () => {
  ({ t } = await appWithAdmin({ PAYOUT_PRIVATE_KEY: HOT_KEY, TREASURY_ADDRESSES: SAFE }));
  chain = t.services.peers.simulatedChain!;
  for (let i = 0; i < 3; i++) await signedInMember(t);
  deposits = (
    await rowsOf<{ a: string }>(
      t.database.db,
      sql`select lower(wallet_address) as a from users where wallet_address is not null`,
    )
  ).map((r) => r.a);
  treasury = treasuryOver(t.services.peers.rpcUrl!, 2);
}, 60_000);
afterAll(() => t.close());

describe('the treasury on the simulated chain (JSON-RPC batches: it has no Multicall3)', () => {
  it('knows nothing before the first scan: holdings unknown, never zero', async () => {
    const overview = await treasury.overview();
    expect(overview.holdings.depositAddresses).toMatchObject({
      usdt: null,
      asOf: null,
      stale: true,
      addresses: deposits.length,
      unread: deposits.length,
    });
    expect(overview.holdings.total.usdt).toBeNull();
    expect(overview.coverage).toBeNull();
    expect(await treasury.latestHoldings()).toBeNull();
  });

  it('sums every deposit address, the hot wallet and the treasury address; coverage', async () => {
    expect(deposits.length).toBeGreaterThanOrEqual(3);
    chain.transfer(deposits[0]!, 10n * USDT);
    chain.transfer(deposits[1]!, 2n * USDT + 123_000_000_000_000n); // 2.000123
    chain.transfer(deposits[deposits.length - 1]!, 1n * USDT);
    chain.transfer(HOT, 7n * USDT);
    chain.transfer(SAFE, 100n * USDT);
    chain.setNativeBalance(HOT, 25n * 10n ** 16n);
    const [member] = await rowsOf<{ id: string }>(t.database.db, MEMBERS);
    await postEntry(t.database.db, {
      userId: member!.id,
      kind: 'REWARD_DIRECT',
      sourceKey: 'test:treasury',
      delta: { available: 60_000_000n, locked: 40_000_000n, earned: 100_000_000n },
    });

    await treasury.scan();
    const overview = await treasury.overview();
    expect(overview.holdings.depositAddresses).toMatchObject({
      usdt: '13.000123',
      stale: false,
      unread: 0,
    });
    expect(overview.holdings.hotWallet).toMatchObject({
      address: HOT,
      usdt: '7',
      bnb: '0.25',
      stale: false,
    });
    expect(overview.holdings.treasuryAddresses).toEqual([
      expect.objectContaining({ address: SAFE, usdt: '100', stale: false }),
    ]);
    expect(overview.holdings.total).toMatchObject({ usdt: '120.000123', stale: false });
    expect(overview.liabilities).toEqual({
      available: '60',
      locked: '40',
      pending: '0',
      approvedUnsent: '0',
      total: '100',
    });
    expect(overview.coverage).toBe('1.2000');
    expect(overview.lastScan).toMatchObject({
      method: 'batch',
      error: null,
      read: deposits.length,
    });
    expect(await treasury.latestHoldings()).toEqual({
      usdt: '120.000123',
      asOf: overview.holdings.total.asOf,
      stale: false,
    });
  });

  it('keeps the last good values, stale with their time, when the node fails mid-scan', async () => {
    const before = await treasury.overview();
    chain.transfer(deposits[0]!, 5n * USDT);
    // The hot wallet and the treasury address are read (2 calls), the first batch of deposit
    // addresses too (2 calls); every later call fails.
    chain.ethCallsBeforeFailure = 4;
    await new Promise((r) => setTimeout(r, 5));
    const failedTreasury = treasuryOver(t.services.peers.rpcUrl!, 2);
    await failedTreasury.scan();
    chain.ethCallsBeforeFailure = null;
    const after = await treasury.overview();
    expect(after.lastScan?.error).toMatch(/deposit addresses/);
    expect(after.holdings.depositAddresses.stale).toBe(true);
    // Never zero: the unread addresses keep what they held, as of the earlier scan.
    expect(Number(after.holdings.depositAddresses.usdt)).toBeGreaterThanOrEqual(13.000123);
    // As of the earlier scan: the addresses this one could not read were read then.
    expect(new Date(after.holdings.depositAddresses.asOf!).getTime()).toBeLessThan(
      new Date(after.lastScan!.startedAt).getTime(),
    );
    expect(before.holdings.depositAddresses.stale).toBe(false);
    expect(after.holdings.total.stale).toBe(true);
    expect(after.holdings.hotWallet).toMatchObject({ usdt: '7', stale: false });

    await treasury.scan();
    const healed = await treasury.overview();
    expect(healed.holdings.depositAddresses).toMatchObject({ usdt: '18.000123', stale: false });
    expect(healed.lastScan?.error).toBeNull();
  });

  it('keeps the hot wallet figure stale, not zero, when the node is down from the start', async () => {
    chain.ethCallsBeforeFailure = 0;
    await treasury.scan();
    chain.ethCallsBeforeFailure = null;
    const overview = await treasury.overview();
    expect(overview.holdings.hotWallet).toMatchObject({ usdt: '7', stale: true });
    expect(overview.holdings.treasuryAddresses[0]).toMatchObject({ usdt: '100', stale: true });
    expect(overview.holdings.depositAddresses).toMatchObject({
      usdt: '18.000123',
      stale: true,
    });
    expect(overview.coverage).not.toBeNull();
    await treasury.scan();
    expect((await treasury.overview()).holdings.total.stale).toBe(false);
  });

  it('alerts once when the hot wallet cannot cover approved payouts, again after it recovered', async () => {
    const [first, second] = await rowsOf<{ id: string }>(t.database.db, MEMBERS);
    /** A withdrawal held and approved, signed from the hot wallet, not yet settled. */
    const approvedUnsent = async (userId: string, micro: bigint, to: string) => {
      const id = crypto.randomUUID();
      await t.database.db.execute(sql`insert into withdrawals
        (id, user_id, amount_micro, wallet_address, status, payout_state)
        values (${id}, ${userId}, ${micro}, ${to}, 'PENDING', 'SENDING')`);
      await postEntry(t.database.db, {
        userId,
        kind: 'WITHDRAWAL_HOLD',
        sourceKey: `withdrawal:${id}`,
        delta: { available: -micro, pending: micro },
      });
    };
    await approvedUnsent(first!.id, 9_000_000n, '0x00000000000000000000000000000000000000b0');
    await treasury.scan();
    const overview = await treasury.overview();
    expect(overview.liabilities).toMatchObject({
      available: '51',
      pending: '0',
      approvedUnsent: '9',
      total: '100',
    });
    expect(await treasuryMails('Treasury: the hot wallet')).toBe(1);
    await treasury.scan();
    expect(await treasuryMails('Treasury: the hot wallet')).toBe(1);

    chain.transfer(HOT, 3n * USDT);
    await treasury.scan();
    expect(await treasuryMails('Treasury: the hot wallet')).toBe(1);
    await postEntry(t.database.db, {
      userId: second!.id,
      kind: 'REWARD_DIRECT',
      sourceKey: 'test:treasury-second',
      delta: { available: 2_000_000n, earned: 2_000_000n },
    });
    await approvedUnsent(second!.id, 2_000_000n, '0x00000000000000000000000000000000000000b1');
    await treasury.scan();
    expect((await treasury.overview()).liabilities).toMatchObject({
      approvedUnsent: '11',
      total: '102',
    });
    expect(await treasuryMails('Treasury: the hot wallet')).toBe(2);
  });

  it('alerts once when coverage falls under 100%', async () => {
    expect(await treasuryMails('Treasury: coverage')).toBe(0);
    const [member] = await rowsOf<{ id: string }>(t.database.db, MEMBERS);
    await postEntry(t.database.db, {
      userId: member!.id,
      kind: 'REWARD_DIRECT',
      sourceKey: 'test:treasury-more',
      delta: { available: 98_000_000n, earned: 98_000_000n },
    });
    await treasury.scan();
    const overview = await treasury.overview();
    expect(overview.liabilities.total).toBe('200');
    expect(overview.coverage).toBe('0.6400');
    expect(await treasuryMails('Treasury: coverage 64.00%')).toBe(1);
    await treasury.scan();
    expect(await treasuryMails('Treasury: coverage')).toBe(1);
  });

  it('keeps one snapshot a day and shows it', async () => {
    expect(await treasury.snapshotDaily()).toBe(true);
    expect(await treasury.snapshotDaily()).toBe(false);
    const { snapshots } = await treasury.overview();
    expect(snapshots).toEqual([
      expect.objectContaining({
        holdings: '128.000123',
        liabilities: '200',
        coverage: '0.6400',
        stale: false,
      }),
    ]);
  });
});
