/**
 * Spread on a <Link prefetch={false}> (its <a> gets the attribute): the link is prefetched when
 * the visitor shows intent — the pointer over it, focus, a touch — by the shell's IntentPrefetch,
 * not as soon as it is seen. For links in view when a page loads (the header's, a list's items):
 * next/link's prefetch on sight made the server render each of their pages twice (route tree and
 * data) on every view and the phone decode the answers while the page was starting (issue #19,
 * main-thread work; /news alone sent 14 such requests).
 */
export const PREFETCH_ON_INTENT = { 'data-prefetch': 'intent' } as const;

/** The links IntentPrefetch watches. */
export const PREFETCH_ON_INTENT_SELECTOR = 'a[data-prefetch="intent"]';
