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
  loadRestorer,
  pickDraft,
  readLocalDraft,
  toSerialized,
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

export interface OrderDraftStore {
  draft: OrderDraft;
  dispatch: (action: OrderDraftAction) => void;
  /** False until a saved draft (local or server) has been restored. */
  ready: boolean;
  /** True once the server copy was loaded (or could not be): no restore will replace the draft any more. */
  settled: boolean;
  /** Saves now (PUT) instead of after the debounce. */
  flush: () => Promise<void>;
  /** Forgets the draft everywhere (after the request was created). */
  clear: () => Promise<void>;
}

/**
 * The order draft with its persistence. With `initial` (the server copy, read during the server
 * render) the wizard is shown at once with it, and a local copy newer than it replaces it after
 * hydration. Without it (the API could not be reached then) the draft is restored from
 * localStorage at once and from the server (GET /requests/draft) when that copy is newer. Every
 * change is written to localStorage immediately and PUT to the server 500 ms after the last
 * change, and on pagehide.
 */
export function useOrderDraft(initial: InitialDraft | null = null): OrderDraftStore {
  const [draft, dispatch] = useReducer(orderDraftReducer, initial, (given) => given?.draft ?? createOrderDraft());
  const [ready, setReady] = useState(initial !== null);
  const [settled, setSettled] = useState(false);
  // Saving starts only once the saved copies were compared: an early write would overwrite the local copy.
  const [persisting, setPersisting] = useState(false);
  const serverUpdatedAt = useRef<string | null>(initial?.server.updated_at ?? null);
  // With `initial` the server holds that draft, or none and the draft is the untouched default.
  const lastSent = useRef<string | null>(initial ? serializeDraft(initial.draft) : null);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(draft);
  const readyRef = useRef(initial !== null);

  useEffect(() => {
    latest.current = draft;
  }, [draft]);

  // Restore: local copy first (instant), then the server's when it is newer.
  useEffect(() => {
    let cancelled = false;
    const markReady = () => {
      readyRef.current = true;
      setReady(true);
      setPersisting(true);
    };
    if (initial) {
      // Server-rendered with the server copy: only a newer local copy can replace it.
      void (async () => {
        if (hasLocalDraft()) {
          const restore = await loadRestorer(true);
          if (cancelled) return;
          const picked = pickDraft(readLocalDraft(restore), initial.server, restore);
          serverUpdatedAt.current = picked.serverUpdatedAt;
          if (picked.source === 'local') dispatch({ type: 'restore', draft: picked.draft });
        }
        if (cancelled) return;
        setPersisting(true);
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
        lastSent.current = local.serverUpdatedAt ? serializeDraft(local.draft) : null;
        dispatch({ type: 'restore', draft: local.draft });
        markReady();
      }
      const fallback = setTimeout(() => {
        if (!cancelled && !readyRef.current) markReady();
      }, SERVER_WAIT_MS);
      try {
        const server = await orderApi.loadDraft();
        if (cancelled) return;
        const restore = await loadRestorer(Boolean(local || server?.draft));
        if (cancelled) return;
        const picked = pickDraft(local, server, restore);
        serverUpdatedAt.current = picked.serverUpdatedAt;
        if (picked.source === 'server') {
          lastSent.current = serializeDraft(picked.draft);
          dispatch({ type: 'restore', draft: picked.draft });
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

  const send = useCallback(async (value: OrderDraft) => {
    const serialized = serializeDraft(value);
    if (serialized === lastSent.current) return;
    lastSent.current = serialized;
    try {
      const saved = await orderApi.saveDraft(toSerialized(value));
      serverUpdatedAt.current = saved.updated_at;
      if (latest.current === value) writeLocalDraft(value, saved.updated_at);
    } catch {
      lastSent.current = null; // try again with the next change
    }
  }, []);

  // Save: localStorage at once, the server after the debounce.
  useEffect(() => {
    if (!persisting) return;
    // An untouched default draft is saved nowhere: looking at /order leaves no draft behind.
    if (!hasLocalDraft() && serializeDraft(draft) === untouchedDraft()) return;
    writeLocalDraft(draft, serverUpdatedAt.current);
    if (pending.current) clearTimeout(pending.current);
    pending.current = setTimeout(() => {
      pending.current = null;
      void send(draft);
    }, DEFAULT_DEBOUNCE_MS);
  }, [draft, persisting, send]);

  // Leaving the page: send what the debounce still holds.
  useEffect(() => {
    const onHide = () => {
      if (!pending.current) return;
      clearTimeout(pending.current);
      pending.current = null;
      const serialized = serializeDraft(latest.current);
      if (serialized === lastSent.current) return;
      lastSent.current = serialized;
      orderApi.saveDraftOnExit(toSerialized(latest.current));
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
  }, []);

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
    clearLocalDraft();
    readyRef.current = false;
    setReady(false);
    setPersisting(false);
    dispatch({ type: 'reset' });
    lastSent.current = null;
    try {
      await orderApi.deleteDraft();
    } catch {
      // the server copy is replaced by the next save anyway
    }
    clearLocalDraft();
  }, []);

  return { draft, dispatch, ready, settled, flush, clear };
}
