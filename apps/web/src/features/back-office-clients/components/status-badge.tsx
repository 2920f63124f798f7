import type { InboxStatus } from '@freight/domain/staff';
import { Badge, type BadgeSize, type BadgeTone } from '@/components/ui';

const INBOX_TONE: Record<InboxStatus, BadgeTone> = {
  new: 'warning',
  in_work: 'info',
  answered: 'success',
};

/** An inbox item's status: new ones stand out, those in work are under way, answered ones are green. */
export function InboxStatusBadge({ status, label, size }: { status: InboxStatus; label: string; size?: BadgeSize }) {
  return (
    <Badge tone={INBOX_TONE[status]} size={size} data-status={status}>
      {label}
    </Badge>
  );
}
