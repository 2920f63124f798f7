import { MESSAGES } from '@freight/domain/messages';
import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { AccountPage } from '@/features/account/components/account-page';
import { loadProfile } from '@/features/auth/api/server';
import { loadAccessRequest } from '@/features/access-request/api/server';
import { AccessRequestView } from '@/features/access-request/components/access-request-view';

const A = MESSAGES.accessRequest;

type Params = Promise<{ id: string }>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const metadata: Metadata = { title: A.metaTitle, robots: { index: false, follow: false } };

/**
 * /personal-account/access/<id>: one of the user's requests. An unknown id and someone else's
 * get the same 404 page (the API answers 404 to both).
 */
export default async function AccessRequestPage({ params }: { params: Params }) {
  const { id } = await params;
  const profile = await loadProfile();
  if (!profile) redirect(`/auth/sign-in?next=${encodeURIComponent(`/personal-account/access/${id.slice(0, 100)}`)}`);
  if (!UUID.test(id)) notFound();
  const request = await loadAccessRequest(id);
  if (!request) notFound();
  return (
    <AccountPage
      title={A.requestTitle(request.type_label)}
      breadcrumbs={[{ href: '/personal-account/access', label: A.backToList }]}
      width="full"
    >
      <AccessRequestView request={request} />
    </AccountPage>
  );
}
