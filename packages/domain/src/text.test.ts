import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import {
  cleanText,
  codePointLength,
  containsControlChars,
  containsUrl,
  isValidEmail,
  removeInvisibleChars,
  truncateText,
  type CleanTextOptions,
} from './text';
import { cleanedString, EmailSchema, UrlSchema } from './text-schema';

const FAMILY = '👨\u200D👩\u200D👧'; // one grapheme, five code points
const SCOTLAND = '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}';

describe('removeInvisibleChars', () => {
  it.each([
    ['', ''],
    ['Привет', 'Привет'],
    ['При\u200Bвет', 'Привет'], // zero-width space
    ['\uFEFFHello', 'Hello'], // BOM
    ['a\u200Cb\u200Dc\u2060d', 'abcd'], // ZWNJ, ZWJ between letters, word joiner
    ['\u202Eabc\u202C', 'abc'], // bidi override
    ['\u200E\u200F\u061C\u2066x\u2069', 'x'], // bidi marks and isolates
    ['x\u0000y\u0007z\u001Bw\u007F', 'xyzw'], // C0 controls and DEL
    ['a\u0080b\u009Fc', 'abc'], // C1 controls
    ['пере\u00ADнос', 'перенос'], // soft hyphen
    ['\u3164', ''], // Hangul filler posing as a name
    ['a\uD800b', 'ab'], // lone surrogate
    ['tag\u{E0041}\u{E0042}s', 'tags'], // tag characters outside a flag (ASCII smuggling)
    [FAMILY, FAMILY], // ZWJ inside an emoji sequence stays
    ['👩🏽\u200D💻', '👩🏽\u200D💻'], // ZWJ after a skin tone stays
    ['🏳️\u200D🌈', '🏳️\u200D🌈'], // ZWJ after a variation selector stays
    [SCOTLAND, SCOTLAND], // flag tag sequence stays
    ['❤️', '❤️'], // variation selector is not invisible noise
  ])('%j → %j', (input, expected) => {
    expect(removeInvisibleChars(input)).toBe(expected);
  });

  it.each([
    ['a\nb', false, 'a b'],
    ['a\r\nb', false, 'a b'],
    ['a\rb\u2028c\u0085d', false, 'a b c d'],
    ['a\nb', true, 'a\nb'],
    ['a\r\nb\rc', true, 'a\nb\nc'],
    ['a\u2029b', true, 'a\nb'],
  ])('%j with keepNewlines %s → %j', (input, keepNewlines, expected) => {
    expect(removeInvisibleChars(input, { keepNewlines })).toBe(expected);
  });
});

describe('codePointLength / truncateText', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['Привет', 6],
    ['😀', 1],
    [FAMILY, 5],
  ])('codePointLength(%j) = %i', (input, expected) => {
    expect(codePointLength(input)).toBe(expected);
  });

  it.each([
    ['abcdef', 3, 'abc'],
    ['abc', 3, 'abc'], // exactly at the limit
    ['abcd', 3, 'abc'], // one past
    ['Мир😀', 4, 'Мир😀'],
    ['Мир😀', 3, 'Мир'], // never half a surrogate pair
    [`a${FAMILY}`, 3, 'a'], // never half an emoji sequence
    [`a${FAMILY}`, 6, `a${FAMILY}`],
    ['йод', 1, 'й'],
    ['и\u0306од', 1, ''], // a letter with a combining mark is one grapheme of two code points
    ['abc', 0, ''],
    ['abc', -5, ''],
    ['abc', 2.9, 'ab'],
  ])('truncateText(%j, %d) → %j', (input, max, expected) => {
    expect(truncateText(input, max)).toBe(expected);
  });

  // Long input is segmented in a window of 2 × limit + 256 units: what is cut must be the same as
  // cutting the whole string, also when a grapheme straddles the window's end.
  it.each([
    ['long plain text', 'Привет мир '.repeat(80_000), 2000, 'Привет мир '.repeat(200).slice(0, 2000)],
    ['emoji across the window end', 'a'.repeat(300) + FAMILY.repeat(200), 10, 'a'.repeat(10)],
    ['surrogate pair at the window end', '😀'.repeat(2000), 100, '😀'.repeat(100)],
    ['a grapheme longer than the window', 'и' + '\u0306'.repeat(5000), 3, ''],
  ])('truncateText of %s cuts like a full segmentation', (_name, input, max, expected) => {
    const result = truncateText(input, max);
    expect(result).toBe(expected);
    expect(codePointLength(result)).toBeLessThanOrEqual(max);
  });
});

describe('cleanText', () => {
  it.each<[string, CleanTextOptions, string]>([
    ['', {}, ''],
    ['   ', {}, '   '],
    ['   ', { trimStart: true }, ''],
    ['  Иван ', { trimStart: true }, 'Иван '], // a trailing space survives typing
    ['  Иван ', { trimStart: true, trimEnd: true }, 'Иван'],
    ['Иван   Петров', { collapseSpaces: true }, 'Иван Петров'],
    ['Иван \t\u00A0 Петров', { collapseSpaces: true }, 'Иван Петров'], // tabs and NBSP are spaces
    ['Иван\u2009Петров', {}, 'Иван Петров'], // thin space becomes a plain space
    ['Иван Петров', { allowSpaces: false }, 'ИванПетров'],
    ['a\nb', { allowSpaces: false }, 'ab'],
    ['a\nb', { allowSpaces: false, keepNewlines: true }, 'a\nb'],
    ['Hi! @all #1 $5 %off ^_^ & * +7', { stripSpecialChars: true }, 'Hi all 1 5 off _   7'],
    ['Hi! @all #1 $5', { stripSpecialChars: true, collapseSpaces: true }, 'Hi all 1 5'],
    ['a-b_c.d,e?(f)', { stripSpecialChars: true }, 'a-b_c.d,e?(f)'], // only the nine listed
    ['ООО «Ромашка-2024»', { stripDigits: true }, 'ООО «Ромашка-»'],
    ['١٢٣abc', { stripDigits: true }, 'abc'], // digits of any script
    ['Mixed Латиница и Кириллица', { collapseSpaces: true }, 'Mixed Латиница и Кириллица'],
    ['Привет 👋 мир', { stripSpecialChars: true, stripDigits: true }, 'Привет 👋 мир'],
    ['и\u0306', {}, 'й'], // NFC
    ['Иван\u200B', { maxLength: 4 }, 'Иван'], // invisible characters do not eat the limit
    ['Иван Петров', { maxLength: 5, trimEnd: true }, 'Иван'], // re-trimmed after the cut
    ['Иван Петров', { maxLength: 5 }, 'Иван '],
    ['abc', { maxLength: 3 }, 'abc'],
    ['abcd', { maxLength: 3 }, 'abc'],
    [
      'line1\n\n  line2  ',
      { keepNewlines: true, collapseSpaces: true, trimStart: true, trimEnd: true },
      'line1\n\n line2',
    ],
    ['\n\nтекст\n', { keepNewlines: true, trimStart: true, trimEnd: true }, 'текст'],
  ])('%j with %j → %j', (input, options, expected) => {
    expect(cleanText(input, options)).toBe(expected);
  });

  it('is idempotent', () => {
    const options: CleanTextOptions = { collapseSpaces: true, trimStart: true, trimEnd: true, maxLength: 10 };
    const once = cleanText('  \u200BПривет,   world 👋 ещё  ', options);
    expect(cleanText(once, options)).toBe(once);
  });
});

describe('cleanedString', () => {
  it.each([
    ['  Иван   Петров  ', 'Иван Петров'],
    ['\u200B', ''],
    ['', ''],
  ])('cleans %j to %j by default', (input, expected) => {
    expect(cleanedString().parse(input)).toBe(expected);
  });

  it('lets min() see the cleaned value', () => {
    const schema = cleanedString({}, 'Введите имя').min(1, { error: 'Введите имя' });
    expect(schema.safeParse('   ').error?.issues.map((issue) => issue.message)).toEqual(['Введите имя']);
    expect(schema.safeParse(undefined).error?.issues.map((issue) => issue.message)).toEqual(['Введите имя']);
    expect(schema.parse(' Иван ')).toBe('Иван');
  });

  it('cuts at maxLength', () => {
    expect(cleanedString({ maxLength: 3 }).parse('abcdef')).toBe('abc');
  });

  it('uses the generic required message for a non-string', () => {
    expect(cleanedString().safeParse(5).error?.issues[0]?.message).toBe(MESSAGES.common.required);
  });

  it.each([
    ['Иван', true],
    ['Смотрите https://spam.example', false],
    ['заходи на сайт.рф', false],
  ])('rejectUrls: %j → success %s', (input, success) => {
    const result = cleanedString({ rejectUrls: true }).safeParse(input);
    expect(result.success).toBe(success);
    if (!success) expect(result.error?.issues[0]?.message).toBe(MESSAGES.text.urlNotAllowed);
  });
});

describe('containsUrl', () => {
  it.each([
    ['http://example.com', true],
    ['https://example.com/path?q=1', true],
    ['HTTPS://EXAMPLE.COM', true],
    ['ftp://files.example.org', true],
    ['заходите на www.site.ru', true],
    ['example.com', true],
    ['смотри пример.рф/страница', true],
    ['Сайт: магазин.рус', true],
    ['sub.domain.example.io', true],
    ['t.me/channel', true],
    ['', false],
    ['   ', false],
    ['Просто текст', false],
    ['г.Москва, ул.Ленина, д.5', false],
    ['т.е. и т.д.', false],
    ['ivan@mail.ru', false], // an e-mail is not a link
    ['версия 1.2.3', false],
    ['файл отчёт.pdf', false],
    ['example.community', false], // not a listed TLD
    ['Привет 👋 world', false],
  ])('%j → %s', (input, expected) => {
    expect(containsUrl(input)).toBe(expected);
  });

  it('gives the same answer on repeated calls (no lastIndex leak)', () => {
    expect([containsUrl('a.ru'), containsUrl('a.ru'), containsUrl('a.ru')]).toEqual([true, true, true]);
  });
});

describe('EmailSchema', () => {
  const local64 = 'a'.repeat(64);
  const domainFor = (total: number) => {
    // local64 + '@' + labels + '.ru' of exactly `total` code points
    const remaining = total - 64 - 1 - 3;
    const labels: string[] = [];
    let left = remaining;
    while (left > 0) {
      const size = Math.min(63, left);
      labels.push('b'.repeat(size));
      left -= size + 1;
    }
    return `${local64}@${labels.join('.')}.ru`;
  };
  const at320 = domainFor(320);
  const at321 = domainFor(321);

  it('builds the limit fixtures right', () => {
    expect(at320.length).toBe(320);
    expect(at321.length).toBe(321);
  });

  it.each([
    ['ivan@example.com', 'ivan@example.com'],
    ['  Ivan.Petrov@Example.COM  ', 'ivan.petrov@example.com'],
    ['ivan\u200B@example.com', 'ivan@example.com'],
    ['ivan+tag@mail.ru', 'ivan+tag@mail.ru'],
    ['ivan@почта.рф', 'ivan@почта.рф'],
    ["o'neil@example.com", "o'neil@example.com"],
    [at320, at320],
  ])('accepts %j as %j', (input, expected) => {
    expect(EmailSchema.parse(input)).toBe(expected);
    expect(isValidEmail(expected)).toBe(true);
  });

  it.each([
    ['', MESSAGES.text.emailRequired],
    ['   ', MESSAGES.text.emailRequired],
    [undefined, MESSAGES.text.emailRequired],
    [at321, MESSAGES.text.emailTooLong],
    ['ivan', MESSAGES.text.emailInvalid],
    ['ivan@', MESSAGES.text.emailInvalid],
    ['@example.com', MESSAGES.text.emailInvalid],
    ['ivan@example', MESSAGES.text.emailInvalid],
    ['.ivan@example.com', MESSAGES.text.emailInvalid],
    ['ivan.@example.com', MESSAGES.text.emailInvalid],
    ['iv..an@example.com', MESSAGES.text.emailInvalid],
    ['иван@example.com', MESSAGES.text.emailInvalid], // Cyrillic local part
    ['ivan😀@example.com', MESSAGES.text.emailInvalid],
    [`${'a'.repeat(65)}@example.com`, MESSAGES.text.emailInvalid],
  ])('%j → %s', (input, message) => {
    expect(EmailSchema.safeParse(input).error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it('removes spaces before matching (a paste split by the line wrap)', () => {
    expect(EmailSchema.parse('ivan@exa mple.com')).toBe('ivan@example.com');
  });
});

describe('UrlSchema', () => {
  const at2048 = `https://example.com/${'a'.repeat(2048 - 20)}`;
  const at2049 = `${at2048}a`;

  it.each([
    ['https://example.com', 'https://example.com'],
    [' http://пример.рф/путь?q=1 ', 'http://пример.рф/путь?q=1'],
    ['https://user@host.example:8080/x#y', 'https://user@host.example:8080/x#y'],
    [at2048, at2048],
  ])('accepts %j', (input, expected) => {
    expect(at2048.length).toBe(2048);
    expect(UrlSchema.parse(input)).toBe(expected);
  });

  it.each([
    ['', MESSAGES.common.required],
    [at2049, MESSAGES.text.urlTooLong],
    ['example.com', MESSAGES.text.urlInvalid],
    ['ftp://example.com', MESSAGES.text.urlInvalid],
    ['javascript:alert(1)', MESSAGES.text.urlInvalid],
    ['https://', MESSAGES.text.urlInvalid],
    ['https://-bad-.com', MESSAGES.text.urlInvalid],
  ])('%j → %s', (input, message) => {
    expect(UrlSchema.safeParse(input).error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});

describe('text messages', () => {
  it('are the exact catalogue strings', () => {
    expect(MESSAGES.text.emailTooLong).toBe('Email не может быть длиннее 320 символов');
    expect(MESSAGES.text.urlTooLong).toBe('Ссылка не может быть длиннее 2048 символов');
    expect(MESSAGES.text.urlNotAllowed).toBe('Ссылки в этом поле не допускаются');
  });
});

describe('containsControlChars', () => {
  it.each([
    ['NUL', '\u0000'],
    ['SOH inside text', 'Моск\u0001ва'],
    ['backspace', '\b'],
    ['vertical tab', '\v'],
    ['form feed', '\f'],
    ['ESC', '\u001b[31m'],
    ['unit separator', '\u001f'],
    ['DEL', '\u007f'],
    ['a lone high surrogate', 'смайл \ud83d'],
    ['a lone low surrogate', '\ude00 смайл'],
  ])('%s is a control character', (_label, value) => {
    expect(containsControlChars(value)).toBe(true);
  });

  it.each([
    ['ordinary text', 'Екатеринбург, ул. Малышева, 51'],
    ['tab, line feed, carriage return', 'Строка 1\r\nСтрока 2\tи всё'],
    ['an emoji (a surrogate pair)', 'Спасибо 😀👍🏽'],
    ['NBSP and C1-free Unicode', '12\u00a0500 ₽ — «ёлка»'],
    ['empty', ''],
  ])('%s is not', (_label, value) => {
    expect(containsControlChars(value)).toBe(false);
  });
});
