// npm run admin:reset-two-factor EMAIL
//
// Removes the second factor of the account EMAIL against the configured database (DATABASE_URL,
// or the embedded PGlite in DATA_DIR: stop the app first), to recover the last administrator
// who lost theirs (decision 039). As the admin page's reset: every session of the account ends,
// withdrawals wait 24 hours, the owner is mailed, and the audit log names the server console.
// The account signs in with its password and, if it is an administrator, enrols a new factor.
import { createServices } from '../src/services';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { AppError } from '../src/lib/app-error';
import { SERVER_CONSOLE } from '../src/modules/audit/audit.service';

async function main(email: string | undefined): Promise<number> {
  if (!email) {
    console.error('usage: npm run admin:reset-two-factor EMAIL');
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    await migrate(database);
    const composition = await createServices(config, database);
    try {
      const { auth } = composition.services;
      const account = await auth.findByEmail(email);
      if (!account) {
        console.error(`no account with the email ${email}`);
        return 1;
      }
      await auth.resetSecondFactor(account.id, SERVER_CONSOLE, []);
      console.log(
        `second factor of ${account.email} removed: sessions ended, withdrawals held 24 h, owner mailed, audited as the server console`,
      );
      return 0;
    } finally {
      await composition.close();
    }
  } finally {
    await database.close();
  }
}

main(process.argv[2]).then(
  (code) => process.exit(code),
  (err: unknown) => {
    // A refusal of ours (no second factor to reset) is one line, not a stack.
    if (err instanceof AppError) {
      console.error(`refused: ${err.code}: ${err.message}`);
      process.exit(1);
    }
    console.error(err);
    process.exit(2);
  },
);
