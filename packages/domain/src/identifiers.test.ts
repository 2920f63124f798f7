import { describe, expect, it } from 'vitest';
import {
  getInnError,
  getKppError,
  getLegalInnError,
  getOgrnError,
  getPassportNumberError,
  getPassportSeriesError,
  isValidInn,
  isValidKpp,
  isValidOgrn,
  normalizeIdentifier,
} from './identifiers';
import {
  InnSchema,
  KppSchema,
  LegalInnSchema,
  OgrnSchema,
  PassportNumberSchema,
  PassportSeriesSchema,
} from './identifiers-schema';
import { MESSAGES } from './messages';

const M = MESSAGES.identifiers;

describe('normalizeIdentifier', () => {
  it.each([
    [' 7707 083 893 ', '7707083893'],
    ['7707-083-893', '7707083893'],
    ['\u200B7707083893\uFEFF', '7707083893'],
    ['7736ab001', '7736AB001'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizeIdentifier(input)).toBe(expected);
  });
});

describe('ИНН', () => {
  it.each([
    ['7707083893', null], // Сбербанк
    ['7736207543', null], // Яндекс
    ['500123456750', null], // valid INN-12
    [' 7707 083 893 ', null],
    ['7707083894', M.innChecksum], // wrong check digit
    ['500123456751', M.innChecksum], // 12th digit wrong
    ['500123456740', M.innChecksum], // 11th digit wrong
    ['0000000000', M.innChecksum], // region 00 does not exist
    ['', M.innRequired],
    ['   ', M.innRequired],
    ['770708389', M.innFormat], // 9 digits
    ['77070838931', M.innFormat], // 11 digits
    ['5001234567501', M.innFormat], // 13 digits
    ['77O7083893', M.innFormat], // Latin O instead of zero
    ['77О7083893', M.innFormat], // Cyrillic О
    ['7707083893😀', M.innFormat],
  ])('%j → %s', (input, expected) => {
    expect(getInnError(input)).toBe(expected);
    expect(isValidInn(input)).toBe(expected === null);
  });

  it.each([
    ['7707083893', null],
    ['500123456750', M.innLegalFormat],
    ['77070838', M.innLegalFormat],
    ['7707083894', M.innChecksum],
    ['', M.innRequired],
  ])('legal entity: %j → %s', (input, expected) => {
    expect(getLegalInnError(input)).toBe(expected);
  });
});

describe('КПП', () => {
  it.each([
    ['773601001', null], // Сбербанк
    ['7736AB001', null], // letters allowed since 2019
    ['7736ab001', null], // lower case is upper-cased
    [' 7736 01 001 ', null],
    ['', M.kppRequired],
    ['77360100', M.kppFormat],
    ['7736010011', M.kppFormat],
    ['7736АВ001', M.kppFormat], // Cyrillic look-alikes
    ['AB3601001', M.kppFormat], // letters only in positions 5–6
    ['773601A01', M.kppFormat],
  ])('%j → %s', (input, expected) => {
    expect(getKppError(input)).toBe(expected);
    expect(isValidKpp(input)).toBe(expected === null);
  });
});

describe('ОГРН / ОГРНИП', () => {
  it.each([
    ['1027700132195', null], // Сбербанк
    ['1027700229193', null], // Яндекс
    ['1027700132130', null], // remainder 10 → check digit 0
    ['304500116000157', null], // ОГРНИП
    ['304500116000180', null], // ОГРНИП, remainder 10 → 0
    ['1027700132196', M.ogrnChecksum],
    ['304500116000158', M.ogrnChecksum],
    ['', M.ogrnRequired],
    ['102770013219', M.ogrnFormat], // 12 digits
    ['10277001321950', M.ogrnFormat], // 14 digits
    ['3027700132195', M.ogrnFormat], // 13 digits must start with 1 or 5
    ['104500116000157', M.ogrnFormat], // 15 digits must start with 3
    ['1О27700132195', M.ogrnFormat], // Cyrillic О
  ])('%j → %s', (input, expected) => {
    expect(getOgrnError(input)).toBe(expected);
    expect(isValidOgrn(input)).toBe(expected === null);
  });
});

describe('passport', () => {
  it.each([
    ['4506', null],
    ['45 06', null],
    ['0000', null],
    ['', M.passportSeriesRequired],
    ['450', M.passportSeriesFormat],
    ['45067', M.passportSeriesFormat],
    ['45О6', M.passportSeriesFormat],
  ])('series %j → %s', (input, expected) => {
    expect(getPassportSeriesError(input)).toBe(expected);
  });

  it.each([
    ['123456', null],
    ['123 456', null],
    ['', M.passportNumberRequired],
    ['12345', M.passportNumberFormat],
    ['1234567', M.passportNumberFormat],
    ['12345б', M.passportNumberFormat],
  ])('number %j → %s', (input, expected) => {
    expect(getPassportNumberError(input)).toBe(expected);
  });
});

describe('identifier schemas', () => {
  it.each([
    [InnSchema, ' 7707-083-893 ', '7707083893'],
    [InnSchema, '500123456750', '500123456750'],
    [LegalInnSchema, '7736207543', '7736207543'],
    [KppSchema, '7736ab001', '7736AB001'],
    [OgrnSchema, '1027700229193', '1027700229193'],
    [PassportSeriesSchema, '45 06', '4506'],
    [PassportNumberSchema, '123 456', '123456'],
  ])('parses and normalises %#', (schema, input, expected) => {
    expect(schema.parse(input)).toBe(expected);
  });

  it.each([
    [InnSchema, '7707083894', M.innChecksum],
    [InnSchema, undefined, M.innRequired],
    [InnSchema, '', M.innRequired],
    [LegalInnSchema, '500123456750', M.innLegalFormat],
    [KppSchema, '12', M.kppFormat],
    [OgrnSchema, '1027700132196', M.ogrnChecksum],
    [PassportSeriesSchema, 4506, M.passportSeriesRequired],
    [PassportNumberSchema, '12', M.passportNumberFormat],
  ])('reports one issue %#', (schema, input, message) => {
    expect(schema.safeParse(input).error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it('uses the exact catalogue texts', () => {
    expect(M).toMatchObject({
      innRequired: 'Введите ИНН',
      innFormat: 'ИНН должен состоять из 10 или 12 цифр',
      kppRequired: 'Введите КПП',
      ogrnRequired: 'Введите ОГРН',
      passportSeriesFormat: 'Серия паспорта должна состоять из 4 цифр',
      passportNumberFormat: 'Номер паспорта должен состоять из 6 цифр',
    });
  });
});
