import { MESSAGES } from '@freight/domain/messages';
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { OrderWizard } from '@/features/order/components/order-wizard';
import styles from '@/features/order/components/order.module.css';

export const metadata: Metadata = { title: MESSAGES.order.pageTitle, robots: { index: false } };

/** /order?step=route|cargo|time|participants|payment|review; calculator params are accepted too. */
export default function OrderPage() {
  return (
    <div className={`container ${styles.page}`}>
      <h1 className={styles.pageTitle}>{MESSAGES.order.pageTitle}</h1>
      <Suspense>
        <OrderWizard />
      </Suspense>
    </div>
  );
}
