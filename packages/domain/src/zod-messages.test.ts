import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MESSAGES } from './messages';
import { russianZodMessage } from './zod-messages';

const T = MESSAGES.input;

/** The first message zod gives for `value` under `schema`. */
function messageOf(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('russianZodMessage', () => {
  beforeAll(() => {
    z.config({ customError: russianZodMessage });
  });

  it.each<[string, z.ZodType, unknown, string]>([
    ['a missing field', z.object({ a: z.string() }), {}, T.required],
    ['a number for a string', z.string(), 12, T.expectedString],
    ['a string for a number', z.number(), '12', T.expectedNumber],
    ['NaN for a number', z.number(), Number.NaN, T.expectedNumber],
    ['a fraction for an integer', z.number().int(), 1.5, T.expectedInteger],
    ['a string for a boolean', z.boolean(), 'true', T.expectedBoolean],
    ['a string for an object', z.object({}), 'строка', T.expectedObject],
    ['an array for an object', z.object({}), [], T.expectedObject],
    ['an object for a list', z.array(z.string()), {}, T.expectedList],
    ['null for a string', z.string(), null, T.expectedString],
    ['an empty required string', z.string().min(1), '', T.required],
    ['a short string', z.string().min(2), 'я', 'Не меньше 2 символов'],
    ['a string of 21 minimum', z.string().min(21), 'я', 'Не меньше 21 символа'],
    ['a long string', z.string().max(100), 'я'.repeat(101), 'Не больше 100 символов'],
    ['an exact length', z.string().length(6), '123', 'Ровно 6 символов'],
    ['a number below', z.number().min(1), 0, 'Значение должно быть не меньше 1'],
    ['a number not above', z.number().gt(0), 0, 'Значение должно быть больше 0'],
    ['a big number', z.number().max(20_000), 30_000, 'Значение должно быть не больше 20\u00a0000'],
    [
      'an unsafe integer',
      z.number().int(),
      2 ** 60,
      'Значение должно быть не больше 9\u00a0007\u00a0199\u00a0254\u00a0740\u00a0991',
    ],
    ['a fraction bound', z.number().max(0.5), 1, 'Значение должно быть не больше 0,5'],
    ['an empty list', z.array(z.string()).min(1), [], T.listEmpty],
    ['a long list', z.array(z.string()).max(2), ['a', 'b', 'c'], 'Не больше 2 элементов'],
    ['an enum', z.enum(['cash', 'card']), 'gold', T.invalidValue],
    ['a literal', z.literal(true), false, T.invalidValue],
    ['a regex', z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/), '25:00', T.invalidFormat],
    ['an e-mail', z.email(), 'not-an-email', T.invalidEmail],
    ['a uuid', z.uuid(), 'абв', T.invalidId],
    ['an ISO date', z.iso.date(), '2026-13-01', T.invalidDate],
    ['a union', z.union([z.number(), z.boolean()]), 'x', T.invalidValue],
    ['a multiple', z.number().multipleOf(5), 7, 'Значение должно быть кратно 5'],
    ['an unknown key', z.strictObject({ a: z.string() }), { a: 'x', b: 1 }, T.unknownField],
    ['a refinement without its own message', z.string().refine(() => false), 'x', T.invalidValue],
  ])('%s', (_label, schema, value, expected) => {
    expect(messageOf(schema, value)).toBe(expected);
  });

  it("a schema's own message still wins", () => {
    expect(messageOf(z.string({ error: 'Введите город' }), 12)).toBe('Введите город');
    expect(messageOf(z.string().min(2, { error: 'Слишком коротко' }), 'я')).toBe('Слишком коротко');
  });

  it('no message names a type, shows a pattern or uses Latin letters', () => {
    const schemas: Array<[z.ZodType, unknown]> = [
      [z.object({ a: z.string(), b: z.number(), c: z.boolean(), d: z.array(z.string()), e: z.date() }), {}],
      [
        z.object({ a: z.string(), b: z.number(), c: z.boolean(), d: z.array(z.string()), e: z.date() }),
        { a: 1, b: 'x', c: 'x', d: 'x', e: 'x' },
      ],
      [z.string().regex(/^\d+$/).startsWith('a').endsWith('b').includes('c'), 'zzz'],
      [z.bigint().max(5n), 10n],
      [z.date().min(new Date('2026-01-01')), new Date('2020-01-01')],
      [z.record(z.enum(['a']), z.string()), { b: 'x' }],
      [z.set(z.string()).max(1), new Set(['a', 'b'])],
      [z.tuple([z.string()]), 'x'],
      [z.map(z.string(), z.string()), 'x'],
    ];
    for (const [schema, value] of schemas) {
      const result = schema.safeParse(value);
      expect(result.success).toBe(false);
      for (const issue of result.error!.issues) {
        expect(issue.message, `${issue.code} at ${issue.path.join('.')}`).not.toMatch(/[A-Za-z^$\\/|[\]{}<>=]/);
      }
    }
  });
});
