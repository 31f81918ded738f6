import { describe, expect, it } from 'vitest';
import type { ChangeFeed, ChangeListener } from '../../db/change-feed';
import { SessionCache, type CachedSession } from './session-cache';

/** A feed the test drives: notifications and connection loss on demand. */
function fakeFeed() {
  const listeners: ChangeListener[] = [];
  const feed = {
    live: true,
    subscribe: (l: ChangeListener) => void listeners.push(l),
    sync: async () => undefined,
    close: async () => undefined,
    notify: (userId: string) => listeners.forEach((l) => l.changed(userId)),
    drop() {
      feed.live = false;
      listeners.forEach((l) => l.reset());
    },
  };
  return feed satisfies ChangeFeed;
}

const session = (userId: string): CachedSession => ({
  userId,
  email: `${userId}@example.com`,
  isAdmin: false,
  status: 'ACTIVE',
  tokenVersion: 0,
  twoFactor: false,
  endedAt: null,
  lastSeenAt: new Date(),
});

describe('SessionCache', () => {
  it('keeps a session read while the feed is live', () => {
    const cache = new SessionCache(fakeFeed());
    cache.store(cache.begin(), 's1', session('u1'));
    expect(cache.get('u1', 's1')?.email).toBe('u1@example.com');
    expect(cache.get('u1', 's2')).toBeUndefined();
    expect(cache.get('u2', 's1')).toBeUndefined();
  });

  it('keeps nothing without a feed (PGlite) or while the feed is down', () => {
    const none = new SessionCache(null);
    none.store(none.begin(), 's1', session('u1'));
    expect(none.get('u1', 's1')).toBeUndefined();

    const feed = fakeFeed();
    const cache = new SessionCache(feed);
    cache.store(cache.begin(), 's1', session('u1'));
    feed.drop();
    expect(cache.get('u1', 's1')).toBeUndefined();
    cache.store(cache.begin(), 's1', session('u1'));
    feed.live = true;
    expect(cache.get('u1', 's1')).toBeUndefined();
  });

  it('drops every session of the user a notification names, and only theirs', () => {
    const feed = fakeFeed();
    const cache = new SessionCache(feed);
    cache.store(cache.begin(), 's1', session('u1'));
    cache.store(cache.begin(), 's2', session('u1'));
    cache.store(cache.begin(), 's3', session('u2'));
    feed.notify('u1');
    expect(cache.get('u1', 's1')).toBeUndefined();
    expect(cache.get('u1', 's2')).toBeUndefined();
    expect(cache.get('u2', 's3')).toBeDefined();
  });

  it('does not keep a row read before a notification that arrived during the read', () => {
    const feed = fakeFeed();
    const cache = new SessionCache(feed);
    const epoch = cache.begin();
    // The lookup is in flight when another instance commits a lock of some member.
    feed.notify('u1');
    cache.store(epoch, 's1', session('u1'));
    expect(cache.get('u1', 's1')).toBeUndefined();
    cache.store(cache.begin(), 's1', session('u1'));
    expect(cache.get('u1', 's1')).toBeDefined();
  });

  it('forgets sessions past their age and starts again when full', () => {
    let now = 0;
    const cache = new SessionCache(fakeFeed(), { maxAgeMs: 1_000, maxEntries: 2, now: () => now });
    cache.store(cache.begin(), 's1', session('u1'));
    now = 1_001;
    expect(cache.get('u1', 's1')).toBeUndefined();
    cache.store(cache.begin(), 's1', session('u1'));
    cache.store(cache.begin(), 's2', session('u2'));
    cache.store(cache.begin(), 's3', session('u3'));
    expect(cache.get('u1', 's1')).toBeUndefined();
    expect(cache.get('u3', 's3')).toBeDefined();
  });
});
