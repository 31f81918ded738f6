import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Subscription } from '@ctn/contracts/onboarding';
import { ConfigError, parseConfig } from '../../config';
import { rowsOf } from '../../db/client';
import { connectPeers } from '../../integrations/peers';
import { anvilAvailable, startAnvil, type LocalChain } from '../../../test/evm/anvil';
import { call, createTestApp, signedInMember, type TestApp } from '../../../test/test-app';

/**
 * Decision 035 on a real EVM node: the start refuses a node of another chain, a token address
 * without code and a token whose decimals() is not one we accept, each with one line naming the
 * variable; a token of 6 decimals is read as such, so 10 USDT is credited as 10 USDT.
 */

const startEnv = (anvil: LocalChain, env: Record<string, string> = {}) => ({
  NODE_ENV: 'test',
  DATABASE_URL: 'memory://',
  JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
  CHAIN_RPC_URL: anvil.rpcUrl,
  CHAIN_ID: String(anvil.chainId),
  USDT_CONTRACT: anvil.usdt,
  ...env,
});

/** What connecting to the chain with this environment throws (a ConfigError's one line). */
async function startRefusal(env: Record<string, string>): Promise<string> {
  const started = connectPeers(parseConfig(env));
  await expect(started).rejects.toBeInstanceOf(ConfigError);
  return started.then(
    () => '',
    (err: unknown) => (err as Error).message,
  );
}

describe.runIf(anvilAvailable())('the chain and the token are checked at start (anvil)', () => {
  let anvil: LocalChain;

  beforeAll(async () => {
    anvil = await startAnvil();
  }, 60_000);
  afterAll(() => anvil?.stop());

  it('a node of another chain than CHAIN_ID stops the server with one line naming CHAIN_ID', () => {
    // The real start (main.ts), as an operator runs it: stderr holds the one line, exit 1.
    const main = fileURLToPath(new URL('../../main.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: { ...startEnv(anvil, { CHAIN_ID: '56' }), PATH: process.env['PATH'] ?? '' },
      encoding: 'utf8',
      timeout: 150_000,
      // A server that started after all would otherwise linger: nothing else stops it.
      killSignal: 'SIGKILL',
      cwd: fileURLToPath(new URL('../../..', import.meta.url)),
    });
    expect(run.stderr.trim().split('\n')).toEqual([
      'CHAIN_ID: the node at CHAIN_RPC_URL answers chain id 31337, not 56',
    ]);
    expect(run.status).toBe(1);
  }, 180_000);

  it('a token address without code stops the start, naming USDT_CONTRACT', async () => {
    const empty = '0x000000000000000000000000000000000000dEaD';
    expect(await startRefusal(startEnv(anvil, { USDT_CONTRACT: empty }))).toBe(
      `USDT_CONTRACT: ${empty} has no contract code on chain 31337 (eth_getCode answered 0x)`,
    );
  }, 30_000);

  it('a token whose decimals() is below 6 or above 18 stops the start, naming USDT_CONTRACT', async () => {
    for (const decimals of [2, 24]) {
      const token = await anvil.deployToken(decimals);
      expect(await startRefusal(startEnv(anvil, { USDT_CONTRACT: token }))).toBe(
        `USDT_CONTRACT: decimals() of ${token} answered ${decimals}, not a whole number from 6 to 18`,
      );
    }
  }, 30_000);

  it('a contract without decimals() stops the start, naming USDT_CONTRACT', async () => {
    // Any contract that is not a token: the token's own deployment leaves none, so use a
    // contract whose code answers nothing to decimals() (a one-byte STOP).
    const stop = '0x00000000000000000000000000000000000000c0';
    await anvil.testClient.setCode({ address: stop, bytecode: '0x00' });
    expect(await startRefusal(startEnv(anvil, { USDT_CONTRACT: stop }))).toMatch(
      new RegExp(`^USDT_CONTRACT: decimals\\(\\) of ${stop} failed \\(`),
    );
  }, 30_000);
});

describe.runIf(anvilAvailable())('a token of 6 decimals (anvil)', () => {
  let anvil: LocalChain;
  let t: TestApp;

  beforeAll(async () => {
    anvil = await startAnvil({ tokenDecimals: 6 });
    // The real start path: the peers connect to CHAIN_RPC_URL and read decimals() themselves.
    t = await createTestApp({
      CHAIN_RPC_URL: anvil.rpcUrl,
      CHAIN_ID: String(anvil.chainId),
      USDT_CONTRACT: anvil.usdt,
      CHAIN_CONFIRMATIONS: '3',
    });
    await t.services.subscriptions.scan();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await anvil?.stop();
  });

  it('credits 10 USDT sent as 10,000,000 units as 10 USDT, not 10^-12', async () => {
    expect(t.services.peers.chain.tokenDecimals).toBe(6);
    const member = await signedInMember(t);
    const sub = await t.services.subscriptions.subscription(member.user._id);
    const hash = await anvil.pay(sub.walletAddress as `0x${string}`, 10_000_000n);
    await anvil.mine(70); // anvil makes a block final 64 blocks behind its head
    expect((await t.services.subscriptions.scan()).credited).toBe(1);
    const [payment] = await rowsOf<{ amount: string }>(
      t.database.db,
      sql`select amount_micro::text as amount from subscription_payments
        where user_id = ${member.user._id}`,
    );
    expect(payment).toEqual({ amount: '10000000' });
    const answer = await call<Subscription>(t.app, 'GET', '/api/users/refresh-subscription', {
      token: member.token,
    });
    expect(answer.body.data).toMatchObject({
      subscriptionFee: { paid: true },
      payments: [{ transactionHash: hash.toLowerCase(), amount: 10, periodsAdded: 1 }],
      // anvil's chain id has no known explorer: no links rather than wrong ones.
      explorerUrl: null,
    });
  }, 60_000);
});
