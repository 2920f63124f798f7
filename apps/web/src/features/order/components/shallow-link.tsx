'use client';

import type { ComponentPropsWithRef } from 'react';

/** Another step of the wizard, in place: the URL changes (Next's router follows history.pushState), nothing reloads. */
export function showStep(href: string, mode: 'push' | 'replace' = 'push'): void {
  if (mode === 'push') window.history.pushState(null, '', href);
  else window.history.replaceState(null, '', href);
}

/**
 * A link between steps of the wizard. A plain click changes the URL in place, with no server
 * round trip and without remounting the wizard (a Next navigation would render /order anew on
 * the server for every step); a click with a modifier key, or without scripts, is an ordinary link.
 */
export function ShallowLink({ href, onClick, ...rest }: Omit<ComponentPropsWithRef<'a'>, 'href'> & { href: string }) {
  return (
    <a
      href={href}
      {...rest}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || event.button !== 0) return;
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        showStep(href);
        window.scrollTo({ top: 0 });
      }}
    />
  );
}
