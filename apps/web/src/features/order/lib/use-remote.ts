'use client';

import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api/client';
import { COMMON_TEXTS } from '@freight/domain/texts/common';

export interface RemoteState<T> {
  data: T | null;
  loading: boolean;
  error: string | null;
}

/**
 * Loads `fetcher()` whenever `key` changes (null: nothing to load), after `delayMs` of quiet, and
 * drops answers to older keys. The last good answer stays shown while a new one loads.
 */
export function useRemote<T>(
  key: string | null,
  fetcher: (signal: AbortSignal) => Promise<T>,
  delayMs = 300,
): RemoteState<T> {
  const [state, setState] = useState<RemoteState<T> & { key: string | null }>({
    key: null,
    data: null,
    loading: false,
    error: null,
  });
  const fetchFn = useRef(fetcher);
  useEffect(() => {
    fetchFn.current = fetcher;
  });

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState((prev) => ({ ...prev, key, loading: true, error: null }));
      fetchFn
        .current(controller.signal)
        .then((data) => {
          if (!controller.signal.aborted) setState({ key, data, loading: false, error: null });
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          const message = error instanceof ApiError ? error.message : COMMON_TEXTS.serviceUnavailable;
          setState({ key, data: null, loading: false, error: message });
        });
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, delayMs]);

  if (key === null) return { data: null, loading: false, error: null };
  // A new key that has not started loading yet counts as loading (the old data stays visible).
  return {
    data: state.data,
    loading: state.loading || state.key !== key,
    error: state.key === key ? state.error : null,
  };
}
