import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../config';
import { runChecks } from '../../lib/preflight';
import {
  publicUrlCheck,
  secretsCheck,
  treasuryAddressesCheck,
  trustProxyCheck,
} from './config-checks';

const KEY = 'k'.repeat(44);
const lines = (env: Record<string, string>) => {
  const config = parseConfig({ DATABASE_URL: 'memory://', JWT_SECRET: KEY, ...env });
  return runChecks([
    secretsCheck(config),
    publicUrlCheck(config),
    trustProxyCheck(config),
    treasuryAddressesCheck(config),
  ]);
};
const find = async (env: Record<string, string>, variable: string) =>
  (await lines(env)).filter((l) => l.variable === variable);

describe('the configuration launch checks', () => {
  it('measures secrets without showing them, and warns below the advised length', async () => {
    const all = await lines({ TWO_FACTOR_KEY: 't'.repeat(32), METRICS_TOKEN: 'm'.repeat(16) });
    expect(all.filter((l) => l.check === 'secret length')).toEqual([
      { check: 'secret length', state: 'ok', variable: 'JWT_SECRET', found: '44 characters' },
      {
        check: 'secret length',
        state: 'warn',
        variable: 'TWO_FACTOR_KEY',
        found: '32 characters: 43+ carry 256 bits (openssl rand -base64 32)',
      },
      {
        check: 'secret length',
        state: 'warn',
        variable: 'METRICS_TOKEN',
        found: '16 characters: 32+ resist guessing (openssl rand -base64 32)',
      },
    ]);
    expect(JSON.stringify(all)).not.toContain(KEY);
  });

  it('fails a TWO_FACTOR_KEY equal to JWT_SECRET', async () => {
    expect(await find({ TWO_FACTOR_KEY: KEY }, 'TWO_FACTOR_KEY')).toEqual([
      expect.objectContaining({ state: 'fail', found: expect.stringMatching(/^the same value/) }),
    ]);
  });

  it.each([
    ['https://app.example.com', 'ok', 'https://app.example.com (https)'],
    ['http://localhost:3000', 'ok', /loopback address: a local rehearsal/],
    ['http://127.0.0.2:8080', 'ok', /loopback address/],
    ['http://[::1]:3000', 'ok', /loopback address/],
    ['http://app.example.com', 'warn', /without https/],
    ['http://10.0.0.5', 'warn', /without https/],
  ])('PUBLIC_URL %s: %s', async (url, state, found) => {
    expect(await find({ PUBLIC_URL: url }, 'PUBLIC_URL')).toEqual([
      expect.objectContaining({
        state,
        found: typeof found === 'string' ? found : expect.stringMatching(found),
      }),
    ]);
  });

  it('warns while TRUST_PROXY is left at its default, not once it is set, even to loopback', async () => {
    expect(await find({}, 'TRUST_PROXY')).toEqual([
      expect.objectContaining({
        state: 'warn',
        found: expect.stringMatching(/^left at its default/),
      }),
    ]);
    expect(await find({ TRUST_PROXY: 'loopback' }, 'TRUST_PROXY')).toEqual([
      expect.objectContaining({ state: 'ok', found: 'X-Forwarded-For believed from loopback' }),
    ]);
  });

  it('warns while TREASURY_ADDRESSES is unset, and counts the addresses named', async () => {
    expect(await find({}, 'TREASURY_ADDRESSES')).toEqual([
      expect.objectContaining({ state: 'warn', found: expect.stringMatching(/^not set/) }),
    ]);
    const two =
      '0x00000000000000000000000000000000005afe01,0x00000000000000000000000000000000005AFE02';
    expect(await find({ TREASURY_ADDRESSES: two }, 'TREASURY_ADDRESSES')).toEqual([
      expect.objectContaining({ state: 'ok', found: '2 read-only addresses counted as held' }),
    ]);
  });
});
