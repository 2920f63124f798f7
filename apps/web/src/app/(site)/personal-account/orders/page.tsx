import { buildCargoListQuery, createOrderListState, parseOrderListUrl } from '@freight/domain';
import { MESSAGES } from '@freight/domain/messages';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AccountPage } from '@/features/account/components/account-page';
import { loadProfile } from '@/features/auth/api/server';
import { loadCargoPage } from '@/features/account-orders/api/server';
import { OrdersList } from '@/features/account-orders/components/orders-list';

const T = MESSAGES.accountOrders;

export const metadata: Metadata = { title: T.metaTitle, robots: { index: false } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * /personal-account/orders: the signed-in client's orders. The address holds every filter
 * (parseOrderListUrl: impossible values are dropped and explained beside their field); page 0 of
 * that list is rendered here, on the server.
 */
export default async function OrdersPage({ searchParams }: { searchParams: SearchParams }) {
  const profile = await loadProfile();
  if (!profile) redirect('/auth/sign-in?next=/personal-account/orders');
  const { state } = parseOrderListUrl(await searchParams);
  const query = buildCargoListQuery({ ...createOrderListState(), ...state });
  const first = await loadCargoPage(query);
  return (
    <AccountPage title={T.title} width="full">
      {/* No Suspense boundary: React's server renderer would outline it (the list sent later in the
          stream, hidden until a script reveals it, and the footer pushed down when it appears). */}
      <OrdersList
        initialUrl={state}
        initialPage={first.kind === 'ok' ? first.page : null}
        profiles={profile.profiles}
      />
    </AccountPage>
  );
}
