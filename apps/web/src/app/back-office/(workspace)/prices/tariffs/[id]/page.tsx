import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { AdminTariffSchema } from '@freight/contracts/back-office-content';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { BoPage } from '@/features/back-office/components/bo-page';
import { Forbidden } from '@/features/back-office/components/forbidden';
import { requireStaffPage, staffMay } from '@/features/back-office/lib/staff';
import { TariffForm } from '@/features/back-office-content/components/tariff-form';
import { ApiStatusError, apiGet } from '@/lib/api/server';

const T = BACK_OFFICE_CONTENT_TEXTS;

export const metadata: Metadata = { title: T.pages.tariffs };

/** /back-office/prices/tariffs/[id]: the rates of one tariff route. */
export default async function TariffPage({ params }: { params: Promise<{ id: string }> }) {
  const staff = await requireStaffPage();
  if (!staffMay(staff, 'prices.edit')) return <Forbidden />;
  const { id } = await params;
  if (!/^\d{1,9}$/.test(id)) notFound();
  const tariff = await apiGet(`/api/v1/back-office/tariffs/${id}`, AdminTariffSchema).catch((error: unknown) => {
    if (error instanceof ApiStatusError && error.status === 404) notFound();
    throw error;
  });
  return (
    <BoPage
      title={T.pages.editTariff(tariff.from_zone.name, tariff.to_zone.name, tariff.transportation_type.name)}
      lead={tariff.price_list.name}
      breadcrumbs={[{ href: '/back-office/prices/tariffs', label: T.pages.tariffs }]}
    >
      <TariffForm tariff={tariff} />
    </BoPage>
  );
}
