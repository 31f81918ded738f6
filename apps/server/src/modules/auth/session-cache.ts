import type { ChangeFeed } from '../../db/change-feed';

/** The channel migration 0020's triggers notify, with the user's id, on every session change. */
export const SESSION_CHANGES = 'session_changes';

/** What the session check read of a session and its user. */
export interface CachedSession {
  userId: string;
  email: string;
  isAdmin: boolean;
  status: string;
  tokenVersion: number;
  twoFactor: boolean;
  endedAt: Date | null;
  lastSeenAt: Date;
}

interface Entry {
  session: CachedSession;
  storedAt: number;
}

export interface SessionCacheOptions {
  /** A bound on a missed notification we could not detect; never the means of revocation. */
  maxAgeMs?: number;
  /** Past this many sessions the cache starts again empty. */
  maxEntries?: number;
  now?: () => number;
}

/**
 * The session check's row, kept in this process while PostgreSQL's notifications reach it
 * (docs/decisions/019): a password change, a lock, a sign-out or a second factor changed anywhere
 * drops the user's sessions from every instance's cache when its transaction commits. Without a
 * live feed (PGlite, a broken connection) nothing is kept and every check reads the database.
 *
 * A read that started before a notification must not store what it read after the notification
 * has dropped it: `begin()` takes the epoch, which every notification moves on, and `store()`
 * keeps the row only if the epoch has not moved.
 */
export class SessionCache {
  private readonly byUser = new Map<string, Map<string, Entry>>();
  private size = 0;
  private epoch = 0;
  private readonly maxAgeMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(
    private readonly feed: ChangeFeed | null,
    options: SessionCacheOptions = {},
  ) {
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
    this.maxEntries = options.maxEntries ?? 100_000;
    this.now = options.now ?? Date.now;
    feed?.subscribe({ changed: (userId) => this.forgetUser(userId), reset: () => this.clear() });
  }

  /** A kept session, or undefined: not kept, too old, or the feed is down. */
  get(userId: string, sessionId: string): CachedSession | undefined {
    if (!this.feed?.live) return undefined;
    const entry = this.byUser.get(userId)?.get(sessionId);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt > this.maxAgeMs) {
      this.forgetUser(userId);
      return undefined;
    }
    return entry.session;
  }

  /** Taken before reading the database; hand it to `store`. */
  begin(): number {
    return this.epoch;
  }

  /** Keeps what was read since `begin()`, unless a change was announced in between. */
  store(epoch: number, sessionId: string, session: CachedSession): void {
    if (epoch !== this.epoch || !this.feed?.live) return;
    if (this.size >= this.maxEntries) this.clear();
    let sessions = this.byUser.get(session.userId);
    if (!sessions) {
      sessions = new Map();
      this.byUser.set(session.userId, sessions);
    }
    if (!sessions.has(sessionId)) this.size += 1;
    sessions.set(sessionId, { session, storedAt: this.now() });
  }

  private forgetUser(userId: string): void {
    this.epoch += 1;
    const sessions = this.byUser.get(userId);
    if (!sessions) return;
    this.size -= sessions.size;
    this.byUser.delete(userId);
  }

  private clear(): void {
    this.epoch += 1;
    this.byUser.clear();
    this.size = 0;
  }
}
