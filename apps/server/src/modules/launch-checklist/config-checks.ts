import type { CheckResult } from '@ctn/contracts/launch-checklist';
import { isIP } from 'node:net';
import { derivedTwoFactorKey, type Config } from '../../config';
import { fail, ok, warn, type PreflightCheck } from '../../lib/preflight';

/**
 * The launch checks of the configuration itself (decision 042): what the start accepts but an
 * operator should decide knowingly. Secrets are measured, never shown.
 */

/** 32 random bytes in base64 (`openssl rand -base64 32`): the 256 bits an HS256 key wants. */
const STRONG_KEY_CHARACTERS = 43;
const STRONG_TOKEN_CHARACTERS = 32;
const STRONG_PASSWORD_CHARACTERS = 16;

export function secretsCheck(config: Config): PreflightCheck {
  return {
    name: 'secrets',
    variable: null,
    run: async () => {
      const lines: CheckResult[] = [];
      const measure = (variable: string, value: string, strong: number, why: string) =>
        value.length >= strong
          ? ok('secret length', variable, `${value.length} characters`)
          : warn(
              'secret length',
              variable,
              `${value.length} characters: ${strong}+ ${why} (openssl rand -base64 32)`,
            );
      lines.push(measure('JWT_SECRET', config.jwtSecret, STRONG_KEY_CHARACTERS, 'carry 256 bits'));
      if (config.twoFactorKey === derivedTwoFactorKey(config.jwtSecret))
        lines.push(
          ok(
            'secret length',
            'TWO_FACTOR_KEY',
            'not set: derived from JWT_SECRET (refused in production)',
          ),
        );
      else if (config.twoFactorKey === config.jwtSecret)
        lines.push(
          fail(
            'secret length',
            'TWO_FACTOR_KEY',
            'the same value as JWT_SECRET: one leak would give both; give it its own',
          ),
        );
      else
        lines.push(
          measure('TWO_FACTOR_KEY', config.twoFactorKey, STRONG_KEY_CHARACTERS, 'carry 256 bits'),
        );
      lines.push(
        config.metricsToken === undefined
          ? ok('secret length', 'METRICS_TOKEN', 'not set: /metrics answers loopback callers only')
          : measure(
              'METRICS_TOKEN',
              config.metricsToken,
              STRONG_TOKEN_CHARACTERS,
              'resist guessing',
            ),
      );
      if (config.admin.password !== undefined)
        lines.push(
          config.admin.password.length >= STRONG_PASSWORD_CHARACTERS
            ? ok('secret length', 'ADMIN_PASSWORD', `${config.admin.password.length} characters`)
            : warn(
                'secret length',
                'ADMIN_PASSWORD',
                `${config.admin.password.length} characters: ${STRONG_PASSWORD_CHARACTERS}+ advised for the account that approves payouts`,
              ),
        );
      return lines;
    },
  };
}

/** Loopback names and addresses: a server only this machine reaches (a local rehearsal). */
function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

export function publicUrlCheck(config: Config): PreflightCheck {
  return {
    name: 'public URL',
    variable: 'PUBLIC_URL',
    run: async () => {
      const url = new URL(config.publicUrl);
      if (url.protocol === 'https:')
        return [ok('public URL', 'PUBLIC_URL', `${config.publicUrl} (https)`)];
      if (isLoopback(url.hostname))
        return [
          ok(
            'public URL',
            'PUBLIC_URL',
            `${config.publicUrl} is a loopback address: a local rehearsal, which members cannot reach`,
          ),
        ];
      return [
        warn(
          'public URL',
          'PUBLIC_URL',
          `${config.publicUrl} without https: passwords, sessions and the links in mails travel in clear`,
        ),
      ];
    },
  };
}

export function trustProxyCheck(config: Config): PreflightCheck {
  return {
    name: 'trusted proxies',
    variable: 'TRUST_PROXY',
    run: async () => [
      config.trustedProxiesByDefault
        ? warn(
            'trusted proxies',
            'TRUST_PROXY',
            'left at its default (loopback): right only when the reverse proxy runs on this host; otherwise set its address, or none without a proxy, or every member shares one address in the sign-in limits',
          )
        : ok(
            'trusted proxies',
            'TRUST_PROXY',
            config.trustedProxies.length === 0
              ? 'none: the socket address is the client'
              : `X-Forwarded-For believed from ${config.trustedProxies.join(', ')}`,
          ),
    ],
  };
}

/** Holdings without the platform's own reserves understate coverage (decision 046). */
export function treasuryAddressesCheck(config: Config): PreflightCheck {
  const check = 'treasury addresses';
  return {
    name: check,
    variable: 'TREASURY_ADDRESSES',
    run: async () => [
      config.treasury.addresses.length === 0
        ? warn(
            check,
            'TREASURY_ADDRESSES',
            'not set: the treasury counts only the deposit addresses and the hot wallet as held; name the reserve wallets so that coverage includes them',
          )
        : ok(
            check,
            'TREASURY_ADDRESSES',
            `${config.treasury.addresses.length} read-only address${config.treasury.addresses.length === 1 ? '' : 'es'} counted as held`,
          ),
    ],
  };
}
