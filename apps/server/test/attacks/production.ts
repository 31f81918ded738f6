import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Envelope } from '@ctn/contracts/envelope';
import { DEV_DEPOSIT_XPUB } from '../../src/integrations/chain/deposit-addresses';
import { BingxSimulator } from '../../src/integrations/exchange/bingx-simulator';
import { startAnvil, type LocalChain } from '../evm/anvil';
import { freePort } from '../free-port';
import { startRelay, type Relay } from '../smtp-relay';
import { freshDatabase } from '../test-app';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const BUILT_MAIN = join(SERVER_DIR, 'dist/main.js');

/** `npm run build -w @ctn/server`: the bundle production runs (a few seconds). */
export function buildServer(): void {
  const built = spawnSync(process.execPath, ['build.mjs'], { cwd: SERVER_DIR, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`server build failed: ${built.stderr}`);
}

export interface Call {
  <T = unknown>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    options?: { body?: unknown; token?: string; from?: string },
  ): Promise<{ status: number; body: Envelope<T> }>;
}

/**
 * The world a production build starts in, on this machine: PostgreSQL, a real EVM node (anvil)
 * with a USDT stand-in, a real SMTP relay, and the BingX simulator over HTTP; then the built
 * server (`dist/main.js`) with NODE_ENV=production, behind a proxy on loopback (TRUST_PROXY), so
 * each attacker's address is the X-Forwarded-For a test names.
 */
export interface ProductionWorld {
  url: string;
  env: Record<string, string>;
  relay: Relay;
  exchange: BingxSimulator;
  chain: LocalChain;
  call: Call;
  /** Stops the server (SIGTERM, waits for the exit) and starts it again on the same port. */
  restart(): Promise<void>;
  /** Runs a server script (`apps/server/scripts/NAME.ts`) with the server's environment. */
  script(name: string, args: string[]): { status: number | null; output: string };
  close(): Promise<void>;
}

export async function startProductionWorld(
  admin: { email: string; password: string; totpSecret: string },
  extraEnv: Record<string, string> = {},
): Promise<ProductionWorld> {
  buildServer();
  const [chain, relay, database, port] = await Promise.all([
    startAnvil(),
    startRelay(),
    freshDatabase(),
    freePort(),
  ]);
  const exchange = new BingxSimulator('attack-key', 'attack-secret');
  await exchange.listen();
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    WORKERS: '1',
    TRUST_PROXY: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'ctn-attack-')),
    JWT_SECRET: randomBytes(32).toString('hex'),
    TWO_FACTOR_KEY: randomBytes(32).toString('hex'),
    DATABASE_URL: database.url,
    SMTP_URL: relay.url,
    MAIL_FROM: 'no-reply@copytrade-network.org',
    DEPOSIT_XPUB: DEV_DEPOSIT_XPUB,
    CHAIN_RPC_URL: chain.rpcUrl,
    CHAIN_ID: String(chain.chainId),
    USDT_CONTRACT: chain.usdt,
    BINGX_API_KEY: exchange.apiKey,
    BINGX_API_SECRET: exchange.apiSecret,
    BINGX_BASE_URL: exchange.baseUrl,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    ADMIN_TOTP_SECRET: admin.totpSecret,
    ...extraEnv,
  };

  let child: ChildProcess | null = null;
  let output = '';
  const start = async () => {
    child = spawn(process.execPath, [BUILT_MAIN], {
      cwd: env['DATA_DIR'],
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited at start:\n${output}`);
      try {
        if ((await fetch(`${url}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };
  await start();

  const call: Call = async (method, path, options = {}) => {
    const response = await fetch(url + path, {
      method,
      headers: {
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.from ? { 'x-forwarded-for': options.from } : {}),
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as Envelope<never> };
  };

  return {
    url,
    env,
    relay,
    exchange,
    chain,
    call,
    async restart() {
      await stop();
      await start();
    },
    script(name, args) {
      const ran = spawnSync(
        process.execPath,
        ['--import', 'tsx', join(SERVER_DIR, 'scripts', `${name}.ts`), ...args],
        { cwd: SERVER_DIR, env, encoding: 'utf8' },
      );
      return { status: ran.status, output: `${ran.stdout}${ran.stderr}` };
    },
    async close() {
      await stop();
      await Promise.all([exchange.close(), relay.close(), chain.stop()]);
      await database.drop();
    },
  };
}
