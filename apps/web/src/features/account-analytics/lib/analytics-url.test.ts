import { ANALYTICS_TEXTS } from '@freight/domain/texts/analytics';
import { describe, expect, it } from 'vitest';
import {
  analyticsApiQuery,
  analyticsUrlQuery,
  parseAnalyticsUrl,
  presetPeriod,
  type AnalyticsUrlState,
} from './analytics-url';

const A = ANALYTICS_TEXTS;
const TODAY = '2026-05-15';
const ALLOWED = ['u-own', 'u-company'];

describe('presetPeriod', () => {
  it.each([
    ['12m', { from: '2025-06-01', to: '2026-05-15' }],
    ['year', { from: '2026-01-01', to: '2026-05-15' }],
    ['last_year', { from: '2025-01-01', to: '2025-12-31' }],
    ['quarter', { from: '2026-04-01', to: '2026-05-15' }],
  ] as const)('%s on 15 May 2026 → %o', (preset, period) => {
    expect(presetPeriod(preset, TODAY)).toEqual(period);
  });

  it.each([
    ['2026-01-01', '2026-01-01'],
    ['2026-03-31', '2026-01-01'],
    ['2026-12-31', '2026-10-01'],
  ])('the quarter of %s starts on %s', (today, from) => {
    expect(presetPeriod('quarter', today)).toEqual({ from, to: today });
  });
});

describe('parseAnalyticsUrl', () => {
  it('defaults: every allowed profile, the last twelve months, count', () => {
    expect(parseAnalyticsUrl({}, TODAY, ALLOWED)).toEqual({
      state: { accounts: null, preset: '12m', from: '', to: '', dataType: 'count' },
      accounts: ALLOWED,
      period: { from: '2025-06-01', to: '2026-05-15' },
      errors: {},
    });
  });

  it('keeps the profiles the user may see, in one list or repeated, and drops the rest', () => {
    const one = parseAnalyticsUrl({ account_uuid: 'u-company,stranger' }, TODAY, ALLOWED);
    expect(one.state.accounts).toEqual(['u-company']);
    expect(one.accounts).toEqual(['u-company']);
    expect(one.errors).toEqual({});
    const repeated = parseAnalyticsUrl(
      new URLSearchParams('account_uuid=u-own&account_uuid=u-company'),
      TODAY,
      ALLOWED,
    );
    expect(repeated.accounts).toEqual(['u-own', 'u-company']);
  });

  it('explains a link with only foreign profiles and shows all of the user’s', () => {
    const parsed = parseAnalyticsUrl({ account_uuid: 'stranger' }, TODAY, ALLOWED);
    expect(parsed.state.accounts).toBeNull();
    expect(parsed.accounts).toEqual(ALLOWED);
    expect(parsed.errors).toEqual({ profiles: A.screen.profilesUnknown });
  });

  it('reads a preset and a measure; unknown ones fall back to the defaults', () => {
    expect(parseAnalyticsUrl({ period: 'last_year', data_type: 'amount' }, TODAY, ALLOWED)).toMatchObject({
      state: { preset: 'last_year', dataType: 'amount' },
      period: { from: '2025-01-01', to: '2025-12-31' },
    });
    expect(parseAnalyticsUrl({ period: 'decade', data_type: 'mass' }, TODAY, ALLOWED)).toMatchObject({
      state: { preset: '12m', dataType: 'count' },
      period: { from: '2025-06-01', to: '2026-05-15' },
    });
  });

  it('takes two dates as a custom period, with or without period=custom', () => {
    for (const params of [
      { period: 'custom', from: '2026-02-01', to: '2026-02-28' },
      { from: '2026-02-01', to: '2026-02-28' },
    ]) {
      expect(parseAnalyticsUrl(params, TODAY, ALLOWED)).toMatchObject({
        state: { preset: 'custom', from: '2026-02-01', to: '2026-02-28' },
        period: { from: '2026-02-01', to: '2026-02-28' },
        errors: {},
      });
    }
  });

  it.each([
    [{ from: '2026-02-30', to: '2026-03-01' }, { from: A.dateInvalid }],
    [{ from: '2026-02-01', to: '' }, { to: A.dateInvalid }],
    [{ from: '2026-03-01', to: '2026-02-01' }, { from: A.periodReversed }],
    // 2024-01-01 … 2026-01-01 is 732 days, one more than a call may ask for.
    [{ from: '2024-01-01', to: '2026-01-01' }, { from: A.periodTooLong }],
  ])('explains wrong dates %o and shows the default period', (dates, errors) => {
    const parsed = parseAnalyticsUrl({ period: 'custom', ...dates }, TODAY, ALLOWED);
    expect(parsed.errors).toEqual(errors);
    expect(parsed.period).toEqual({ from: '2025-06-01', to: '2026-05-15' });
    expect(parsed.state).toMatchObject({ preset: 'custom', ...dates });
  });

  it('accepts exactly 731 days', () => {
    expect(parseAnalyticsUrl({ from: '2024-01-01', to: '2025-12-31' }, TODAY, ALLOWED).errors).toEqual({});
  });
});

describe('analyticsUrlQuery', () => {
  it('writes only what differs from the defaults', () => {
    expect(analyticsUrlQuery({ accounts: null, preset: '12m', from: 'x', to: 'y', dataType: 'count' }).toString()).toBe(
      '',
    );
    expect(
      analyticsUrlQuery({
        accounts: ['u-own', 'u-company'],
        preset: 'custom',
        from: '2026-02-01',
        to: '2026-02-28',
        dataType: 'weight',
      }).toString(),
    ).toBe('account_uuid=u-own%2Cu-company&period=custom&from=2026-02-01&to=2026-02-28&data_type=weight');
  });

  it('round-trips through parseAnalyticsUrl', () => {
    const state: AnalyticsUrlState = {
      accounts: ['u-company'],
      preset: 'quarter',
      from: '',
      to: '',
      dataType: 'volume',
    };
    expect(parseAnalyticsUrl(analyticsUrlQuery(state), TODAY, ALLOWED).state).toEqual(state);
  });
});

describe('analyticsApiQuery', () => {
  it('lists the profiles and the period, and the measure for a breakdown', () => {
    const period = { from: '2026-01-01', to: '2026-03-31' };
    expect(analyticsApiQuery(['a', 'b'], period).toString()).toBe(
      'account_uuid=a%2Cb&date_from=2026-01-01&date_to=2026-03-31',
    );
    expect(analyticsApiQuery(['a'], period, 'amount').toString()).toBe(
      'account_uuid=a&date_from=2026-01-01&date_to=2026-03-31&data_type=amount',
    );
  });

  it('leaves more than twenty profiles to the API’s default (all the user may see)', () => {
    const many = Array.from({ length: 21 }, (_, i) => `u${i}`);
    expect(analyticsApiQuery(many, { from: '2026-01-01', to: '2026-01-31' }).has('account_uuid')).toBe(false);
  });
});
