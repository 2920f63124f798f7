import 'server-only';
import { cookies, headers } from 'next/headers';
import type { z } from 'zod';
import { webEnv } from '@/config/env';

export class ApiUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('API unavailable', { cause });
    this.name = 'ApiUnavailableError';
  }
}

/** The API answered 4xx; `status` lets a page tell «not found» (404) from a bad request. */
export class ApiStatusError extends Error {
  constructor(
    path: string,
    readonly status: number,
  ) {
    super(`API ${path} answered ${status}`);
    this.name = 'ApiStatusError';
  }
}

/**
 * Headers of a server-side call to the API on behalf of the visitor: their cookies; their address,
 * X-Forwarded-For exactly as server.mjs set it (the one address the web process vouches for, see
 * src/server/http-edge.ts); and on a state-changing call our Origin, since the API refuses a
 * cookie-bearing POST/PUT/DELETE that has neither Origin nor Sec-Fetch-Site (decision 004).
 */
export async function visitorHeaders(method = 'GET'): Promise<Record<string, string>> {
  const [cookieStore, headerStore] = await Promise.all([cookies(), headers()]);
  const forwardedFor = headerStore.get('x-forwarded-for');
  const safe = method === 'GET' || method === 'HEAD';
  return {
    cookie: cookieStore.toString(),
    ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    ...(safe ? {} : { origin: webEnv.publicOrigin.replace(/\/+$/, '') }),
  };
}

/**
 * GET a call of our API from a server component, on behalf of the visitor (their cookies and
 * client address are forwarded), and parse the answer with the contract schema.
 * Throws ApiUnavailableError when the API cannot be reached or answers 5xx.
 */
export async function apiGet<S extends z.ZodType>(
  path: string,
  schema: S,
  options: { timeoutMs?: number } = {},
): Promise<z.output<S>> {
  const visitor = await visitorHeaders('GET');
  let response: Response;
  try {
    response = await fetch(`${webEnv.apiInternalUrl}${path}`, {
      headers: { ...visitor, accept: 'application/json' },
      cache: 'no-store',
      signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
    });
  } catch (error) {
    throw new ApiUnavailableError(error);
  }
  if (response.status >= 500) throw new ApiUnavailableError(response.status);
  if (!response.ok) throw new ApiStatusError(path, response.status);
  return schema.parse(await response.json());
}

/**
 * apiGet for a section a page can do without (news on home, the footer's links): its data, or
 * null when the call failed for any reason, after at most 3 s; the rest of the page renders.
 */
export async function apiGetOrNull<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S> | null> {
  try {
    return await apiGet(path, schema, { timeoutMs: 3_000 });
  } catch {
    return null;
  }
}
