import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';

/**
 * The deposit addresses that have ever been credited a payment, lower-cased: the only ones with
 * USDT to send (an address that never received any has nothing to sweep; a transfer to one that
 * was not credited is the chain part's own difference, and its address is added there).
 */
export async function fundedDepositAddresses(db: Db): Promise<string[]> {
  const rows = await rowsOf<{ address: string }>(
    db,
    sql`select lower(u.wallet_address) as address
          from users u
         where u.wallet_address is not null
           and exists (select 1 from subscription_payments p where p.user_id = u.id)`,
  );
  return rows.map((r) => r.address);
}
