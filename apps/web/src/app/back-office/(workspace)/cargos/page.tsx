import type { Metadata } from 'next';
import { BoCargoListSchema, BoOfficeListSchema } from '@freight/contracts/back-office-cargo';
import { BACK_OFFICE_CARGO_TEXTS } from '@freight/domain/texts/back-office-cargo';
import { BoPage } from '@/features/back-office/components/bo-page';
import { Forbidden } from '@/features/back-office/components/forbidden';
import { requireStaffPage, staffMay } from '@/features/back-office/lib/staff';
import { CargoSearchForm } from '@/features/back-office-cargo/components/cargo-search-form';
import { CargoTable } from '@/features/back-office-cargo/components/cargo-table';
import { cargoListApiQuery, cargoListView } from '@/features/back-office-cargo/lib/cargo-query';
import { apiGet } from '@/lib/api/server';

const T = BACK_OFFICE_CARGO_TEXTS.page;

export const metadata: Metadata = { title: T.listTitle };

type Search = Record<string, string | string[] | undefined>;

/**
 * /back-office/cargos: every client's cargos, found by track number, phone or ИНН, filtered by
 * status; an operator selects rows and moves them to a new status together.
 */
export default async function CargosPage({ searchParams }: { searchParams: Promise<Search> }) {
  const staff = await requireStaffPage();
  if (!staffMay(staff, 'cargo.view')) return <Forbidden />;
  const view = cargoListView(await searchParams);
  const canOperate = staffMay(staff, 'cargo.operate');
  const [data, offices] = await Promise.all([
    apiGet(`/api/v1/back-office/cargos?${cargoListApiQuery(view)}`, BoCargoListSchema),
    canOperate ? apiGet('/api/v1/back-office/offices', BoOfficeListSchema) : null,
  ]);
  return (
    <BoPage title={T.listTitle}>
      <CargoSearchForm q={view.q} status={view.status} />
      <CargoTable
        items={data.items}
        total={data.total}
        page={data.page}
        perPage={data.per_page}
        sort={{ id: view.sort, desc: view.desc }}
        canOperate={canOperate}
        offices={offices?.items ?? []}
      />
    </BoPage>
  );
}
