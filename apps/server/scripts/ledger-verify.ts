// npm run ledger:verify
//
// Recomputes every balance from the ledger and every reward credit from its lines, against the
// configured database (DATABASE_URL, or the embedded PGlite in DATA_DIR: stop the app first).
// Prints what differs and exits 1 on any difference, 0 when the books agree.
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { LedgerService } from '../src/modules/ledger/ledger.service';
import { RewardsService } from '../src/modules/rewards/rewards.service';
import { SettingsService } from '../src/modules/settings/settings.service';
import { AuditService } from '../src/modules/audit/audit.service';

async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    await migrate(database);
    const ledger = new LedgerService(database.db);
    const rewards = new RewardsService(
      database.db,
      new SettingsService(database.db, new AuditService(database.db)),
    );
    const started = performance.now();
    const [report, rewardMismatches] = await Promise.all([
      ledger.verify(1000),
      rewards.verifyAgainstLedger(1000),
    ]);
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    console.log(
      `ledger: ${report.entries} entries, ${report.members} balances, checked in ${seconds} s`,
    );
    for (const m of report.mismatches)
      console.log(`  balance  ${m.userId} ${m.column}: balance ${m.balance}, ledger ${m.ledger}`);
    for (const m of rewardMismatches)
      console.log(`  rewards  ${m.userId} ${m.source}: lines ${m.rewards}, ledger ${m.ledger}`);
    const differences = report.mismatches.length + rewardMismatches.length;
    console.log(
      differences === 0 ? 'ledger verify: clean' : `ledger verify: ${differences} differences`,
    );
    return differences === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(2);
  },
);
