import { MESSAGES } from '@freight/domain/messages';
import type { Metadata } from 'next';
import { NotFoundBox } from '@/app/_components/not-found-box';

export const metadata: Metadata = { title: MESSAGES.accountOrders.notFoundTitle };

/**
 * /personal-account/orders/<unknown or someone else's>: the same answer for both (nothing tells
 * that the number exists), with the way back to the client's own list.
 */
export default function CargoCardNotFound() {
  return (
    <NotFoundBox
      title={MESSAGES.accountOrders.notFoundTitle}
      text={MESSAGES.accountOrders.notFoundText}
      back={{ href: '/personal-account/orders', label: MESSAGES.accountOrders.backToList }}
    />
  );
}
