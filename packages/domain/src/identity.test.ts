import { describe, expect, it } from 'vitest';
import {
  extractCodeDigits,
  fillTemplate,
  formatCountdown,
  formatWait,
  maskEmail,
  resendCooldownSeconds,
  resendTooSoonMessage,
} from './identity';
import { CodeSchema, PasswordSchema, PersonNameSchema } from './identity-schema';
import { MESSAGES } from './messages';

describe('resendCooldownSeconds', () => {
  it.each([
    [0, 0],
    [1, 60],
    [2, 120],
    [3, 240],
  ])('after %i codes in the last hour: %i s', (sent, seconds) => {
    expect(resendCooldownSeconds(sent)).toBe(seconds);
  });
});

describe('formatWait and the resend message', () => {
  it.each([
    [1, '1 секунду'],
    [2, '2 секунды'],
    [5, '5 секунд'],
    [21, '21 секунду'],
    [44.2, '45 секунд'],
    [60, '1 минуту'],
    [125, '2 минуты 5 секунд'],
    [300, '5 минут'],
    [0, '0 секунд'],
  ])('%s s → %s', (seconds, text) => {
    expect(formatWait(seconds)).toBe(text);
  });
  it('reads as a sentence', () => {
    expect(resendTooSoonMessage(45)).toBe('Повторно запросить код можно через 45 секунд');
  });
  it.each([
    [45, '0:45'],
    [120, '2:00'],
    [0, '0:00'],
  ])('countdown %i → %s', (s, text) => expect(formatCountdown(s)).toBe(text));
});

describe('CodeSchema', () => {
  it.each([
    ['123456', '123456'],
    [' 123 456 ', '123456'],
    ['123-456', '123456'],
    ['\u200b123456', '123456'],
  ])('accepts %j', (input, out) => expect(CodeSchema.parse(input)).toBe(out));
  it.each([
    ['', MESSAGES.auth.codeRequired],
    ['12345', MESSAGES.auth.codeFormat],
    ['1234567', MESSAGES.auth.codeFormat],
    ['12345a', MESSAGES.auth.codeFormat],
    ['١٢٣٤٥٦', MESSAGES.auth.codeFormat],
  ])('rejects %j with %s', (input, message) => {
    expect(CodeSchema.safeParse(input).error?.issues[0]?.message).toBe(message);
  });
  it('extractCodeDigits keeps at most 6 digits of a pasted text', () => {
    expect(extractCodeDigits('Код: 123 456.')).toBe('123456');
    expect(extractCodeDigits('12345678')).toBe('123456');
  });
});

describe('PasswordSchema', () => {
  it.each([
    ['', MESSAGES.auth.passwordRequired],
    ['abc123', MESSAGES.auth.passwordTooShort],
    ['abcdefgh', MESSAGES.auth.passwordWeak],
    ['12345678', MESSAGES.auth.passwordWeak],
    ['a1'.repeat(65), MESSAGES.auth.passwordTooLong],
  ])('rejects %j', (input, message) => {
    expect(PasswordSchema.safeParse(input).error?.issues[0]?.message).toBe(message);
  });
  it('accepts a Russian passphrase with spaces, untrimmed', () => {
    expect(PasswordSchema.parse(' груз 2026 ')).toBe(' груз 2026 ');
  });
});

describe('PersonNameSchema', () => {
  it('cleans spaces and refuses empty names and links', () => {
    expect(PersonNameSchema.parse('  Анна   Смирнова ')).toBe('Анна Смирнова');
    expect(PersonNameSchema.safeParse('   ').error?.issues[0]?.message).toBe(MESSAGES.auth.nameRequired);
    expect(PersonNameSchema.safeParse('see example.com').error?.issues[0]?.message).toBe(MESSAGES.text.urlNotAllowed);
  });
});

describe('maskEmail and fillTemplate', () => {
  it.each([
    ['ivan.petrov@mail.ru', 'iv***@mail.ru'],
    ['ab@x.ru', 'a***@x.ru'],
    ['broken', '***'],
  ])('%s → %s', (email, masked) => expect(maskEmail(email)).toBe(masked));
  it('fills known placeholders and leaves unknown ones', () => {
    expect(fillTemplate('Код: {code}, {other}', { code: '123456' })).toBe('Код: 123456, {other}');
  });
});
