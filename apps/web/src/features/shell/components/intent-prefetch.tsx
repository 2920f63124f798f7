'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { PREFETCH_ON_INTENT_SELECTOR } from '@/lib/prefetch-on-intent';

const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart'] as const;

/**
 * Prefetches the links marked PREFETCH_ON_INTENT (the header's, the cookie notice's, a list's
 * items) when the pointer comes over one, it gets focus or it is touched — before the click that
 * follows — instead of as soon as they are seen: one listener on the document for them all.
 */
export function IntentPrefetch() {
  const router = useRouter();
  useEffect(() => {
    const onIntent = (event: Event) => {
      const link =
        event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(PREFETCH_ON_INTENT_SELECTOR) : null;
      // The router keeps what it has fetched: a second approach to the same link costs a lookup.
      if (link && link.origin === window.location.origin) router.prefetch(link.pathname + link.search);
    };
    const options = { capture: true, passive: true };
    for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, options);
    return () => {
      for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, options);
    };
  }, [router]);
  return null;
}
