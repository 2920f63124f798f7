import type { Metadata } from 'next';
import { z } from 'zod';
import { StaffAccountSchema } from '@freight/contracts/back-office';
import { BACK_OFFICE_TEXTS } from '@freight/domain/texts/back-office';
import { BoPage } from '@/features/back-office/components/bo-page';
import { Forbidden } from '@/features/back-office/components/forbidden';
import { StaffManager } from '@/features/back-office/components/staff-manager';
import { requireStaffPage, staffMay } from '@/features/back-office/lib/staff';
import { apiGet } from '@/lib/api/server';

const T = BACK_OFFICE_TEXTS.staffAdmin;

export const metadata: Metadata = { title: T.metaTitle };

/** /back-office/staff: staff accounts and roles (administrators only). */
export default async function StaffPage() {
  const staff = await requireStaffPage();
  if (!staffMay(staff, 'staff.manage')) return <Forbidden />;
  const { items } = await apiGet('/api/v1/back-office/staff', z.object({ items: z.array(StaffAccountSchema) }));
  return (
    <BoPage title={T.title} lead={T.lead}>
      <StaffManager accounts={items} selfId={staff.id} />
    </BoPage>
  );
}
