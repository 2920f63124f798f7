import NextLink from 'next/link';
import type { ComponentProps } from 'react';
import { PREFETCH_ON_INTENT } from '@/lib/prefetch-on-intent';

export type LinkProps = ComponentProps<typeof NextLink>;

/**
 * The app's only next/link (ESLint forbids importing it elsewhere). By default a link is
 * prefetched on intent — the pointer over it, focus, a touch — by the shell's IntentPrefetch, not
 * as soon as it is seen: next/link's default made each view of a page send prefetch requests for
 * the links in view (the order wizard's «Войти»: three), each a server render and a payload for
 * the phone to decode while the page starts (issue #19, main-thread work). `prefetch={false}`
 * still means never (the map's dots); any other value is next/link's.
 */
export function Link({ prefetch, ...props }: LinkProps) {
  if (prefetch !== undefined) return <NextLink prefetch={prefetch} {...props} />;
  return <NextLink prefetch={false} {...PREFETCH_ON_INTENT} {...props} />;
}
