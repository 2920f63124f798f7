import { describe, expect, it } from 'vitest';
import { formatPhoneSpaced, maskName, maskPhone } from './masking';

describe('masking personal data for strangers', () => {
  it.each([
    ['Иван Петров', 'И*** П***'],
    ['  Анна   Смирнова ', 'А*** С***'],
    ['ООО «Ромашка»', 'О*** «Р***'],
    ['Ёжиков', 'Ё***'],
    ['«»', '***'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('name %j → %j', (name, masked) => {
    expect(maskName(name)).toBe(masked);
  });

  it.each([
    ['+79001234501', '+7 (9**) ***-**-01'],
    ['8 916 555 44 33', '+7 (9**) ***-**-33'],
    ['not a phone', '***'],
    ['', ''],
    [null, ''],
  ])('phone %j → %j', (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });

  it('formats a phone for its owner as +7 (XXX) XXX-XX-XX', () => {
    expect(formatPhoneSpaced('+79161112233')).toBe('+7 (916) 111-22-33');
    expect(formatPhoneSpaced('abc')).toBe('abc');
    expect(formatPhoneSpaced(null)).toBe('');
  });
});
