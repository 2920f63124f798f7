import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import {
  TRACK_NUMBER_PATTERN,
  checkTrackNumber,
  dammCheckDigit,
  generateTrackNumber,
  isDammValid,
  normalizeTrackNumber,
  trackNumberError,
  trackNumberFromBody,
  trackingPath,
} from './track-number';

describe('Damm check digit', () => {
  it('matches the published example (572 → 4)', () => {
    expect(dammCheckDigit('572')).toBe(4);
    expect(isDammValid('5724')).toBe(true);
    expect(isDammValid('5727')).toBe(false);
    expect(isDammValid('')).toBe(false);
    expect(isDammValid('57a4')).toBe(false);
    expect(() => dammCheckDigit('1x')).toThrow(RangeError);
  });

  it('catches every single-digit error and every adjacent swap of a number', () => {
    const body = '26110427';
    const valid = `${body}${dammCheckDigit(body)}`;
    for (let i = 0; i < valid.length; i += 1) {
      for (let d = 0; d <= 9; d += 1) {
        if (String(d) === valid[i]) continue;
        expect(isDammValid(`${valid.slice(0, i)}${d}${valid.slice(i + 1)}`)).toBe(false);
      }
      if (i + 1 < valid.length && valid[i] !== valid[i + 1]) {
        const swapped = `${valid.slice(0, i)}${valid[i + 1]}${valid[i]}${valid.slice(i + 2)}`;
        expect(isDammValid(swapped)).toBe(false);
      }
    }
  });
});

describe('track numbers', () => {
  it('formats MG-DDDD-DDDDC with the check digit last', () => {
    expect(trackNumberFromBody('26110427')).toBe('MG-2611-04270');
    expect(trackNumberFromBody('12345678')).toBe('MG-1234-56786');
    expect(() => trackNumberFromBody('1234567')).toThrow(RangeError);
  });

  it('generates valid, canonical numbers from the random source', () => {
    let i = 0;
    const digits = [2, 6, 1, 1, 0, 4, 2, 7];
    expect(generateTrackNumber(() => digits[i++]!)).toBe('MG-2611-04270');
    const seen = new Set<string>();
    for (let n = 0; n < 200; n += 1) {
      const track = generateTrackNumber();
      expect(track).toMatch(TRACK_NUMBER_PATTERN);
      expect(checkTrackNumber(track)).toEqual({ ok: true, value: track });
      seen.add(track);
    }
    expect(seen.size).toBeGreaterThan(195);
  });

  it.each([
    'MG-2611-04270',
    'mg-2611-04270',
    'MG 2611 04270',
    'МГ-2611-04270',
    'мг 2611 04270',
    '№ MG‑2611‑04270',
    '261104270',
    ' 2611-04270 ',
    'MG\u200B261104270',
  ])('reads «%s» as MG-2611-04270', (input) => {
    expect(checkTrackNumber(input)).toEqual({ ok: true, value: 'MG-2611-04270' });
    expect(normalizeTrackNumber(input)).toBe('MG-2611-04270');
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['MG-2611-0427', 'format'],
    ['MG-2611-042700', 'format'],
    ['XX-2611-04270', 'format'],
    ['MG-2611-O4270', 'format'],
    ['MG-2611-04271', 'checksum'],
    ['MG-2161-04270', 'checksum'],
  ] as const)('refuses «%s» (%s)', (input, reason) => {
    expect(checkTrackNumber(input)).toEqual({ ok: false, reason });
    expect(normalizeTrackNumber(input)).toBeNull();
  });

  it('explains each failure in Russian and builds the tracking path', () => {
    expect(trackNumberError('empty')).toBe(MESSAGES.orders.trackRequired);
    expect(trackNumberError('format')).toBe(MESSAGES.orders.trackInvalid);
    expect(trackNumberError('checksum')).toBe(MESSAGES.orders.trackChecksum);
    expect(trackingPath('MG-2611-04270')).toBe('/tracking/MG-2611-04270');
  });
});
