import { describe, expect, it } from 'vitest';
import {
  accountsToShow,
  contractToShow,
  financeHref,
  longestPeriodEnd,
  monthToShow,
  parseFinanceUrl,
  quarterStart,
} from './finance-url';

describe('finance address', () => {
  it('reads the address, dropping impossible values', () => {
    expect(parseFinanceUrl({ account: 'a1', contract: 'c1', year: '2026', month: '11' })).toEqual({
      account: 'a1',
      contract: 'c1',
      year: 2026,
      month: 11,
    });
    expect(parseFinanceUrl({ year: '1999', month: '13', contract: ['c2', 'c3'], account: ' ' })).toEqual({
      account: null,
      contract: 'c2',
      year: null,
      month: null,
    });
    expect(parseFinanceUrl({ year: '2026.5', month: '-1' })).toMatchObject({ year: null, month: null });
  });

  it('writes only the parts that are set', () => {
    expect(financeHref({})).toBe('/personal-account/finance');
    expect(financeHref({ account: 'all', contract: 'c 1', year: 2026, month: 3 })).toBe(
      '/personal-account/finance?account=all&contract=c+1&year=2026&month=3',
    );
  });

  const latest = { year: 2026, month: 11 };
  const earliest = { year: 2026, month: 3 };
  it.each([
    [{ year: null, month: null }, latest],
    [
      { year: 2026, month: 7 },
      { year: 2026, month: 7 },
    ],
    [{ year: 2027, month: 1 }, latest],
    [{ year: 2025, month: 12 }, earliest],
  ])('shows %o as %o (between March and November 2026)', (url, shown) => {
    expect(monthToShow(url, earliest, latest)).toEqual(shown);
  });

  const permitted = [{ account_uuid: 'me' }, { account_uuid: 'co' }];
  it.each([
    [null, 'me', { value: 'me', uuids: ['me'] }],
    [null, 'other', { value: 'all', uuids: ['me', 'co'] }],
    ['co', 'me', { value: 'co', uuids: ['co'] }],
    ['all', 'me', { value: 'all', uuids: ['me', 'co'] }],
    ['foreign', 'me', { value: 'me', uuids: ['me'] }],
  ])('account %s with %s active → %o', (wanted, active, expected) => {
    expect(accountsToShow(wanted, permitted, active)).toEqual(expected);
  });

  it('picks the named contract, else the default one in force, else one in force, else the first', () => {
    const a = { contract_uuid: 'a', is_default: false, is_active: false };
    const b = { contract_uuid: 'b', is_default: false, is_active: true };
    const c = { contract_uuid: 'c', is_default: true, is_active: true };
    expect(contractToShow([a, b, c], 'a')).toBe(a);
    expect(contractToShow([a, b, c], 'zzz')).toBe(c);
    expect(contractToShow([a, b], null)).toBe(b);
    expect(contractToShow([a], null)).toBe(a);
    expect(contractToShow([], null)).toBeNull();
  });

  it.each([
    ['2026-01-01', '2026-01-01'],
    ['2026-03-31', '2026-01-01'],
    ['2026-04-01', '2026-04-01'],
    ['2026-11-17', '2026-10-01'],
    ['2026-12-31', '2026-10-01'],
  ])('the quarter of %s starts on %s', (day, start) => {
    expect(quarterStart(day)).toBe(start);
  });

  it.each([
    ['2024-01-01', '2026-12-31'],
    ['2024-02-29', '2027-02-28'],
    ['2025-07-15', '2028-07-14'],
  ])('a period from %s may end on %s at the latest', (from, end) => {
    expect(longestPeriodEnd(from)).toBe(end);
  });
});
