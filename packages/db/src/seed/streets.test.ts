import { describe, expect, it } from 'vitest';
import { distanceKm } from '@freight/domain';
import { CITY_SEED } from './cities';
import { SUBDIVISION_SEED } from './offices';
import { STREET_SEED } from './streets';

/** How people may spell the same street: any case, ё or е. */
const spelling = (s: { city: string; type: string; name: string }) =>
  `${s.city}|${s.type}|${s.name.toLowerCase().replace(/ё/g, 'е')}`;

const count = (city: string) => STREET_SEED.filter((s) => s.city === city).length;

describe('street seed (the address index without DaData)', () => {
  it.each(STREET_SEED.map((s) => [s.city, s.type, s.name, s]))(
    '%s, %s %s lies within 25 km of the city centre, 4 decimals at most',
    (_city, _type, _name, street) => {
      const city = CITY_SEED.find((c) => c.name === street.city)!;
      expect(city).toBeDefined();
      expect(street.region).toBe(city.region);
      expect(distanceKm(city, street)).toBeLessThan(25);
      expect(Math.round(street.lat * 1e4) / 1e4).toBe(street.lat);
      expect(Math.round(street.lon * 1e4) / 1e4).toBe(street.lon);
      expect(street.name).toBe(street.name.trim());
      expect(['ул', 'пр-кт', 'ш', 'пер', 'проезд', 'наб', 'б-р', 'пл']).toContain(street.type);
    },
  );

  it('has no street twice, not even spelt with е for ё, and none that an office street spells differently', () => {
    const keys = STREET_SEED.map(spelling);
    expect(keys.length - new Set(keys).size).toBe(0);
    const officeStreets = new Map(
      SUBDIVISION_SEED.map((o) => {
        const street = { city: o.city, type: o.street.type, name: o.street.name };
        return [spelling(street), street.name];
      }),
    );
    for (const s of STREET_SEED) {
      const office = officeStreets.get(spelling(s));
      if (office !== undefined) expect(s.name).toBe(office);
    }
  });

  it('knows many streets of the biggest cities and some of every city with several offices', () => {
    expect(count('Москва')).toBeGreaterThanOrEqual(40);
    expect(count('Санкт-Петербург')).toBeGreaterThanOrEqual(30);
    const withSeveralOffices = [...new Set(SUBDIVISION_SEED.map((o) => o.city))].filter(
      (city) => SUBDIVISION_SEED.filter((o) => o.city === city).length > 1,
    );
    for (const city of withSeveralOffices) expect(count(city), city).toBeGreaterThanOrEqual(10);
  });
});
