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
 * GET a call of our API from a server component, on behalf of the visitor (their cookies and
 * client address are forwarded), and parse the answer with the contract schema.
 * Throws ApiUnavailableError when the API cannot be reached or answers 5xx.
 */
export async function apiGet<S extends z.ZodType>(
  path: string,
  schema: S,
  options: { timeoutMs?: number } = {},
): Promise<z.output<S>> {
  const [cookieStore, headerStore] = await Promise.all([cookies(), headers()]);
  let response: Response;
  try {
    response = await fetch(`${webEnv.apiInternalUrl}${path}`, {
      headers: {
        cookie: cookieStore.toString(),
        'x-forwarded-for': headerStore.get('x-forwarded-for') ?? '',
        accept: 'application/json',
      },
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
