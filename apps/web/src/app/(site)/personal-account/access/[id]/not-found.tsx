import { MESSAGES } from '@freight/domain/messages';
import type { Metadata } from 'next';
import { NotFoundBox } from '@/app/_components/not-found-box';

export const metadata: Metadata = { title: MESSAGES.accessRequest.notFoundTitle };

/** /personal-account/access/<unknown or someone else's>: the same answer for both, with the way back. */
export default function AccessRequestNotFound() {
  return (
    <NotFoundBox
      title={MESSAGES.accessRequest.notFoundTitle}
      text={MESSAGES.accessRequest.notFoundText}
      back={{ href: '/personal-account/access', label: MESSAGES.accessRequest.backToList }}
    />
  );
}
