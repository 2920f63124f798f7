import type { AccessRequestStatus } from '@freight/domain/access-request';
import { Badge, type BadgeTone } from '@/components/ui';

const TONE: Record<AccessRequestStatus, BadgeTone> = {
  pending: 'info',
  needs_changes: 'warning',
  approved: 'success',
  rejected: 'danger',
};

/** The status chip of a request: «На проверке», «Нужны исправления», «Одобрена», «Отклонена». */
export function StatusBadge({ status, label }: { status: AccessRequestStatus; label: string }) {
  return <Badge tone={TONE[status]}>{label}</Badge>;
}
