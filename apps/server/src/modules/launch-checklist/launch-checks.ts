import type { CheckResult } from '@ctn/contracts/launch-checklist';
import type { Config } from '../../config';
import { pingDatabase, type Database } from '../../db/client';
import { migrationState } from '../../db/migrate';
import { chainPreflight } from '../../integrations/chain/chain-preflight';
import { judgeChainIdentity, probeChainIdentity } from '../../integrations/chain/chain-identity';
import { fail, ok, reasonOf, warn, type PreflightCheck } from '../../lib/preflight';
import {
  publicUrlCheck,
  secretsCheck,
  treasuryAddressesCheck,
  trustProxyCheck,
} from './config-checks';
import { bingxCheck, smtpCheck } from './peer-checks';

/**
 * The launch checks, in the order they print (decision 042): `npm run preflight` runs them once
 * with the start's configuration, the admin dashboard's launch checklist runs them again now and
 * then. Each reads and never writes.
 *
 * The peers' checks reuse their integrations' probes:
 * - chain identity (`integrations/chain/`): CHAIN_ID against eth_chainId, USDT_CONTRACT's code
 *   and decimals, then the JSON-RPC checks;
 * - SMTP (`peer-checks.ts`, `checkSmtpRelay`): SMTP_URL's handshake and login, and with
 *   `LaunchCheckOptions.sendTestTo` a test mail from MAIL_FROM;
 * - BingX (`peer-checks.ts`, `checkBingx`): the clock's skew, a signed call with the agent key,
 *   its permissions, which commission API version and date format answer.
 */
export interface LaunchCheckOptions {
  /** `npm run preflight --send-test-to ADDRESS`: where the SMTP check sends a test mail. */
  sendTestTo?: string;
}

/**
 * `database`: the database the checks read: the server's own, or, for the script, opened on
 * first use (null where opening would create the embedded one).
 */
export function launchChecks(
  config: Config,
  database: () => Promise<Database | null>,
  options: LaunchCheckOptions = {},
): PreflightCheck[] {
  return [
    databaseCheck(config, database),
    secretsCheck(config),
    publicUrlCheck(config),
    trustProxyCheck(config),
    treasuryAddressesCheck(config),
    chainCheck(config),
    smtpCheck(config, options.sendTestTo),
    bingxCheck(config),
  ];
}

/**
 * The database answers and which migrations the next start applies (they run at start, so
 * pending ones are reported, not applied).
 */
function databaseCheck(config: Config, open: () => Promise<Database | null>): PreflightCheck {
  // The embedded database lives in DATA_DIR unless DATABASE_URL names one (memory:// included).
  const inDataDir = config.database.kind === 'pglite' && config.database.dataDir !== null;
  const variable = inDataDir ? 'DATA_DIR' : 'DATABASE_URL';
  const check = 'database';
  return {
    name: check,
    variable,
    run: async (): Promise<CheckResult[]> => {
      let database: Database | null;
      let latency: number;
      try {
        database = await open();
        if (database === null)
          return [
            warn(check, variable, 'the embedded database does not exist yet: the start creates it'),
          ];
        latency = await pingDatabase(database.db);
      } catch (err) {
        return [fail(check, variable, `unreachable: ${reasonOf(err)}`)];
      }
      const driver = database.driver === 'postgres' ? 'PostgreSQL' : 'embedded PGlite';
      const state = await migrationState(database.db);
      const reached = `${driver} answers in ${latency.toFixed(1)} ms`;
      if (state.unknown > 0)
        return [
          fail(
            check,
            variable,
            `${reached}; it holds ${state.unknown} migrations this build does not have: a newer build ran on it`,
          ),
        ];
      if (state.pending.length > 0)
        return [
          warn(
            check,
            variable,
            `${reached}; ${state.pending.length} migrations pending (${span(state.pending)}): the start applies them`,
          ),
        ];
      return [ok(check, variable, `${reached}; ${state.applied} migrations applied, none pending`)];
    },
  };
}

function chainCheck(config: Config): PreflightCheck {
  const { rpcUrl, usdtContract } = config.chain;
  return {
    name: 'chain',
    variable: 'CHAIN_RPC_URL',
    run: async () => {
      if (rpcUrl === undefined)
        return [
          warn(
            'chain',
            'CHAIN_RPC_URL',
            'not set: the built-in simulated chain answers (never in production)',
          ),
        ];
      // Which chain and token first, as the start does: on the wrong chain, or with the wrong
      // token, the other answers mean nothing (decision 035).
      const probe = await probeChainIdentity(rpcUrl, usdtContract);
      const verdict = judgeChainIdentity(probe, { chainId: config.chain.chainId, usdtContract });
      if (verdict.problem !== null) {
        const [variable, ...found] = verdict.problem.split(': ');
        return [fail('chain identity', variable ?? 'CHAIN_RPC_URL', found.join(': '))];
      }
      const identity = ok(
        'chain identity',
        'CHAIN_ID',
        `chain id ${probe.chainId}; USDT_CONTRACT has code and ${verdict.tokenDecimals} decimals`,
      );
      const rest = await chainPreflight({
        rpcUrl,
        usdtContract,
        tokenDecimals: verdict.tokenDecimals,
        logRange: config.chain.logRange,
        confirmations: config.chain.confirmations,
        payoutPrivateKey: config.chain.payoutPrivateKey,
      });
      return [identity, ...rest];
    },
  };
}

/** "0027_a, 0028_b", or "0000_init … 0028_b" for a long list. */
function span(tags: string[]): string {
  return tags.length <= 3 ? tags.join(', ') : `${tags[0]} … ${tags.at(-1)}`;
}
