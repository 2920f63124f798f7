import {
  ORDER_DRAFT_VERSION,
  createOrderDraft,
  draftForServer,
  fillBlankPersonalData,
  serializeDraft,
  type OrderDraft,
  type SerializedOrderDraft,
} from '@freight/domain/order-draft';

/**
 * The order draft kept in the browser (instant restore on reload, works without the API) next to
 * the copy on the server (GET/PUT /api/v1/requests/draft: survives a sign-in, reaches other
 * devices). The browser's copy is the whole draft; the server's holds no personal data until the
 * consent is ticked (`draftForServer`: the participants' details and the door addresses of natural
 * persons stay in this browser), so the browser's copy is where that data lives before the tick.
 *
 * localStorage key `magistral.orderDraft`, value JSON:
 * `{ "payload": <serializeDraft output>, "serverUpdatedAt": <updated_at of the latest server copy
 * this one includes, or null>, "unsent": <true while this copy holds changes the server has not
 * confirmed> }`. Every change is written here before it is sent, so while `unsent` is true this
 * copy is the newest input of this browser, whatever the server holds meanwhile: a save on the
 * way, or sent on leaving the page and never answered, may land before or after the next page
 * reads the server's copy. Such a copy is never replaced by the server's (see {@link pickDraft}).
 * Otherwise the server copy wins when its `updated_at` is newer than `serverUpdatedAt` (it was
 * saved on another device, or before a sign-in), and the local copy holds the latest input when
 * it is not. Comparing the server's own timestamps avoids trusting the browser clock.
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
  /**
   * Whether this copy holds changes the server has not confirmed (a save pending, on its way, or
   * sent as the page was left). False for a copy written by an older version (no such field).
   */
  unsent: boolean;
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
    const parsed = JSON.parse(raw) as { payload?: unknown; serverUpdatedAt?: unknown; unsent?: unknown };
    if (typeof parsed.payload !== 'string') return null;
    return {
      draft: restoreDraft(parsed.payload),
      serverUpdatedAt: typeof parsed.serverUpdatedAt === 'string' ? parsed.serverUpdatedAt : null,
      unsent: parsed.unsent === true,
    };
  } catch {
    return null;
  }
}

/**
 * Writes this browser's copy. `serverUpdatedAt`: the latest server copy it includes; `unsent`:
 * whether it holds changes the server has not confirmed (by default none: the server holds all
 * of it that it may keep, as after a confirmed save).
 */
export function writeLocalDraft(
  draft: OrderDraft,
  serverUpdatedAt: string | null,
  { unsent = false }: { unsent?: boolean } = {},
): void {
  try {
    storage('local')?.setItem(
      ORDER_DRAFT_STORAGE_KEY,
      JSON.stringify({ payload: serializeDraft(draft), serverUpdatedAt, unsent }),
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

/**
 * What PUT /requests/draft gets for `draft`: `{ version, draft }` with only what the server may
 * keep (`draftForServer`) — before the consent no personal data leaves the browser at all.
 */
export function toServerCopy(draft: OrderDraft): SerializedOrderDraft {
  return { version: ORDER_DRAFT_VERSION, draft: draftForServer(draft) };
}

/** {@link toServerCopy} as a string, to tell whether the server already holds it. */
export function serverCopyKey(draft: OrderDraft): string {
  return serializeDraft(draftForServer(draft));
}

/** The later of two server timestamps (ISO strings; null is «none»). */
export function laterOf(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return Date.parse(b) > Date.parse(a) ? b : a;
}

export interface PickedDraft {
  /** The draft to show. */
  draft: OrderDraft;
  /** The latest server copy `draft` includes. */
  serverUpdatedAt: string | null;
  /**
   * `server`: the server's copy changed since this browser last synced with it, and this browser
   * has nothing unsent (or there is no local copy) — shown with this browser's personal data
   * wherever the server's copy has none; `local`: this browser's copy; `none`: neither exists.
   */
  source: 'local' | 'server' | 'none';
  /** The server's copy as it is stored (null without one): what the next save is compared with. */
  stored: OrderDraft | null;
}

/**
 * Which copy to show after loading both. The local one when it holds unsent changes (they are
 * the newest input of this browser: the server's copy is then an older state of the same draft,
 * or, rarely, one changed meanwhile on another device, which this browser's input overrides), or
 * when the server's copy did not change since this browser last synced with it; else the
 * server's. The server's copy never wipes personal data typed here: where it has none (saved
 * before the consent, or blank) the local participants' details and door addresses are kept
 * (`fillBlankPersonalData`). Depends on nothing but the two copies, so a reload gives the same
 * draft whether or not the last save reached the server before it.
 */
export function pickDraft(
  local: StoredDraft | null,
  server: { draft: SerializedOrderDraft | null; updated_at: string | null } | null,
  restoreDraft: RestoreDraft,
): PickedDraft {
  const stored = server?.draft ? restoreDraft(JSON.stringify(server.draft)) : null;
  const serverUpdatedAt = server?.updated_at ?? null;
  if (stored && serverUpdatedAt) {
    const newer =
      !local ||
      (!local.unsent &&
        (local.serverUpdatedAt === null || Date.parse(serverUpdatedAt) > Date.parse(local.serverUpdatedAt)));
    if (newer) {
      const draft = local ? fillBlankPersonalData(stored, local.draft) : stored;
      return { draft, serverUpdatedAt, source: 'server', stored };
    }
  }
  if (local) {
    return {
      draft: local.draft,
      serverUpdatedAt: laterOf(local.serverUpdatedAt, serverUpdatedAt),
      source: 'local',
      stored,
    };
  }
  return { draft: restoreDraft(null), serverUpdatedAt, source: 'none', stored };
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
