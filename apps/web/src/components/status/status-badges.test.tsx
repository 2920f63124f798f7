import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCESS_REQUEST_STATUSES } from '@freight/domain/access-request';
import { CARGO_STATUS_CODES } from '@freight/domain/cargo-status';
import { AccessRequestStatusBadge, CargoStatusBadge, cargoStatusTone } from './status-badges';

describe('status badges', () => {
  it.each([
    ['accepted', 'info'],
    ['in_transit', 'info'],
    ['released', 'success'],
    ['problem', 'warning'],
    ['returned', 'warning'],
    ['cancelled', 'neutral'],
  ] as const)('a cargo %s is shown in the %s tone', (status, tone) => {
    expect(cargoStatusTone(status)).toBe(tone);
    render(<CargoStatusBadge status={status} label="Статус" />);
    expect(screen.getByText('Статус')).toHaveClass('badge', tone);
    expect(screen.getByText('Статус')).toHaveAttribute('data-status', status);
  });

  it('every cargo status has a tone', () => {
    for (const status of CARGO_STATUS_CODES)
      expect(cargoStatusTone(status)).toMatch(/^(info|success|warning|danger|neutral)$/);
  });

  it.each([
    ['pending', 'info'],
    ['needs_changes', 'warning'],
    ['approved', 'success'],
    ['rejected', 'danger'],
  ] as const)('a full-access request %s is shown in the %s tone, compact in a table', (status, tone) => {
    expect(ACCESS_REQUEST_STATUSES).toContain(status);
    render(<AccessRequestStatusBadge status={status} label="Заявка" size="s" />);
    expect(screen.getByText('Заявка')).toHaveClass('badge', tone, 'small');
  });
});
