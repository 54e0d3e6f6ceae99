/**
 * A small in-process cache with a time to live and a size bound (SPEC §9: best prices 120 s).
 * No cache library is among the project's dependencies and this needs twenty lines: a Map in
 * insertion order, expired or oldest entries dropped first.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
  }

  /** The cached value, or `compute()` stored for the time to live. */
  getOrSet(key: string, compute: () => V): V {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const value = compute();
    this.set(key, value);
    return value;
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Live entries and when the oldest of them was stored (epoch ms; null when empty), for the
   * staff cache screen. Drops expired entries on the way; the Map keeps insertion order and
   * set() re-inserts, so the first live entry is the oldest.
   */
  stats(): { entries: number; oldestAt: number | null } {
    const now = this.now();
    let oldestAt: number | null = null;
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt <= now) {
        this.entries.delete(key);
        continue;
      }
      oldestAt ??= entry.expiresAt - this.ttlMs;
    }
    return { entries: this.entries.size, oldestAt };
  }
}
