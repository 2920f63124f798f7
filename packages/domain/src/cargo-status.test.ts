import { describe, expect, it } from 'vitest';
import {
  CANCELLABLE_CARGO_STATUSES,
  CARGO_STATUS_CODES,
  CARGO_STATUS_OPTIONS,
  CARGO_STATUS_TRANSITIONS,
  CLOSED_CARGO_STATUSES,
  availableCargoActions,
  canTransition,
  cargoStatusLabel,
  cargoStatusOf,
  isCargoStatus,
  isClosedCargoStatus,
  type CargoStatus,
} from './cargo-status';

describe('cargo status model', () => {
  it.each([
    ['created', 'Заявка оформлена', false],
    ['awaiting_dropoff', 'Ожидает сдачи на терминал', false],
    ['pickup', 'Забор груза', false],
    ['accepted', 'Принят к перевозке', false],
    ['in_transit', 'В пути', false],
    ['arrived', 'Прибыл на терминал', false],
    ['out_for_delivery', 'Доставляется до адреса', false],
    ['released', 'Выдан', true],
    ['cancelled', 'Отменён', true],
    ['returned', 'Возврат', true],
    ['problem', 'Проблема с доставкой', false],
  ] as const)('%s is «%s», closed: %s', (status, label, closed) => {
    expect(cargoStatusLabel(status)).toBe(label);
    expect(isClosedCargoStatus(status)).toBe(closed);
    expect(isCargoStatus(status)).toBe(true);
    expect(cargoStatusOf(status)).toBe(status);
  });

  it('a stored code this version does not know is read as a problem, not passed on as text', () => {
    expect(isCargoStatus('lost_in_space')).toBe(false);
    expect(cargoStatusOf('lost_in_space')).toBe('problem');
    expect(cargoStatusOf('')).toBe('problem');
  });

  it('knows exactly the canonical set, in flow order, as filter options', () => {
    expect(CARGO_STATUS_CODES).toHaveLength(11);
    expect(CARGO_STATUS_OPTIONS.map((o) => o.id)).toEqual([...CARGO_STATUS_CODES]);
    expect(CARGO_STATUS_OPTIONS[0]).toEqual({ id: 'created', name: 'Заявка оформлена' });
    expect(isCargoStatus('delivered')).toBe(false);
    expect(isCargoStatus('')).toBe(false);
  });

  it.each([
    ['created', 'awaiting_dropoff', true],
    ['created', 'pickup', true],
    ['created', 'in_transit', false],
    ['awaiting_dropoff', 'accepted', true],
    ['pickup', 'accepted', true],
    ['accepted', 'in_transit', true],
    ['accepted', 'cancelled', false],
    ['in_transit', 'arrived', true],
    ['arrived', 'out_for_delivery', true],
    ['arrived', 'released', true],
    ['out_for_delivery', 'released', true],
    ['out_for_delivery', 'arrived', true],
    ['problem', 'in_transit', true],
    ['problem', 'created', false],
    ['released', 'returned', false],
    ['cancelled', 'created', false],
  ] as const)('%s → %s allowed: %s', (from, to, allowed) => {
    expect(canTransition(from, to)).toBe(allowed);
  });

  it('closed statuses are terminal; every open status can raise a problem; no self-loops', () => {
    for (const status of CLOSED_CARGO_STATUSES) expect(CARGO_STATUS_TRANSITIONS[status]).toEqual([]);
    for (const status of CARGO_STATUS_CODES) {
      if (!isClosedCargoStatus(status) && status !== 'problem') expect(canTransition(status, 'problem')).toBe(true);
      expect(canTransition(status, status)).toBe(false);
      for (const next of CARGO_STATUS_TRANSITIONS[status]) expect(isCargoStatus(next)).toBe(true);
    }
  });

  it('every status is reachable from «Заявка оформлена»', () => {
    const seen = new Set<CargoStatus>(['created']);
    const queue: CargoStatus[] = ['created'];
    while (queue.length > 0) {
      for (const next of CARGO_STATUS_TRANSITIONS[queue.shift()!]) {
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    expect([...seen].sort()).toEqual([...CARGO_STATUS_CODES].sort());
  });

  it('cancel only before acceptance', () => {
    expect(CANCELLABLE_CARGO_STATUSES).toEqual(['created', 'awaiting_dropoff', 'pickup']);
    for (const status of CANCELLABLE_CARGO_STATUSES) expect(canTransition(status, 'cancelled')).toBe(true);
  });

  it.each([
    [{ status: 'created', rated: false, driverAssigned: false }, ['cancel', 'change_contacts', 'repeat', 'favorite']],
    [
      { status: 'pickup', rated: false, driverAssigned: true },
      ['cancel', 'change_contacts', 'driver_info', 'repeat', 'favorite'],
    ],
    [{ status: 'in_transit', rated: false, driverAssigned: false }, ['change_contacts', 'repeat', 'favorite']],
    [{ status: 'released', rated: false, driverAssigned: true }, ['rate', 'repeat', 'favorite']],
    [{ status: 'released', rated: true, driverAssigned: false }, ['repeat', 'favorite']],
    [{ status: 'cancelled', rated: false, driverAssigned: false }, ['repeat', 'favorite']],
  ] as const)('available actions for %o', (facts, actions) => {
    expect(availableCargoActions(facts)).toEqual(actions);
  });
});
