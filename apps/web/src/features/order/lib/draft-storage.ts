import {
  ORDER_DRAFT_VERSION,
  createOrderDraft,
  serializeDraft,
  type OrderDraft,
  type SerializedOrderDraft,
} from '@freight/domain/order-draft';

/**
 * The order draft kept in the browser (instant restore on reload, works without the API) next to
 * the copy on the server (GET/PUT /api/v1/requests/draft: survives a sign-in, reaches other tabs).
 *
 * localStorage key `magistral.orderDraft`, value JSON:
 * `{ "payload": <serializeDraft output>, "serverUpdatedAt": <updated_at of the server copy this
 * one was last in sync with, or null> }`. The server copy wins when its `updated_at` is newer than
 * `serverUpdatedAt` (it was saved from another tab or before a sign-in); otherwise the local copy
 * holds the latest input. Comparing the server's own timestamps avoids trusting the browser clock.
 */
export const ORDER_DRAFT_STORAGE_KEY = 'magistral.orderDraft';

/**
 * Turns stored JSON into a valid draft (`restoreDraft` of '@freight/domain/order-draft-schema').
 * Passed in rather than imported, so the zod schemas load lazily and stay out of the page's
 * first-load JavaScript.
 */
export type RestoreDraft = (raw: string | null) => OrderDraft;

export interface StoredDraft {
  draft: OrderDraft;
  serverUpdatedAt: string | null;
}

function storage(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null; // disabled storage (privacy mode, blocked cookies)
  }
}

/** Whether this browser holds a saved draft (without reading it). */
export function hasLocalDraft(): boolean {
  return Boolean(storage('local')?.getItem(ORDER_DRAFT_STORAGE_KEY));
}

/**
 * The draft restorer, loaded only when there is something to restore: a first visit (nothing
 * saved anywhere) never loads zod. Without stored JSON the defaults need no schema.
 */
export async function loadRestorer(needed: boolean): Promise<RestoreDraft> {
  if (!needed) return () => createOrderDraft();
  const { restoreDraft } = await import('@freight/domain/order-draft-schema');
  return restoreDraft;
}

/** The draft saved in this browser, or null when there is none (or it is unreadable). */
export function readLocalDraft(restoreDraft: RestoreDraft): StoredDraft | null {
  const raw = storage('local')?.getItem(ORDER_DRAFT_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { payload?: unknown; serverUpdatedAt?: unknown };
    if (typeof parsed.payload !== 'string') return null;
    return {
      draft: restoreDraft(parsed.payload),
      serverUpdatedAt: typeof parsed.serverUpdatedAt === 'string' ? parsed.serverUpdatedAt : null,
    };
  } catch {
    return null;
  }
}

export function writeLocalDraft(draft: OrderDraft, serverUpdatedAt: string | null): void {
  try {
    storage('local')?.setItem(
      ORDER_DRAFT_STORAGE_KEY,
      JSON.stringify({ payload: serializeDraft(draft), serverUpdatedAt }),
    );
  } catch {
    // Quota exceeded or storage disabled: the server copy still holds the draft.
  }
}

export function clearLocalDraft(): void {
  try {
    storage('local')?.removeItem(ORDER_DRAFT_STORAGE_KEY);
  } catch {
    // nothing to clear
  }
}

/** The envelope PUT /requests/draft takes: `{ version, draft }`. */
export function toSerialized(draft: OrderDraft): SerializedOrderDraft {
  return { version: ORDER_DRAFT_VERSION, draft };
}

/**
 * Which copy to show after loading both: the server's when it changed since this browser last
 * synced with it (or when there is no local copy), else the local one.
 */
export function pickDraft(
  local: StoredDraft | null,
  server: { draft: SerializedOrderDraft | null; updated_at: string | null } | null,
  restoreDraft: RestoreDraft,
): { draft: OrderDraft; serverUpdatedAt: string | null; source: 'local' | 'server' | 'none' } {
  const serverDraft = server?.draft ? restoreDraft(JSON.stringify(server.draft)) : null;
  const serverUpdatedAt = server?.updated_at ?? null;
  if (serverDraft && serverUpdatedAt) {
    const newer =
      !local || local.serverUpdatedAt === null || Date.parse(serverUpdatedAt) > Date.parse(local.serverUpdatedAt);
    if (newer) return { draft: serverDraft, serverUpdatedAt, source: 'server' };
  }
  if (local) return { draft: local.draft, serverUpdatedAt: local.serverUpdatedAt ?? serverUpdatedAt, source: 'local' };
  return { draft: restoreDraft(null), serverUpdatedAt, source: 'none' };
}

/**
 * Idempotency key of one submission attempt, kept in sessionStorage under
 * `magistral.orderSubmitKey` with a fingerprint of the draft it was made for: a retry of the
 * same draft (a lost answer, a reload, a double click) reuses the key, so the server creates one
 * request; a changed draft gets a new key.
 */
export const SUBMIT_KEY_STORAGE_KEY = 'magistral.orderSubmitKey';

/** FNV-1a over the serialized draft: cheap and stable, only compared for equality. */
export function fingerprint(draft: OrderDraft): string {
  const text = serializeDraft(draft);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0') + text.length.toString(16);
}

function randomKey(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  // randomUUID needs a secure context; getRandomValues does not.
  const bytes = c.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function submitKeyFor(draft: OrderDraft): string {
  const print = fingerprint(draft);
  const store = storage('session');
  try {
    const saved = JSON.parse(store?.getItem(SUBMIT_KEY_STORAGE_KEY) ?? 'null') as {
      key?: unknown;
      print?: unknown;
    } | null;
    if (saved && typeof saved.key === 'string' && saved.print === print) return saved.key;
  } catch {
    // unreadable: make a new key
  }
  const key = randomKey();
  try {
    store?.setItem(SUBMIT_KEY_STORAGE_KEY, JSON.stringify({ key, print }));
  } catch {
    // without storage the key lives for this call only; the button guard still prevents doubles
  }
  return key;
}

export function clearSubmitKey(): void {
  try {
    storage('session')?.removeItem(SUBMIT_KEY_STORAGE_KEY);
  } catch {
    // nothing to clear
  }
}
