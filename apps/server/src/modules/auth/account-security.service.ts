import type { SessionUser } from '../../lib/session-user';
import {
  WITHDRAWAL_FREEZE_HOURS,
  type SecurityEventKind,
  type SecurityEventsResponse,
  type SessionView,
} from '@ctn/contracts/security';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { MailService } from '../mail/mail.service';
import { deviceOf } from './device';
import type { CachedSession, SessionCache } from './session-cache';
import { securityChangeMail } from './security-mails';
import type { SessionClaims, SessionTokens } from './session-tokens';
import * as q from './sessions.queries';
import { HOUR_MS } from '@ctn/contracts/time';

/** Where a request came from, as the sessions list and the security log show it. */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

/** What the auth check knows of a signed-in request. */

/** Changes that hold withdrawals for WITHDRAWAL_FREEZE_HOURS: a takeover would begin with them. */
const FREEZING: readonly SecurityEventKind[] = [
  'PASSWORD_RESET',
  'TWO_FACTOR_ENABLED',
  'TWO_FACTOR_DISABLED',
  'TWO_FACTOR_RESET',
];
/** Changes the member is mailed about. */
const MAILED: readonly SecurityEventKind[] = [
  'PASSWORD_CHANGED',
  'PASSWORD_RESET',
  'TWO_FACTOR_ENABLED',
  'TWO_FACTOR_DISABLED',
  'RECOVERY_CODES_RENEWED',
  'RECOVERY_CODE_USED',
  'SIGNED_OUT_EVERYWHERE',
  'PASSWORD_GUESSES_STOPPED',
  'TWO_FACTOR_RESET',
  'ANTI_PHISHING_PHRASE_SET',
  'ANTI_PHISHING_PHRASE_REMOVED',
];

export interface AccountSecurityDeps {
  db: Db;
  tokens: SessionTokens;
  mail: MailService;
  publicUrl: string;
  /** Sessions kept while every instance hears of their changes (docs/decisions/019). */
  cache: SessionCache;
}

/** How often a session's last-seen time is written while it is used. */
const TOUCH_EVERY_MS = 5 * 60_000;

/**
 * Sessions and the security log of every account (issue 19): each token names a session row, so
 * one session or all of them can be ended; every security change is logged and mailed, and some
 * hold withdrawals for a day.
 */
export class AccountSecurityService {
  private readonly lookup: ReturnType<typeof q.sessionLookup>;

  constructor(private readonly deps: AccountSecurityDeps) {
    this.lookup = q.sessionLookup(deps.db);
  }

  /** A new session and its token. */
  async open(
    db: Db,
    user: { id: string; tokenVersion: number },
    origin: RequestOrigin,
    ttlSeconds: number,
  ): Promise<string> {
    const sessionId = await q.insertSession(db, {
      userId: user.id,
      ip: origin.ip,
      userAgent: origin.userAgent,
      expiresAt: new Date(Date.now() + ttlSeconds * 1000),
    });
    return this.deps.tokens.sign(
      { userId: user.id, version: user.tokenVersion, sessionId },
      ttlSeconds,
    );
  }

  /** A new token for a session that stays (after a password change bumped the version). */
  reissue(user: { id: string; tokenVersion: number }, sessionId: string, ttlSeconds: number) {
    return this.deps.tokens.sign(
      { userId: user.id, version: user.tokenVersion, sessionId },
      ttlSeconds,
    );
  }

  /**
   * The user behind a bearer token, or null when its session has ended or never was. `fresh`
   * reads the database even when the session is kept: a kept session can be a notification's
   * flight (a millisecond or so) behind a change committed elsewhere, which a read may be, but a
   * write (a withdrawal, a payout approval) may not.
   */
  async sessionUser(token: string, fresh = false): Promise<SessionUser | null> {
    const claims = this.deps.tokens.verify(token);
    if (!claims) return null;
    const session =
      (fresh ? undefined : this.deps.cache.get(claims.userId, claims.sessionId)) ??
      (await this.readSession(claims));
    if (!session || !holds(session, claims)) return null;
    if (dueForTouch(session)) {
      session.lastSeenAt = new Date();
      await q.touchSession(this.deps.db, claims.sessionId);
    }
    return userOf(session, claims);
  }

  /**
   * `sessionUser` for a read, when this process can answer it from memory alone (a valid token
   * and a kept session not due for its last-seen touch): no promise for the request to wait on.
   * `undefined` when the answer needs the database.
   */
  keptSessionUser(token: string): SessionUser | null | undefined {
    const claims = this.deps.tokens.verify(token);
    if (!claims) return null;
    const session = this.deps.cache.get(claims.userId, claims.sessionId);
    if (!session || dueForTouch(session)) return undefined;
    return holds(session, claims) ? userOf(session, claims) : null;
  }

  /** The session row from the database, kept for the next request when nothing changed meanwhile. */
  private async readSession(claims: {
    userId: string;
    sessionId: string;
  }): Promise<CachedSession | undefined> {
    const epoch = this.deps.cache.begin();
    const row = await this.lookup(claims.sessionId);
    if (!row) return undefined;
    const session: CachedSession = {
      userId: row.sessionUserId,
      email: row.email,
      isAdmin: row.isAdmin,
      status: row.status,
      tokenVersion: row.tokenVersion,
      twoFactor: row.twoFactor,
      endedAt: row.endedAt,
      lastSeenAt: row.lastSeenAt,
    };
    this.deps.cache.store(epoch, claims.sessionId, session);
    return session;
  }

  async sessions(userId: string, currentSessionId: string): Promise<SessionView[]> {
    const rows = await q.openSessions(this.deps.db, userId);
    return rows.map((s) => ({
      id: s.id,
      device: deviceOf(s.userAgent),
      ip: s.ip,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      current: s.id === currentSessionId,
    }));
  }

  async endSession(
    user: { id: string; email: string; firstName: string },
    sessionId: string,
    origin: RequestOrigin,
  ): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      if (!(await q.endSession(tx, user.id, sessionId))) throw new AppError('NOT_FOUND');
      await this.record(tx, user, 'SESSION_ENDED', origin);
    });
  }

  /** Sign-out: the calling session ends; its token is refused from now on. */
  async signOut(
    user: { id: string; email: string; firstName: string },
    sessionId: string,
    origin: RequestOrigin,
  ): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      if (await q.endSession(tx, user.id, sessionId))
        await this.record(tx, user, 'SIGNED_OUT', origin);
    });
  }

  /** "Sign out everywhere": every session of the account ends, the asking one too. */
  async signOutEverywhere(
    user: { id: string; email: string; firstName: string },
    origin: RequestOrigin,
  ): Promise<void> {
    await this.deps.db.transaction((tx) => this.endEverywhere(tx, user, null, origin));
    this.deps.mail.kick();
  }

  /** Ends every session of the account but `keep` (null: all of them, the asking one too). */
  async endEverywhere(
    tx: Db,
    user: { id: string; email: string; firstName: string },
    keep: string | null,
    origin: RequestOrigin,
    kind: SecurityEventKind = 'SIGNED_OUT_EVERYWHERE',
  ): Promise<void> {
    await q.endSessions(tx, user.id, keep);
    await this.record(tx, user, kind, origin);
  }

  /** Logs a security event in the caller's transaction, and mails the member when it is a change. */
  async record(
    tx: Db,
    user: { id: string; email: string; firstName: string },
    kind: SecurityEventKind,
    origin: RequestOrigin,
  ): Promise<void> {
    await q.insertSecurityEvent(tx, { userId: user.id, kind, ...origin });
    if (MAILED.includes(kind))
      await this.deps.mail.enqueue(
        tx,
        securityChangeMail(user, { kind, ...origin, at: new Date() }, this.deps.publicUrl),
      );
  }

  /** An event that is no change and needs no mail (a withdrawal request), in the caller's transaction. */
  async log(tx: Db, userId: string, kind: SecurityEventKind, origin: RequestOrigin): Promise<void> {
    await q.insertSecurityEvent(tx, { userId, kind, ...origin });
  }

  /** Sends at once the mails that `record` queued in a caller's transaction, now committed. */
  mailQueued(): void {
    this.deps.mail.kick();
  }

  /** `record` in a transaction of its own, the mail sent at once. */
  async recordNow(
    user: { id: string; email: string; firstName: string },
    kind: SecurityEventKind,
    origin: RequestOrigin,
  ): Promise<void> {
    await this.deps.db.transaction((tx) => this.record(tx, user, kind, origin));
    this.deps.mail.kick();
  }

  async events(userId: string): Promise<SecurityEventsResponse> {
    const rows = await q.recentSecurityEvents(this.deps.db, userId);
    const frozenUntil = await this.withdrawalsFrozenUntil(userId);
    return {
      events: rows.map((e) => ({
        kind: e.kind as SecurityEventKind,
        device: e.userAgent === null ? null : deviceOf(e.userAgent),
        ip: e.ip,
        createdAt: e.createdAt.toISOString(),
      })),
      withdrawalsFrozenUntil: frozenUntil?.toISOString() ?? null,
    };
  }

  /** Until when withdrawals wait after a password reset or a two-factor change, or null. */
  async withdrawalsFrozenUntil(userId: string, now = new Date()): Promise<Date | null> {
    const since = new Date(now.getTime() - WITHDRAWAL_FREEZE_HOURS * HOUR_MS);
    const latest = await q.latestEventOf(this.deps.db, userId, FREEZING, since);
    return latest ? new Date(latest.createdAt.getTime() + WITHDRAWAL_FREEZE_HOURS * HOUR_MS) : null;
  }
}

/** Whether a session row still carries the token: not ended, same user and version, active. */
function holds(session: CachedSession, claims: SessionClaims): boolean {
  return (
    session.endedAt === null &&
    session.userId === claims.userId &&
    session.tokenVersion === claims.version &&
    session.status === 'ACTIVE'
  );
}

/** The session's last-seen time is written at most every TOUCH_EVERY_MS. */
function dueForTouch(session: CachedSession): boolean {
  return Date.now() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS;
}

function userOf(session: CachedSession, claims: SessionClaims): SessionUser {
  return {
    id: session.userId,
    email: session.email,
    isAdmin: session.isAdmin,
    twoFactor: session.twoFactor,
    sessionId: claims.sessionId,
  };
}
