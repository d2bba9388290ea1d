/**
 * The archive shards an instance holds, least recently used dropped first once their memory passes the
 * cap (the function's memory share for the archive: lib/stack-description's searchArchiveCacheMb). A shard
 * larger than the whole cap is still kept alone, so the query that asked for it is answered.
 */
export class ShardCache<Shard> {
  private readonly entries = new Map<string, { shard: Shard; bytes: number }>();
  private heldBytes = 0;

  constructor(private readonly capBytes: number) {}

  get bytes(): number {
    return this.heldBytes;
  }

  get size(): number {
    return this.entries.size;
  }

  keys(): string[] {
    return [...this.entries.keys()];
  }

  /** The shard, marked as just used; undefined when it is not held. */
  get(key: string): Shard | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.shard;
  }

  /** Every held shard, without marking any as used (changes are applied to each). */
  values(): Shard[] {
    return [...this.entries.values()].map((entry) => entry.shard);
  }

  /** Holds a shard of about `bytes` of memory, dropping the least recently used ones past the cap. */
  set(key: string, shard: Shard, bytes: number): void {
    this.delete(key);
    this.entries.set(key, { shard, bytes });
    this.heldBytes += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.heldBytes <= this.capBytes || oldest === key) break;
      this.entries.delete(oldest);
      this.heldBytes -= entry.bytes;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.heldBytes -= entry.bytes;
  }
}
