// npm run ledger:verify
//
// Recomputes every balance from the ledger and every reward credit from its lines, against the
// configured database (DATABASE_URL, or the embedded PGlite in DATA_DIR: stop the app first),
// then prints the reconciliation report of the admin page (chain against payments credited,
// liabilities, hot wallet) with the configured chain (CHAIN_RPC_URL; without it the simulated
// chain, which holds no payments: that part is then not checked).
// Prints what differs and exits 1 on any difference, 0 when the books agree.
import { createServices } from '../src/services';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';

async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    await migrate(database);
    const composition = await createServices(config, database);
    const { ledger, rewards, reconciliation } = composition.services;
    const started = performance.now();
    const [report, rewardMismatches, reconciled] = await Promise.all([
      ledger.verify(1000),
      rewards.verifyAgainstLedger(1000),
      reconciliation.compare(),
    ]).finally(() => composition.close());
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    console.log(
      `ledger: ${report.entries} entries, ${report.members} balances, checked in ${seconds} s`,
    );
    for (const m of report.mismatches)
      console.log(`  balance  ${m.userId} ${m.column}: balance ${m.balance}, ledger ${m.ledger}`);
    for (const m of rewardMismatches)
      console.log(`  rewards  ${m.userId} ${m.source}: lines ${m.rewards}, ledger ${m.ledger}`);
    const { chain, ledger: owed, hotWallet } = reconciled;
    console.log(`reconciliation:`);
    console.log(
      `  chain       ${chain.checked ? 'checked' : 'NOT CHECKED'}: ${chain.note} ${chain.transfers} transfers, ${chain.credited} credited`,
    );
    console.log(
      `  liabilities ${owed.liabilities.toFixed(6)} USDT owed, ${owed.pendingWithdrawals.toFixed(6)} USDT in pending withdrawals`,
    );
    console.log(
      `  hot wallet  ${hotWallet.checked ? 'checked' : 'NOT CHECKED'}: ${hotWallet.note}${hotWallet.balance === null ? '' : ` ${hotWallet.balance} USDT held, ${hotWallet.inFlight} USDT in flight`}`,
    );
    // Balance mismatches are printed above already; the rest of the report's differences here.
    const others = reconciled.differences.filter((d) => d.kind !== 'BALANCE_MISMATCH');
    for (const d of others)
      console.log(`  ${d.kind}  ${d.detail}${d.transactionHash ? ` tx ${d.transactionHash}` : ''}`);
    const differences = report.mismatches.length + rewardMismatches.length + others.length;
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
