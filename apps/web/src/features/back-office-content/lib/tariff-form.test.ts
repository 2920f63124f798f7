import { describe, expect, it } from 'vitest';
import type { AdminTariff } from '@freight/contracts/back-office-content';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { tariffFormValues, tariffRatesBody } from './tariff-form';

const V = BACK_OFFICE_CONTENT_TEXTS.validation;
const ref = { id: 1, code: 'X', name: 'X' };
const tariff: AdminTariff = {
  id: 7,
  price_list: ref,
  from_zone: ref,
  to_zone: ref,
  transportation_type: ref,
  weight_breaks: [
    { up_to: 100, rate_kopecks: 1234 },
    { up_to: null, rate_kopecks: 1100 },
  ],
  volume_breaks: [
    { up_to: 0.6, rate_kopecks: 250_050 },
    { up_to: null, rate_kopecks: 240_000 },
  ],
  min_charge_kopecks: 90_000,
  density_kg_per_m3: 250,
  volume_coefficient_permille: 1100,
  transit_days_min: 2,
  transit_days_max: 3,
};

describe('the tariff editor', () => {
  it('shows roubles with a comma and reads them back to the same kopecks', () => {
    const values = tariffFormValues(tariff);
    expect(values.weight_breaks).toEqual([
      { up_to: '100', rate: '12,34' },
      { up_to: '', rate: '11' },
    ]);
    expect(values.volume_breaks[0]).toEqual({ up_to: '0,6', rate: '2500,50' });
    expect(values.min_charge).toBe('900');
    const { body } = tariffRatesBody(values);
    const { id: _id, price_list: _p, from_zone: _f, to_zone: _t, transportation_type: _ty, ...rates } = tariff;
    expect(body).toEqual(rates);
  });

  it('names the fields it cannot read by the API’s paths', () => {
    const values = tariffFormValues(tariff);
    values.weight_breaks[0] = { up_to: 'сто', rate: '0' };
    values.transit_days_min = '2,5';
    values.min_charge = '';
    expect(tariffRatesBody(values).errors).toEqual({
      'weight_breaks.0.up_to': V.breakLimitInvalid,
      'weight_breaks.0.rate_kopecks': V.rateRange,
      min_charge_kopecks: V.minChargeRange,
      transit_days_min: V.transitRange,
    });
  });
});
