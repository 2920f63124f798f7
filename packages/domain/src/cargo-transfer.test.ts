import { describe, expect, it } from 'vitest';
import {
  CARGO_IMPORT_COLUMNS,
  importColumnOfField,
  importRowToDraft,
  looksLikeFormula,
  matchImportHeaders,
  parseImportDate,
  parseImportNumber,
  parseImportTime,
  type ImportLookups,
} from './cargo-transfer';
import { validateOrderDraft } from './order-draft-validation';
import { CARGO_TRANSFER_TEXTS as T } from './texts/cargo-transfer';

const lookups: ImportLookups = {
  city: (name) =>
    ({ москва: { fias_id: 'm', name: 'Москва' }, казань: { fias_id: 'k', name: 'Казань' } })[name.toLowerCase()] ??
    null,
  transport: (text) => (text.toLowerCase() === 'автоперевозка' ? 'auto' : null),
};

describe('cargo import: reading cells', () => {
  it('reads Russian and English numbers, refuses garbage, blank is null', () => {
    expect(parseImportNumber('1 234,5')).toBe(1234.5);
    expect(parseImportNumber('1234.5')).toBe(1234.5);
    expect(parseImportNumber('12\u00a0500 ₽')).toBe(12500);
    expect(parseImportNumber('  ')).toBeNull();
    expect(parseImportNumber('много')).toBeNaN();
    expect(parseImportNumber('1,2,3')).toBeNaN();
  });

  it('reads ДД.ММ.ГГГГ and ISO dates, refuses impossible ones', () => {
    expect(parseImportDate('02.03.2026')).toBe('2026-03-02');
    expect(parseImportDate('2.3.2026')).toBe('2026-03-02');
    expect(parseImportDate('2026-03-02')).toBe('2026-03-02');
    expect(parseImportDate('31.02.2026')).toBe('invalid');
    expect(parseImportDate('03/02/2026')).toBe('invalid');
    expect(parseImportDate('')).toBeNull();
  });

  it('reads times', () => {
    expect(parseImportTime('9:00')).toBe('09:00');
    expect(parseImportTime('14.30')).toBe('14:30');
    expect(parseImportTime('14:30:00')).toBe('14:30');
    expect(parseImportTime('24:00')).toBe('invalid');
    expect(parseImportTime('утром')).toBe('invalid');
  });

  it('tells formulas from phones and negative numbers', () => {
    for (const formula of ['=1+2', ' =SUM(A1)', '+SUM(A1)', '-cmd|"/c calc"!A1', '@SUM(A1)']) {
      expect(looksLikeFormula(formula), formula).toBe(true);
    }
    for (const data of ['+7 (900) 123-45-67', '-5', '-1,5', 'Иван', '8 916 555 44 33', '']) {
      expect(looksLikeFormula(data), data).toBe(false);
    }
  });
});

describe('cargo import: headers', () => {
  it('matches headers ignoring case, ё/е, spaces and a trailing *; reports missing, unknown and repeated ones', () => {
    const all = CARGO_IMPORT_COLUMNS.map((c) => c.header);
    expect(matchImportHeaders(all)).toMatchObject({ missing: [], unknown: [], duplicate: [] });
    const shuffled = matchImportHeaders(['  ОБЪЕМ, М³ ', 'город отправления*', ...all.slice(2)]);
    expect(shuffled.columns.slice(0, 2)).toEqual(['volume', 'city_departure']);
    expect(shuffled.missing).toEqual([]);
    const bad = matchImportHeaders(['Город отправления', 'Город отправления', 'Цвет', '']);
    expect(bad.unknown).toEqual(['Цвет']);
    expect(bad.duplicate).toEqual(['Город отправления']);
    expect(bad.missing).toContain('Вес, кг');
    expect(bad.missing).not.toContain('Город отправления');
    expect(bad.missing).not.toContain('Адрес отправления');
  });

  it('names the column of a draft path', () => {
    expect(importColumnOfField('cargo.weight')).toBe('Вес, кг');
    expect(importColumnOfField('contacts.recipient.phone')).toBe('Телефон получателя');
    expect(importColumnOfField('consent')).toBeNull();
  });
});

describe('cargo import: a row as an order draft', () => {
  const row = {
    city_departure: 'Москва',
    city_delivery: 'Казань',
    delivery_address: 'ул. Баумана, 1',
    departure_date: '01.06.2099',
    time_from: '10:00',
    time_to: '14:00',
    quantity: '3',
    weight: '120,5',
    length: '120',
    width: '80',
    height: '60',
    transportation_type: 'Автоперевозка',
    payment_type: 'Картой',
    declared_value: '50 000',
    sender_name: 'Иван Петров',
    sender_phone: '+7 (900) 123-45-67',
    recipient_name: 'Анна Смирнова',
    recipient_phone: '8 916 555 44 33',
  };

  it('builds the draft the wizard would, which validateOrderDraft accepts', () => {
    const { draft, errors } = importRowToDraft(row, lookups, true);
    expect(errors).toEqual({});
    expect(validateOrderDraft(draft)).toEqual({});
    expect(draft.destination).toMatchObject({
      city_departure: { fias_id: 'm', name: 'Москва' },
      departure_type: 'warehouse',
      delivery_type: 'address',
      delivery_address: 'ул. Баумана, 1',
    });
    expect(draft.cargo).toMatchObject({ tab: 'multiple', quantity: 3, weight: 120.5, length: 120 });
    expect(draft.time.departure).toMatchObject({ date: '2099-06-01', timeFrom: '10:00', timeTo: '14:00' });
    expect(draft.transportationType).toBe('auto');
    expect(draft.paymentType).toBe('card');
    expect(draft.services.declaredValue).toBe(50000);
    expect(draft.participants).toMatchObject({ payer: 'sender', customer: 'sender', senderType: 'individual' });
    expect(draft.consent).toBe(true);
  });

  it('reports unreadable cells by draft path and leaves the field empty', () => {
    const { draft, errors } = importRowToDraft(
      {
        ...row,
        city_delivery: 'Атлантида',
        weight: 'тонна',
        departure_date: '32.01.2026',
        transportation_type: 'Телепорт',
        payment_type: 'бартер',
        quantity: '1,5',
      },
      lookups,
      false,
    );
    expect(errors).toEqual({
      'destination.city_delivery': T.cityUnknown,
      'cargo.weight': T.numberInvalid,
      'cargo.quantity': T.integerInvalid,
      'time.departure.date': T.dateInvalid,
      transportationType: T.transportUnknown,
      paymentType: T.paymentUnknown,
    });
    expect(draft.destination.city_delivery).toBeNull();
    expect(draft.cargo.weight).toBeNull();
    expect(draft.consent).toBe(false);
    const checked = validateOrderDraft(draft);
    expect(checked['cargo.weight']).toBeDefined();
    expect(checked['consent']).toBeDefined();
  });
});
