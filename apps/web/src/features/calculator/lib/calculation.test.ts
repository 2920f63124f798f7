import { describe, expect, it, vi } from 'vitest';
import type { FullCalculatorResponse, PricesTermsResponse } from '@freight/contracts/pricing';
import type { CalculatorRequest } from '@freight/domain/shipment/request';
import { CalculationError, chooseType, runCalculation, type CalculationInput, type Fetcher } from './calculation';

const PATHS = { pricesTerms: '/p', fullCalculator: '/f' };

function price(code: 'auto' | 'express' | 'rail' | 'avia', kopecks: number): PricesTermsResponse['prices'][number] {
  return {
    transportation_type: { id: 1, code, name: code },
    price_kopecks: kopecks,
    price_text: `${kopecks / 100} ₽`,
    transit_days_min: 2,
    transit_days_max: 4,
    terms: '2–4 дня',
    dispatch_date: '2026-03-02',
    arrival_date: '2026-03-06',
    arrival_date_text: '6 марта 2026 г.',
    personal: false,
  };
}

const PRICES: PricesTermsResponse = {
  city_from: { id: 1, name: 'Москва', timezone: 'Europe/Moscow' },
  city_to: { id: 62, name: 'Новосибирск', timezone: 'Asia/Novosibirsk' },
  distance_km: 2811,
  quantity: 3,
  weight: 60,
  volume: 0.18,
  prices: [price('rail', 250_000), price('avia', 386_400)],
  unavailable: [{ code: 'express', name: 'Экспресс', reason: 'далеко' }],
};

const BODY: CalculatorRequest = {
  city_from: '1',
  city_to: '62',
  transportation_type: 'auto',
  places: [{ quantity: 3, weight: 20, length: 50, width: 40, height: 30, crate: false }],
  fragile: false,
  departure: { type: 'warehouse', km_outside_ring: 0, loading: false, floor: 1, has_lift: false },
  delivery: { type: 'warehouse', km_outside_ring: 0, loading: false, floor: 1, has_lift: false },
  packages: [],
  declared_value: 0,
};

const BREAKDOWN = { total_text: '2 500 ₽', transportation_type: { code: 'rail' } } as unknown as FullCalculatorResponse;

function fakeFetcher(handler: (path: string, init: RequestInit & { json?: unknown }) => unknown) {
  return vi.fn(async (path: string, init: RequestInit & { json?: unknown }) =>
    handler(path, init),
  ) as unknown as Fetcher & ReturnType<typeof vi.fn>;
}

const input: CalculationInput = { pricesQuery: 'city_from_fias_id=1&city_to_fias_id=62', body: BODY };
const signal = new AbortController().signal;

describe('chooseType', () => {
  it('keeps the wanted type when it is available, else takes the first priced one', () => {
    expect(chooseType(PRICES, 'avia')).toBe('avia');
    expect(chooseType(PRICES, 'auto')).toBe('rail');
    expect(chooseType(PRICES, null)).toBe('rail');
    expect(chooseType({ ...PRICES, prices: [] }, 'auto')).toBeNull();
  });
});

describe('runCalculation', () => {
  it('asks prices for every type, then the breakdown of the first available type', async () => {
    const fetcher = fakeFetcher((path) => (path === '/f' ? BREAKDOWN : PRICES));
    const result = await runCalculation(input, { fetcher, signal, paths: PATHS, fallbackMessage: 'x' });
    expect(result).toEqual({ prices: PRICES, breakdown: BREAKDOWN, breakdownError: null, fields: {} });
    expect(fetcher.mock.calls[0]![0]).toBe('/p?city_from_fias_id=1&city_to_fias_id=62&is_logged=true');
    expect(fetcher.mock.calls[1]![1]).toMatchObject({
      method: 'POST',
      json: { ...BODY, transportation_type: 'rail', is_logged: true },
    });
  });

  it('reuses the prices of the same query (choosing a type asks only for its breakdown)', async () => {
    const fetcher = fakeFetcher(() => BREAKDOWN);
    await runCalculation(
      { ...input, body: { ...BODY, transportation_type: 'avia' } },
      { fetcher, signal, paths: PATHS, fallbackMessage: 'x', cached: { query: input.pricesQuery!, prices: PRICES } },
    );
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(fetcher.mock.calls[0]![0]).toBe('/f');
    expect(fetcher.mock.calls[0]![1]).toMatchObject({ json: { transportation_type: 'avia' } });
  });

  it('without a body (no size yet) shows the prices only', async () => {
    const fetcher = fakeFetcher(() => PRICES);
    const result = await runCalculation(
      { ...input, body: null },
      { fetcher, signal, paths: PATHS, fallbackMessage: 'x' },
    );
    expect(result.breakdown).toBeNull();
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('a failed price call becomes a CalculationError with the fields on draft paths', async () => {
    const fetcher = fakeFetcher(() => {
      throw Object.assign(new Error('Проверьте правильность заполнения полей'), {
        fields: { weight: 'Укажите вес от 0,01 до 20 000 кг' },
      });
    });
    const error = await runCalculation(input, { fetcher, signal, paths: PATHS, fallbackMessage: 'x' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CalculationError);
    expect(error).toMatchObject({
      message: 'Проверьте правильность заполнения полей',
      fields: { 'cargo.weight': 'Укажите вес от 0,01 до 20 000 кг' },
    });
  });

  it('a failed breakdown keeps the prices and tells why', async () => {
    const fetcher = fakeFetcher((path) => {
      if (path === '/p?city_from_fias_id=1&city_to_fias_id=62&is_logged=true') return PRICES;
      throw Object.assign(new Error('Проверьте'), { fields: { 'packages.0.code': 'Такой упаковки нет' } });
    });
    const result = await runCalculation(input, { fetcher, signal, paths: PATHS, fallbackMessage: 'x' });
    expect(result.prices).toBe(PRICES);
    expect(result.breakdown).toBeNull();
    expect(result.breakdownError).toBe('Проверьте');
    expect(result.fields).toEqual({ packageItems: 'Такой упаковки нет' });
  });

  it('refuses an incomplete input', async () => {
    const fetcher = fakeFetcher(() => PRICES);
    await expect(
      runCalculation(
        { pricesQuery: null, body: null },
        { fetcher, signal, paths: PATHS, fallbackMessage: 'Не удалось' },
      ),
    ).rejects.toThrow('Не удалось');
    expect(fetcher).not.toHaveBeenCalled();
  });
});
