import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCESS_REQUEST_STATUSES, type AccessRequestStatus } from '@freight/domain/access-request';
import { CARGO_STATUS_CODES, type CargoStatus } from '@freight/domain/cargo-status';
import type { BadgeTone } from '@/components/ui';
import { AccessRequestStatusBadge, CargoStatusBadge, cargoStatusTone } from './status-badges';

/** Every status with the colour it is shown in; a status added to the domain must be decided here. */
const CARGO_TONES: Record<CargoStatus, BadgeTone> = {
  created: 'info',
  awaiting_dropoff: 'info',
  pickup: 'info',
  accepted: 'info',
  in_transit: 'info',
  arrived: 'info',
  out_for_delivery: 'info',
  released: 'success',
  cancelled: 'neutral',
  returned: 'warning',
  problem: 'warning',
};

const REQUEST_TONES: Record<AccessRequestStatus, BadgeTone> = {
  pending: 'info',
  needs_changes: 'warning',
  approved: 'success',
  rejected: 'danger',
};

describe('status badges', () => {
  it('the tables below name every status the domain has', () => {
    expect(Object.keys(CARGO_TONES).sort()).toEqual([...CARGO_STATUS_CODES].sort());
    expect(Object.keys(REQUEST_TONES).sort()).toEqual([...ACCESS_REQUEST_STATUSES].sort());
  });

  it.each(Object.entries(CARGO_TONES) as [CargoStatus, BadgeTone][])(
    'a cargo %s is shown in the %s tone, with its status for tests and styles',
    (status, tone) => {
      expect(cargoStatusTone(status)).toBe(tone);
      render(<CargoStatusBadge status={status} label="Статус" />);
      expect(screen.getByText('Статус')).toHaveClass('badge', tone);
      expect(screen.getByText('Статус')).not.toHaveClass('small');
      expect(screen.getByText('Статус')).toHaveAttribute('data-status', status);
    },
  );

  it.each(Object.entries(REQUEST_TONES) as [AccessRequestStatus, BadgeTone][])(
    'a full-access request %s is shown in the %s tone, compact in a table',
    (status, tone) => {
      render(<AccessRequestStatusBadge status={status} label="Заявка" size="s" />);
      expect(screen.getByText('Заявка')).toHaveClass('badge', tone, 'small');
      expect(screen.getByText('Заявка')).toHaveAttribute('data-status', status);
    },
  );
});
