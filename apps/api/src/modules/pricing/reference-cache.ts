import type { Database } from '@freight/db';

/**
 * In-process cache of the pricing reference data: cities with their tariff zone, tariff routes
 * between two cities, surcharges, door-service rates, packaging types, automatic promotions
 * (promotion_rules). They change rarely (a new price list, a new city) and are read on every
 * keystroke of the calculator, where every database round trip counts (PGlite answers one
 * query at a time).
 *
 * Staleness rule: a value is served for at most `ttlMs` (60 s) after the moment its database
 * read began; after that the next caller waits for a fresh read. Under steady traffic the read
 * is renewed in the background once a value is older than `ttlMs − refreshAheadMs`, so callers
 * never wait and the rule still holds. {@link invalidatePricingReference} drops everything at
 * once (reads still in flight are not stored), so whatever the application itself changes is
 * seen by the very next request. Misses (an unknown city) and failures are never stored.
 *
 * Promo codes and everything about orders are deliberately NOT here: the calculator must see
 * an exhausted or disabled promo code at once.
 */
export interface ReferenceCacheOptions {
  /** How long a value may be served after its read began (default 60 000 ms). */
  ttlMs?: number;
  /** A value this close to its expiry is reloaded in the background on use (default 10 000 ms). */
  refreshAheadMs?: number;
  /** Beyond this many keys the cache is emptied (unknown keys cannot grow it without bound). */
  maxEntries?: number;
  /** Milliseconds clock (tests move it). */
  now?: () => number;
}

interface Entry {
  /** Set once a read succeeded. */
  value?: { data: unknown; readAt: number };
  /** A read in flight (the first one, or a renewal). */
  pending?: Promise<unknown>;
}

export const REFERENCE_TTL_MS = 60_000;

export class ReferenceCache {
  readonly ttlMs: number;
  private readonly refreshAheadMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private entries = new Map<string, Entry>();
  private generation = 0;

  constructor(options: ReferenceCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? REFERENCE_TTL_MS;
    this.refreshAheadMs = Math.min(options.refreshAheadMs ?? 10_000, this.ttlMs);
    this.maxEntries = options.maxEntries ?? 5_000;
    this.now = options.now ?? Date.now;
  }

  /**
   * The value under `key`: synchronously when a fresh one is held (the hot path), otherwise the
   * promise of a read by `load` (shared by every caller asking meanwhile). `keep` decides
   * whether a loaded value may be stored (misses are not).
   */
  get<T>(key: string, load: () => PromiseLike<T>, keep: (value: T) => boolean = () => true): T | Promise<T> {
    const now = this.now();
    const entry = this.entries.get(key);
    if (entry?.value) {
      const age = now - entry.value.readAt;
      if (age < this.ttlMs) {
        if (age >= this.ttlMs - this.refreshAheadMs && !entry.pending) {
          // Renew in the background; a failure keeps the current value until it expires.
          this.read(key, entry, load, keep).catch(() => {});
        }
        return entry.value.data as T;
      }
      delete entry.value;
    }
    if (entry?.pending) return entry.pending as Promise<T>;
    if (!entry && this.entries.size >= this.maxEntries) this.entries.clear();
    const fresh: Entry = entry ?? {};
    this.entries.set(key, fresh);
    return this.read(key, fresh, load, keep);
  }

  /** Drops every value now; reads in flight finish for their callers but are not stored. */
  invalidate(): void {
    this.generation += 1;
    this.entries = new Map();
  }

  /** Number of keys held (values or reads in flight). */
  get size(): number {
    return this.entries.size;
  }

  private read<T>(key: string, entry: Entry, load: () => PromiseLike<T>, keep: (value: T) => boolean): Promise<T> {
    const generation = this.generation;
    const readAt = this.now();
    let started: Promise<T>;
    try {
      // `load` may return a lazy thenable (a query builder runs on every `then`): settle it once.
      started = Promise.resolve(load());
    } catch (error) {
      started = Promise.reject(error);
    }
    const pending = started.then(
      (data) => {
        const current = this.generation === generation && this.entries.get(key) === entry;
        if (current) {
          entry.pending = undefined;
          // A miss is not stored, and a renewal that now misses (a city removed) drops the key.
          if (keep(data)) entry.value = { data, readAt };
          else this.entries.delete(key);
        }
        return data;
      },
      (error: unknown) => {
        if (this.generation === generation && this.entries.get(key) === entry) {
          entry.pending = undefined;
          if (!entry.value) this.entries.delete(key);
        }
        throw error;
      },
    );
    entry.pending = pending;
    return pending;
  }
}

/** Personal discounts shown by the calculator may lag a change by this much; orders read them afresh. */
export const PERSONAL_DISCOUNT_TTL_MS = 30_000;

const perDatabase = new WeakMap<Database, { reference: ReferenceCache; discounts: ReferenceCache }>();

function cachesFor(db: Database) {
  let caches = perDatabase.get(db);
  if (!caches) {
    caches = {
      reference: new ReferenceCache(),
      discounts: new ReferenceCache({ ttlMs: PERSONAL_DISCOUNT_TTL_MS, refreshAheadMs: 5_000 }),
    };
    perDatabase.set(db, caches);
  }
  return caches;
}

/** The process-wide reference cache of one database (what the pricing calls use). */
export const pricingReferenceFor = (db: Database): ReferenceCache => cachesFor(db).reference;

/** The process-wide cache of personal discounts by client id (the calculator routes only). */
export const personalDiscountsFor = (db: Database): ReferenceCache => cachesFor(db).discounts;

/**
 * Call after changing tariffs, zones, surcharges, door rates, packaging types, cities,
 * subdivisions, promotions or personal discounts through the application: the next calculation
 * reads them afresh.
 */
export function invalidatePricingReference(db: Database): void {
  const caches = perDatabase.get(db);
  caches?.reference.invalidate();
  caches?.discounts.invalidate();
}
