import type { AddressSuggestion } from '@freight/contracts';

/** Where suggestions come from: DaData's API, or nothing (the caller falls back to our index). */
export interface SuggestionProvider {
  readonly name: 'dadata';
  suggestAddress(query: string, options: { count: number }): Promise<DadataAddress[]>;
  suggestParty(query: string, options: { count: number }): Promise<DadataParty[]>;
}

/** The part of DaData's address suggestion we use (integrations-and-tariffs.md §3.4). */
export interface DadataAddress {
  value: string;
  unrestricted_value: string;
  data: Record<string, string | null | undefined>;
}

export interface DadataParty {
  value: string;
  data: {
    inn?: string | null;
    kpp?: string | null;
    ogrn?: string | null;
    type?: 'LEGAL' | 'INDIVIDUAL' | null;
    address?: { value?: string | null } | null;
    state?: { status?: string | null } | null;
  };
}

export class SuggestionProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SuggestionProviderError';
  }
}

interface CacheEntry<T> {
  value: T;
  expiresAt: number;
}

/**
 * A small bounded cache with expiry for public suggestions (the same query from many visitors
 * costs one DaData request). It holds no per-user state, so several API instances may each
 * keep their own.
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, CacheEntry<T>>();
  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    // Re-insert to mark as recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}

/**
 * DaData suggestions over HTTP (`POST {base}/suggest/address`, `/suggest/party`) with the
 * `Authorization: Token …` header, a hard timeout and a cache. Any failure (timeout, network,
 * non-2xx such as the 403 of an exhausted daily quota, a malformed body) throws
 * SuggestionProviderError, and the caller answers from our own index.
 */
export function createDadataProvider(options: {
  token: string;
  baseUrl: string;
  timeoutMs: number;
  cacheTtlMs?: number;
  fetchImpl?: typeof fetch;
}): SuggestionProvider {
  const fetchImpl = options.fetchImpl ?? fetch;
  const addressCache = new TtlCache<DadataAddress[]>(2000, options.cacheTtlMs ?? 10 * 60_000);
  const partyCache = new TtlCache<DadataParty[]>(1000, options.cacheTtlMs ?? 10 * 60_000);

  async function post<T>(endpoint: string, body: unknown): Promise<T[]> {
    let response: Response;
    try {
      response = await fetchImpl(`${options.baseUrl}/${endpoint}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          authorization: `Token ${options.token}`,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new SuggestionProviderError(`DaData ${endpoint} unreachable`, { cause: error });
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new SuggestionProviderError(`DaData ${endpoint} answered ${response.status}`);
    }
    const json = (await response.json().catch(() => null)) as { suggestions?: unknown } | null;
    if (!json || !Array.isArray(json.suggestions)) throw new SuggestionProviderError(`DaData ${endpoint}: bad body`);
    return json.suggestions as T[];
  }

  return {
    name: 'dadata',
    async suggestAddress(query, { count }) {
      const key = `${count}|${query.toLowerCase()}`;
      const cached = addressCache.get(key);
      if (cached) return cached;
      const result = await post<DadataAddress>('suggest/address', { query, count, language: 'ru' });
      addressCache.set(key, result);
      return result;
    },
    async suggestParty(query, { count }) {
      const key = `${count}|${query.toLowerCase()}`;
      const cached = partyCache.get(key);
      if (cached) return cached;
      const result = await post<DadataParty>('suggest/party', { query, count });
      partyCache.set(key, result);
      return result;
    },
  };
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** A DaData address suggestion in our contract shape; `cityId` links it to our city when known. */
export function fromDadataAddress(s: DadataAddress, cityId: number | null): AddressSuggestion {
  const d = s.data ?? {};
  return {
    value: s.value,
    unrestricted_value: s.unrestricted_value ?? s.value,
    data: {
      region_with_type: str(d.region_with_type),
      city: str(d.city) ?? str(d.settlement),
      city_with_type: str(d.city_with_type) ?? str(d.settlement_with_type),
      city_fias_id: str(d.city_fias_id) ?? str(d.settlement_fias_id),
      city_id: cityId,
      street: str(d.street),
      street_with_type: str(d.street_with_type),
      house: str(d.house),
      fias_level: str(d.fias_level),
      geo_lat: str(d.geo_lat),
      geo_lon: str(d.geo_lon),
      postal_code: str(d.postal_code),
    },
  };
}
