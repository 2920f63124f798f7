import { describe, expect, it } from 'vitest';
import { acceptsSms, classifyPhone, phonePrefix, type PhoneClass } from './sms-policy';

describe('classifyPhone / acceptsSms', () => {
  it.each<[string, PhoneClass]>([
    ['+7 916 123-45-67', 'mobile'],
    ['8 (900) 000-00-01', 'mobile'],
    ['9991234567', 'mobile'],
    ['+79781234567', 'mobile'], // Crimea, a Russian mobile range
    ['+7 800 555-35-35', 'toll_free'],
    ['8 800 100-00-00', 'toll_free'],
    ['+7 809 505-55-55', 'premium'], // premium rate
    ['+7 803 123-45-67', 'premium'],
    ['+7 801 123-45-67', 'premium'],
    ['+7 804 123-45-67', 'premium'],
    ['+7 495 123-45-67', 'fixed'], // Moscow
    ['+7 499 123-45-67', 'fixed'],
    ['+7 812 123-45-67', 'fixed'], // St Petersburg
    ['+7 383 123-45-67', 'fixed'], // Novosibirsk
    ['+7 831 123-45-67', 'fixed'],
    ['+7 701 123-45-67', 'other'], // Kazakhstan shares +7
    ['+7 747 123-45-67', 'other'],
    ['+7 612 123-45-67', 'other'],
    ['+7 940 123-45-67', 'other'], // Abkhazia, mobile
    ['+7 840 123-45-67', 'other'], // Abkhazia, fixed
    ['+7 012 345-67-89', 'other'], // unassigned
    ['+7 123 456-78-90', 'other'],
    ['+7 212 345-67-89', 'other'],
    ['+7 512 345-67-89', 'other'],
  ])('%s is %s', (phone, expected) => {
    expect(classifyPhone(phone)).toBe(expected);
    expect(acceptsSms(phone)).toBe(expected === 'mobile');
  });

  it.each([[''], ['123'], ['+44 20 7946 0958'], ['\u0000+79161234567']])('%j is not a phone', (phone) => {
    expect(classifyPhone(phone)).toBeNull();
    expect(acceptsSms(phone)).toBe(false);
  });
});

describe('phonePrefix', () => {
  it.each([
    ['+7 916 123-45-67', '+7916123'],
    ['89161234567', '+7916123'],
    ['+79161239999', '+7916123'],
    ['+79161240000', '+7916124'],
  ])('%s → %s', (phone, prefix) => {
    expect(phonePrefix(phone)).toBe(prefix);
  });

  it('is null for an invalid phone', () => {
    expect(phonePrefix('12345')).toBeNull();
  });
});
