import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cities } from '@freight/db';
import { MESSAGES } from '@freight/domain';
import { createTestContext, TEST_ORIGIN, type TestContext } from './helpers';

type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string> } };

/*
 * Issue 20, finding 8 (loose parsing): `weight=0x10` was read as 16 (Number() behind
 * z.coerce.number), strings were accepted for JSON numbers and unknown properties were dropped
 * silently. Query numbers are decimal only, JSON numbers are JSON numbers, request objects are
 * closed; and (issue 19) an empty optional query parameter means "not given".
 */

const P = MESSAGES.pricing;

describe('strict input', () => {
  let ctx: TestContext;
  let moscow = 0;
  let kazan = 0;
  let address = 0;
  const get = (url: string) => ctx.app.inject({ method: 'GET', url });
  const post = (url: string, body: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
      remoteAddress: `10.40.0.${(address += 1)}`,
    });
  const prices = (extra: string) =>
    get(`/api/v1/requests/prices_terms_calculation?city_from_fias_id=${moscow}&city_to_fias_id=${kazan}${extra}`);
  const calculation = () => ({
    city_from: String(moscow),
    city_to: String(kazan),
    places: [{ quantity: 1, weight: 12.5, length: 40, width: 30, height: 20 }],
    departure: { type: 'warehouse' },
  });

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const row of await ctx.database.db.select({ id: cities.id, name: cities.name }).from(cities)) {
      if (row.name === 'Москва') moscow = row.id;
      if (row.name === 'Казань') kazan = row.id;
    }
  });
  afterAll(async () => ctx.close());

  describe('query numbers are decimal only', () => {
    it.each(['16', '16.5', '0.01', '016'])('weight=%s is read', async (weight) => {
      const res = await prices(`&weight=${weight}`);
      expect(res.statusCode).toBe(200);
      expect((res.json() as { weight: number }).weight).toBe(Number(weight));
    });

    it.each(['0x10', '0b10', '0o20', '1e1', '1E1', 'Infinity', '%2016', '16%20', '%2B16', '16,5', '.5', '5.', '--1'])(
      'weight=%s is refused with the field message',
      async (weight) => {
        const res = await prices(`&weight=${weight}`);
        expect(res.statusCode).toBe(400);
        expect((res.json() as ErrorJson).error.fields).toEqual({ weight: P.weightRange });
      },
    );

    it.each([
      ['/api/v1/duty_news/news?page=0x2', 'page', MESSAGES.content.pageInvalid],
      ['/api/v1/duty_news/news?page_size=1e1', 'page_size', MESSAGES.content.pageSizeInvalid],
      ['/api/v1/duty_holidays/?year=0x7E9', 'year', MESSAGES.content.yearInvalid],
      [
        '/api/v1/duty_delivery_subdivisions/subdivision?near_lat=0x37&near_lon=37',
        'near_lat',
        MESSAGES.locations.coordinatesInvalid,
      ],
    ])('%s is refused', async (url, field, message) => {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect((res.json() as ErrorJson).error.fields?.[field]).toBe(message);
    });
  });

  describe('JSON numbers are JSON numbers', () => {
    it('the calculation itself is accepted', async () => {
      expect((await post('/api/v1/requests/full_calculator_standard', calculation())).statusCode).toBe(200);
    });

    it.each([
      ['places.0.weight', '12.5', P.placeWeightRange],
      ['places.0.quantity', '1', P.quantityRange],
      ['departure.floor', '2', P.floorRange],
      ['declared_value', '1000', P.declaredValueRange],
    ])('%s given as the string %j is refused', async (path, value, message) => {
      const body = calculation() as Record<string, unknown>;
      const [head, ...rest] = path.split('.');
      if (rest.length === 0) body[head!] = value;
      else if (head === 'places') (body.places as Array<Record<string, unknown>>)[0]![rest[1]!] = value;
      else (body[head!] as Record<string, unknown>)[rest[0]!] = value;
      const res = await post('/api/v1/requests/full_calculator_standard', body);
      expect(res.statusCode).toBe(400);
      expect((res.json() as ErrorJson).error.fields).toEqual({ [path]: message });
    });
  });

  describe('request objects are closed', () => {
    it.each([
      ['/api/v1/requests/full_calculator_standard', () => ({ ...calculation(), discount: 100 }), 'discount'],
      [
        '/api/v1/requests/full_calculator_standard',
        () => ({ ...calculation(), places: [{ ...calculation().places[0], price: 1 }] }),
        'places.0.price',
      ],
      [
        '/api/v1/user/feedback',
        () => ({ contact: 'client@example.ru', message: 'Текст', consent: true, is_admin: true }),
        'is_admin',
      ],
      [
        '/api/v1/user/phone/verification_code',
        () => ({ phone: '+7 912 345-67-02', purpose: 'registration', skip_limits: true }),
        'skip_limits',
      ],
    ])('%s refuses an unknown property, naming it', async (url, body, field) => {
      const res = await post(url, body());
      expect(res.statusCode).toBe(400);
      const error = (res.json() as ErrorJson).error;
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.fields).toEqual({ [field]: MESSAGES.input.unknownField });
    });
  });

  describe('an empty optional query parameter means "not given"', () => {
    it('cities?with_subd_only=true&city_name= lists the network, as without city_name', async () => {
      const empty = await get('/api/v1/duty_locality/cities?with_subd_only=true&city_name=');
      const none = await get('/api/v1/duty_locality/cities?with_subd_only=true');
      expect(empty.statusCode).toBe(200);
      expect(empty.json()).toEqual(none.json());
    });

    it.each([
      '/api/v1/duty_delivery_subdivisions/subdivision?name=&parameters=&is_partner=&city_id=&kind=&near_lat=&near_lon=',
      '/api/v1/duty_news/news?to_main_page=&kind=&page=&page_size=',
      '/api/v1/duty_holidays/?year=',
    ])('%s answers as if none was given', async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      // Lists compare by id: each subdivision's open state carries the moment it was computed.
      const summary = (body: unknown) =>
        Array.isArray(body) ? body.map((item: { id?: unknown }) => item.id) : (body as Record<string, unknown>);
      expect(summary(res.json())).toEqual(summary((await get(url.split('?')[0]!)).json()));
    });

    it('a required parameter given empty still gets its own message', async () => {
      const res = await get('/api/v1/duty_locality/subdivision_by_city?city_name=');
      expect(res.statusCode).toBe(400);
      expect((res.json() as ErrorJson).error.fields).toEqual({ city_name: MESSAGES.locations.cityNameTooShort });
    });
  });
});
