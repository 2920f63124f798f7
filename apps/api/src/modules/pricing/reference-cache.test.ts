import { describe, expect, it } from 'vitest';
import { ReferenceCache } from './reference-cache';

/** A loader that counts its reads and answers the current `value` (or fails when told). */
function source<T>(initial: T) {
  const state = { value: initial, reads: 0, fail: false, gate: null as Promise<void> | null };
  const load = async () => {
    state.reads += 1;
    const value = state.value;
    if (state.gate) await state.gate;
    if (state.fail) throw new Error('database down');
    return value;
  };
  return { state, load };
}

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('ReferenceCache', () => {
  it('reads once, then answers synchronously until the TTL', async () => {
    const time = clock();
    const cache = new ReferenceCache({ ttlMs: 60_000, refreshAheadMs: 10_000, now: time.now });
    const { state, load } = source('v1');
    const [a, b] = [cache.get('k', load), cache.get('k', load)];
    expect(a).toBeInstanceOf(Promise);
    expect(await a).toBe('v1');
    expect(await b).toBe('v1');
    expect(state.reads).toBe(1); // concurrent callers share the read
    state.value = 'v2';
    time.advance(49_999);
    expect(cache.get('k', load)).toBe('v1'); // a plain value: no promise on the hot path
    expect(state.reads).toBe(1);
  });

  it('never serves a value older than the TTL: the next caller waits for a fresh read', async () => {
    const time = clock();
    const cache = new ReferenceCache({ ttlMs: 60_000, refreshAheadMs: 0, now: time.now });
    const { state, load } = source('v1');
    await cache.get('k', load);
    state.value = 'v2';
    time.advance(59_999);
    expect(cache.get('k', load)).toBe('v1');
    time.advance(1);
    const next = cache.get('k', load);
    expect(next).toBeInstanceOf(Promise);
    expect(await next).toBe('v2');
    expect(cache.get('k', load)).toBe('v2');
  });

  it('renews a value close to expiry in the background, callers keep getting the current one', async () => {
    const time = clock();
    const cache = new ReferenceCache({ ttlMs: 60_000, refreshAheadMs: 10_000, now: time.now });
    const { state, load } = source('v1');
    await cache.get('k', load);
    state.value = 'v2';
    let open!: () => void;
    state.gate = new Promise<void>((r) => (open = r));
    time.advance(55_000);
    expect(cache.get('k', load)).toBe('v1'); // starts the renewal
    expect(cache.get('k', load)).toBe('v1'); // does not start another
    expect(state.reads).toBe(2);
    open();
    await settle();
    expect(cache.get('k', load)).toBe('v2');
    // The renewed value's age counts from its own read (at 55 s).
    time.advance(59_000);
    expect(cache.get('k', load)).toBe('v2');
  });

  it('a renewal still running at expiry is what the next caller waits for', async () => {
    const time = clock();
    const cache = new ReferenceCache({ ttlMs: 60_000, refreshAheadMs: 10_000, now: time.now });
    const { state, load } = source('v1');
    await cache.get('k', load);
    state.value = 'v2';
    let open!: () => void;
    state.gate = new Promise<void>((r) => (open = r));
    time.advance(55_000);
    expect(cache.get('k', load)).toBe('v1');
    time.advance(5_000);
    const waiting = cache.get('k', load);
    expect(waiting).toBeInstanceOf(Promise);
    open();
    expect(await waiting).toBe('v2');
    expect(state.reads).toBe(2);
  });

  it('a failed renewal keeps the current value until it expires; then the failure reaches the caller', async () => {
    const time = clock();
    const cache = new ReferenceCache({ ttlMs: 60_000, refreshAheadMs: 10_000, now: time.now });
    const { state, load } = source('v1');
    await cache.get('k', load);
    state.fail = true;
    time.advance(55_000);
    expect(cache.get('k', load)).toBe('v1');
    await settle();
    expect(cache.get('k', load)).toBe('v1');
    time.advance(5_000);
    await expect(cache.get('k', load)).rejects.toThrow('database down');
    state.fail = false;
    expect(await cache.get('k', load)).toBe('v1');
  });

  it('does not keep misses or failures', async () => {
    const cache = new ReferenceCache();
    const { state, load } = source<string | undefined>(undefined);
    const keep = (v: string | undefined) => v !== undefined;
    expect(await cache.get('city', load, keep)).toBeUndefined();
    expect(await cache.get('city', load, keep)).toBeUndefined();
    expect(state.reads).toBe(2);
    state.value = 'Казань';
    expect(await cache.get('city', load, keep)).toBe('Казань');
    expect(cache.get('city', load, keep)).toBe('Казань');
    const failing = source('x');
    failing.state.fail = true;
    await expect(cache.get('other', failing.load)).rejects.toThrow();
    failing.state.fail = false;
    expect(await cache.get('other', failing.load)).toBe('x');
    expect(failing.state.reads).toBe(2);
    const throwing = () => {
      throw new Error('bad key');
    };
    await expect(cache.get('sync', throwing)).rejects.toThrow('bad key');
    expect(await cache.get('sync', async () => 'ok')).toBe('ok');
  });

  it('a renewal that now misses drops the key', async () => {
    const time = clock();
    const cache = new ReferenceCache({ ttlMs: 60_000, refreshAheadMs: 10_000, now: time.now });
    const { state, load } = source<string | undefined>('Казань');
    const keep = (v: string | undefined) => v !== undefined;
    await cache.get('city', load, keep);
    state.value = undefined;
    time.advance(55_000);
    expect(cache.get('city', load, keep)).toBe('Казань');
    await settle();
    expect(await cache.get('city', load, keep)).toBeUndefined();
  });

  it('invalidate() drops every value; a read begun before it is not stored', async () => {
    const cache = new ReferenceCache();
    const { state, load } = source('v1');
    await cache.get('k', load);
    state.value = 'v2';
    cache.invalidate();
    expect(await cache.get('k', load)).toBe('v2');

    let open!: () => void;
    state.gate = new Promise<void>((r) => (open = r));
    const other = source('old');
    other.state.gate = state.gate;
    const early = cache.get('late', other.load);
    cache.invalidate();
    other.state.value = 'new';
    open();
    expect(await early).toBe('old'); // its caller gets what it asked for…
    other.state.gate = null;
    expect(await cache.get('late', other.load)).toBe('new'); // …but nobody after it
  });

  it('empties itself instead of growing past maxEntries', async () => {
    const cache = new ReferenceCache({ maxEntries: 3 });
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key);
    expect(cache.size).toBe(3);
    await cache.get('d', async () => 'd');
    expect(cache.size).toBe(1);
  });

  it('settles a lazy thenable once (a query builder runs again on every then)', async () => {
    const cache = new ReferenceCache();
    let runs = 0;
    const builder = {
      then<R>(resolve: (v: number[]) => R) {
        runs += 1;
        return Promise.resolve(resolve([1, 2]));
      },
    };
    const [a, b] = await Promise.all([cache.get('p', () => builder), cache.get('p', () => builder)]);
    expect(a).toEqual([1, 2]);
    expect(b).toEqual([1, 2]);
    expect(cache.get('p', () => builder)).toEqual([1, 2]);
    expect(runs).toBe(1);
  });
});
