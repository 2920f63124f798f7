import type { CargoStatus } from '@freight/domain/cargo-status';
import type { BadgeTone } from '@/components/ui';

/** The colour of a cargo's status chip: under way, released, a problem or return, cancelled. */
export function statusTone(status: CargoStatus): BadgeTone {
  if (status === 'problem' || status === 'returned') return 'warning';
  if (status === 'cancelled') return 'neutral';
  if (status === 'released') return 'success';
  return 'info';
}
