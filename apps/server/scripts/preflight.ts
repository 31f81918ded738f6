// npm run preflight [-- --send-test-to ADDRESS]
//
// Before a launch (and after any change of the environment): the start's configuration (.env,
// then the environment; a bad variable gives the start's own line), then every launch check
// against the real peers: the database, the chain, the secrets, the public URL, the proxies, the
// SMTP relay (with --send-test-to, one test mail through it) and BingX (docs/operations.md,
// "Launch"; decision 042). Writes nothing but the test mail asked for: pending migrations are
// reported (the start applies them), the embedded database is not created, no generated key is
// stored.
// With the embedded database (no DATABASE_URL), stop the app first: it is one process's.
// One line per check: `ok`, `warn` (passes) or `FAIL`, the variable at fault and what was found.
// Exits 1 on any FAIL, 0 otherwise.
import { existsSync } from 'node:fs';
import { isEmail } from '@ctn/contracts/validation';
import { ConfigError, loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { fail, formatResult, runChecks } from '../src/lib/preflight';
import { launchChecks } from '../src/modules/launch-checklist/launch-checks';
import type { CheckResult } from '@ctn/contracts/launch-checklist';

const USAGE = 'usage: npm run preflight [-- --send-test-to ADDRESS]';

function parseArgs(args: string[]): { sendTestTo?: string } | string {
  if (args.length === 0) return {};
  const [flag, address, ...rest] = args;
  if (flag !== '--send-test-to' || address === undefined || rest.length > 0) return USAGE;
  if (!isEmail(address)) return `--send-test-to ${address}: not an email address`;
  return { sendTestTo: address };
}

/** The database as the start would open it; null where opening would create it. */
async function existingDatabase(config: Config): Promise<Database | null> {
  const { database } = config;
  if (database.kind === 'pglite' && database.dataDir !== null && !existsSync(database.dataDir))
    return null;
  return openDatabase(database);
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (typeof args === 'string') {
    console.log(formatResult(fail('arguments', null, args)));
    return 1;
  }
  let config: Config;
  try {
    config = loadConfig({ storeGeneratedSecret: false });
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.log(`FAIL ${err.message}`);
    return 1;
  }
  let database: Database | null = null;
  const open = async () => (database = await existingDatabase(config));
  const results: CheckResult[] = [];
  try {
    results.push(...(await runChecks(launchChecks(config, open, args))));
  } finally {
    await (database as Database | null)?.close();
  }
  for (const result of results) console.log(formatResult(result));
  const count = (state: CheckResult['state']) => results.filter((r) => r.state === state).length;
  console.log(`preflight: ${count('ok')} ok, ${count('warn')} warnings, ${count('fail')} failures`);
  return count('fail') > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(2);
  },
);
