'use client';

// Deep imports keep zod and the schemas out of the browser bundle: this file runs on every page.
import { SHELL_PATHS } from '@freight/contracts/shell-paths';
import type { ErrorBody } from '@freight/contracts/errors';
import { COMMON_TEXTS } from '@freight/domain/texts/common';

/** An API answer that is not 2xx, with the server's Russian message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.error.message);
    this.name = 'ApiError';
  }
  get fields(): Record<string, string> {
    return this.body.error.fields ?? {};
  }
}

const RENEW_COOLDOWN_MS = 10_000;
let renewing: Promise<boolean> | null = null;
let lastRenewAt = 0;

/**
 * Asks for an anonymous session (spec §4). Concurrent callers share one request, and it is
 * not repeated within 10 s, so a 401 storm can never turn into a request loop.
 */
export function requestAnonymousToken(): Promise<boolean> {
  if (renewing) return renewing;
  if (Date.now() - lastRenewAt < RENEW_COOLDOWN_MS) return Promise.resolve(false);
  lastRenewAt = Date.now();
  renewing = fetch(SHELL_PATHS.anonymousToken, { credentials: 'include', cache: 'no-store' })
    .then((r) => r.ok)
    .catch(() => false)
    .finally(() => {
      renewing = null;
    });
  return renewing;
}

/** Test hook: forget the cooldown between tests. */
export function resetAnonymousTokenState(): void {
  renewing = null;
  lastRenewAt = 0;
}

/**
 * fetch for the browser: same origin, credentials included, JSON in and out. Any 401 fires a
 * background anonymous-token request (fire and forget); errors become ApiError with the
 * server's Russian message, network failures a Russian "service unavailable".
 */
export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'include',
      ...rest,
      headers: {
        accept: 'application/json',
        ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
  } catch {
    throw new ApiError(0, { error: { code: 'NETWORK', message: COMMON_TEXTS.serviceUnavailable } });
  }
  if (response.status === 401) void requestAnonymousToken();
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    throw new ApiError(
      response.status,
      isErrorBody(data) ? data : { error: { code: 'HTTP_' + response.status, message: COMMON_TEXTS.internalError } },
    );
  }
  return data as T;
}

/** The API's error shape, checked by hand (no zod in the browser for this). */
function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const error = (value as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, fields } = error as Record<string, unknown>;
  return (
    typeof code === 'string' &&
    typeof message === 'string' &&
    (fields === undefined || (typeof fields === 'object' && fields !== null))
  );
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
