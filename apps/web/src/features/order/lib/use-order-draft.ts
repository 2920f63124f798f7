'use client';

import { DEFAULT_DEBOUNCE_MS } from '@freight/domain/constants';
import {
  createOrderDraft,
  orderDraftReducer,
  serializeDraft,
  type OrderDraft,
  type OrderDraftAction,
} from '@freight/domain/order-draft';
import type { DraftResponse } from '@freight/contracts/orders';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { orderApi } from '../api/order-api';
import {
  clearLocalDraft,
  hasLocalDraft,
  laterOf,
  loadRestorer,
  pickDraft,
  readLocalDraft,
  serverCopyKey,
  toServerCopy,
  writeLocalDraft,
} from './draft-storage';

let untouched: string | null = null;
/** The serialized default draft. */
function untouchedDraft(): string {
  untouched ??= serializeDraft(createOrderDraft());
  return untouched;
}

/** How long the wizard waits for the server copy when the browser has none. */
const SERVER_WAIT_MS = 4_000;

/**
 * The server's copy read while the page was rendered on the server (GET /requests/draft on the
 * visitor's behalf): `draft` restored for the first render, `server` as the API answered it.
 */
export interface InitialDraft {
  draft: OrderDraft;
  server: DraftResponse;
}

/**
 * Where the draft's server copy stands. `idle`: nothing to save (an untouched draft); `saving`: a
 * change waits for the debounce or is on its way; `saved`: the server confirmed holding all of
 * the current draft it may keep (before the consent that is all but the personal data, which this
 * browser holds); `failed`: the last save failed, the draft is in this browser only until the
 * next change is saved.
 */
export type DraftSaveState = 'idle' | 'saving' | 'saved' | 'failed';

export interface OrderDraftStore {
  draft: OrderDraft;
  dispatch: (action: OrderDraftAction) => void;
  /** False until a saved draft (local or server) has been restored. */
  ready: boolean;
  /** True once the server copy was loaded (or could not be): no restore will replace the draft any more. */
  settled: boolean;
  /** Where the server copy stands (the wizard shows it; end-to-end tests wait for `saved`). */
  saveState: DraftSaveState;
  /** Saves now (PUT) instead of after the debounce. */
  flush: () => Promise<void>;
  /** Forgets the draft everywhere (after the request was created). */
  clear: () => Promise<void>;
}

/**
 * Whether the server's copy was saved without the personal-data consent: it then lacks the
 * participants' details and door addresses this browser may hold (`draftForServer`).
 */
function lacksPersonalData(initial: InitialDraft | null): boolean {
  return initial?.server.draft != null && !initial.server.draft.draft.consent;
}

/**
 * The order draft with its persistence. With `initial` (the server copy, read during the server
 * render) the wizard is shown at once with it, and this browser's copy replaces it after
 * hydration when it is the newer one — except for a server copy saved without the consent: it
 * lacks the personal data that only this browser holds, so the wizard waits for the local copy
 * (an empty name shown and then filled, or a step shown and then left for a later one, would
 * mislead). Without `initial` (the API could not be reached then) the draft is restored from
 * localStorage at once and from the server (GET /requests/draft) when that copy is newer.
 *
 * Every change is written to localStorage at once (marked unsent until the server confirms it)
 * and PUT to the server 500 ms after the last change, and when the page is hidden or left — only
 * what the server may keep (`toServerCopy`): before the consent, typing a name sends nothing.
 * Which copy a reload shows depends on the two copies only (`pickDraft`): a copy with unsent
 * changes is never replaced by the server's, whether the last save reached the server before
 * the reload or not, and a server copy never wipes personal data typed in this browser.
 */
export function useOrderDraft(initial: InitialDraft | null = null): OrderDraftStore {
  const [draft, dispatch] = useReducer(orderDraftReducer, initial, (given) => given?.draft ?? createOrderDraft());
  const shownAtOnce = initial !== null && !lacksPersonalData(initial);
  const [ready, setReady] = useState(shownAtOnce);
  const [settled, setSettled] = useState(false);
  // Saving starts only once the saved copies were compared: an early write would overwrite the local copy.
  const [persisting, setPersisting] = useState(false);
  // Bumped to save the current draft again once the server's copy is known (it may lack it).
  const [resync, setResync] = useState(0);
  const [saveState, setSaveState] = useState<DraftSaveState>('idle');
  const [initialKeys] = useState(() => {
    // With `initial` the server holds that draft, or none and the draft is the untouched default
    // (nothing to send for it, and nothing saved yet).
    const key = initial ? serverCopyKey(initial.draft) : null;
    return { acked: initial?.server.draft ? key : null, sent: key };
  });
  const serverUpdatedAt = useRef<string | null>(initial?.server.updated_at ?? null);
  // The server copy as `serverCopyKey`: what the server confirmed holding (null: none known) …
  const acked = useRef<string | null>(initialKeys.acked);
  // … and what was sent to it last (the same unless a save is on its way; null after a failure).
  const lastSent = useRef<string | null>(initialKeys.sent);
  const inFlight = useRef(0);
  const sends = useRef(0);
  const failed = useRef(false);
  // Bumped by clear(): answers to saves made before it change nothing.
  const epoch = useRef(0);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(draft);
  const readyRef = useRef(shownAtOnce);

  useEffect(() => {
    latest.current = draft;
  }, [draft]);

  const refreshSaveState = useCallback(() => {
    const key = serverCopyKey(latest.current);
    setSaveState(
      pending.current !== null || inFlight.current > 0
        ? 'saving'
        : key === acked.current
          ? 'saved'
          : failed.current
            ? 'failed'
            : 'idle',
    );
  }, []);

  /** Whether this browser's copy holds what the server has not confirmed (see draft-storage.ts). */
  const isUnsent = useCallback((key: string) => key !== acked.current || key !== lastSent.current, []);

  const send = useCallback(
    async (value: OrderDraft, keepalive = false) => {
      const key = serverCopyKey(value);
      if (key === lastSent.current) {
        refreshSaveState();
        return;
      }
      lastSent.current = key;
      failed.current = false;
      const at = epoch.current;
      inFlight.current += 1;
      sends.current += 1;
      refreshSaveState();
      try {
        const saved = await orderApi.saveDraft(toServerCopy(value), { keepalive });
        if (at !== epoch.current) return;
        serverUpdatedAt.current = laterOf(serverUpdatedAt.current, saved.updated_at);
        // The answer to an older save than the last one sent confirms nothing about the current copy.
        if (lastSent.current === key) acked.current = key;
        // A copy removed meanwhile (the order was created in another tab) is not written back.
        if (hasLocalDraft()) {
          const current = latest.current;
          writeLocalDraft(current, serverUpdatedAt.current, { unsent: isUnsent(serverCopyKey(current)) });
        }
      } catch {
        if (at !== epoch.current) return;
        if (lastSent.current === key) {
          lastSent.current = null; // tried again with the next change
          failed.current = true;
        }
      } finally {
        inFlight.current -= 1;
        if (at === epoch.current) refreshSaveState();
      }
    },
    [isUnsent, refreshSaveState],
  );

  // Restore: local copy first (instant), then the server's when it is newer.
  useEffect(() => {
    let cancelled = false;
    const markReady = () => {
      readyRef.current = true;
      setReady(true);
      setPersisting(true);
    };
    if (initial) {
      // Server-rendered with the server copy: only a newer local copy, or the personal data of an
      // older one that the server's copy lacks, can change it.
      void (async () => {
        try {
          if (hasLocalDraft()) {
            const restore = await loadRestorer(true);
            if (cancelled) return;
            const picked = pickDraft(readLocalDraft(restore), initial.server, restore);
            serverUpdatedAt.current = picked.serverUpdatedAt;
            if (picked.source === 'local' || picked.draft !== picked.stored) {
              dispatch({ type: 'restore', draft: picked.draft });
            }
          }
        } catch {
          // The restorer could not be loaded: the server's copy is what we have.
        }
        if (cancelled) return;
        markReady();
        setSettled(true);
      })();
      return () => {
        cancelled = true;
      };
    }
    void (async () => {
      const localRestore = await loadRestorer(hasLocalDraft());
      if (cancelled) return;
      const local = readLocalDraft(localRestore);
      if (local) {
        serverUpdatedAt.current = local.serverUpdatedAt;
        if (!local.unsent && local.serverUpdatedAt) {
          // Confirmed by the server: it holds what it may keep of this copy.
          acked.current = serverCopyKey(local.draft);
          lastSent.current = acked.current;
        }
        dispatch({ type: 'restore', draft: local.draft });
        markReady();
      }
      const fallback = setTimeout(() => {
        if (!cancelled && !readyRef.current) markReady();
      }, SERVER_WAIT_MS);
      try {
        const sendsBefore = sends.current;
        const server = await orderApi.loadDraft();
        if (cancelled) return;
        const restore = await loadRestorer(Boolean(local || server?.draft));
        if (cancelled) return;
        const picked = pickDraft(local, server, restore);
        serverUpdatedAt.current = laterOf(serverUpdatedAt.current, picked.serverUpdatedAt);
        // What the server holds is known now, unless a save started meanwhile (its answer will tell).
        if (sends.current === sendsBefore) {
          acked.current = picked.stored ? serverCopyKey(picked.stored) : null;
          lastSent.current = acked.current;
        }
        if (picked.source === 'server') {
          dispatch({ type: 'restore', draft: picked.draft });
        } else if (local) {
          setResync((n) => n + 1); // the server's copy may lack this one: save it again if so
        }
      } catch {
        // No server copy (API down, endpoint missing): the local copy is what we have.
      } finally {
        clearTimeout(fallback);
        if (!cancelled) {
          if (!readyRef.current) markReady();
          setSettled(true);
        }
      }
    })();
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at mount: `initial` is the server render's
  }, []);

  // Save: localStorage at once, the server after the debounce (when its copy would change).
  useEffect(() => {
    if (!persisting) return;
    // An untouched default draft is saved nowhere: looking at /order leaves no draft behind.
    if (!hasLocalDraft() && serializeDraft(draft) === untouchedDraft()) return;
    const key = serverCopyKey(draft);
    writeLocalDraft(draft, serverUpdatedAt.current, { unsent: isUnsent(key) });
    if (pending.current) {
      clearTimeout(pending.current);
      pending.current = null;
    }
    if (key !== lastSent.current) {
      pending.current = setTimeout(() => {
        pending.current = null;
        void send(draft);
      }, DEFAULT_DEBOUNCE_MS);
    }
    refreshSaveState();
  }, [draft, persisting, resync, send, isUnsent, refreshSaveState]);

  // Leaving the page (or hiding it): send what the debounce still holds, as a request that outlives the page.
  useEffect(() => {
    const onHide = () => {
      if (!pending.current) return;
      clearTimeout(pending.current);
      pending.current = null;
      void send(latest.current, true);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') onHide();
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [send]);

  const flush = useCallback(async () => {
    if (pending.current) {
      clearTimeout(pending.current);
      pending.current = null;
    }
    await send(latest.current);
  }, [send]);

  const clear = useCallback(async () => {
    if (pending.current) {
      clearTimeout(pending.current);
      pending.current = null;
    }
    epoch.current += 1;
    clearLocalDraft();
    readyRef.current = false;
    setReady(false);
    setPersisting(false);
    dispatch({ type: 'reset' });
    lastSent.current = null;
    acked.current = null;
    failed.current = false;
    setSaveState('idle');
    try {
      await orderApi.deleteDraft();
    } catch {
      // the server copy is replaced by the next save anyway
    }
    clearLocalDraft();
  }, []);

  return { draft, dispatch, ready, settled, saveState, flush, clear };
}
