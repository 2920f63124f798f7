import { API_KEYS_TEXTS } from '@freight/domain/texts/api-keys';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  API_KEYS_PER_PROFILE,
  API_KEY_ID_LENGTH,
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  API_KEY_SECRET_LENGTH,
  apiKeyPrefix,
  getDisplayName,
  isApiKeyScope,
  isProfileRole,
  type ApiKeyScope,
  type ProfileRole,
} from '@freight/domain';
import type { ApiKey, ApiKeyList, CreatedApiKey } from '@freight/contracts';
import type { Database } from '@freight/db';
import { AppError } from '../../errors/app-error';
import { requireVerifiedUser, type Caller } from '../auth/auth-core';
import { findMembership } from '../profiles/profiles.repository';
import { requireMembership, requirePermission } from '../profiles/profiles.service';
import * as repo from './api-keys.repository';

/*
 * API keys of a client profile (issue 18, docs/integrations.md). Members with
 * `integrations.manage` list, create and revoke them; the secret is returned by the creating call
 * only and stored as its SHA-256. A key acts as its creator for its profile only (api-keys.auth.ts).
 */

const K = API_KEYS_TEXTS;

export interface ApiKeysDeps {
  db: Database;
  clock: () => Date;
  /** Calls per key per minute for a key without its own limit (API_KEY_RATE_LIMIT_PER_MINUTE). */
  defaultRatePerMinute: number;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` characters of base62 from the CSPRNG, without modulo bias (bytes ≥ 248 are drawn again). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** A new key: its public id (the lookup id, shown in the list) and the whole secret. */
export function generateApiKey(): { publicId: string; secret: string } {
  const publicId = randomBase62(API_KEY_ID_LENGTH);
  return { publicId, secret: `${API_KEY_PREFIX}${publicId}_${randomBase62(API_KEY_SECRET_LENGTH)}` };
}

/** SHA-256 of a whole key, hex: the only form a key is stored in. */
export function hashApiKey(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

const keyNotFound = () => new AppError('NOT_FOUND', 404, K.keyNotFound, { id: K.keyNotFound });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toApiKey(row: repo.ApiKeyRow & { creatorName: string | null }, deps: ApiKeysDeps): ApiKey {
  return {
    id: row.uuid,
    name: row.name,
    prefix: apiKeyPrefix(row.publicId),
    scopes: row.scopes.filter(isApiKeyScope),
    created_at: row.createdAt.toISOString(),
    created_by:
      row.createdByUserId === null ? null : getDisplayName({ id: row.createdByUserId, name: row.creatorName }),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    rate_limit_per_minute: row.rateLimitPerMinute ?? deps.defaultRatePerMinute,
  };
}

/** The caller's membership in the profile, allowed to manage its keys (401, 404, 403). */
async function requireKeyManager(deps: ApiKeysDeps, caller: Caller, accountUuid: string) {
  const user = await requireVerifiedUser(deps.db, caller.session);
  const membership = requirePermission(await requireMembership(deps.db, user.id, accountUuid), 'integrations.manage');
  return { user, membership };
}

/** GET /user/api_keys?account_uuid: every key of the profile, revoked ones included (without secrets). */
export async function listKeys(deps: ApiKeysDeps, caller: Caller, accountUuid: string): Promise<ApiKeyList> {
  const { membership } = await requireKeyManager(deps, caller, accountUuid);
  const rows = await repo.listApiKeys(deps.db, membership.profileId);
  return {
    account_uuid: membership.accountUuid,
    keys: rows.map((row) => toApiKey(row, deps)),
    max_keys: API_KEYS_PER_PROFILE,
    rate_limit_per_minute: deps.defaultRatePerMinute,
  };
}

/**
 * POST /user/api_keys: a new key of the profile, acting as the caller. The answer carries the
 * secret; nothing can show it again. 409 when the profile already holds API_KEYS_PER_PROFILE
 * live keys (counted under a lock on the profile, so two concurrent calls cannot both pass).
 */
export async function createKey(
  deps: ApiKeysDeps,
  caller: Caller,
  input: { account_uuid: string; name: string; scopes: ApiKeyScope[] },
): Promise<CreatedApiKey> {
  const { user, membership } = await requireKeyManager(deps, caller, input.account_uuid);
  const now = deps.clock();
  const created = await deps.db.transaction(async (rawTx) => {
    const tx = rawTx as unknown as Database;
    await repo.lockProfile(tx, membership.profileId);
    if ((await repo.countLiveApiKeys(tx, membership.profileId)) >= API_KEYS_PER_PROFILE) {
      throw new AppError('API_KEYS_LIMIT', 409, K.tooManyKeys);
    }
    for (;;) {
      const { publicId, secret } = generateApiKey();
      const row = await repo.insertApiKey(tx, {
        publicId,
        secretHash: hashApiKey(secret),
        profileId: membership.profileId,
        createdByUserId: user.id,
        name: input.name,
        scopes: input.scopes,
        createdAt: now,
      });
      if (row) return { row, secret };
    }
  });
  return { key: toApiKey({ ...created.row, creatorName: user.name }, deps), secret: created.secret };
}

/**
 * DELETE /user/api_keys?id: revokes the key at once (idempotent: a revoked key stays revoked,
 * 200 again). A key of a profile the caller is not a member of is 404, as an unknown one; a
 * member without `integrations.manage` gets 403.
 */
export async function revokeKey(deps: ApiKeysDeps, caller: Caller, id: string): Promise<void> {
  const user = await requireVerifiedUser(deps.db, caller.session);
  const row = UUID.test(id) ? await repo.findApiKeyByUuid(deps.db, id) : null;
  const membership = row ? await findMembership(deps.db, user.id, row.profileId) : null;
  if (!row || !membership) throw keyNotFound();
  requirePermission(membership, 'integrations.manage');
  await repo.revokeApiKey(deps.db, row.id, deps.clock());
}

// ---- calls made with a key -----------------------------------------------------------------------------

/** Who a call with a valid key is: the key, its creator and the profile it acts for. */
export interface ApiKeyContext {
  /** api_keys.id: the per-key rate limit counts by it. */
  id: number;
  /** The member who created the key: the key acts as this user… */
  userId: number;
  /** …for this profile only. */
  profileId: number;
  /** The creator's role in the profile now (a scope also needs its permission). */
  role: ProfileRole;
  scopes: readonly ApiKeyScope[];
  /** Calls per minute this key may make. */
  ratePerMinute: number;
}

/** last_used_at is written at most this often per key. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * The key behind a Bearer token, or null for anything that is not a live key — malformed,
 * unknown, wrong secret, revoked, its creator gone from the profile — so every refusal is the same
 * 401. A malformed token never reaches the database; the secret is compared in constant time.
 */
export async function authenticateKey(deps: ApiKeysDeps, token: string): Promise<ApiKeyContext | null> {
  const match = API_KEY_PATTERN.exec(token);
  if (!match) return null;
  const row = await repo.findKeyForCall(deps.db, match[1]!);
  if (!row || !isProfileRole(row.role)) return null;
  const presented = Buffer.from(hashApiKey(token), 'hex');
  const stored = Buffer.from(row.secretHash, 'hex');
  if (presented.length !== stored.length || !timingSafeEqual(presented, stored)) return null;
  const now = deps.clock();
  if (row.lastUsedAt === null || now.getTime() - row.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
    await repo.touchApiKey(deps.db, row.id, now, TOUCH_INTERVAL_MS);
  }
  return {
    id: row.id,
    userId: row.userId,
    profileId: row.profileId,
    role: row.role,
    scopes: row.scopes.filter(isApiKeyScope),
    ratePerMinute: row.rateLimitPerMinute ?? deps.defaultRatePerMinute,
  };
}
