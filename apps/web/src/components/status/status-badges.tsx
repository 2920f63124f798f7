import type { AccessRequestStatus } from '@freight/domain/access-request';
import type { CargoStatus } from '@freight/domain/cargo-status';
import { Badge, type BadgeSize, type BadgeTone } from '@/components/ui';

/**
 * The status chips a client and the carrier's staff both see: one colour per status wherever it
 * is shown (the personal account, the back-office), the text from the API's label.
 */

/** A cargo: under way (info), released (success), a problem or a return (warning), cancelled (neutral). */
export function cargoStatusTone(status: CargoStatus): BadgeTone {
  if (status === 'problem' || status === 'returned') return 'warning';
  if (status === 'cancelled') return 'neutral';
  if (status === 'released') return 'success';
  return 'info';
}

const ACCESS_REQUEST_TONE: Record<AccessRequestStatus, BadgeTone> = {
  pending: 'info',
  needs_changes: 'warning',
  approved: 'success',
  rejected: 'danger',
};

interface StatusBadgeProps<Status extends string> {
  status: Status;
  /** The status in words («В пути», «На проверке»), as the API names it. */
  label: string;
  size?: BadgeSize;
}

/** A cargo's status («Принят», «В пути», «Выдан»…). */
export function CargoStatusBadge({ status, label, size }: StatusBadgeProps<CargoStatus>) {
  return (
    <Badge tone={cargoStatusTone(status)} size={size} data-status={status}>
      {label}
    </Badge>
  );
}

/** A full-access request's status: «На проверке», «Нужны исправления», «Одобрена», «Отклонена». */
export function AccessRequestStatusBadge({ status, label, size }: StatusBadgeProps<AccessRequestStatus>) {
  return (
    <Badge tone={ACCESS_REQUEST_TONE[status]} size={size} data-status={status}>
      {label}
    </Badge>
  );
}
