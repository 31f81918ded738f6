/**
 * Answers of expensive reads kept for a short while in this process (each instance has its
 * own; they are caches of database rows, never the source of truth). Bounded: past
 * `maxEntries` the oldest entry goes.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { expires: number; value: V }>();

  constructor(
    private readonly ttlMs: number,
    private readonly options: { maxEntries?: number; now?: () => number } = {},
  ) {}

  /** The cached value, or `load()`'s, kept when `keep` (default: always) says so. */
  async get(key: K, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    const now = this.now();
    const cached = this.entries.get(key);
    if (cached && cached.expires > now) return cached.value;
    this.entries.delete(key);
    const value = await load();
    if (keep(value)) {
      this.entries.set(key, { expires: now + this.ttlMs, value });
      if (this.entries.size > (this.options.maxEntries ?? 10_000)) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
    }
    return value;
  }

  clear(): void {
    this.entries.clear();
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}
