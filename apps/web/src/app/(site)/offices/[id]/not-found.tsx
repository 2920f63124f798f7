import { MESSAGES } from '@freight/domain/messages';
import type { Metadata } from 'next';
import { NotFoundBox } from '@/app/_components/not-found-box';

export const metadata: Metadata = { title: MESSAGES.offices.notFound };

/** /offices/<unknown>: «Офис не найден» in the site's shell, with the way back to the list. */
export default function OfficeNotFound() {
  return (
    <NotFoundBox
      title={MESSAGES.offices.notFound}
      text={MESSAGES.officesPage.notFoundText}
      back={{ href: '/offices', label: MESSAGES.officesPage.backToList }}
    />
  );
}
