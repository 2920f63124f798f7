import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ErrorBodySchema, FullCalculatorResponseSchema } from '@freight/contracts';
import { fastSerializerCompiler } from './fast-serializer';

const compile = (schema: z.ZodType, httpStatus: string) =>
  fastSerializerCompiler({ schema, httpStatus, method: 'GET', url: '/' } as never);

describe('fast serializer for hot routes', () => {
  const answer = {
    city_from: { id: 1, name: 'Москва', timezone: 'Europe/Moscow' },
    city_to: { id: 62, name: 'Новосибирск', timezone: 'Asia/Novosibirsk' },
    transportation_type: { id: 1, code: 'auto' as const, name: 'Автоперевозка' },
    terms: '6–8 дней',
    dispatch_date: '2026-03-03',
    arrival_date: '2026-03-13',
    arrival_date_text: '13 марта 2026 г.',
    lines: [
      { code: 'freight', title: 'Перевозка', amount_kopecks: 308_550, explanation: 'Перевозка: «185 кг» × 16\u00A0₽' },
    ],
    subtotal_kopecks: 308_550,
    total_kopecks: 308_550,
    total_text: '3\u00A0085,50\u00A0₽',
    vat_kopecks: 55_639,
    vat_included: true,
    promocode_error: null,
  };

  it('writes exactly what the zod serializer writes', () => {
    const zod = serializerCompiler({ schema: FullCalculatorResponseSchema, method: 'GET', url: '/' });
    const fast = compile(FullCalculatorResponseSchema, '200');
    expect(JSON.parse(fast(answer))).toEqual(JSON.parse(zod(answer)));
    expect(JSON.parse(fast({ ...answer, promocode_error: 'Промокод не найден' })).promocode_error).toBe(
      'Промокод не найден',
    );
  });

  it('keeps to the schema: unknown properties are dropped, a missing one throws', () => {
    const fast = compile(FullCalculatorResponseSchema, '200');
    const leaked = JSON.parse(fast({ ...answer, internal_cost: 1, city_from: { ...answer.city_from, fias_id: 'x' } }));
    expect(leaked).not.toHaveProperty('internal_cost');
    expect(leaked.city_from).not.toHaveProperty('fias_id');
    const { total_kopecks: _dropped, ...incomplete } = answer;
    expect(() => fast(incomplete)).toThrow(/total_kopecks/);
  });

  it('leaves other status codes to zod (which refuses a wrong shape)', () => {
    const error = compile(ErrorBodySchema, '422');
    expect(JSON.parse(error({ error: { code: 'BAD_REQUEST', message: 'Нет маршрута' } }))).toEqual({
      error: { code: 'BAD_REQUEST', message: 'Нет маршрута' },
    });
    expect(() => error({ error: { code: 1 } })).toThrow();
  });

  it('serves a route through Fastify', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.get(
      '/calc',
      { schema: { response: { 200: FullCalculatorResponseSchema } }, serializerCompiler: fastSerializerCompiler },
      async () => answer,
    );
    const res = await app.inject({ method: 'GET', url: '/calc' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(FullCalculatorResponseSchema.parse(res.json())).toEqual(answer);
    // Handed over as UTF-8 bytes: the length is in bytes, the Cyrillic and ₽ arrive whole.
    expect(Buffer.isBuffer(compile(FullCalculatorResponseSchema, '200')(answer))).toBe(true);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeGreaterThan(res.payload.length);
    expect(res.payload).toContain('"total_text":"3\u00A0085,50\u00A0₽"');
    await app.close();
  });
});
