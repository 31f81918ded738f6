import type { AuditAction, AuditLogQuery, AuditLogResponse } from '@ctn/contracts/audit';
import type { Db } from '../../db/client';
import { validationError } from '../../lib/app-error';
import { pageOf } from '../../lib/pagination';
import * as q from './audit.queries';

/** Who did it, from where: the administrator's id and email and the request's address. */
export interface Actor {
  id: string;
  email: string;
  ip: string | null;
}

/** The actor of an action taken on the server itself (an operator's script): no account. */
export const SERVER_CONSOLE = { id: null, email: 'server console', ip: null } as const;

export interface AuditRecord {
  action: AuditAction;
  target?: { type: string; id: string };
  before?: unknown;
  after?: unknown;
}

/** The audit log: written in the same transaction as the action it records. */
export class AuditService {
  constructor(private readonly db: Db) {}

  record(tx: Db, actor: Actor | typeof SERVER_CONSOLE, record: AuditRecord): Promise<void> {
    return q.insertEntry(tx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: record.action,
      targetType: record.target?.type ?? null,
      targetId: record.target?.id ?? null,
      before: record.before ?? null,
      after: record.after ?? null,
      ip: actor.ip,
    });
  }

  async list(query: AuditLogQuery): Promise<AuditLogResponse> {
    // Valid ISO, yet before year 1 in UTC: PostgreSQL has no year 0 to compare with.
    for (const field of ['from', 'to'] as const) {
      const value = query[field];
      if (value !== undefined && new Date(value).getUTCFullYear() < 1)
        throw validationError([{ field, message: `${field} must be a date from year 1 on` }]);
    }
    const { offset } = pageOf(query.page, query.limit, 0);
    const { rows, total } = await q.listEntries(this.db, query, offset);
    const page = pageOf(query.page, query.limit, total);
    return {
      entries: rows.map((r) => ({
        _id: r.id,
        actor: { _id: r.actorId, email: r.actorEmail },
        action: r.action,
        target: { type: r.targetType, id: r.targetId },
        before: r.before,
        after: r.after,
        ip: r.ip,
        createdAt: r.createdAt.toISOString(),
      })),
      pagination: {
        currentPage: query.page,
        totalPages: page.totalPages,
        totalRecords: total,
        limit: query.limit,
        hasNext: page.hasNext,
        hasPrev: page.hasPrev,
      },
    };
  }
}
