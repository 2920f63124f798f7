import { MESSAGES } from '@freight/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FullAccessRequestQuerySchema } from './access-request';

const M = MESSAGES.identifiers;
const issues = (input: unknown) =>
  FullAccessRequestQuerySchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ??
  [];

describe('FullAccessRequestQuerySchema', () => {
  it.each([
    [
      { type: 'legal', rrc: '773601001', name: ' ПАО  Сбербанк ', tin: '7707083893' },
      { type: 'legal', rrc: '773601001', name: 'ПАО Сбербанк', tin: '7707083893' },
    ],
    [
      { type: 'legal', name: 'ИП Иванов', tin: '500123456750' }, // a sole trader has no КПП
      { type: 'legal', rrc: undefined, name: 'ИП Иванов', tin: '500123456750' },
    ],
    [
      { type: 'legal', rrc: ' 7736ab001 ', name: 'ООО Яндекс', tin: '7736 207 543' },
      { type: 'legal', rrc: '7736AB001', name: 'ООО Яндекс', tin: '7736207543' },
    ],
    [
      { type: 'individual', document_seria: '45 06', document_number: '123456', name: 'Иванов Иван Иванович' },
      { type: 'individual', document_seria: '4506', document_number: '123456', name: 'Иванов Иван Иванович' },
    ],
  ])('accepts %j', (input, expected) => {
    expect(FullAccessRequestQuerySchema.parse(input)).toEqual(expected);
  });

  it.each([
    [{ type: 'legal', name: 'ООО Ромашка', tin: '7707083893' }, [['rrc', M.kppRequired]]],
    [{ type: 'legal', rrc: '7736АВ001', name: 'ООО Ромашка', tin: '7707083893' }, [['rrc', M.kppFormat]]],
    [{ type: 'legal', rrc: '12', name: 'ИП', tin: '500123456750' }, [['rrc', M.kppFormat]]],
    [{ type: 'legal', rrc: '773601001', name: 'ООО', tin: '7707083894' }, [['tin', M.innChecksum]]],
    [
      { type: 'legal', rrc: '773601001', name: '  ', tin: '7707083893' },
      [['name', MESSAGES.accessRequest.organisationNameRequired]],
    ],
    [
      { type: 'legal', rrc: '773601001', name: 'см. https://x.ru', tin: '7707083893' },
      [['name', MESSAGES.text.urlNotAllowed]],
    ],
    [
      { type: 'individual', document_seria: '450', document_number: '12345', name: '' },
      [
        ['document_seria', M.passportSeriesFormat],
        ['document_number', M.passportNumberFormat],
        ['name', MESSAGES.accessRequest.personNameRequired],
      ],
    ],
    [{ type: 'company' }, [['type', MESSAGES.accessRequest.typeInvalid]]],
  ])('%j → %j', (input, expected) => {
    expect(issues(input)).toEqual(expected);
  });

  it('is representable in OpenAPI (input side)', () => {
    expect(() => z.toJSONSchema(FullAccessRequestQuerySchema, { io: 'input' })).not.toThrow();
  });
});
