import pg from 'pg';

/** What a subscriber of a change feed is told. */
export interface ChangeListener {
  /** A notification's payload, delivered after the transaction that sent it committed. */
  changed(payload: string): void;
  /**
   * Notifications may have been missed (the connection broke, or it has just been made):
   * forget everything derived from the channel's data.
   */
  reset(): void;
}

export interface ChangeFeed {
  /** True while the feed is listening: only then can data derived from it be kept. */
  readonly live: boolean;
  subscribe(listener: ChangeListener): void;
  /**
   * Resolves once every notification committed before the call has been handed to the
   * subscribers: PostgreSQL sends a listening connection what is pending before it answers a
   * query on it. Immediate when not live (nothing is kept then).
   */
  sync(): Promise<void>;
  close(): Promise<void>;
}

const RETRY_MS = [100, 500, 1_000, 2_000, 5_000];
/**
 * A connection that died without a word (a partition, a proxy's idle cut) delivers nothing and
 * reports nothing: a heartbeat finds it within HEARTBEAT_MS + its timeout.
 */
const HEARTBEAT_MS = 5_000;
const HEARTBEAT_TIMEOUT_MS = 3_000;

/**
 * A PostgreSQL channel (LISTEN) on a connection of its own, outside the pool, made again when it
 * breaks. While it is down `live` is false and every subscriber has been reset, so nothing is
 * kept on the strength of notifications that could not arrive; once it listens again, subscribers
 * are reset once more (what changed in between was not announced to us).
 */
export function listenTo(
  url: string,
  channel: string,
  warn: (message: string) => void = console.warn,
): ChangeFeed {
  const listeners: ChangeListener[] = [];
  let live = false;
  let closed = false;
  let client: pg.Client | null = null;
  let failures = 0;
  let retry: NodeJS.Timeout | null = null;
  let heartbeat: NodeJS.Timeout | null = null;

  const resetAll = () => {
    for (const l of listeners) l.reset();
  };
  const down = (why: string) => {
    if (client === null) return;
    const broken = client;
    client = null;
    live = false;
    if (heartbeat) clearInterval(heartbeat);
    resetAll();
    broken.removeAllListeners();
    broken.on('error', () => undefined);
    void broken.end().catch(() => undefined);
    if (closed) return;
    warn(`change feed ${channel}: ${why}; listening again shortly`);
    const wait = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!;
    failures += 1;
    retry = setTimeout(() => void connect(), wait);
    retry.unref();
  };
  const connect = async () => {
    retry = null;
    if (closed) return;
    const next = new pg.Client({
      connectionString: url,
      // Named in pg_stat_activity, for an operator (and a test) to find it.
      application_name: `ctn-listen-${channel}`,
      keepAlive: true,
      query_timeout: HEARTBEAT_TIMEOUT_MS,
    });
    client = next;
    next.on('error', (err) => down(err.message));
    next.on('end', () => down('the connection ended'));
    next.on('notification', (message) => {
      if (message.channel !== channel || message.payload === undefined) return;
      for (const l of listeners) l.changed(message.payload);
    });
    try {
      await next.connect();
      await next.query(`listen "${channel.replaceAll('"', '""')}"`);
    } catch (err) {
      down(err instanceof Error ? err.message : String(err));
      return;
    }
    if (client !== next || closed) return;
    failures = 0;
    resetAll();
    live = true;
    heartbeat = setInterval(() => {
      next.query('select 1').catch((err: unknown) => {
        if (client === next) down(`no answer to the heartbeat (${String(err)})`);
      });
    }, HEARTBEAT_MS);
    heartbeat.unref();
  };
  void connect();

  return {
    get live() {
      return live;
    },
    subscribe(listener) {
      listeners.push(listener);
    },
    async sync() {
      const open = live ? client : null;
      if (!open) return;
      try {
        await open.query('select 1');
      } catch (err) {
        // Down now: every subscriber has been reset, which is all a sync could have achieved.
        if (client === open) down(`no answer to a sync (${String(err)})`);
      }
    },
    async close() {
      closed = true;
      live = false;
      if (retry) clearTimeout(retry);
      if (heartbeat) clearInterval(heartbeat);
      const open = client;
      client = null;
      if (open) {
        open.removeAllListeners();
        open.on('error', () => undefined);
        await open.end().catch(() => undefined);
      }
    },
  };
}

/**
 * Values read from the database by key, kept while `feed` listens and until it announces any
 * change on its channel (which drops them all: the channels it serves are announced once per
 * statement, not per row). Read every time without a live feed. Bounded in size; a read that
 * started before a change never keeps what it read.
 */
export class KeptByKeyUntilChanged<V> {
  private readonly kept = new Map<string, { value: V; until: number }>();
  private epoch = 0;

  constructor(
    private readonly feed: ChangeFeed | null,
    private readonly maxEntries = 50_000,
  ) {
    const drop = () => {
      this.epoch += 1;
      this.kept.clear();
    };
    feed?.subscribe({ changed: drop, reset: drop });
  }

  /** `until`: when a value read now stops being true without any write (a time it names). */
  async get(
    key: string,
    read: () => Promise<V>,
    until: (value: V) => number = () => Infinity,
  ): Promise<V> {
    if (this.feed?.live) {
      const kept = this.kept.get(key);
      if (kept !== undefined && Date.now() < kept.until) return kept.value;
    }
    const epoch = this.epoch;
    const value = await read();
    if (epoch === this.epoch && this.feed?.live) {
      if (this.kept.size >= this.maxEntries) this.kept.clear();
      this.kept.set(key, { value, until: until(value) });
    }
    return value;
  }

  /** Whether values are kept at all (a live feed). */
  get keeping(): boolean {
    return this.feed?.live ?? false;
  }
}
