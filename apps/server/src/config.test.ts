import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { parseConfig } from './config';

const productionEnv = {
  NODE_ENV: 'production',
  JWT_SECRET: 's'.repeat(48),
  TWO_FACTOR_KEY: 't'.repeat(48),
  DATABASE_URL: 'postgres://app:pw@127.0.0.1:5432/app',
  PUBLIC_URL: 'https://app.example.com',
  SMTP_URL: 'smtps://user:pw@smtp.example.com:465',
  MAIL_FROM: 'CopyTrade Network <no-reply@mail.copytrade.network>',
  DEPOSIT_XPUB:
    'xpub6EF8jXqFeFEW5bwMU7RpQtHkzE4KJxcqJtvkCjJumzW8CPpacXkb92ek4WzLQXjL93HycJwTPUAcuNxCqFPKKU5m5Z2Vq4nCyh5CyPeBFFr',
  CHAIN_RPC_URL: 'https://bsc-dataseed.example.org',
  BINGX_API_KEY: 'key',
  BINGX_API_SECRET: 'secret',
  ADMIN_EMAIL: 'ops@example.com',
  ADMIN_PASSWORD: 'a-long-admin-password',
};

describe('parseConfig', () => {
  it('runs a fresh clone on embedded defaults with a generated, persisted signing key', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ctn-config-'));
    const config = parseConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      env: 'development',
      demoMode: true,
      devRoutes: true,
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      database: { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
      mail: { smtpUrl: undefined },
    });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8')).toBe(config.jwtSecret);
    expect(parseConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('stores no generated key for preflight, which writes nothing, and reads a stored one', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'ctn-config-')), 'data');
    parseConfig({ DATA_DIR: dataDir }, { storeGeneratedSecret: false });
    expect(existsSync(dataDir)).toBe(false);
    const stored = parseConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(parseConfig({ DATA_DIR: dataDir }, { storeGeneratedSecret: false }).jwtSecret).toBe(
      stored,
    );
  });

  it('reads the BingX budget and copy evidence fields; the old single field as a list of one', () => {
    const base = { DATABASE_URL: 'memory://' };
    expect(parseConfig(base).exchange).toMatchObject({
      ratePerSecond: 2,
      copyVolumeFields: ['extCopyTradingVolume'],
    });
    expect(
      parseConfig({
        ...base,
        BINGX_RATE_PER_SECOND: '0.5',
        BINGX_COPY_VOLUME_FIELDS: ' extCopyTradingVolume, swapTradingVolume ,extCopyTradingVolume',
      }).exchange,
    ).toMatchObject({
      ratePerSecond: 0.5,
      copyVolumeFields: ['extCopyTradingVolume', 'swapTradingVolume'],
    });
    expect(
      parseConfig({ ...base, BINGX_COPY_VOLUME_FIELD: 'copyVolume' }).exchange.copyVolumeFields,
    ).toEqual(['copyVolume']);
    expect(() =>
      parseConfig({ ...base, BINGX_COPY_VOLUME_FIELD: 'a', BINGX_COPY_VOLUME_FIELDS: 'b' }),
    ).toThrow(
      /^Invalid configuration: BINGX_COPY_VOLUME_FIELD is replaced by BINGX_COPY_VOLUME_FIELDS/,
    );
    expect(() => parseConfig({ ...base, BINGX_COPY_VOLUME_FIELDS: 'a,,b' })).toThrow(
      /BINGX_COPY_VOLUME_FIELDS must be a comma-separated list/,
    );
    expect(() => parseConfig({ ...base, BINGX_RATE_PER_SECOND: '0' })).toThrow(
      /BINGX_RATE_PER_SECOND must be above 0/,
    );
  });

  it('reads TREASURY_ADDRESSES as a list; a value that is not one stops the start naming it', () => {
    const base = { DATABASE_URL: 'memory://' };
    expect(parseConfig(base).treasury).toEqual({
      addresses: [],
      requestsPerSecond: 10,
      concurrency: 4,
      batchSize: 500,
    });
    expect(
      parseConfig({
        ...base,
        TREASURY_ADDRESSES:
          ' 0x00000000000000000000000000000000005AFE01,0x00000000000000000000000000000000005afe01 ',
      }).treasury.addresses,
    ).toEqual(['0x00000000000000000000000000000000005afe01']);
    expect(() => parseConfig({ ...base, TREASURY_ADDRESSES: '0x1234,0xabc' })).toThrow(
      /^Invalid configuration: TREASURY_ADDRESSES must be a comma-separated list of 0x addresses$/,
    );
    expect(() => parseConfig({ ...base, TREASURY_RPC_PER_SECOND: '0' })).toThrow(
      /^Invalid configuration: TREASURY_RPC_PER_SECOND must be above 0$/,
    );
  });

  it('takes memory:// and postgres URLs', () => {
    expect(parseConfig({ DATABASE_URL: 'memory://' }).database).toEqual({
      kind: 'pglite',
      dataDir: null,
    });
    expect(parseConfig({ DATABASE_URL: 'postgresql://u@h/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgresql://u@h/db',
    });
  });

  it('seeds demo accounts only into the embedded database, or when DEMO=1 asks for them', () => {
    const postgres = 'postgres://u@h/db';
    expect(parseConfig({ DATABASE_URL: 'memory://' }).demoMode).toBe(true);
    expect(parseConfig({ DATABASE_URL: postgres }).demoMode).toBe(false);
    expect(parseConfig({ DATABASE_URL: postgres, DEMO: '1' }).demoMode).toBe(true);
    expect(parseConfig({ DATABASE_URL: 'memory://', DEMO: '0' }).demoMode).toBe(false);
    expect(parseConfig({ DATABASE_URL: 'memory://', NODE_ENV: 'test' }).demoMode).toBe(false);
    expect(() => parseConfig({ ...productionEnv, DEMO: '1' })).toThrow(
      'Invalid configuration: DEMO=1 (demo accounts) is refused in production',
    );
  });

  it('leaves the compliance mode to the saved setting unless COMPLIANCE_MODE is set', () => {
    expect(parseConfig({ ...productionEnv }).complianceMode).toBeUndefined();
    expect(parseConfig({ ...productionEnv, COMPLIANCE_MODE: '' }).complianceMode).toBeUndefined();
    expect(parseConfig({ ...productionEnv, COMPLIANCE_MODE: 'enforce' }).complianceMode).toBe(
      'enforce',
    );
  });

  it('trusts forwarding headers from loopback by default, from TRUST_PROXY when set', () => {
    expect(parseConfig({}).trustedProxies).toEqual(['loopback']);
    expect(parseConfig({ TRUST_PROXY: 'none' }).trustedProxies).toEqual([]);
    expect(
      parseConfig({ TRUST_PROXY: ' 10.0.0.0/8, 2001:db8::/32,192.0.2.1 ' }).trustedProxies,
    ).toEqual(['10.0.0.0/8', '2001:db8::/32', '192.0.2.1']);
  });

  it('accepts a complete production environment without demo data or dev routes', () => {
    expect(parseConfig(productionEnv)).toMatchObject({
      isProduction: true,
      demoMode: false,
      devRoutes: false,
    });
  });

  it('expects BNB Smart Chain (56) by default, another CHAIN_ID when set', () => {
    expect(parseConfig(productionEnv).chain.chainId).toBe(56);
    expect(parseConfig({ ...productionEnv, CHAIN_ID: '97' }).chain.chainId).toBe(97);
    expect(parseConfig({ ...productionEnv, CHAIN_ID: ' 31337 ' }).chain.chainId).toBe(31337);
  });

  it('links the explorer of CHAIN_ID, none for a chain it does not know unless EXPLORER_URL names one', () => {
    const explorer = (env: Record<string, string>) =>
      parseConfig({ ...productionEnv, ...env }).chain.explorerUrl;
    expect(explorer({})).toBe('https://bscscan.com');
    expect(explorer({ CHAIN_ID: '97' })).toBe('https://testnet.bscscan.com');
    expect(explorer({ CHAIN_ID: '31337' })).toBeNull();
    expect(explorer({ CHAIN_ID: '31337', EXPLORER_URL: 'https://scan.example.org/' })).toBe(
      'https://scan.example.org',
    );
    expect(explorer({ EXPLORER_URL: 'https://bsc.example.org' })).toBe('https://bsc.example.org');
    // The simulated chain (no CHAIN_RPC_URL) is on no public explorer: no links.
    expect(parseConfig({ DATABASE_URL: 'memory://' }).chain.explorerUrl).toBeNull();
  });

  it('falls back to head - 240 blocks on nodes without the finalized tag (BEP-524 turn length 16)', () => {
    expect(parseConfig(productionEnv).chain.confirmations).toBe(240);
    expect(parseConfig({ ...productionEnv, CHAIN_CONFIRMATIONS: '300' }).chain.confirmations).toBe(
      300,
    );
  });

  it('runs one process per core in production when Redis shares the limits, else one and says why', () => {
    const cores = availableParallelism();
    const withRedis = parseConfig({ ...productionEnv, REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(withRedis.workers).toBe(cores);
    expect(withRedis.workersNote).toBeNull();
    const without = parseConfig(productionEnv);
    expect(without.workers).toBe(1);
    if (cores > 1) expect(without.workersNote).toMatch(/set REDIS_URL/);
    expect(parseConfig({ NODE_ENV: 'development' }).workers).toBe(1);
    expect(
      parseConfig({ ...productionEnv, REDIS_URL: 'redis://127.0.0.1:6379', WORKERS: '3' }).workers,
    ).toBe(3);
  });

  it.each([
    [{ WORKERS: '2' }, 'WORKERS=2 needs REDIS_URL'],
    [{ WORKERS: '2', DATABASE_URL: 'memory://', NODE_ENV: 'test' }, 'WORKERS=2 needs PostgreSQL'],
    [{ WORKERS: '0' }, 'WORKERS must be auto or a number of processes from 1 to 64'],
    [{ WORKERS: 'many' }, 'WORKERS must be auto'],
  ])('refuses WORKERS that cannot work: %o', (env, message) => {
    expect(() => parseConfig({ ...productionEnv, ...env })).toThrow(message);
  });

  it.each(Object.keys(productionEnv).filter((k) => k !== 'NODE_ENV'))(
    'refuses production without %s, naming it',
    (name) => {
      const env: Record<string, string> = { ...productionEnv };
      delete env[name];
      expect(() => parseConfig(env)).toThrow(
        new RegExp(`^Invalid configuration: NODE_ENV=production requires ${name} `),
      );
    },
  );

  it.each([
    ['no-reply@copytrade.local', 'copytrade.local is reserved'],
    ['CopyTrade Network <no-reply@copytrade.local>', 'copytrade.local is reserved'],
    ['no-reply@localhost', 'must be an address such as'],
    ['no-reply@mail.localhost', 'mail.localhost is reserved'],
    ['CopyTrade <no-reply@example.com>', 'example.com is reserved'],
    ['no-reply@shop.example', 'shop.example is reserved'],
    ['CopyTrade Network', 'must be an address such as'],
    ['CopyTrade <no-reply@>', 'must be an address such as'],
  ])('refuses MAIL_FROM=%s in production in one line naming it', (value, why) => {
    let error: Error | undefined;
    try {
      parseConfig({ ...productionEnv, MAIL_FROM: value });
    } catch (err) {
      error = err as Error;
    }
    expect(error?.message).toMatch(/^Invalid configuration: MAIL_FROM /);
    expect(error?.message).toContain(why);
    expect(error?.message.split('\n')).toHaveLength(1);
  });

  it('keeps a development sender outside production, and refuses a malformed one there too', () => {
    expect(parseConfig({ DATABASE_URL: 'memory://' }).mail.from).toBe(
      'CopyTrade Network <no-reply@copytrade.local>',
    );
    expect(
      parseConfig({ DATABASE_URL: 'memory://', MAIL_FROM: 'Test <no-reply@app.test>' }).mail.from,
    ).toBe('Test <no-reply@app.test>');
    expect(() => parseConfig({ DATABASE_URL: 'memory://', MAIL_FROM: 'nobody' })).toThrow(
      /^Invalid configuration: MAIL_FROM must be an address/,
    );
    expect(parseConfig(productionEnv).mail.from).toBe(
      'CopyTrade Network <no-reply@mail.copytrade.network>',
    );
  });

  it.each([
    ['JWT_SECRET', 'short', 'JWT_SECRET must be at least 32 characters'],
    ['DATABASE_URL', 'mysql://x', 'DATABASE_URL must be a postgres:// URL'],
    ['SMTP_URL', 'http://mail', 'SMTP_URL must be an smtp:// or smtps:// URL'],
    ['DEPOSIT_XPUB', 'xpub123', 'DEPOSIT_XPUB must be the extended public key'],
    [
      'PAYOUT_PRIVATE_KEY',
      '0x1234',
      'PAYOUT_PRIVATE_KEY must be a 0x-prefixed 32-byte hex private key',
    ],
    ['PORT', 'eighty', 'PORT'],
    ['ADMIN_EMAIL', 'not-mail', 'ADMIN_EMAIL must be an email address'],
    ['TRUST_PROXY', 'proxy.example.com', 'TRUST_PROXY must be "none" or a comma-separated list'],
    ['TRUST_PROXY', '10.0.0.0/33', 'TRUST_PROXY must be "none"'],
    ['COMPLIANCE_MODE', 'enforced', 'COMPLIANCE_MODE must be shadow or enforce'],
    ['CHAIN_ID', '0', 'CHAIN_ID must be a positive whole number (56 BSC, 97 BSC testnet)'],
    ['CHAIN_ID', '-56', 'CHAIN_ID must be a positive whole number'],
    ['CHAIN_ID', '56.5', 'CHAIN_ID must be a positive whole number'],
    ['CHAIN_ID', 'bsc', 'CHAIN_ID must be a positive whole number'],
    ['CHAIN_ID', '9007199254740993', 'CHAIN_ID must be a positive whole number'],
  ])('refuses a malformed %s in one line', (name, value, message) => {
    let error: Error | undefined;
    try {
      parseConfig({ ...productionEnv, [name]: value });
    } catch (err) {
      error = err as Error;
    }
    expect(error?.message).toContain(message);
    expect(error?.message.split('\n')).toHaveLength(1);
  });
});

describe('the production start', () => {
  it('stops with one line naming the missing secret, before touching anything', () => {
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const env: Record<string, string> = { ...productionEnv, PATH: process.env['PATH'] ?? '' };
    delete env['JWT_SECRET'];
    const cwd = fileURLToPath(new URL('..', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', main], {
      env,
      encoding: 'utf8',
      timeout: 20_000,
      cwd,
    });
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: NODE_ENV=production requires JWT_SECRET/);
    expect(run.stdout).toBe('');
  });
});
