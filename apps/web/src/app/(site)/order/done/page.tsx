import { MESSAGES } from '@freight/domain/messages';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { OrderDone } from '@/features/order/components/order-done';
import styles from '@/features/order/components/order.module.css';

export const metadata: Metadata = { title: MESSAGES.order.doneTitle, robots: { index: false } };

/** /order/done?track=MG-…: the confirmation after request_create (owner-only data from get_current_cargo). */
export default async function OrderDonePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const track = (await searchParams).track;
  if (typeof track !== 'string' || track.length === 0 || track.length > 40) redirect('/order');
  return (
    <div className={`container ${styles.page}`}>
      <OrderDone track={track} />
    </div>
  );
}
