import { Link } from '@/components/ui/link';
import { NotFoundContent, type NotFoundContentProps } from './not-found-content';

export type NotFoundBoxProps = Omit<NotFoundContentProps, 'anchor'>;

/**
 * The Russian 404 box: shown by notFound() and unknown addresses in (site) and in the
 * back-office (inside the site shell), and by the entity pages' own not-found files (a news
 * item, an office, a cargo) with their own title and a link back to their list.
 */
export function NotFoundBox(props: NotFoundBoxProps = {}) {
  return <NotFoundContent {...props} anchor={Link} />;
}
