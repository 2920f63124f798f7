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
}

/** `public, max-age=N` → N seconds; anything else (private, no-store, no max-age) → 0. */
export function publicMaxAge(cacheControl: string | null): number {
  if (!cacheControl) return 0;
  const directives = cacheControl
    .toLowerCase()
    .split(',')
    .map((d) => d.trim());
  if (!directives.includes('public') || directives.some((d) => d === 'no-store' || d === 'no-cache')) return 0;
  const maxAge = directives.find((d) => d.startsWith('max-age='));
  const seconds = maxAge ? Number(maxAge.slice('max-age='.length)) : 0;
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
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
 * concurrent misses of one address share one call; a failed call is not kept.
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

  return {
    /** The parsed answer of GET `path` (and its headers), from memory while the API allows. */
    get<S extends z.ZodType>(path: string, schema: S): Promise<PublicAnswer<z.output<S>>> {
      const cached = entries.get(path);
      if (cached && cached.expires > now()) {
        // Most recently used last: the Map's order is the eviction order.
        entries.delete(path);
        entries.set(path, cached);
        return cached.answer as Promise<PublicAnswer<z.output<S>>>;
      }
      const answer = load(path, schema);
      const entry: Entry = { answer, expires: Number.POSITIVE_INFINITY };
      entries.delete(path);
      entries.set(path, entry);
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      answer.then(
        (result) => {
          const seconds = publicMaxAge(result.headers.get('cache-control'));
          if (seconds > 0) entry.expires = now() + seconds * 1000;
          else if (entries.get(path) === entry) entries.delete(path);
        },
        () => {
          if (entries.get(path) === entry) entries.delete(path);
        },
      );
      return answer;
    },
    /** How many answers are kept (tests). */
    get size() {
      return entries.size;
    },
  };
}
