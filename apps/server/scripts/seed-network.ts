// npm run seed:network -- --members N [--under CODE] [--seed S]
//
// Writes a generated referral network of N members into the configured database (DATABASE_URL,
// or the embedded PGlite in DATA_DIR: stop the app first, PGlite has one user at a time). The
// network hangs below a new top member, who can sign in (printed at the end); the top member
// joins under the member with referral code CODE (default: the network's root account). Run it
// with --under TRADEWAY to give the demo member a large, deep network.
import { parseArgs } from 'node:util';
import { createServices } from '../src/services';
import { ConfigError, loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { generateNetwork } from './network-generator';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      members: { type: 'string', default: '1000' },
      under: { type: 'string' },
      seed: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log('usage: npm run seed:network -- --members N [--under REFERRALCODE] [--seed S]');
    return;
  }
  const members = Number(values.members);
  if (!Number.isInteger(members) || members < 1 || members > 10_000_000) {
    console.error('--members must be a whole number from 1 to 10000000');
    process.exit(2);
  }

  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    await migrate(database);
    const composition = await createServices(config, database);
    const where =
      config.database.kind === 'postgres'
        ? 'PostgreSQL'
        : `PGlite in ${config.database.dataDir ?? 'memory'}`;
    console.log(`Generating ${members} members into ${where}`);
    const result = await generateNetwork(database, composition.services, {
      members,
      underCode: values.under,
      seed: values.seed === undefined ? undefined : Number(values.seed),
      log: (line) => console.log(line),
    });
    await composition.close();
    console.log(
      [
        `Done in ${result.seconds.toFixed(1)} s: ${result.members} members, ${result.deepestLevel} levels below the top member, ${result.paths} closure rows.`,
        `Sign in as ${result.top.email} / ${result.top.password} (referral code ${result.top.referralCode}) to browse it.`,
      ].join('\n'),
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
