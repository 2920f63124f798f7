import { describe, expect, it } from 'vitest';
import { alertsApiQuery, alertsView } from './alerts-query';

describe('the alert list in the address', () => {
  it.each([
    [{}, { status: 'open', page: 1, perPage: 25 }],
    [
      { status: 'resolved', page: '3' },
      { status: 'resolved', page: 3, perPage: 25 },
    ],
    [
      { status: 'all', per_page: '50' },
      { status: 'all', page: 1, perPage: 50 },
    ],
    [{ status: ['all', 'open'] }, { status: 'all', page: 1, perPage: 25 }],
    [
      { status: 'closed', page: '-2', per_page: '1000' },
      { status: 'open', page: 1, perPage: 25 },
    ],
    [
      { page: 'abc', per_page: '0' },
      { status: 'open', page: 1, perPage: 25 },
    ],
    [{ page: '99999' }, { status: 'open', page: 10_000, perPage: 25 }],
  ])('%j → %j', (search, view) => {
    expect(alertsView(search)).toEqual(view);
  });

  it('asks the API for the same view', () => {
    expect(alertsApiQuery({ status: 'resolved', page: 2, perPage: 50 })).toBe('status=resolved&page=2&per_page=50');
  });
});
