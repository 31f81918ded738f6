import type { Db } from '../../db/client';
import { supportTickets } from '../../db/schema';

export interface NewTicket {
  name: string;
  email: string;
  topic: string;
  subject: string;
  message: string;
  ip: string | null;
}

/** Stores the ticket; its sequence number. */
export async function insertTicket(db: Db, ticket: NewTicket): Promise<number> {
  const [row] = await db.insert(supportTickets).values(ticket).returning({ id: supportTickets.id });
  return row!.id;
}
