import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  AddressSuggestionsResponseSchema,
  CitiesResponseSchema,
  CountryMapResponseSchema,
  CurrentCityResponseSchema,
  PopularCitiesResponseSchema,
  SubdivisionSchema,
  SubdivisionsResponseSchema,
} from '@freight/contracts';
import { cities, consents, iframeRequests, streets } from '@freight/db';
import { MESSAGES, PD_CONSENT } from '@freight/domain';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../test/helpers';
import { documentSha256 } from '../consents/consent.service';

type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string> } };
const OPEN_STATE =
  /^(Открыто до \d{1,2}:\d{2}|Открыто круглосуточно|Перерыв до \d{1,2}:\d{2}|Закрыто, откроется (.+ )?в \d{1,2}:\d{2}|Временно закрыто)$/;

describe('location calls', () => {
  let ctx: TestContext;
  const get = (url: string) => ctx.app.inject({ method: 'GET', url });
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx.close());

  describe('GET duty_locality/cities, light_cities, popular_cities', () => {
    it('with_subd_only=true lists the at least 60 cities of our network, each with offices', async () => {
      const res = await get('/api/v1/duty_locality/cities?with_subd_only=true');
      expect(res.statusCode).toBe(200);
      const list = CitiesResponseSchema.parse(res.json());
      expect(list.length).toBeGreaterThanOrEqual(60);
      expect(list.every((c) => c.subdivisions_count > 0)).toBe(true);
      expect(list.find((c) => c.name === 'Владивосток')).toMatchObject({
        timezone: 'Asia/Vladivostok',
        federal_district: 'Дальневосточный',
      });
    });

    it('city_name finds by part of the name, the prefix matches first', async () => {
      const res = await get(`/api/v1/duty_locality/cities?city_name=${encodeURIComponent('екат')}`);
      expect(CitiesResponseSchema.parse(res.json())[0]?.name).toBe('Екатеринбург');
      const novo = CitiesResponseSchema.parse(
        (await get(`/api/v1/duty_locality/cities?city_name=${encodeURIComponent('Ново')}`)).json(),
      );
      expect(novo.map((c) => c.name)).toEqual(
        expect.arrayContaining(['Новосибирск', 'Новокузнецк', 'Новороссийск', 'Новый Уренгой'].slice(0, 3)),
      );
    });

    it.each([
      ['city_name=%D0%B0', 'city_name', 'Введите не меньше 2 букв названия города'],
      ['with_subd_only=maybe', 'with_subd_only', 'Недопустимое значение параметра запроса'],
    ])('refuses %s with a Russian 400', async (query, field, message) => {
      const res = await get(`/api/v1/duty_locality/cities?${query}`);
      expect(res.statusCode).toBe(400);
      const body = res.json() as ErrorJson;
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.fields?.[field]).toBe(message);
    });

    it('light_cities gives the network cities with id, FIAS id, name and region only', async () => {
      const res = await get('/api/v1/duty_locality/light_cities');
      const list = res.json() as Array<Record<string, unknown>>;
      expect(list.length).toBeGreaterThanOrEqual(60);
      expect(Object.keys(list[0]!).sort()).toEqual(['fias_id', 'id', 'name', 'region']);
    });

    it('popular_cities are ranked, Moscow first', async () => {
      const list = PopularCitiesResponseSchema.parse((await get('/api/v1/duty_locality/popular_cities')).json());
      expect(list[0]).toMatchObject({ name: 'Москва', rank: 1 });
      expect(list.map((c) => c.rank)).toEqual([...list.map((c) => c.rank)].sort((a, b) => a - b));
    });
  });

  it('GET duty_main_page/country_map counts the network from the database', async () => {
    const res = await get('/api/v1/duty_main_page/country_map');
    // Reference data: the web keeps it and serves it stale while it asks again (public-cache.ts).
    expect(res.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=3600');
    const map = CountryMapResponseSchema.parse(res.json());
    expect(map.totals.subdivisions).toBeGreaterThanOrEqual(100);
    expect(map.totals.federal_districts).toBe(8);
    expect(map.totals.cities).toBe(map.cities.length);
    expect(map.cities.find((c) => c.name === 'Магадан')).toMatchObject({ has_terminal: false });
    // The same numbers as the list of every office.
    const offices = SubdivisionsResponseSchema.parse((await get('/api/v1/duty_locality/subdivisions')).json());
    const terminals = offices.filter((o) => o.kind === 'terminal');
    expect(map.totals).toMatchObject({
      subdivisions: offices.length,
      terminals: terminals.length,
      partner_points: offices.filter((o) => o.is_partner).length,
    });
    expect(map.cities.reduce((sum, c) => sum + c.subdivisions_count, 0)).toBe(offices.length);
    const terminalCities = [...new Set(terminals.map((o) => o.city.id))].sort((a, b) => a - b);
    expect(map.cities.filter((c) => c.has_terminal).map((c) => c.id)).toEqual(expect.arrayContaining(terminalCities));
    expect(map.cities.filter((c) => c.has_terminal)).toHaveLength(terminalCities.length);
  });

  describe('GET duty_locality/subdivisions and subdivision_by_city', () => {
    it('lists every office; finds one by code (case-insensitive) and by part of the address', async () => {
      const all = SubdivisionsResponseSchema.parse((await get('/api/v1/duty_locality/subdivisions')).json());
      expect(all.length).toBeGreaterThanOrEqual(100);
      for (const office of all) expect(office.open_state.text).toMatch(OPEN_STATE);
      const byCode = SubdivisionsResponseSchema.parse(
        (await get('/api/v1/duty_locality/subdivisions?subdivision_code=mow-t1')).json(),
      );
      expect(byCode).toHaveLength(1);
      expect(byCode[0]).toMatchObject({ code: 'MOW-T1', kind: 'terminal', city: { name: 'Москва' } });
      expect(byCode[0]!.schedule.lines).toEqual([{ days: 'Пн–Вс', hours: 'круглосуточно' }]);
      const byName = SubdivisionsResponseSchema.parse(
        (await get(`/api/v1/duty_locality/subdivisions?subdivision_name=${encodeURIComponent('Малышева')}`)).json(),
      );
      expect(byName.map((o) => o.city.name)).toEqual(['Екатеринбург']);
    });

    it('answers an unknown code with 404 and both parameters with 400', async () => {
      const missing = await get('/api/v1/duty_locality/subdivisions?subdivision_code=NOPE-1');
      expect(missing.statusCode).toBe(404);
      expect((missing.json() as ErrorJson).error.message).toBe('Офис или терминал не найден');
      const both = await get(
        `/api/v1/duty_locality/subdivisions?subdivision_code=MOW-T1&subdivision_name=${encodeURIComponent('Север')}`,
      );
      expect(both.statusCode).toBe(400);
      expect((both.json() as ErrorJson).error.fields?.subdivision_code).toBe(
        'Укажите либо код подразделения, либо название, но не оба сразу',
      );
    });

    it('subdivision_by_city gives the offices of one city; an unknown city is 404, none is 400', async () => {
      const kazan = SubdivisionsResponseSchema.parse(
        (await get(`/api/v1/duty_locality/subdivision_by_city?city_name=${encodeURIComponent('казань')}`)).json(),
      );
      expect(kazan.length).toBe(3);
      expect(new Set(kazan.map((o) => o.city.name))).toEqual(new Set(['Казань']));
      const unknown = await get(
        `/api/v1/duty_locality/subdivision_by_city?city_name=${encodeURIComponent('Атлантида')}`,
      );
      expect(unknown.statusCode).toBe(404);
      expect((unknown.json() as ErrorJson).error.message).toBe('Город не найден');
      expect((await get('/api/v1/duty_locality/subdivision_by_city')).statusCode).toBe(400);
    });
  });

  describe('duty_delivery_subdivisions', () => {
    it('city?name finds network cities by part of the name; a one-letter name is 400', async () => {
      const res = await get(`/api/v1/duty_delivery_subdivisions/city?name=${encodeURIComponent('петер')}`);
      expect(CitiesResponseSchema.parse(res.json()).map((c) => c.name)).toEqual(['Санкт-Петербург']);
      expect((await get(`/api/v1/duty_delivery_subdivisions/city?name=${encodeURIComponent('п')}`)).statusCode).toBe(
        400,
      );
    });

    it('subdivision: every parameter must hold, is_partner filters, text matches city or address', async () => {
      const res = await get('/api/v1/duty_delivery_subdivisions/subdivision?parameters=release,card&is_partner=true');
      const list = SubdivisionsResponseSchema.parse(res.json());
      expect(list.length).toBeGreaterThan(0);
      for (const o of list) {
        expect(o.is_partner).toBe(true);
        expect(o.operations).toContain('release');
        expect(o.payment_methods).toContain('card');
      }
      const acceptance = SubdivisionsResponseSchema.parse(
        (
          await get(
            `/api/v1/duty_delivery_subdivisions/subdivision?name=${encodeURIComponent('Москва')}&parameters=acceptance,rail`,
          )
        ).json(),
      );
      expect(acceptance.map((o) => o.code).sort()).toEqual(['MOW-O1', 'MOW-T1', 'MOW-T2', 'MOW-T3']);
    });

    it('with a point the nearest come first, each with its distance', async () => {
      const res = await get('/api/v1/duty_delivery_subdivisions/subdivision?near_lat=56.84&near_lon=60.60');
      const list = SubdivisionsResponseSchema.parse(res.json());
      expect(list[0]!.city.name).toBe('Екатеринбург');
      const distances = list.map((o) => o.distance_km!);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
    });

    it('gives one page with limit and skip, the number of all matches in X-Total-Count', async () => {
      const whole = await get('/api/v1/duty_delivery_subdivisions/subdivision');
      const all = SubdivisionsResponseSchema.parse(whole.json());
      expect(all.length).toBeGreaterThan(45);
      expect(whole.headers['x-total-count']).toBe(String(all.length));
      const pages = [];
      for (let skip = 0; skip < all.length; skip += 20) {
        const res = await get(`/api/v1/duty_delivery_subdivisions/subdivision?skip=${skip}&limit=20`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['x-total-count']).toBe(String(all.length));
        pages.push(...SubdivisionsResponseSchema.parse(res.json()));
      }
      // The pages, one after another, are the whole list in the same order.
      expect(pages.map((o) => o.id)).toEqual(all.map((o) => o.id));
      const last = await get(`/api/v1/duty_delivery_subdivisions/subdivision?skip=${all.length}&limit=20`);
      expect(last.json()).toEqual([]);
      expect(last.headers['x-total-count']).toBe(String(all.length));

      const filtered = await get(
        `/api/v1/duty_delivery_subdivisions/subdivision?name=${encodeURIComponent('Москва')}&limit=2`,
      );
      expect(SubdivisionsResponseSchema.parse(filtered.json())).toHaveLength(2);
      expect(Number(filtered.headers['x-total-count'])).toBeGreaterThan(2);
    });

    it('pages the nearest-first list by distance, each page continuing the previous one', async () => {
      const near = 'near_lat=55.75&near_lon=37.62';
      const all = SubdivisionsResponseSchema.parse(
        (await get(`/api/v1/duty_delivery_subdivisions/subdivision?${near}`)).json(),
      );
      const first = SubdivisionsResponseSchema.parse(
        (await get(`/api/v1/duty_delivery_subdivisions/subdivision?${near}&limit=10`)).json(),
      );
      const second = SubdivisionsResponseSchema.parse(
        (await get(`/api/v1/duty_delivery_subdivisions/subdivision?${near}&skip=10&limit=10`)).json(),
      );
      expect([...first, ...second].map((o) => o.id)).toEqual(all.slice(0, 20).map((o) => o.id));
      const distances = all.map((o) => o.distance_km!);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      expect(first[0]!.city.name).toBe('Москва');
      expect(second[0]!.distance_km!).toBeGreaterThanOrEqual(first.at(-1)!.distance_km!);
    });

    it.each(['limit=0', 'limit=101', 'limit=abc', 'skip=-1', 'skip=1.5'])(
      'refuses subdivision?%s with a Russian 400',
      async (query) => {
        const res = await get(`/api/v1/duty_delivery_subdivisions/subdivision?${query}`);
        expect(res.statusCode).toBe(400);
        const field = query.split('=')[0]!;
        expect((res.json() as ErrorJson).error.fields?.[field]).toBe(MESSAGES.locations.pagingInvalid);
      },
    );

    it('takes a city by our id or by FIAS id', async () => {
      const [kazan] = await ctx.database.db.select().from(cities).where(eq(cities.name, 'Казань'));
      const fias = '93b3df57-4c89-44df-ac42-96f05e9cd3b9';
      await ctx.database.db.update(cities).set({ fiasId: fias }).where(eq(cities.id, kazan!.id));
      const byId = SubdivisionsResponseSchema.parse(
        (await get(`/api/v1/duty_delivery_subdivisions/subdivision?city_id=${kazan!.id}`)).json(),
      );
      const byFias = SubdivisionsResponseSchema.parse(
        (await get(`/api/v1/duty_delivery_subdivisions/subdivision?city_id=${fias}`)).json(),
      );
      expect(byId.length).toBe(3);
      expect(byFias.map((o) => o.id)).toEqual(byId.map((o) => o.id));
      const city = CurrentCityResponseSchema.parse(
        (await get(`/api/v1/duty_delivery_subdivisions/current_city?city_id=${fias.toUpperCase()}`)).json(),
      );
      expect(city).toMatchObject({ name: 'Казань', fias_id: fias });
      expect(city.subdivisions).toHaveLength(3);
    });

    it.each([
      ['subdivision?parameters=teleport', 'parameters', 'Неизвестный параметр подразделения'],
      ['subdivision?near_lat=56', 'near_lat', 'Укажите обе координаты: широту от −90 до 90 и долготу от −180 до 180'],
      [
        'subdivision?near_lat=100&near_lon=10',
        'near_lat',
        'Укажите обе координаты: широту от −90 до 90 и долготу от −180 до 180',
      ],
      ['subdivision?city_id=abc', 'city_id', 'Укажите идентификатор: число или код ФИАС'],
      ['current_subdivision?subdivision_id=abc', 'subdivision_id', 'Укажите идентификатор: число или код ФИАС'],
      ['current_city?city_id=1%27%20or%201=1', 'city_id', 'Укажите идентификатор: число или код ФИАС'],
    ])('refuses %s with a Russian 400', async (path, field, message) => {
      const res = await get(`/api/v1/duty_delivery_subdivisions/${path}`);
      expect(res.statusCode).toBe(400);
      expect((res.json() as ErrorJson).error.fields?.[field]).toBe(message);
    });

    it("current_subdivision gives one office with schedule and today's state; unknown ids are 404", async () => {
      const [first] = SubdivisionsResponseSchema.parse(
        (await get('/api/v1/duty_locality/subdivisions?subdivision_code=SVX-T1')).json(),
      );
      const res = await get(`/api/v1/duty_delivery_subdivisions/current_subdivision?subdivision_id=${first!.id}`);
      const office = SubdivisionSchema.parse(res.json());
      expect(office).toMatchObject({ code: 'SVX-T1', city: { timezone: 'Asia/Yekaterinburg' } });
      expect(office.open_state.text).toMatch(OPEN_STATE);
      expect(office.limits.max_weight_per_place_kg).toBe(1500);
      expect(
        (await get('/api/v1/duty_delivery_subdivisions/current_subdivision?subdivision_id=999999')).statusCode,
      ).toBe(404);
      expect((await get('/api/v1/duty_delivery_subdivisions/current_city?city_id=999999')).statusCode).toBe(404);
    });
  });

  describe('POST duty_locality/dadata_address without DaData: our own index', () => {
    const post = (body: unknown, query = '') =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/duty_locality/dadata_address${query}`,
        payload: JSON.stringify(body),
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      });

    it('finds the street in the named city and keeps the house', async () => {
      const res = await post('Екатеринбург, ул. Малышева 51');
      expect(res.statusCode).toBe(200);
      const body = AddressSuggestionsResponseSchema.parse(res.json());
      expect(body.source).toBe('local');
      expect(body.suggestions[0]).toMatchObject({
        value: 'г Екатеринбург, ул Малышева, д 51',
        data: { city: 'Екатеринбург', street: 'Малышева', house: '51', fias_level: '8' },
      });
      expect(body.suggestions[0]!.data.city_id).toEqual(expect.any(Number));
    });

    it('a longer city name wins, a bare city gives the city, filter_bool=true keeps full addresses only', async () => {
      const nn = AddressSuggestionsResponseSchema.parse((await post('Нижний Новгород Покровская')).json());
      expect(nn.suggestions[0]?.value).toBe('г Нижний Новгород, ул Большая Покровская');
      const city = AddressSuggestionsResponseSchema.parse((await post('Тюмень')).json());
      expect(city.suggestions).toHaveLength(1);
      expect(city.suggestions[0]).toMatchObject({ value: 'г Тюмень', data: { fias_level: '4' } });
      const full = AddressSuggestionsResponseSchema.parse((await post('Тюмень', '?filter_bool=true')).json());
      expect(full.suggestions).toEqual([]);
      const prefix = AddressSuggestionsResponseSchema.parse((await post('Влади')).json());
      expect(prefix.suggestions.map((s) => s.data.city)).toEqual(
        expect.arrayContaining(['Владивосток', 'Владикавказ', 'Владимир']),
      );
    });

    /** The point our index holds for a street of a city. */
    const streetPoint = async (cityName: string, type: string, name: string) => {
      const [row] = await ctx.database.db
        .select({ lat: streets.lat, lon: streets.lon })
        .from(streets)
        .innerJoin(cities, eq(cities.id, streets.cityId))
        .where(and(eq(cities.name, cityName), eq(streets.type, type), eq(streets.name, name)));
      if (!row || row.lat === null || row.lon === null) throw new Error(`no point for ${cityName}, ${name}`);
      return { geo_lat: String(row.lat), geo_lon: String(row.lon) };
    };

    it.each([
      ['Москва, Тверская 7', 'г Москва, ул Тверская, д 7', ['Москва', 'ул', 'Тверская']],
      ['москва тверская', 'г Москва, ул Тверская', ['Москва', 'ул', 'Тверская']],
      ['Тверская 7', 'г Москва, ул Тверская, д 7', ['Москва', 'ул', 'Тверская']],
      ['ул. Тверская, Москва', 'г Москва, ул Тверская', ['Москва', 'ул', 'Тверская']],
      ['г. Москва, ул. Тверская, д. 7', 'г Москва, ул Тверская, д 7', ['Москва', 'ул', 'Тверская']],
      [
        'Москва, 1-я Тверская-Ямская 5',
        'г Москва, ул Тверская-Ямская 1-я, д 5',
        ['Москва', 'ул', 'Тверская-Ямская 1-я'],
      ],
      ['Москва Арбат', 'г Москва, ул Арбат', ['Москва', 'ул', 'Арбат']],
      ['Москва, Тверской бульвар', 'г Москва, б-р Тверской', ['Москва', 'б-р', 'Тверской']],
      ['Москва, Щелковское шоссе 100', 'г Москва, ш Щёлковское, д 100', ['Москва', 'ш', 'Щёлковское']],
      [
        'Санкт-Петербург, Невский проспект 28',
        'г Санкт-Петербург, пр-кт Невский, д 28',
        ['Санкт-Петербург', 'пр-кт', 'Невский'],
      ],
      ['санкт петербург дворцовая площадь', 'г Санкт-Петербург, пл Дворцовая', ['Санкт-Петербург', 'пл', 'Дворцовая']],
      ['СПб, Невский 28', 'г Санкт-Петербург, пр-кт Невский, д 28', ['Санкт-Петербург', 'пр-кт', 'Невский']],
      ['Казань Баумана', 'г Казань, ул Баумана', ['Казань', 'ул', 'Баумана']],
      [
        'Ростов на Дону, Буденновский 62',
        'г Ростов-на-Дону, пр-кт Будённовский, д 62',
        ['Ростов-на-Дону', 'пр-кт', 'Будённовский'],
      ],
      ['Самарская обл., г. Самара, ул. Самарская, 50', 'г Самара, ул Самарская, д 50', ['Самара', 'ул', 'Самарская']],
    ] as const)('«%s» → first «%s» at the street’s point', async (text, value, [cityName, type, name]) => {
      const body = AddressSuggestionsResponseSchema.parse((await post(text)).json());
      expect(body.source).toBe('local');
      expect(body.suggestions[0]).toMatchObject({
        value,
        data: { city: cityName, street: name, ...(await streetPoint(cityName, type, name)) },
      });
    });

    it('a street we do not know in a city we know gives the city itself (a search near it still works)', async () => {
      const body = AddressSuggestionsResponseSchema.parse((await post('Москва, Несуществующая 5')).json());
      expect(body.suggestions).toHaveLength(1);
      expect(body.suggestions[0]).toMatchObject({ value: 'г Москва', data: { city: 'Москва', street: null } });
      const full = await post('Москва, Несуществующая 5', '?filter_bool=true');
      expect(AddressSuggestionsResponseSchema.parse(full.json()).suggestions).toEqual([]);
    });

    it('with no city named, the biggest city comes first among equal matches; a typed type wins', async () => {
      // «Ленина» is a street (ул) in Новосибирск, Омск, Уфа… and an avenue (пр-кт) in Екатеринбург:
      // with no type typed a street ranks before an avenue, so the biggest city with an «ул Ленина».
      const lenina = AddressSuggestionsResponseSchema.parse((await post('Ленина 5')).json());
      expect(lenina.suggestions[0]?.value).toBe('г Новосибирск, ул Ленина, д 5');
      const prospect = AddressSuggestionsResponseSchema.parse((await post('проспект Ленина 5')).json());
      expect(prospect.suggestions[0]?.value).toBe('г Екатеринбург, пр-кт Ленина, д 5');
      // The whole name typed beats a longer name holding it, even in a bigger city.
      const sadovaya = AddressSuggestionsResponseSchema.parse((await post('Садовая')).json());
      expect(sadovaya.suggestions.map((s) => s.value).slice(0, 3)).toEqual([
        'г Санкт-Петербург, ул Садовая',
        'г Самара, ул Садовая',
        'г Краснодар, ул Садовая',
      ]);
    });

    it('the point of «Москва, Тверская 7» gives the Moscow offices first, the nearest first', async () => {
      const body = AddressSuggestionsResponseSchema.parse((await post('Москва, Тверская 7')).json());
      const first = body.suggestions.find((s) => s.data.geo_lat && s.data.geo_lon)!;
      expect(first.value).toBe('г Москва, ул Тверская, д 7');
      const near = `near_lat=${first.data.geo_lat}&near_lon=${first.data.geo_lon}`;
      const list = SubdivisionsResponseSchema.parse(
        (await get(`/api/v1/duty_delivery_subdivisions/subdivision?${near}`)).json(),
      );
      const moscow = list.filter((o) => o.city.name === 'Москва').length;
      expect(moscow).toBeGreaterThanOrEqual(6);
      expect(list.slice(0, moscow).every((o) => o.city.name === 'Москва')).toBe(true);
      const distances = list.map((o) => o.distance_km!);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      expect(distances[0]).toBeLessThan(10);
      // The closest office to the middle of Тверская is the one at Белорусская (ул. Лесная).
      expect(list[0]!.code).toBe('MOW-O1');
    });

    it.each([[''], [' a '], [42], [{ query: 'Москва' }]])('refuses the body %j with a Russian 400', async (body) => {
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect((res.json() as ErrorJson).error.code).toBe('VALIDATION_FAILED');
    });

    it('client_selection without DaData answers an empty local list; a short value is 400', async () => {
      const res = await get(`/api/v1/duty_clients/client_selection?value=${encodeURIComponent('Ромашка')}`);
      expect(res.json()).toEqual({ suggestions: [], source: 'local' });
      const short = await get('/api/v1/duty_clients/client_selection?value=a');
      expect((short.json() as ErrorJson).error.fields?.value).toBe('Введите не меньше 2 символов');
    });
  });

  describe('POST duty_iframe/', () => {
    const post = (payload: unknown, origin = TEST_ORIGIN) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/duty_iframe/', payload: payload as object, headers: { origin } });

    it('stores the request with its contact and the consent given for it (none without a contact), and returns the embed code', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/duty_iframe/',
        payload: {
          site_url: 'https://shop.example.ru/delivery',
          widget: 'calculator',
          contact: 'it@shop.example.ru',
          consent: true,
        },
        headers: { origin: TEST_ORIGIN, 'user-agent': 'iframe-consent-test' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json() as { id: number; code: string; widget_url: string };
      expect(body.code).toContain('<iframe src="http://localhost:3000/widgets/calculator?partner=');
      const [row] = await ctx.database.db.select().from(iframeRequests).where(eq(iframeRequests.id, body.id));
      expect(row).toMatchObject({
        origin: 'https://shop.example.ru',
        widget: 'calculator',
        contact: 'it@shop.example.ru',
      });
      expect(row!.consentId).not.toBeNull();
      const [consent] = await ctx.database.db.select().from(consents).where(eq(consents.id, row!.consentId!));
      expect(consent).toMatchObject({
        documentType: 'pd_consent',
        documentVersion: PD_CONSENT.version,
        documentSha256: documentSha256(PD_CONSENT),
        channel: 'duty_iframe',
        userAgent: 'iframe-consent-test',
      });
      expect(consent!.ip).toBeTruthy();
      expect(consent!.givenAt).toBeInstanceOf(Date);

      // Without a contact no consent is needed, and none is recorded.
      const plain = await post({ site_url: 'https://plain.example.ru', widget: 'tracking' });
      expect(plain.statusCode, plain.body).toBe(201);
      const [plainRow] = await ctx.database.db
        .select()
        .from(iframeRequests)
        .where(eq(iframeRequests.id, (plain.json() as { id: number }).id));
      expect(plainRow).toMatchObject({ contact: null, consentId: null });
    });

    it.each([
      ['no consent', {}],
      ['consent false', { consent: false }],
      ['consent as a string', { consent: 'true' }],
    ])('a contact without the consent (%s) is 400 on the consent field, and nothing is stored', async (_, extra) => {
      const before = await ctx.database.db.select({ id: iframeRequests.id }).from(iframeRequests);
      const res = await post({ site_url: 'https://nocons.example.ru', contact: '+7 900 123-45-67', ...extra });
      expect(res.statusCode).toBe(400);
      expect((res.json() as ErrorJson).error.fields?.consent).toBe(MESSAGES.common.pdConsentRequired);
      expect(await ctx.database.db.select({ id: iframeRequests.id }).from(iframeRequests)).toHaveLength(before.length);
    });

    it.each([
      [{ site_url: 'javascript:alert(1)' }, 'site_url', 'Укажите адрес сайта целиком, как в адресной строке браузера'],
      [
        { site_url: 'https://shop.example.ru', widget: 'map' },
        'widget',
        'Выберите виджет: калькулятор или отслеживание груза',
      ],
    ])('refuses bad input (%#)', async (payload, field, message) => {
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      expect((res.json() as ErrorJson).error.fields?.[field]).toBe(message);
    });

    it('refuses a cross-site request', async () => {
      expect((await post({ site_url: 'https://shop.example.ru' }, 'https://evil.example')).statusCode).toBe(403);
    });
  });
});

describe('address and company suggestions through DaData (a local fake server)', () => {
  let server: Server;
  let mode: 'ok' | 'error' | 'slow' = 'ok';
  const seen: Array<{ url: string; auth: string | undefined; body: unknown }> = [];
  let ctx: TestContext;

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      req.on('end', () => resolve(data));
    });

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const body = JSON.parse(await readBody(req)) as { query: string };
      seen.push({ url: req.url ?? '', auth: req.headers.authorization, body });
      if (mode === 'error') {
        res.writeHead(403, { 'content-type': 'application/json' });
        res.end('{"family":"CLIENT_ERROR","reason":"Forbidden"}');
        return;
      }
      if (mode === 'slow') await new Promise((r) => setTimeout(r, 1500));
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.url?.endsWith('/suggest/party')) {
        res.end(
          JSON.stringify({
            suggestions: [
              {
                value: 'ООО «РОМАШКА»',
                data: {
                  inn: '7707083893',
                  kpp: '773601001',
                  ogrn: '1027700132195',
                  type: 'LEGAL',
                  address: { value: 'г Москва, ул Вавилова, д 19' },
                  state: { status: 'ACTIVE' },
                },
              },
            ],
          }),
        );
        return;
      }
      res.end(
        JSON.stringify({
          suggestions: [
            {
              value: 'г Казань, ул Баумана, д 44',
              unrestricted_value: '420111, Респ Татарстан, г Казань, ул Баумана, д 44',
              data: {
                city: 'Казань',
                city_fias_id: null,
                street: 'Баумана',
                street_with_type: 'ул Баумана',
                house: '44',
                fias_level: '8',
                geo_lat: '55.79',
                geo_lon: '49.11',
                region_with_type: 'Респ Татарстан',
                postal_code: '420111',
              },
            },
            {
              value: 'г Казань, ул Баумана',
              unrestricted_value: 'Респ Татарстан, г Казань, ул Баумана',
              data: { city: 'Казань', street: 'Баумана', house: null, fias_level: '7' },
            },
          ],
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    ctx = await createTestContext({
      DADATA_TOKEN: 'test-token',
      DADATA_BASE_URL: `http://127.0.0.1:${port}/suggestions/api/4_1/rs`,
      DADATA_TIMEOUT_MS: '300',
    });
  });
  afterAll(async () => {
    await ctx.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const post = (text: string, query = '') =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/duty_locality/dadata_address${query}`,
      payload: JSON.stringify(text),
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
    });

  it('asks DaData with the token, maps the answer and links our city; filter_bool keeps houses', async () => {
    mode = 'ok';
    const body = AddressSuggestionsResponseSchema.parse((await post('Казань Баумана')).json());
    expect(body.source).toBe('dadata');
    expect(body.suggestions).toHaveLength(2);
    expect(body.suggestions[0]).toMatchObject({
      value: 'г Казань, ул Баумана, д 44',
      data: { house: '44', postal_code: '420111' },
    });
    expect(body.suggestions[0]!.data.city_id).toEqual(expect.any(Number));
    expect(seen.at(-1)).toMatchObject({
      url: '/suggestions/api/4_1/rs/suggest/address',
      auth: 'Token test-token',
      body: { query: 'Казань Баумана', count: 10 },
    });
    const full = AddressSuggestionsResponseSchema.parse((await post('Казань Баумана дом', '?filter_bool=true')).json());
    expect(full.suggestions.map((s) => s.data.house)).toEqual(['44']);
  });

  it('caches: the same query again does not reach DaData', async () => {
    mode = 'ok';
    const before = seen.length;
    await post('Казань Баумана');
    expect(seen.length).toBe(before);
  });

  it('falls back to our index when DaData refuses (quota) or is too slow', async () => {
    mode = 'error';
    const refused = AddressSuggestionsResponseSchema.parse((await post('Екатеринбург Малышева 51')).json());
    expect(refused.source).toBe('local');
    expect(refused.suggestions[0]?.value).toBe('г Екатеринбург, ул Малышева, д 51');
    mode = 'slow';
    const started = Date.now();
    const slow = AddressSuggestionsResponseSchema.parse((await post('Пермь Комсомольский')).json());
    expect(slow.source).toBe('local');
    expect(Date.now() - started).toBeLessThan(1400);
    expect(slow.suggestions[0]?.value).toBe('г Пермь, пр-кт Комсомольский');
  });

  it('client_selection returns companies from DaData', async () => {
    mode = 'ok';
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/duty_clients/client_selection?value=${encodeURIComponent('ромашка')}`,
    });
    expect(res.json()).toEqual({
      source: 'dadata',
      suggestions: [
        {
          value: 'ООО «РОМАШКА»',
          inn: '7707083893',
          kpp: '773601001',
          ogrn: '1027700132195',
          type: 'LEGAL',
          address: 'г Москва, ул Вавилова, д 19',
          status: 'ACTIVE',
        },
      ],
    });
  });
});
