import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { BalanceScanner } from '../../integrations/chain/balance-scanner';
import { anvilPeers, startAnvil, type LocalChain } from '../../../test/evm/anvil';
import { deployMulticall3 } from '../../../test/evm/multicall3';
import { appWithAdmin, signedInMember, type TestApp } from '../../../test/test-app';
import { TreasuryService } from './treasury.service';

const USDT = 10n ** 18n;

describe('the treasury against a real EVM node (anvil, an 18-decimal token)', () => {
  let anvil: LocalChain;
  let t: TestApp;
  let deposits: `0x${string}`[];
  let scanner: BalanceScanner;
  let treasury: TreasuryService;
  let nodeStopped = false;

  beforeAll(async () => {
    anvil = await startAnvil();
    ({ t } = await appWithAdmin({}, { peers: await anvilPeers(anvil) }));
    for (let i = 0; i < 3; i++) await signedInMember(t);
    deposits = (
      await rowsOf<{ a: `0x${string}` }>(
        t.database.db,
        sql`select wallet_address as a from users where wallet_address is not null order by deposit_index`,
      )
    ).map((r) => r.a);
    scanner = new BalanceScanner({
      rpcUrl: anvil.rpcUrl,
      usdtContract: anvil.usdt,
      tokenDecimals: anvil.tokenDecimals,
      requestsPerSecond: 1000,
      concurrency: 2,
      batchSize: 2,
      attempts: 2,
      sleep: async () => undefined,
    });
    treasury = new TreasuryService({
      db: t.database.db,
      scanner,
      hotWallet: null,
      treasuryAddresses: [],
      mail: t.services.mail,
      settings: t.services.settings,
      log: { info() {}, warn() {}, error() {} },
      publicUrl: t.config.publicUrl,
      explorerUrl: null,
      staleAfterMs: 3_600_000,
    });
    await anvil.pay(deposits[0]!, 10n * USDT + 5n);
    await anvil.pay(deposits[1]!, 2n * USDT + 250_000n * 10n ** 12n);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    if (!nodeStopped) await anvil?.stop();
  });

  it('reads every deposit address through JSON-RPC batches where the chain has no Multicall3', async () => {
    expect(await scanner.method()).toBe('batch');
    await treasury.scan();
    const overview = await treasury.overview();
    expect(overview.lastScan).toMatchObject({ method: 'batch', error: null });
    // 10 USDT and 5 token units (dust, below a micro-USDT), 2.25 USDT.
    expect(overview.holdings.depositAddresses).toMatchObject({
      usdt: '12.25',
      stale: false,
      unread: 0,
    });
  });

  it('reads them through Multicall3 once the chain has it, with the same totals', async () => {
    await deployMulticall3(anvil);
    expect(await scanner.method()).toBe('multicall');
    await anvil.pay(deposits[deposits.length - 1]!, 1n * USDT);
    await treasury.scan();
    const overview = await treasury.overview();
    expect(overview.lastScan).toMatchObject({ method: 'multicall', error: null });
    expect(overview.holdings.depositAddresses).toMatchObject({ usdt: '13.25', stale: false });
  });

  it('keeps the last good total, stale, when the node is gone mid-way', async () => {
    await anvil.pay(deposits[0]!, 1n * USDT);
    await anvil.stop();
    nodeStopped = true;
    await treasury.scan();
    const overview = await treasury.overview();
    expect(overview.lastScan?.error).toMatch(/the chain/);
    expect(overview.holdings.depositAddresses).toMatchObject({ usdt: '13.25', stale: true });
    expect(overview.holdings.total.stale).toBe(true);
  });
});
