import type { ProfilePermission } from './team';

/**
 * API keys of a client profile (issue 18): an integrator's program calls the API with
 * `Authorization: Bearer <key>` instead of a session cookie. docs/integrations.md describes them.
 */

/** What a key may be used for. Each scope opens a fixed set of calls (the route's `apiKeyScope`). */
export const API_KEY_SCOPES = ['cargo:read', 'requests:create', 'calculate'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/**
 * The permission the key's creator must still have in the key's profile for a scope to work
 * (a demoted member's keys lose what the new role does not allow). `calculate` needs none: the
 * calculator is public.
 */
export const API_KEY_SCOPE_PERMISSION: Readonly<Record<ApiKeyScope, ProfilePermission | null>> = {
  'cargo:read': 'cargo.view',
  'requests:create': 'cargo.create',
  calculate: null,
};

export function isApiKeyScope(value: unknown): value is ApiKeyScope {
  return typeof value === 'string' && (API_KEY_SCOPES as readonly string[]).includes(value);
}

/** The visible start of every key: it tells a leaked secret apart in logs, repositories and scanners. */
export const API_KEY_PREFIX = 'mg_live_';
/** Characters of the public id after the prefix (the lookup id, shown in the list). */
export const API_KEY_ID_LENGTH = 8;
/** Characters of the secret part: 40 base62 characters ≈ 238 random bits. */
export const API_KEY_SECRET_LENGTH = 40;

/** A whole key: `mg_live_<8 base62>_<40 base62>`; group 1 is the public id. */
export const API_KEY_PATTERN = /^mg_live_([0-9A-Za-z]{8})_[0-9A-Za-z]{40}$/;

/** The part of a key shown in the list once it is made: `mg_live_<id>`. */
export function apiKeyPrefix(publicId: string): string {
  return `${API_KEY_PREFIX}${publicId}`;
}

/** Bounds of a key's name (after cleaning). */
export const API_KEY_NAME_MAX = 100;

/** Live (not revoked) keys one profile may hold. */
export const API_KEYS_PER_PROFILE = 20;

/** Calls per key per minute when the deployment sets no other default (API_KEY_RATE_LIMIT_PER_MINUTE). */
export const API_KEY_DEFAULT_RATE_PER_MINUTE = 120;
