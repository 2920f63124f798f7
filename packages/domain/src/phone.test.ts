import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { formatPhone, formatPhoneAsYouType, isValidPhone, normalizePhone } from './phone';
import { PhoneSchema } from './phone-schema';

describe('isValidPhone / normalizePhone', () => {
  it.each([
    ['+7(999) 123-45-67', '+79991234567'],
    ['+7 (999) 123-45-67', '+79991234567'],
    ['+79991234567', '+79991234567'],
    ['79991234567', '+79991234567'],
    ['89991234567', '+79991234567'],
    ['8 (999) 123-45-67', '+79991234567'],
    ['8-999-123-45-67', '+79991234567'],
    ['7 999 123 45 67', '+79991234567'],
    ['8(999)1234567', '+79991234567'],
    ['+7 8 999 123 45 6', '+78999123456'], // +7 followed by 10 digits, the first of which is 8
    ['8 800 555-35-35', '+78005553535'],
    ['9991234567', '+79991234567'], // exactly 10 digits alone
    ['8001234567', '+78001234567'], // a bare 10-digit number may start with 8
    ['7991234567', '+77991234567'],
    ['  +7 999 123-45-67  ', '+79991234567'], // surrounding whitespace ignored
    ['8\u00A0999\u00A0123\u201145\u201167', '+79991234567'], // no-break space and no-break hyphen from a copy-paste
    ['8 999  123--45--67', '+79991234567'], // repeated separators
    ['8 (999 123) 45-67', '+79991234567'], // parentheses need not wrap the area code
  ])('accepts %j as %s', (input, normalized) => {
    expect(isValidPhone(input)).toBe(true);
    expect(normalizePhone(input)).toBe(normalized);
  });

  it.each([
    [''],
    ['   '],
    ['+7'],
    ['8'],
    ['999123456'], // 9 digits
    ['99912345678'], // 11 digits not starting with 7 or 8
    ['899912345678'], // 12 digits
    ['+7 8 999 123 45 67'], // +7 then 8 then 10 digits: 11 digits after +7
    ['+8 999 123 45 67'], // + only before 7
    ['+ 7 999 123 45 67'], // nothing between + and 7
    ['(999) 123-45-67'], // the 10-digit form takes no separators
    ['999 123 45 67'],
    ['7 999 123 45 6'], // 7 + 9 digits: not read as a bare 10-digit number
    ['+7 999 123 45 6'],
    ['8 (999)) 123-45-67'], // unbalanced parentheses
    ['8 )999( 123-45-67'],
    ['8 () 999 123-45-67'], // empty parentheses
    ['8 (999) (123) 45-67'], // two pairs
    ['8 999 123 45 67 доб. 12'], // extension
    ['8 999 123 45 6a'], // Latin letter
    ['8 999 123 45 6о'], // Cyrillic letter
    ['8 999 123 45 67 📞'], // emoji
    ['８９９９１２３４５６７'], // full-width digits
    ['8.999.123.45.67'], // dots are not allowed separators
    ['8\t999\t123\t45\t67'], // tabs are not spaces
    ['+7 (999) 123–45–67'], // en dash is not a hyphen
  ])('rejects %j', (input) => {
    expect(isValidPhone(input)).toBe(false);
    expect(normalizePhone(input)).toBeNull();
  });
});

describe('formatPhone', () => {
  it.each([
    ['8 (999) 123-45-67', '+7(999) 123-45-67'],
    ['+79991234567', '+7(999) 123-45-67'],
    ['79991234567', '+7(999) 123-45-67'],
    ['9991234567', '+7(999) 123-45-67'], // a valid bare number is shown with +7
    ['8001234567', '+7(800) 123-45-67'],
    // invalid input: the spec's literal rule, digits stripped and cut at 11
    ['8 999 123 45 67 89', '+7(999) 123-45-67'],
    ['+7 8 999 123 45 67', '+7(899) 912-34-56'],
    ['тел. 8-999-123-45-67!', '+7(999) 123-45-67'],
    ['12345', '12345'],
    ['99912345678', '99912345678'],
    ['', ''],
    ['   ', ''],
    ['abc', ''],
  ])('%j → %j', (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });
});

describe('formatPhoneAsYouType', () => {
  it.each([
    ['', ''],
    ['+', ''],
    ['7', '+7'],
    ['8', '+7'],
    ['+7', '+7'],
    ['9', '+7(9'],
    ['89', '+7(9'],
    ['899', '+7(99'],
    ['8999', '+7(999'],
    ['89991', '+7(999) 1'],
    ['8999123', '+7(999) 123'],
    ['89991234', '+7(999) 123-4'],
    ['899912345', '+7(999) 123-45'],
    ['8999123456', '+7(999) 123-45-6'],
    ['89991234567', '+7(999) 123-45-67'],
    ['899912345678', '+7(999) 123-45-67'], // at most 11 digits
    ['99912345678', '+7(999) 123-45-67'], // implied +7 keeps 10 national digits
    ['+7(999) 123-45-6', '+7(999) 123-45-6'],
    ['+7(999) 123-45-6 7', '+7(999) 123-45-67'],
    ['+7(999) ', '+7(999'], // Backspace over ') ' is not undone
    ['+7(', '+7'],
    ['8001234567', '+7(001) 234-56-7'], // a leading 8 is the prefix while typing; formatPhone reads it whole
    ['9991234567', '+7(999) 123-45-67'],
    ['8 (999) abc 123', '+7(999) 123'],
  ])('%j → %j', (input, expected) => {
    expect(formatPhoneAsYouType(input)).toBe(expected);
  });

  it.each([['9'], ['8999'], ['899912'], ['89991234567'], ['9991234567'], ['12']])('is idempotent for %j', (input) => {
    const once = formatPhoneAsYouType(input);
    expect(formatPhoneAsYouType(once)).toBe(once);
  });

  it('typing digit by digit into the formatted value ends in the display form', () => {
    let shown = '';
    for (const key of '89991234567') shown = formatPhoneAsYouType(shown + key);
    expect(shown).toBe('+7(999) 123-45-67');
    expect(isValidPhone(shown)).toBe(true);
  });
});

describe('PhoneSchema', () => {
  it.each([
    ['8 (999) 123-45-67', '+79991234567'],
    ['\u200B+7 999 123 45 67\uFEFF', '+79991234567'],
    [' 9991234567 ', '+79991234567'],
  ])('%j → %s', (input, expected) => {
    expect(PhoneSchema.parse(input)).toBe(expected);
  });

  it.each([
    ['', MESSAGES.phone.required],
    ['   ', MESSAGES.phone.required],
    ['\u200B', MESSAGES.phone.required],
    [undefined, MESSAGES.phone.required],
    [89991234567, MESSAGES.phone.required],
    ['12345', MESSAGES.phone.invalid],
    ['+7 8 999 123 45 67', MESSAGES.phone.invalid],
  ])('%j → one issue %s', (input, message) => {
    const result = PhoneSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it('uses the exact catalogue texts', () => {
    expect(MESSAGES.phone).toEqual({
      required: 'Введите номер телефона',
      invalid: 'Введите номер телефона в формате +7(XXX) XXX-XX-XX',
    });
  });
});
