import { and, desc, eq, gte, ilike, lte, sql, type SQL } from 'drizzle-orm';
import type { AuditLogQuery } from '@ctn/contracts/audit';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import { containsPattern } from '../../lib/pagination';

export type NewAuditEntry = typeof auditLog.$inferInsert;

export async function insertEntry(db: Db, entry: NewAuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}

export async function listEntries(db: Db, query: AuditLogQuery, offset: number) {
  const conditions: (SQL | undefined)[] = [];
  if (query.actor) conditions.push(ilike(auditLog.actorEmail, containsPattern(query.actor)));
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.from) conditions.push(gte(auditLog.createdAt, new Date(query.from)));
  if (query.to) conditions.push(lte(auditLog.createdAt, new Date(query.to)));
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}
