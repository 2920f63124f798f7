import type { z } from 'zod';

/** A public answer of the API, parsed, with the headers it came with. */
export interface PublicAnswer<T> {
  data: T;
  headers: Headers;
}

export interface PublicCacheOptions {
  /** Where the API listens, e.g. http://127.0.0.1:4000. */
  baseUrl: () => string;
  /** Answers kept at most; the least recently used goes first. */
  maxEntries?: number;
  /** Milliseconds now; tests move time. */
  now?: () => number;
  timeoutMs?: number;
}

interface Entry {
  answer: Promise<PublicAnswer<unknown>>;
  /** Until when the answer may be served (ms); Infinity while it is still loading. */
  expires: number;
  /** Until when, once expired, it may still be served while a fresh one is asked for (ms). */
  staleUntil: number;
  /** A fresh answer is being asked for in the background. */
  refreshing: boolean;
}

const directivesOf = (cacheControl: string | null) =>
  (cacheControl ?? '')
    .toLowerCase()
    .split(',')
    .map((d) => d.trim());

const secondsOf = (directives: string[], name: string) => {
  const directive = directives.find((d) => d.startsWith(`${name}=`));
  const seconds = directive ? Number(directive.slice(name.length + 1)) : 0;
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
};

/** `public, max-age=N` → N seconds; anything else (private, no-store, no max-age) → 0. */
export function publicMaxAge(cacheControl: string | null): number {
  const directives = directivesOf(cacheControl);
  if (!directives.includes('public') || directives.some((d) => d === 'no-store' || d === 'no-cache')) return 0;
  return secondsOf(directives, 'max-age');
}

/**
 * `stale-while-revalidate=N` of a public answer that may be kept: N seconds after max-age during
 * which the kept answer is still served while a fresh one is asked for; otherwise 0.
 */
export function publicStaleSeconds(cacheControl: string | null): number {
  return publicMaxAge(cacheControl) > 0 ? secondsOf(directivesOf(cacheControl), 'stale-while-revalidate') : 0;
}

export class PublicApiError extends Error {
  constructor(
    path: string,
    readonly status: number | null,
    cause?: unknown,
  ) {
    super(`API ${path} answered ${status ?? 'nothing'}`, { cause });
    this.name = 'PublicApiError';
  }
}

/**
 * Answers of the API that are the same for every visitor (the offices, the cities of the
 * network), kept in the web process for as long as the API's own Cache-Control says
 * (`public, max-age=N`): a page asking again within that time costs no call and no parsing.
 * The calls carry no cookie and no visitor address, so nobody's answer is shared with another;
 * concurrent misses of one address share one call; a failed call is not kept. When the API allows
 * it (`stale-while-revalidate=N`, its reference data), an expired answer is served for N more
 * seconds while one call in the background fetches the fresh one: a page never waits for data
 * that rarely changes, except the first time.
 */
export function createPublicCache(options: PublicCacheOptions) {
  const maxEntries = options.maxEntries ?? 500;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();

  async function load<S extends z.ZodType>(path: string, schema: S): Promise<PublicAnswer<z.output<S>>> {
    let response: Response;
    try {
      response = await fetch(`${options.baseUrl()}${path}`, {
        headers: { accept: 'application/json' },
        cache: 'no-store',
        signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
      });
    } catch (error) {
      throw new PublicApiError(path, null, error);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new PublicApiError(path, response.status);
    }
    return { data: schema.parse(await response.json()), headers: response.headers };
  }

  /** Keeps an answer (loading or loaded) for as long as its Cache-Control says, once it is in. */
  function keep(path: string, answer: Promise<PublicAnswer<unknown>>): Entry {
    const entry: Entry = { answer, expires: Number.POSITIVE_INFINITY, staleUntil: 0, refreshing: false };
    entries.delete(path);
    entries.set(path, entry);
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    answer.then(
      (result) => {
        const cacheControl = result.headers.get('cache-control');
        const seconds = publicMaxAge(cacheControl);
        if (seconds > 0) {
          entry.expires = now() + seconds * 1000;
          entry.staleUntil = entry.expires + publicStaleSeconds(cacheControl) * 1000;
        } else if (entries.get(path) === entry) entries.delete(path);
      },
      () => {
        if (entries.get(path) === entry) entries.delete(path);
      },
    );
    return entry;
  }

  return {
    /** The parsed answer of GET `path` (and its headers), from memory while the API allows. */
    get<S extends z.ZodType>(path: string, schema: S): Promise<PublicAnswer<z.output<S>>> {
      const cached = entries.get(path);
      const at = now();
      if (cached && cached.expires > at) {
        // Most recently used last: the Map's order is the eviction order.
        entries.delete(path);
        entries.set(path, cached);
        return cached.answer as Promise<PublicAnswer<z.output<S>>>;
      }
      if (cached && cached.staleUntil > at) {
        if (!cached.refreshing) {
          cached.refreshing = true;
          const fresh = load(path, schema);
          fresh.then(
            () => {
              // Replaces the stale answer only if nothing else has since.
              if (entries.get(path) === cached) keep(path, fresh);
            },
            () => {
              cached.refreshing = false;
            },
          );
        }
        entries.delete(path);
        entries.set(path, cached);
        return cached.answer as Promise<PublicAnswer<z.output<S>>>;
      }
      return keep(path, load(path, schema)).answer as Promise<PublicAnswer<z.output<S>>>;
    },
    /** How many answers are kept (tests). */
    get size() {
      return entries.size;
    },
  };
}
