import { MESSAGES } from '@freight/domain/messages';
import type { Metadata } from 'next';
import { NotFoundContent } from './_components/not-found-content';

export const metadata: Metadata = { title: MESSAGES.shell.notFoundTitle };

/**
 * The root 404, sent with every page as the root layout's not-found boundary, so kept to the box
 * alone, with plain links. Unknown addresses meet the 404 inside the site shell ((site)/[...path]
 * → (site)/not-found), notFound() in the back-office meets back-office/not-found.tsx; nothing in
 * this app reaches this one but a notFound() added outside both.
 */
export default function NotFound() {
  return <NotFoundContent />;
}
