import { MESSAGES } from '@freight/domain/messages';
import type { Metadata } from 'next';
import { NotFoundBox } from '../_components/not-found-box';

export const metadata: Metadata = { title: MESSAGES.shell.notFoundTitle };

/**
 * notFound() from a page inside the (site) group (an unknown or someone else's cargo, a dev
 * page that is off): the same Russian 404 as ../not-found.tsx, inside the group's shell, which
 * is already there — so without a second header and footer.
 */
export default function SiteNotFound() {
  return <NotFoundBox />;
}
