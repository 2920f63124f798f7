import { API_PATHS, CargoDetailsSchema } from '@freight/contracts';
import { checkTrackNumber } from '@freight/domain';
import { MESSAGES } from '@freight/domain/messages';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { RepeatOrder } from '@/features/order/components/repeat-order';
import styles from '@/features/order/components/order.module.css';
import { draftFromCargo } from '@/features/order/lib/repeat-draft';
import { apiGet, ApiStatusError } from '@/lib/api/server';

export const metadata: Metadata = { title: MESSAGES.accountOrders.repeat, robots: { index: false } };

type Params = Promise<{ track: string }>;

/**
 * /order/repeat/MG-1234-56789: «Повторить заявку». Reads the caller's cargo (someone else's or an
 * unknown one is the same 404), copies its route, places and participants into a new draft and
 * opens the wizard with it.
 */
export default async function RepeatOrderPage({ params }: { params: Params }) {
  let raw: string;
  try {
    raw = decodeURIComponent((await params).track).slice(0, 100);
  } catch {
    notFound();
  }
  const check = checkTrackNumber(raw);
  if (!check.ok) notFound();
  let cargo;
  try {
    cargo = await apiGet(
      `${API_PATHS.currentCargo}?tracknumber=${encodeURIComponent(check.value)}`,
      CargoDetailsSchema,
    );
  } catch (error) {
    if (error instanceof ApiStatusError) notFound();
    throw error;
  }
  return (
    <div className={`container ${styles.page}`}>
      <h1 className={styles.pageTitle}>{MESSAGES.order.pageTitle}</h1>
      <p>{MESSAGES.accountOrders.repeatNotice(cargo.track_number)}</p>
      <RepeatOrder draft={draftFromCargo(cargo)} />
    </div>
  );
}
