import { MESSAGES } from '@freight/domain/messages';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';

// The page's own metadata is what the browser keeps once the page has hydrated (../not-found.tsx
// gives the same title to the server-rendered HTML only).
export const metadata: Metadata = { title: MESSAGES.shell.notFoundTitle };

/**
 * Any address no other route answers: the site's 404 (../not-found.tsx) inside the group's shell.
 * The root not-found.tsx used to wrap a second SiteShell for these, and since the root 404 is
 * part of every page's RSC payload, each page carried a second header and footer it never showed
 * (≈10 KB of payload to decode, a second shell to render on the server; issue #19).
 */
export default function UnknownAddress(): never {
  notFound();
}
