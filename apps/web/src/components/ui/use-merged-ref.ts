import { useCallback } from 'react';
import type { Ref, RefCallback } from 'react';

/**
 * One callback ref that feeds an internal ref and the ref a caller passed as a prop
 * (React 19 passes `ref` as an ordinary prop). Honours React 19 ref-callback cleanups.
 */
export function useMergedRef<T>(first: Ref<T> | undefined, second: Ref<T> | undefined): RefCallback<T> {
  return useCallback(
    (node: T | null) => {
      const cleanups = [first, second].map((ref) => assignRef(ref, node));
      return () => {
        for (const cleanup of cleanups) cleanup();
      };
    },
    [first, second],
  );
}

function assignRef<T>(ref: Ref<T> | undefined, node: T | null): () => void {
  if (typeof ref === 'function') {
    const cleanup = ref(node);
    return typeof cleanup === 'function' ? cleanup : () => ref(null);
  }
  if (ref) {
    ref.current = node;
    return () => {
      ref.current = null;
    };
  }
  return () => {};
}
