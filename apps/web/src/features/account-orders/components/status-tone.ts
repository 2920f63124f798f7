import type { CargoStatus } from '@freight/domain/cargo-status';

/** The colour of a status chip (class name in orders.module.css). */
export function statusTone(status: CargoStatus): 'toneActive' | 'toneDone' | 'toneWarning' | 'toneNeutral' {
  if (status === 'problem' || status === 'returned') return 'toneWarning';
  if (status === 'cancelled') return 'toneNeutral';
  if (status === 'released') return 'toneDone';
  return 'toneActive';
}
