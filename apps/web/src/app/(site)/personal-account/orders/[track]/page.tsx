import { checkTrackNumber } from '@freight/domain';
import { MESSAGES } from '@freight/domain/messages';
import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { AccountPage } from '@/features/account/components/account-page';
import { loadProfile } from '@/features/auth/api/server';
import { loadCargoCard } from '@/features/account-orders/api/server';
import { CargoCard } from '@/features/account-orders/components/cargo-card';

const T = MESSAGES.accountOrders;

type Params = Promise<{ track: string }>;

function decode(value: string): string {
  try {
    return decodeURIComponent(value).slice(0, 100);
  } catch {
    return value.slice(0, 100);
  }
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const check = checkTrackNumber(decode((await params).track));
  return { title: check.ok ? T.cardTitle(check.value) : T.metaTitle, robots: { index: false, follow: false } };
}

/**
 * /personal-account/orders/MG-1234-56789: the signed-in owner's cargo card. A malformed number,
 * an unknown one and someone else's all get the same 404 page (the API answers 404 to both).
 */
export default async function CargoCardPage({ params }: { params: Params }) {
  const raw = decode((await params).track);
  const profile = await loadProfile();
  if (!profile) redirect(`/auth/sign-in?next=${encodeURIComponent(`/personal-account/orders/${raw}`)}`);
  const check = checkTrackNumber(raw);
  if (!check.ok) notFound();
  if (check.value !== raw) redirect(`/personal-account/orders/${check.value}`);
  const data = await loadCargoCard(check.value);
  if (!data) notFound();
  return (
    <AccountPage breadcrumbs={[{ href: '/personal-account/orders', label: T.backToList }]} width="full">
      <CargoCard data={data} />
    </AccountPage>
  );
}
