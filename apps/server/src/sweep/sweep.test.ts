import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { DEV_DEPOSIT_XPUB } from '../integrations/chain/deposit-addresses';
import { anvilAvailable, startAnvil, type LocalChain } from '../../test/evm/anvil';
import { RpcProxy } from '../../test/evm/rpc-proxy';
import {
  accountFor,
  fundDeposits,
  sweepOptions,
  sweepWithCrashAndResume,
} from '../../test/evm/sweep-fixture';
import { runSweep } from './sweep';

const OTHER_MNEMONIC =
  'legal winner thank year wave sausage worth useful legal winner thank yellow';

describe.skipIf(!anvilAvailable())('npm run sweep (anvil, 20 deposit addresses)', () => {
  let anvil: LocalChain;
  beforeAll(async () => {
    anvil = await startAnvil();
  });
  afterAll(() => anvil?.stop());

  it('dry run, a crash midway, a resume: every USDT due moved once', async () => {
    const funded = await fundDeposits(anvil, 20);
    expect(funded.due.length).toBe(18);
    await sweepWithCrashAndResume(anvil, funded, 13);
  });

  it('refuses a key that does not derive the xpub, in one line, before reading the chain', async () => {
    const funded = await fundDeposits(anvil, 2, 100);
    await expect(
      runSweep(sweepOptions(anvil, funded, { send: true, keyMaterial: OTHER_MNEMONIC })),
    ).rejects.toThrow(/^the key does not derive --xpub/);
    expect(existsSync(funded.planPath)).toBe(false);
    // The command itself: exit 1, one line on standard error, the seed read from standard input.
    const gasKeyFile = join(funded.planPath, '..', 'gas.key');
    writeFileSync(gasKeyFile, funded.gasKey);
    const script = fileURLToPath(new URL('../../scripts/sweep.ts', import.meta.url));
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        script,
        '--rpc',
        anvil.rpcUrl,
        '--chain-id',
        String(anvil.chainId),
        '--token',
        anvil.usdt,
        '--xpub',
        DEV_DEPOSIT_XPUB,
        '--gas-key-file',
        gasKeyFile,
        '--to',
        funded.destination,
        '--threshold',
        '1',
        '--plan',
        funded.planPath,
        '--count',
        '2',
        '--send',
      ],
      { input: OTHER_MNEMONIC, encoding: 'utf8' },
    );
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^sweep stopped: the key does not derive --xpub/),
    ]);
    expect((await accountFor(anvil, funded)).sentBy.size).toBe(0);
  });

  it('stops before sending when the gas wallet cannot pay the whole plan, and resumes once funded', async () => {
    const funded = await fundDeposits(anvil, 6, 200);
    const poor = generatePrivateKey();
    const poorAddress = privateKeyToAccount(poor).address;
    // Enough for one or two top-ups, not for the six due.
    await anvil.testClient.setBalance({ address: poorAddress, value: 100_000_000_000_000n });
    const short = { ...funded, gasKey: poor };
    await expect(runSweep(sweepOptions(anvil, short, { send: true }))).rejects.toThrow(
      /^the gas wallet 0x[0-9a-fA-F]{40} holds 0\.0001 BNB; this plan needs [\d.]+ BNB: fund it and run again$/,
    );
    expect(await anvil.publicClient.getTransactionCount({ address: poorAddress })).toBe(0);
    expect((await accountFor(anvil, short)).sentBy.size).toBe(0);
    // The plan was kept; funded, the same command sweeps it.
    await anvil.testClient.setBalance({ address: poorAddress, value: 10n ** 18n });
    const done = await runSweep(sweepOptions(anvil, short, { send: true }));
    expect(done.swept).toBe(6);
    const account = await accountFor(anvil, short);
    expect(account.leftWith.size).toBe(0);
    expect(account.gasWalletSent).toBe(6);
  });

  it('a node error stops the run with one line; the next run resumes without sending twice', async () => {
    const funded = await fundDeposits(anvil, 8, 300);
    const proxy = new RpcProxy(anvil.rpcUrl);
    const url = await proxy.listen();
    try {
      proxy.faults.rpcError = true;
      await expect(
        runSweep(sweepOptions(anvil, funded, { rpcUrl: url, send: true })),
      ).rejects.toThrow(
        /^--rpc: the node does not answer eth_chainId \(internal error: header not found\)$/,
      );
      expect(existsSync(funded.planPath)).toBe(false);
      proxy.faults = {};
      let broadcasts = 0;
      await expect(
        runSweep(
          sweepOptions(anvil, funded, {
            rpcUrl: url,
            send: true,
            batchSize: 3,
            receiptTimeoutMs: 2_000,
            hooks: {
              afterBroadcast: () => {
                // The node fails from the fifth broadcast on: receipts, nonces, everything.
                if (++broadcasts === 4) proxy.faults.rpcError = true;
              },
            },
          }),
        ),
      ).rejects.toThrow(/^--rpc: .*internal error: header not found/);
      proxy.faults = {};
      const resumed = await runSweep(
        sweepOptions(anvil, funded, { rpcUrl: url, send: true, count: null }),
      );
      expect(resumed.swept).toBe(8);
      const account = await accountFor(anvil, funded);
      expect(account.leftWith.size).toBe(0);
      expect(account.gasWalletSent).toBe(8);
      for (const hashes of account.hashesPerStep.values()) expect(hashes.size).toBe(1);
      expect(readFileSync(funded.planPath, 'utf8').split('\n')[0]).toContain('"kind":"plan"');
    } finally {
      await proxy.close();
    }
  });
});
