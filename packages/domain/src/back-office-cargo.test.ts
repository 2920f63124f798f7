import { describe, expect, it } from 'vitest';
import {
  STATUS_AT_MAX_FUTURE_MS,
  checkStatusAt,
  nextCargoStatuses,
  normalizeVehiclePlate,
  parseCargoSearch,
} from './back-office-cargo';
import { trackNumberFromBody } from './track-number';

const TRACK = trackNumberFromBody('12345678');

describe('parseCargoSearch', () => {
  it.each([
    [TRACK, { exactTrack: TRACK, trackPrefix: null, phone: null, inn: null }],
    [TRACK.toLowerCase().replace('mg', 'мг'), { exactTrack: TRACK, trackPrefix: null, phone: null, inn: null }],
    ['mg-1234', { exactTrack: null, trackPrefix: 'MG1234', phone: null, inn: null }],
    ['МГ 12', { exactTrack: null, trackPrefix: 'MG12', phone: null, inn: null }],
    ['MG', { exactTrack: null, trackPrefix: 'MG', phone: null, inn: null }],
    ['1234', { exactTrack: null, trackPrefix: 'MG1234', phone: null, inn: null }],
    ['8 (916) 555-44-33', { exactTrack: null, trackPrefix: null, phone: '+79165554433', inn: null }],
    ['+7 916 555 44 33', { exactTrack: null, trackPrefix: null, phone: '+79165554433', inn: null }],
    ['9165554433', { exactTrack: null, trackPrefix: null, phone: '+79165554433', inn: '9165554433' }],
    ['7707083893', { exactTrack: null, trackPrefix: null, phone: '+77707083893', inn: '7707083893' }],
    ['500100732259', { exactTrack: null, trackPrefix: null, phone: null, inn: '500100732259' }],
  ] as const)('%s', (input, expected) => {
    expect(parseCargoSearch(input)).toEqual(expected);
  });

  it.each(['', '   ', 'Иванов', 'MG-12a', '123456789012345', '+7 916'])('«%s» asks for nothing', (input) => {
    expect(parseCargoSearch(input)).toBeNull();
  });
});

describe('normalizeVehiclePlate', () => {
  it.each([
    ['а 123 вс 77', 'А123ВС77'],
    ['A123BC777', 'А123ВС777'],
    ['ар 1234 77', 'АР123477'],
    ['  Х 001 хх-50 ', 'Х001ХХ50'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeVehiclePlate(input)).toBe(expected);
  });

  it.each(['', 'Я123ЯЯ77', '123456', 'АВЕК', 'А1', 'А123ВС77777', 'A123BZ77'])('%s is refused', (input) => {
    expect(normalizeVehiclePlate(input)).toBeNull();
  });
});

describe('checkStatusAt', () => {
  const now = new Date('2026-03-02T10:00:00Z');
  const last = new Date('2026-03-02T09:00:00Z');
  it.each([
    [now, null],
    [last, null],
    [new Date(now.getTime() + STATUS_AT_MAX_FUTURE_MS), null],
    [new Date(now.getTime() + STATUS_AT_MAX_FUTURE_MS + 1), 'future'],
    [new Date(last.getTime() - 1), 'before_last'],
  ] as const)('%s → %s', (at, expected) => {
    expect(checkStatusAt(at, now, last)).toBe(expected);
  });

  it('any past moment is fine without history', () => {
    expect(checkStatusAt(new Date('2020-01-01T00:00:00Z'), now, null)).toBeNull();
  });
});

describe('nextCargoStatuses', () => {
  it('lists the allowed statuses with labels; none after release', () => {
    expect(nextCargoStatuses('arrived')).toEqual([
      { status: 'out_for_delivery', label: 'Доставляется до адреса' },
      { status: 'released', label: 'Выдан' },
      { status: 'returned', label: 'Возврат' },
      { status: 'problem', label: 'Проблема с доставкой' },
    ]);
    expect(nextCargoStatuses('released')).toEqual([]);
  });
});
