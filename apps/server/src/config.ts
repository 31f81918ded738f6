import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { USDT_BEP20_MAINNET } from '@ctn/contracts/constants';
import type { OperatorFacts, SupportChannel } from '@ctn/contracts/operator-facts';
import { isoDaySchema, operatorFactsSchema } from '@ctn/contracts/operator';
import type { SiteLinks } from '@ctn/contracts/site';
import { isEmail, isWalletAddress } from '@ctn/contracts/validation';
import { z } from 'zod';

/**
 * The only reader of process.env (DESIGN.md section 2). Everything the server is configured
 * with is parsed here once, at start, into one typed Config; a missing or malformed value stops
 * the start with one line naming the variable.
 */

const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const urlOf = (protocols: string[], what: string) =>
  optional.refine(
    (v) => {
      if (v === undefined) return true;
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be ${what}` },
  );

const FIELD_NAME = /^[A-Za-z][A-Za-z0-9]{0,63}$/;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: urlOf(['http:', 'https:'], 'an http(s) URL such as https://app.example.com'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optional.refine(
    (v) => v === undefined || /^(postgres(ql)?:\/\/|memory:\/\/$)/.test(v),
    {
      message: 'must be a postgres:// URL, or memory:// for an in-memory database',
    },
  ),
  JWT_SECRET: optional.refine((v) => v === undefined || v.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  TWO_FACTOR_KEY: optional.refine((v) => v === undefined || v.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  SMTP_URL: urlOf(['smtp:', 'smtps:'], 'an smtp:// or smtps:// URL'),
  // Checked in parseConfig: production has no default (mailFromProblem).
  MAIL_FROM: optional,
  BINGX_API_KEY: optional,
  BINGX_API_SECRET: optional,
  BINGX_BASE_URL: urlOf(['http:', 'https:'], 'an http(s) URL').default(
    'https://open-api.bingx.com',
  ),
  BINGX_COMMISSION_API: z
    .enum(['v1', 'v2'], { error: 'must be v2 (the current API) or v1' })
    .default('v2'),
  // The old single-field name, still read as a one-field list (decision 037).
  BINGX_COPY_VOLUME_FIELD: optional.refine((v) => v === undefined || FIELD_NAME.test(v), {
    message: 'must be the name of a commission row field',
  }),
  BINGX_COPY_VOLUME_FIELDS: optional.refine(
    (v) => v === undefined || v.split(',').every((f) => FIELD_NAME.test(f.trim())),
    {
      message:
        'must be a comma-separated list of commission row fields such as extCopyTradingVolume',
    },
  ),
  // Sources disagree on BingX's limits (5/s per UID, 2/s per IP): the lower one by default.
  BINGX_RATE_PER_SECOND: z.coerce
    .number({ error: 'must be a number of requests per second' })
    .gt(0, 'must be above 0')
    .max(50, 'must be at most 50')
    .default(2),
  // Unset: the mode saved in the database (decision 038); set, it wins over that setting.
  COMPLIANCE_MODE: optional.pipe(
    z.enum(['shadow', 'enforce'], { error: 'must be shadow or enforce' }).optional(),
  ),
  CHAIN_RPC_URL: urlOf(['http:', 'https:', 'ws:', 'wss:'], 'an http(s) or ws(s) URL'),
  USDT_CONTRACT: optional
    .refine((v) => v === undefined || isWalletAddress(v), {
      message: 'must be a 0x contract address',
    })
    .default(USDT_BEP20_MAINNET),
  DEPOSIT_XPUB: optional.refine(
    (v) => v === undefined || /^[xt]pub[1-9A-HJ-NP-Za-km-z]{100,112}$/.test(v),
    {
      message: "must be the extended public key (xpub…) of m/44'/60'/0'/0",
    },
  ),
  // The chain the node must be (eth_chainId, checked at start): 56 BSC, 97 BSC testnet.
  CHAIN_ID: z.coerce
    .number({ error: 'must be a positive whole number (56 BSC, 97 BSC testnet)' })
    .int('must be a positive whole number (56 BSC, 97 BSC testnet)')
    .min(1, 'must be a positive whole number (56 BSC, 97 BSC testnet)')
    .max(Number.MAX_SAFE_INTEGER, 'must be a positive whole number (56 BSC, 97 BSC testnet)')
    .default(56),
  // Only for nodes without the `finalized` tag. Without fast finality a BSC block is final once
  // more than 2/3 of the 21 validators have built on it: 15 turns of 16 blocks (the turn length
  // since BEP-524, kept by BEP-619) = 240 blocks, about 108 s at 0.45 s a block (decision 035).
  CHAIN_CONFIRMATIONS: z.coerce.number().int().min(0).max(10_000).default(240),
  CHAIN_LOG_RANGE: z.coerce.number().int().min(1).max(100_000).default(500),
  // 400 blocks: three minutes of BSC blocks at 0.45 s.
  CHAIN_RESCAN_BLOCKS: z.coerce.number().int().min(1).max(100_000).default(400),
  EXPLORER_URL: urlOf(['http:', 'https:'], 'an http(s) URL such as https://bscscan.com'),
  PAYOUT_PRIVATE_KEY: optional.refine((v) => v === undefined || /^0x[0-9a-fA-F]{64}$/.test(v), {
    message: 'must be a 0x-prefixed 32-byte hex private key',
  }),
  // Read-only addresses whose USDT the treasury page counts as held (cold wallets, a safe).
  TREASURY_ADDRESSES: optional.refine(
    (v) => v === undefined || v.split(',').every((a) => isWalletAddress(a.trim())),
    { message: 'must be a comma-separated list of 0x addresses' },
  ),
  // The treasury's scan of deposit addresses (decision 046): a public provider's limits.
  TREASURY_RPC_PER_SECOND: z.coerce
    .number({ error: 'must be a number of requests per second' })
    .gt(0, 'must be above 0')
    .max(1000, 'must be at most 1000')
    .default(10),
  TREASURY_RPC_CONCURRENCY: z.coerce
    .number({ error: 'must be a whole number from 1 to 32' })
    .int('must be a whole number from 1 to 32')
    .min(1, 'must be a whole number from 1 to 32')
    .max(32, 'must be a whole number from 1 to 32')
    .default(4),
  TREASURY_SCAN_BATCH: z.coerce
    .number({ error: 'must be a whole number from 1 to 5000' })
    .int('must be a whole number from 1 to 5000')
    .min(1, 'must be a whole number from 1 to 5000')
    .max(5000, 'must be a whole number from 1 to 5000')
    .default(500),
  // Where `npm run sweep` may send deposit addresses' USDT (decision 047): comma-separated.
  SWEEP_DESTINATIONS: optional.refine(
    (v) =>
      v === undefined || v.split(',').every((a) => a.trim() === '' || isWalletAddress(a.trim())),
    { message: 'must be 0x addresses separated by commas' },
  ),
  ADMIN_EMAIL: optional.refine((v) => v === undefined || isEmail(v), {
    message: 'must be an email address',
  }),
  ADMIN_PASSWORD: optional.refine((v) => v === undefined || v.length >= 12, {
    message: 'must be at least 12 characters',
  }),
  ADMIN_TOTP_SECRET: optional.refine(
    (v) => v === undefined || /^[A-Z2-7]{16,128}=*$/.test(v.toUpperCase().replaceAll(' ', '')),
    { message: 'must be a base32 TOTP secret (16+ characters A-Z and 2-7)' },
  ),
  ROOT_REFERRAL_CODE: optional.refine((v) => v === undefined || /^[A-Z0-9]{6,32}$/.test(v), {
    message: 'must be 6-32 characters A-Z and 0-9',
  }),
  REDIS_URL: urlOf(['redis:', 'rediss:'], 'a redis:// URL'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: optional.refine(
    (v) =>
      v === undefined ||
      v.split(',').every((o) => /^https?:\/\/[^/\s]+$/.test(o.trim().replace(/\/+$/, ''))),
    { message: 'must be a comma-separated list of origins such as https://app.example.com' },
  ),
  TRUST_PROXY: optional.refine((v) => v === undefined || parseTrustedProxies(v) !== null, {
    message:
      'must be "none" or a comma-separated list of proxy addresses or CIDRs (or loopback, linklocal, uniquelocal)',
  }),
  METRICS_TOKEN: optional.refine((v) => v === undefined || v.length >= 16, {
    message: 'must be at least 16 characters',
  }),
  // The public site's links until an administrator saves them (issue 18): unset stays unset.
  SITE_AFFILIATE_URL: urlOf(['https:'], 'an https URL'),
  SITE_COPY_TRADING_URL: urlOf(['https:'], 'an https URL'),
  SITE_UPDATES_CHANNEL_URL: urlOf(['https:'], 'an https URL'),
  SITE_COMMUNITY_CHANNEL_URL: urlOf(['https:'], 'an https URL'),
  SUPPORT_EMAIL: optional.refine((v) => v === undefined || isEmail(v), {
    message: 'must be an email address',
  }),
  // Who runs the platform and how members reach support, until an administrator saves them
  // (decision 049): unset stays unset, and the pages say so instead of inventing.
  OPERATOR_LEGAL_NAME: optional.refine((v) => v === undefined || v.length <= 200, {
    message: 'must be at most 200 characters',
  }),
  OPERATOR_ADDRESS: optional.refine((v) => v === undefined || v.length <= 500, {
    message: 'must be at most 500 characters',
  }),
  OPERATOR_JURISDICTION: optional.refine((v) => v === undefined || v.length <= 200, {
    message: 'must be at most 200 characters',
  }),
  SUPPORT_CHANNELS: optional.refine((v) => v === undefined || supportChannelsOf(v) !== null, {
    message:
      'must be a comma-separated list of Name=https://… or a Telegram @handle, e.g. Telegram=https://t.me/example_support',
  }),
  SUPPORT_HOURS: optional.refine((v) => v === undefined || v.length <= 200, {
    message: 'must be at most 200 characters, e.g. "Mon-Fri 09:00-18:00 UTC" or "24/7"',
  }),
  LEGAL_EFFECTIVE_DATE: optional.refine(
    (v) => v === undefined || isoDaySchema.safeParse(v).success,
    { message: 'must be a date written YYYY-MM-DD' },
  ),
  CHAIN_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  DEMO: z.enum(['0', '1'], { error: 'must be 1 (seed demo data) or 0' }).optional(),
  REQUEST_LOGS: z.enum(['0', '1'], { error: 'must be 1 (a line per request) or 0' }).optional(),
  WORKERS: optional.refine(
    (v) => v === undefined || v === 'auto' || /^([1-9]|[1-5]\d|6[0-4])$/.test(v),
    {
      message: 'must be auto or a number of processes from 1 to 64',
    },
  ),
});

/**
 * SUPPORT_CHANNELS: "Telegram=https://t.me/x, Help desk=https://help.example.com", or a
 * Telegram "@handle" (its t.me link); null when an entry is neither.
 */
export function supportChannelsOf(value: string): SupportChannel[] | null {
  const channels: SupportChannel[] = [];
  for (const entry of value.split(',').map((e) => e.trim())) {
    if (entry === '') continue;
    const handle = /^@([A-Za-z0-9_]{4,32})$/.exec(entry);
    const pair = /^([^=]+)=(.+)$/.exec(entry);
    const channel = handle
      ? { label: 'Telegram', url: `https://t.me/${handle[1]}` }
      : pair
        ? { label: pair[1]!.trim(), url: pair[2]!.trim() }
        : null;
    if (channel === null) return null;
    channels.push(channel);
  }
  const parsed = operatorFactsSchema.shape.supportChannels.safeParse(channels);
  return parsed.success ? parsed.data : null;
}

/**
 * The explorer of each chain id we know; another chain (anvil's 31337, a private network) has
 * no links unless EXPLORER_URL names one: a link to the wrong explorer shows a stranger's page.
 */
const EXPLORERS: Partial<Record<number, string>> = {
  56: 'https://bscscan.com',
  97: 'https://testnet.bscscan.com',
};

/** Variables a real deployment must set: no generated secrets, no simulators, no dev mailbox. */
const REQUIRED_IN_PRODUCTION = [
  ['JWT_SECRET', '32+ random characters'],
  ['TWO_FACTOR_KEY', '32+ random characters, another than JWT_SECRET'],
  ['DATABASE_URL', 'a postgres:// URL'],
  ['PUBLIC_URL', 'the public https origin'],
  ['SMTP_URL', 'an smtp(s):// URL'],
  ['MAIL_FROM', 'a sender address on a domain you control'],
  ['DEPOSIT_XPUB', "the xpub of m/44'/60'/0'/0"],
  ['CHAIN_RPC_URL', 'a BNB Smart Chain JSON-RPC URL'],
  ['BINGX_API_KEY', 'the BingX agent API key'],
  ['BINGX_API_SECRET', 'the BingX agent API secret'],
  ['ADMIN_EMAIL', 'the administrator email'],
  ['ADMIN_PASSWORD', 'the administrator password'],
] as const;

export type DatabaseTarget =
  { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string };

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  /** Demo accounts seeded at start: the embedded database outside production, or DEMO=1. */
  demoMode: boolean;
  /** The /dev routes (mailbox, exchange simulator): outside production. */
  devRoutes: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: DatabaseTarget;
  jwtSecret: string;
  /** Encrypts two-factor secrets at rest (lib/secret-box.ts). */
  twoFactorKey: string;
  mail: { smtpUrl: string | undefined; from: string };
  exchange: {
    apiKey: string | undefined;
    apiSecret: string | undefined;
    baseUrl: string;
    /** Which commissionDataList to call (the date format is found out at run time). */
    commissionApi: 'v1' | 'v2';
    /** The commission row fields whose sum proves copy trading (BINGX_COPY_VOLUME_FIELDS). */
    copyVolumeFields: string[];
    /** BINGX_RATE_PER_SECOND: the request budget of the whole client. */
    ratePerSecond: number;
  };
  /** COMPLIANCE_MODE: when set, the compliance mode whatever the saved setting says. */
  complianceMode: 'shadow' | 'enforce' | undefined;
  chain: {
    rpcUrl: string | undefined;
    /** The chain id the node must answer (CHAIN_ID). */
    chainId: number;
    usdtContract: string;
    depositXpub: string | undefined;
    confirmations: number;
    /** Most blocks in one eth_getLogs (halved when the provider refuses a range). */
    logRange: number;
    /** Trailing blocks the payment watcher reads again on every poll. */
    rescanBlocks: number;
    /** Block explorer for transaction and address links; null: no links (an unknown chain). */
    explorerUrl: string | null;
    payoutPrivateKey: string | undefined;
    /**
     * Addresses a deposit address's USDT may leave to (SWEEP_DESTINATIONS), lower-cased: those
     * transfers are sweeps; any other outflow is a reconciliation difference.
     */
    sweepDestinations: string[];
  };
  treasury: {
    /** TREASURY_ADDRESSES, checksummed-agnostic (lower-cased), without duplicates. */
    addresses: string[];
    /** JSON-RPC requests per second the scan may make (a batch counts each call in it). */
    requestsPerSecond: number;
    /** Requests the scan keeps in flight at once. */
    concurrency: number;
    /** Addresses read per request: one Multicall3 call, or one JSON-RPC batch. */
    batchSize: number;
  };
  admin: {
    email: string | undefined;
    password: string | undefined;
    /** Base32 TOTP secret enrolled for ADMIN_EMAIL at start (automated deployments). */
    totpSecret: string | undefined;
  };
  rootReferralCode: string | undefined;
  /** The public site's links and mailbox before an administrator saves them (null: unset). */
  siteLinks: SiteLinks;
  /** The operator's facts before an administrator saves them (null: unset). */
  operator: OperatorFacts;
  redisUrl: string | undefined;
  /** Browser origins other than our own allowed to call the API; none by default. */
  corsOrigins: string[];
  /**
   * The reverse proxies whose X-Forwarded-For is believed (addresses, CIDRs or proxy-addr's
   * names); empty: the socket's address is the client's. Default: loopback only.
   */
  trustedProxies: string[];
  /** TRUST_PROXY was left unset (loopback): preflight asks the operator to decide. */
  trustedProxiesByDefault: boolean;
  /** Bearer token for /metrics; without it /metrics answers loopback callers only. */
  metricsToken: string | undefined;
  /** How often the payment watcher looks for new blocks. */
  chainPollMs: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /**
   * A log line per request: production's default; off elsewhere, so a first start's screen
   * keeps the sign-in details (REQUEST_LOGS=1 turns them on).
   */
  requestLogs: boolean;
  /** Server processes behind the one port (node:cluster): one per core in production. */
  workers: number;
  /** Why WORKERS=auto (the default) runs one process where production would run more. */
  workersNote: string | null;
}

/** BINGX_COPY_VOLUME_FIELDS, or the old BINGX_COPY_VOLUME_FIELD as a list of one; not both. */
function copyVolumeFieldsOf(fields: string | undefined, oldField: string | undefined): string[] {
  if (fields !== undefined && oldField !== undefined)
    throw new ConfigError(
      'Invalid configuration: BINGX_COPY_VOLUME_FIELD is replaced by BINGX_COPY_VOLUME_FIELDS; set only the new one',
    );
  if (fields === undefined) return [oldField ?? 'extCopyTradingVolume'];
  return [
    ...new Set(
      fields
        .split(',')
        .map((f) => f.trim())
        .filter((f) => f !== ''),
    ),
  ];
}

/** Outside production only: relays refuse a `.local` sender, which is the point. */
const DEVELOPMENT_MAIL_FROM = 'CopyTrade Network <no-reply@copytrade.local>';

/**
 * Domains nobody controls (RFC 2606, RFC 6761, mDNS): a relay refuses them or SPF and DMARC fail
 * at the receiver, so verification mails, codes and warnings would never arrive (decision 036).
 */
const RESERVED_MAIL_DOMAIN =
  /(^|\.)(local|localhost|localdomain|test|example|invalid|example\.(com|net|org))$/;

/**
 * Why a MAIL_FROM cannot send mail, or null: `Name <address@domain>` or a bare address, on a
 * real domain (reserved ones only outside production).
 */
export function mailFromProblem(
  value: string,
  options: { allowReserved?: boolean } = {},
): string | null {
  const address = (value.match(/^[^<>]*<([^<>]+)>$/)?.[1] ?? value).trim();
  const domain = address.split('@')[1]?.toLowerCase() ?? '';
  if (!isEmail(address) || !domain.includes('.'))
    return `must be an address such as "CopyTrade Network <no-reply@yourdomain.com>" (found "${value}")`;
  if (!options.allowReserved && RESERVED_MAIL_DOMAIN.test(domain))
    return `must be on a domain you control: ${domain} is reserved and relays refuse it (found "${value}")`;
  return null;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY as a list for Fastify's trustProxy; null when an entry is not an address or CIDR. */
function parseTrustedProxies(value: string): string[] | null {
  if (value.trim().toLowerCase() === 'none') return [];
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const valid = entries.every((entry) => {
    if (PROXY_NAMES.has(entry)) return true;
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return false;
    if (bits === undefined) return true;
    const max = family === 4 ? 32 : 128;
    return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
  });
  return valid && entries.length > 0 ? entries : null;
}

export interface ParseOptions {
  /**
   * Outside production without JWT_SECRET, store the generated key in DATA_DIR (the start);
   * false keeps it in memory only (preflight, which writes nothing).
   */
  storeGeneratedSecret?: boolean;
}

/** Parses an environment into a Config; throws ConfigError with one line naming the variables. */
export function parseConfig(
  env: Record<string, string | undefined>,
  options: ParseOptions = {},
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction) {
    const missing = REQUIRED_IN_PRODUCTION.filter(([name]) => e[name] === undefined);
    if (missing.length > 0) {
      const list = missing.map(([name, what]) => `${name} (${what})`).join(', ');
      throw new ConfigError(`Invalid configuration: NODE_ENV=production requires ${list}`);
    }
    if (e.DATABASE_URL === 'memory://') {
      throw new ConfigError(
        'Invalid configuration: DATABASE_URL must be a postgres:// URL in production',
      );
    }
    if (e.DEMO === '1')
      throw new ConfigError(
        'Invalid configuration: DEMO=1 (demo accounts) is refused in production',
      );
  }
  const mailFromRefused =
    e.MAIL_FROM === undefined
      ? null
      : mailFromProblem(e.MAIL_FROM, { allowReserved: !isProduction });
  if (mailFromRefused) throw new ConfigError(`Invalid configuration: MAIL_FROM ${mailFromRefused}`);
  const dataDir = resolve(e.DATA_DIR);
  const database: DatabaseTarget =
    e.DATABASE_URL === undefined
      ? { kind: 'pglite', dataDir: join(dataDir, 'pglite') }
      : e.DATABASE_URL === 'memory://'
        ? { kind: 'pglite', dataDir: null }
        : { kind: 'postgres', url: e.DATABASE_URL };
  const jwtSecret =
    e.JWT_SECRET ??
    (database.kind === 'pglite' && database.dataDir === null
      ? randomSecret()
      : storedSecret(dataDir, options.storeGeneratedSecret ?? true));
  return {
    env: e.NODE_ENV,
    isProduction,
    // Never into a PostgreSQL database just because NODE_ENV was left unset: that one may be real.
    demoMode:
      e.DEMO === '1' ||
      (e.DEMO === undefined && e.NODE_ENV === 'development' && database.kind === 'pglite'),
    devRoutes: !isProduction,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    database,
    jwtSecret,
    // Outside production the key may follow from the signing key (SecretBox derives its own
    // with HKDF); production requires its own, so rotating JWT_SECRET leaves 2FA working.
    twoFactorKey: e.TWO_FACTOR_KEY ?? derivedTwoFactorKey(jwtSecret),
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? DEVELOPMENT_MAIL_FROM },
    exchange: {
      apiKey: e.BINGX_API_KEY,
      apiSecret: e.BINGX_API_SECRET,
      baseUrl: e.BINGX_BASE_URL,
      commissionApi: e.BINGX_COMMISSION_API,
      copyVolumeFields: copyVolumeFieldsOf(e.BINGX_COPY_VOLUME_FIELDS, e.BINGX_COPY_VOLUME_FIELD),
      ratePerSecond: e.BINGX_RATE_PER_SECOND,
    },
    complianceMode: e.COMPLIANCE_MODE,
    chain: {
      rpcUrl: e.CHAIN_RPC_URL,
      chainId: e.CHAIN_ID,
      usdtContract: e.USDT_CONTRACT,
      depositXpub: e.DEPOSIT_XPUB,
      confirmations: e.CHAIN_CONFIRMATIONS,
      logRange: e.CHAIN_LOG_RANGE,
      rescanBlocks: e.CHAIN_RESCAN_BLOCKS,
      // The simulated chain's hashes are on no explorer: a link to a public one would show
      // "not found" or, worse, someone else's transaction. No link; the hash reads as text
      // (decision 050).
      explorerUrl:
        (e.EXPLORER_URL ?? (e.CHAIN_RPC_URL ? EXPLORERS[e.CHAIN_ID] : undefined))?.replace(
          /\/+$/,
          '',
        ) ?? null,
      payoutPrivateKey: e.PAYOUT_PRIVATE_KEY,
      sweepDestinations: [
        ...new Set(
          (e.SWEEP_DESTINATIONS ?? '')
            .split(',')
            .map((a) => a.trim().toLowerCase())
            .filter((a) => a !== ''),
        ),
      ],
    },
    treasury: {
      addresses: [
        ...new Set(
          (e.TREASURY_ADDRESSES ?? '')
            .split(',')
            .map((a) => a.trim().toLowerCase())
            .filter((a) => a !== ''),
        ),
      ],
      requestsPerSecond: e.TREASURY_RPC_PER_SECOND,
      concurrency: e.TREASURY_RPC_CONCURRENCY,
      batchSize: e.TREASURY_SCAN_BATCH,
    },
    admin: {
      email: e.ADMIN_EMAIL,
      password: e.ADMIN_PASSWORD,
      totpSecret: e.ADMIN_TOTP_SECRET?.toUpperCase().replaceAll(' ', ''),
    },
    rootReferralCode: e.ROOT_REFERRAL_CODE,
    siteLinks: {
      affiliateUrl: e.SITE_AFFILIATE_URL ?? null,
      copyTradingUrl: e.SITE_COPY_TRADING_URL ?? null,
      updatesChannelUrl: e.SITE_UPDATES_CHANNEL_URL ?? null,
      communityChannelUrl: e.SITE_COMMUNITY_CHANNEL_URL ?? null,
      supportEmail: e.SUPPORT_EMAIL ?? null,
    },
    operator: {
      legalName: e.OPERATOR_LEGAL_NAME ?? null,
      address: e.OPERATOR_ADDRESS ?? null,
      jurisdiction: e.OPERATOR_JURISDICTION ?? null,
      supportChannels: e.SUPPORT_CHANNELS ? (supportChannelsOf(e.SUPPORT_CHANNELS) ?? []) : [],
      supportHours: e.SUPPORT_HOURS ?? null,
      legalEffectiveDate: e.LEGAL_EFFECTIVE_DATE ?? null,
    },
    redisUrl: e.REDIS_URL,
    corsOrigins: (e.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim().replace(/\/+$/, ''))
      .filter((o) => o !== ''),
    trustedProxies: parseTrustedProxies(e.TRUST_PROXY ?? 'loopback') ?? [],
    trustedProxiesByDefault: e.TRUST_PROXY === undefined,
    metricsToken: e.METRICS_TOKEN,
    chainPollMs: e.CHAIN_POLL_SECONDS * 1000,
    logLevel: e.LOG_LEVEL,
    requestLogs: e.REQUEST_LOGS === undefined ? isProduction : e.REQUEST_LOGS === '1',
    ...workersOf(e.WORKERS, isProduction, database, e.REDIS_URL),
  };
}

/**
 * Several processes share the database, so they need PostgreSQL; and the limits on sign-in,
 * mails and codes must count across them, so they need Redis (an in-process counter would give
 * each worker its own allowance). Asked for explicitly without them, that is an error; `auto`
 * falls back to one process and says why.
 */
function workersOf(
  value: string | undefined,
  isProduction: boolean,
  database: DatabaseTarget,
  redisUrl: string | undefined,
): Pick<Config, 'workers' | 'workersNote'> {
  const missing =
    database.kind !== 'postgres'
      ? 'PostgreSQL (DATABASE_URL): the embedded database belongs to one process'
      : redisUrl === undefined
        ? 'REDIS_URL: the rate limits must count across processes'
        : null;
  if (value !== undefined && value !== 'auto') {
    const asked = Number(value);
    if (asked > 1 && missing)
      throw new ConfigError(`Invalid configuration: WORKERS=${asked} needs ${missing}`);
    return { workers: asked, workersNote: null };
  }
  if (!isProduction) return { workers: 1, workersNote: null };
  const cores = availableParallelism();
  if (missing && cores > 1)
    return { workers: 1, workersNote: `one process instead of ${cores}: set ${missing}` };
  return { workers: cores, workersNote: null };
}

/** Outside production without TWO_FACTOR_KEY: the key that follows from the signing key. */
export function derivedTwoFactorKey(jwtSecret: string): string {
  return `two-factor:${jwtSecret}`;
}

/** Reads `.env` when present, then the process environment. */
export function loadConfig(options: ParseOptions = {}): Config {
  if (existsSync('.env')) process.loadEnvFile('.env');
  return parseConfig(process.env, options);
}

function randomSecret(): string {
  return randomBytes(48).toString('base64url');
}

/** Outside production the signing key is generated once and kept in DATA_DIR. */
function storedSecret(dataDir: string, store: boolean): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  if (!store) return randomSecret();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomSecret();
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
