import { describe, expect, it } from 'vitest';
import { cargoListApiQuery, cargoListView } from './cargo-query';

describe('cargoListView', () => {
  it.each([
    [{}, { q: '', status: null, page: 1, perPage: 25, sort: 'created', desc: true }],
    [
      { q: ' MG-1234 ', status: 'arrived', page: '3', sort: 'price', desc: '1' },
      { q: 'MG-1234', status: 'arrived', page: 3, perPage: 25, sort: 'price', desc: true },
    ],
    [{ sort: 'status_changed' }, { q: '', status: null, page: 1, perPage: 25, sort: 'status_changed', desc: false }],
    [
      { status: 'lost', page: '-2', sort: 'weight', per_page: '1000' },
      { q: '', status: null, page: 1, perPage: 25, sort: 'created', desc: true },
    ],
  ] as const)('%j', (search, expected) => {
    expect(cargoListView(search)).toEqual(expected);
  });

  it('builds the API query with explicit order', () => {
    expect(cargoListApiQuery(cargoListView({ q: '+7 900', status: 'created' }))).toBe(
      'page=1&per_page=25&sort=created&desc=true&q=%2B7+900&status=created',
    );
  });
});
