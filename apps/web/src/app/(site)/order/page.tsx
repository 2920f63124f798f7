import { API_PATHS } from '@freight/contracts';
import { DraftResponseSchema } from '@freight/contracts/orders';
import { MESSAGES } from '@freight/domain/messages';
import { restoreDraft } from '@freight/domain/order-draft-schema';
import type { Metadata } from 'next';
import type { SignedInUser } from '@/features/order/api/order-api';
import { OrderWizard } from '@/features/order/components/order-wizard';
import styles from '@/features/order/components/order.module.css';
import type { InitialDraft } from '@/features/order/lib/use-order-draft';
import { getCurrentUser } from '@/lib/api/current-user';
import { apiGet } from '@/lib/api/server';

export const metadata: Metadata = { title: MESSAGES.order.pageTitle, robots: { index: false } };

/** The visitor's saved draft (or the empty one), read on their behalf; null when the API cannot say. */
async function loadSavedDraft(): Promise<InitialDraft | null> {
  try {
    const server = await apiGet(API_PATHS.orderDraft, DraftResponseSchema, { timeoutMs: 3_000 });
    return { draft: restoreDraft(server.draft ? JSON.stringify(server.draft) : null), server };
  } catch {
    return null; // the wizard loads the copies itself
  }
}

/** The signed-in verified client (their sender details are prefilled); null: anonymous; undefined: unknown. */
async function loadUser(): Promise<SignedInUser | null | undefined> {
  // The shell asked the same for the header: cache() makes both one API call per request.
  const current = await getCurrentUser();
  if (current.status === 'unknown') return undefined;
  if (current.status === 'anonymous' || !current.user.is_verified) return null;
  const { user } = current;
  return { id: user.id, name: user.name, phone: user.phone, email: user.email, is_verified: true };
}

/**
 * /order?step=route|cargo|time|participants|payment|review; calculator params are accepted too.
 * The asked step is rendered on the server with the saved draft, so it shows before any script.
 */
export default async function OrderPage() {
  const [initial, user] = await Promise.all([loadSavedDraft(), loadUser()]);
  return (
    <div className={`container ${styles.page}`}>
      <h1 className={styles.pageTitle}>{MESSAGES.order.pageTitle}</h1>
      {/* No Suspense boundary: React's server renderer would outline it (the wizard sent later in
          the stream, hidden until a script reveals it), as it did until 2026-11-27. */}
      <OrderWizard initial={initial} initialUser={user} />
    </div>
  );
}
