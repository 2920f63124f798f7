import { describe, expect, it } from 'vitest';
import { DEFAULT_NEXT_PATH, NEXT_PATH_MAX_LENGTH, safeNextPath, withNext } from './safe-redirect';

describe('safeNextPath', () => {
  it.each([
    ['/personal-account', '/personal-account'],
    ['/personal-account/settings', '/personal-account/settings'],
    ['/order?step=participants', '/order?step=participants'],
    ['/tracking/MG-000123#status', '/tracking/MG-000123#status'],
    ['/news?kind=promo&page=2', '/news?kind=promo&page=2'],
    ['/', '/'],
    // Normalised as the browser would resolve it.
    ['/a/../personal-account', '/personal-account'],
    ['/./order', '/order'],
    ['/%D0%BD%D0%BE%D0%B2%D0%BE%D1%81%D1%82%D0%B8', '/%D0%BD%D0%BE%D0%B2%D0%BE%D1%81%D1%82%D0%B8'],
    ['/javascript:alert(1)', '/javascript:alert(1)'], // a path on our site, not a scheme
    ['/evil.example', '/evil.example'],
  ])('accepts %j as %j', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });

  it.each([
    // The reported form: the browser strips the tab and lands on //evil.example.
    ['/\t/evil.example'],
    ['/%09/evil.example'],
    ['/%2509/evil.example'],
    // Tabs, newlines, CR/LF anywhere (also a 500 from a Location header before).
    ['\t/evil.example'],
    ['/\n/evil.example'],
    ['/\r\n/evil.example'],
    ['/personal-account\r\nSet-Cookie: a=b'],
    ['/personal-account%0D%0ASet-Cookie:%20a=b'],
    ['/%0A/evil.example'],
    ['/%0d/evil.example'],
    // Protocol-relative and backslash forms.
    ['//evil.example'],
    ['///evil.example'],
    ['/\\evil.example'],
    ['\\/evil.example'],
    ['\\\\evil.example'],
    ['/personal-account\\..\\..'],
    // Encoded slashes and backslashes.
    ['/%2F/evil.example'],
    ['/%2fevil.example'],
    ['%2F%2Fevil.example'],
    ['/%5Cevil.example'],
    ['/%5c/evil.example'],
    ['/%252F%252Fevil.example'],
    ['/%25252F/evil.example'],
    // Schemes and absolute addresses.
    ['javascript:alert(1)'],
    ['JavaScript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['https://evil.example/'],
    ['http://localhost.evil'],
    ['http://localhost:3000/personal-account'],
    ['https:/evil.example'],
    ['https:evil.example'],
    // Relative without a leading slash.
    ['personal-account'],
    ['evil.example'],
    ['./personal-account'],
    ['../personal-account'],
    ['?next=/x'],
    ['#x'],
    // Unicode look-alikes and invisible characters.
    ['/\uFF0F/evil.example'], // fullwidth solidus
    ['/%EF%BC%8F%EF%BC%8Fevil.example'], // the same, encoded
    ['/\u2215\u2215evil.example'], // division slash
    ['/\uFF3Cevil.example'], // fullwidth reverse solidus
    ['/%EF%BC%BCevil.example'],
    ['/\u200B/evil.example'], // zero-width space
    ['/%E2%80%8B/evil.example'],
    ['/\u00A0/evil.example'],
    ['/%C2%A0/evil.example'],
    ['/личный-кабинет'],
    // Spaces and other whitespace.
    [' /personal-account'],
    ['/ /evil.example'],
    ['/%20/evil.example'],
    // Malformed escapes.
    ['/%'],
    ['/%E0%A4%A'],
    // Empty, missing, not a string, too long.
    [''],
    [null],
    [undefined],
    [['/personal-account']],
    [`/${'a'.repeat(NEXT_PATH_MAX_LENGTH)}`],
    [`/${'%2F'.repeat(5000)}`],
  ])('refuses %j', (next) => {
    expect(safeNextPath(next)).toBe(DEFAULT_NEXT_PATH);
  });

  it('goes to the personal account by default, or to the given fallback', () => {
    expect(DEFAULT_NEXT_PATH).toBe('/personal-account');
    expect(safeNextPath('//evil.example', '/')).toBe('/');
  });
});

describe('withNext', () => {
  it('hands a destination other than the personal account on, encoded', () => {
    expect(withNext('/auth/sign-up', DEFAULT_NEXT_PATH)).toBe('/auth/sign-up');
    expect(withNext('/auth/sign-up', '/personal-account/invitation?token=abc_-1')).toBe(
      '/auth/sign-up?next=%2Fpersonal-account%2Finvitation%3Ftoken%3Dabc_-1',
    );
  });
});
