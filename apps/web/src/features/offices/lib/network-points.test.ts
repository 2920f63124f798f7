import { describe, expect, it } from 'vitest';
import type { CountryMap } from '@freight/contracts';
import { networkCityPoints } from './network-points';

const KAZAN: CountryMap['cities'][number] = {
  id: 40,
  fias_id: null,
  name: 'Казань',
  region: 'Респ. Татарстан',
  federal_district: 'Приволжский',
  lat: 55.79,
  lon: 49.12,
  subdivisions_count: 3,
  has_terminal: true,
};

describe('networkCityPoints', () => {
  it('makes a point per city with its count, a bigger one with a terminal, and no link', () => {
    expect(networkCityPoints([KAZAN, { ...KAZAN, id: 41, name: 'Тула', has_terminal: false }])).toEqual([
      {
        id: 'city-40',
        lat: 55.79,
        lon: 49.12,
        title: 'Казань',
        major: true,
        count: 3,
        group: { key: '40', label: 'Казань' },
      },
      {
        id: 'city-41',
        lat: 55.79,
        lon: 49.12,
        title: 'Тула',
        major: false,
        count: 3,
        group: { key: '41', label: 'Тула' },
      },
    ]);
  });

  it('gives the same array for the same answer, so the map is laid out once per answer', () => {
    const cities = [KAZAN];
    expect(networkCityPoints(cities)).toBe(networkCityPoints(cities));
    expect(networkCityPoints([KAZAN])).not.toBe(networkCityPoints(cities));
  });
});
