import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { migrate } from '../../db/migrate';
import { BingxSimulator } from '../../integrations/exchange/bingx-simulator';
import { anvilAvailable, startAnvil, type LocalChain } from '../../../test/evm/anvil';
import { RpcProxy } from '../../../test/evm/rpc-proxy';
import { startRelay, type Relay } from '../../../test/smtp-relay';

/**
 * `npm run preflight` as an operator runs it: a child process with nothing but its environment,
 * against a real embedded database and a real EVM node (anvil, its test USDT deployed), then
 * against the faults it exists to catch.
 */

const TSX = import.meta.resolve('tsx');
const SCRIPT = fileURLToPath(new URL('../../../scripts/preflight.ts', import.meta.url));
/** anvil's first default account (public test key): holds the test USDT and BNB. */
const PAYER_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const LOG_RANGE = 64;
const BINGX_KEY = 'preflight-agent-key';
const BINGX_SECRET = 'preflight-agent-secret-0123456789abcdef';

interface Run {
  code: number | null;
  lines: string[];
}

describe.runIf(anvilAvailable())('npm run preflight (anvil, embedded database)', () => {
  let anvil: LocalChain;
  let proxy: RpcProxy;
  let proxyUrl: string;
  let folder: string;
  let relay: Relay;
  let bingx: BingxSimulator;
  let bingxUrl: string;

  beforeAll(async () => {
    relay = await startRelay();
    bingx = new BingxSimulator(BINGX_KEY, BINGX_SECRET);
    bingxUrl = await bingx.listen();
    anvil = await startAnvil({ blockTimeSeconds: 1 });
    // More blocks than one eth_getLogs range, so the range is asked in full.
    await anvil.mine(LOG_RANGE * 2);
    proxy = new RpcProxy(anvil.rpcUrl);
    proxyUrl = await proxy.listen();
    folder = mkdtempSync(join(tmpdir(), 'ctn-preflight-'));
    const database = await openDatabase({ kind: 'pglite', dataDir: join(folder, 'pglite') });
    await migrate(database);
    await database.close();
  }, 120_000);
  afterAll(async () => {
    await relay?.close();
    await bingx?.close();
    await proxy?.close();
    await anvil?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  const preflight = (env: Record<string, string> = {}, args: string[] = []): Promise<Run> =>
    new Promise((resolve) => {
      execFile(
        process.execPath,
        ['--import', TSX, SCRIPT, ...args],
        {
          // Its own working folder: no .env of the developer's.
          cwd: folder,
          env: {
            PATH: process.env['PATH'] ?? '',
            NODE_ENV: 'test',
            DATA_DIR: folder,
            JWT_SECRET: 'preflight-signing-key-preflight-signing-key-0',
            TWO_FACTOR_KEY: 'preflight-two-factor-key-preflight-two-factor',
            PUBLIC_URL: 'http://127.0.0.1:3000',
            TRUST_PROXY: 'none',
            CHAIN_ID: '31337',
            CHAIN_RPC_URL: anvil.rpcUrl,
            USDT_CONTRACT: anvil.usdt,
            CHAIN_LOG_RANGE: String(LOG_RANGE),
            PAYOUT_PRIVATE_KEY: PAYER_KEY,
            ...env,
          },
          timeout: 60_000,
        },
        (error, stdout) => {
          const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
          resolve({ code, lines: stdout.trim().split('\n') });
        },
      );
    });
  const line = (run: Run, start: string) => run.lines.find((l) => l.startsWith(start));

  it('passes against healthy peers: one line per check, nothing failing', async () => {
    const run = await preflight();
    expect(run.code, run.lines.join('\n')).toBe(0);
    expect(line(run, 'ok   DATA_DIR:')).toMatch(
      /embedded PGlite answers in [\d.]+ ms; \d+ migrations applied, none pending/,
    );
    expect(line(run, 'ok   CHAIN_LOG_RANGE:')).toContain(
      `${LOG_RANGE} blocks in one eth_getLogs answered`,
    );
    expect(run.lines).toContainEqual(
      expect.stringMatching(
        /^ok {3}chain finalized tag: finalized block \d+, \d+ behind the head$/,
      ),
    );
    expect(run.lines).toContainEqual(
      expect.stringMatching(/^ok {3}chain head age: head block \d+ is -?\d s old$/),
    );
    expect(run.lines.filter((l) => l.startsWith('ok   PAYOUT_PRIVATE_KEY:'))).toEqual([
      expect.stringMatching(
        /holds [\d.]+ BNB; 20 payouts of \d+ gas at [\d.]+ gwei need [\d.]+ BNB \(hot wallet BNB\)$/,
      ),
      expect.stringMatching(/holds [\d.]+ USDT \(hot wallet USDT\)$/),
    ]);
    expect(run.lines.some((l) => l.startsWith('FAIL'))).toBe(false);
    expect(run.lines.at(-1)).toMatch(/^preflight: \d+ ok, \d+ warnings, 0 failures$/);
  });

  it('checks the SMTP relay and BingX, and sends one test mail with --send-test-to', async () => {
    const peers = {
      SMTP_URL: relay.url,
      MAIL_FROM: 'Launch <launch@example.com>',
      BINGX_BASE_URL: bingxUrl,
      BINGX_API_KEY: BINGX_KEY,
      BINGX_API_SECRET: BINGX_SECRET,
      // The check's eight calls without the production budget's pauses.
      BINGX_RATE_PER_SECOND: '50',
    };
    const healthy = await preflight(peers, ['--send-test-to', 'operator@example.com']);
    expect(healthy.code, healthy.lines.join('\n')).toBe(0);
    expect(line(healthy, 'ok   SMTP_URL:')).toMatch(/accepted the connection/);
    expect(line(healthy, 'ok   MAIL_FROM:')).toMatch(
      /^ok {3}MAIL_FROM: sent to operator@example\.com/,
    );
    expect(line(healthy, 'ok   BINGX_API_KEY:')).toMatch(/the agent endpoints answer this key/);
    expect(line(healthy, 'ok   BINGX_COMMISSION_API:')).toMatch(/v2 answers/);
    expect(healthy.lines.join('\n')).not.toContain('no SMTP check');
    expect(relay.acceptedFor).toEqual(['operator@example.com']);

    relay.fault = { stage: 'MAIL FROM', reply: 550, text: '5.7.1 Sender address rejected' };
    try {
      const refused = await preflight({ ...peers, BINGX_API_SECRET: 'another-secret-0123456789' }, [
        '--send-test-to',
        'operator@example.com',
      ]);
      expect(refused.code).toBe(1);
      expect(refused.lines.filter((l) => l.startsWith('FAIL'))).toEqual([
        expect.stringMatching(
          /^FAIL MAIL_FROM: .+ refuses the sender Launch <launch@example\.com>: 550 5\.7\.1 Sender address rejected \(test mail\)$/,
        ),
        expect.stringMatching(/^FAIL BINGX_API_SECRET: the signature is refused/),
      ]);
      expect(relay.acceptedFor).toEqual(['operator@example.com']);
    } finally {
      relay.fault = null;
    }
  }, 120_000);

  it('fails, naming CHAIN_ID, on a node of another chain; USDT_CONTRACT for an address without code', async () => {
    const wrongChain = await preflight({ CHAIN_ID: '56' });
    expect(wrongChain.code).toBe(1);
    expect(line(wrongChain, 'FAIL CHAIN_ID:')).toBe(
      'FAIL CHAIN_ID: the node at CHAIN_RPC_URL answers chain id 31337, not 56 (chain identity)',
    );
    const noCode = await preflight({ USDT_CONTRACT: '0x000000000000000000000000000000000000dEaD' });
    expect(noCode.code).toBe(1);
    expect(line(noCode, 'FAIL USDT_CONTRACT:')).toMatch(
      /^FAIL USDT_CONTRACT: 0x000000000000000000000000000000000000dEaD has no contract code on chain 31337/,
    );
  });

  it('fails, naming CHAIN_LOG_RANGE and what the provider does serve, when it caps eth_getLogs', async () => {
    proxy.faults = { maxLogRange: 10 };
    try {
      const run = await preflight({ CHAIN_RPC_URL: proxyUrl });
      expect(run.code).toBe(1);
      expect(line(run, 'FAIL CHAIN_LOG_RANGE:')).toBe(
        `FAIL CHAIN_LOG_RANGE: ${new URL(proxyUrl).host} refuses ${LOG_RANGE} blocks in one eth_getLogs (exceed maximum block range: 10); 8 blocks were: set CHAIN_LOG_RANGE=8 or use a provider that serves ${LOG_RANGE} (chain eth_getLogs)`,
      );
      expect(run.lines.at(-1)).toMatch(/, 1 failures$/);
    } finally {
      proxy.faults = {};
    }
  });

  it('fails with the start’s own line for a short JWT_SECRET, before reading anything', async () => {
    const run = await preflight({ JWT_SECRET: 'too-short' });
    expect(run).toEqual({
      code: 1,
      lines: ['FAIL Invalid configuration: JWT_SECRET must be at least 32 characters'],
    });
  });

  // Last: it turns the node's clock back an hour for good.
  it('fails, naming CHAIN_RPC_URL, when the node’s head is an hour old', async () => {
    // anvil's clock an hour back: the blocks it makes from now on carry that time.
    await fetch(anvil.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'evm_setTime',
        params: [Math.floor(Date.now() / 1000) - 3600],
      }),
    });
    await anvil.mine(1);
    const run = await preflight();
    expect(run.code).toBe(1);
    expect(line(run, 'FAIL CHAIN_RPC_URL:')).toMatch(
      /^FAIL CHAIN_RPC_URL: head block \d+ is 36\d\d s old: the node is behind or stalled \(or this server's clock is ahead\) \(chain head age\)$/,
    );
  });
});
