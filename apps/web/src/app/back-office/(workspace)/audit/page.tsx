import type { Metadata } from 'next';
import { AuditEntrySchema, pageOf } from '@freight/contracts/back-office';
import { BACK_OFFICE_TEXTS } from '@freight/domain/texts/back-office';
import { AuditTable } from '@/features/back-office/components/audit-table';
import { BoPage } from '@/features/back-office/components/bo-page';
import { Forbidden } from '@/features/back-office/components/forbidden';
import { requireStaffPage, staffMay } from '@/features/back-office/lib/staff';
import { apiGet } from '@/lib/api/server';

const T = BACK_OFFICE_TEXTS.audit;

export const metadata: Metadata = { title: T.metaTitle };

type Search = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

/** /back-office/audit: the append-only log of every change, filtered by object and action. */
export default async function AuditPage({ searchParams }: { searchParams: Promise<Search> }) {
  const staff = await requireStaffPage();
  if (!staffMay(staff, 'audit.view')) return <Forbidden />;
  const search = await searchParams;
  const page = Math.max(1, Number.parseInt(one(search.page), 10) || 1);
  const query = new URLSearchParams({ page: String(page), per_page: '50' });
  for (const key of ['entity_type', 'entity_id', 'action'] as const) {
    const value = one(search[key]).trim();
    if (value) query.set(key, value);
  }
  const data = await apiGet(`/api/v1/back-office/audit?${query}`, pageOf(AuditEntrySchema));
  return (
    <BoPage title={T.title} lead={T.lead}>
      <AuditTable
        data={data}
        filters={{ entity_type: one(search.entity_type), entity_id: one(search.entity_id), action: one(search.action) }}
      />
    </BoPage>
  );
}
