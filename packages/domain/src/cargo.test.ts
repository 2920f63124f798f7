import { describe, expect, it } from 'vitest';
import { CARGO_TABS, DEFAULT_CARGO, selectCargoTab, updateCargo, type CargoState, type CargoTab } from './cargo';
import { CargoStateSchema } from './cargo-schema';
import { DOCUMENT_PRESET } from './constants';

const cargo = (overrides: Partial<CargoState> = {}): CargoState => ({ ...DEFAULT_CARGO, ...overrides });
const filled = { length: 120, width: 80, height: 100, weight: 350, volume: 0.96 };

describe('cargo tabs', () => {
  it('have the exact labels in order', () => {
    expect(CARGO_TABS.map((tab) => tab.label)).toEqual(['1 место', 'Несколько мест', 'Документы']);
    expect(DOCUMENT_PRESET).toEqual({ length: 31, width: 25, height: 1, weight: 2 });
  });

  it.each<[string, CargoState, CargoTab, CargoState]>([
    [
      'single → documents: preset, volume cleared, quantity 1',
      cargo({ tab: 'single', ...filled }),
      'documents',
      cargo({ tab: 'documents', length: 31, width: 25, height: 1, weight: 2, volume: null, quantity: 1 }),
    ],
    [
      'multiple → documents: quantity forced to 1',
      cargo({ tab: 'multiple', quantity: 5, ...filled }),
      'documents',
      cargo({ tab: 'documents', length: 31, width: 25, height: 1, weight: 2, volume: null, quantity: 1 }),
    ],
    [
      'documents → single: dimensions and weight cleared',
      cargo({ tab: 'documents', length: 31, width: 25, height: 1, weight: 2 }),
      'single',
      cargo({ tab: 'single' }),
    ],
    [
      'documents → multiple: cleared, quantity kept',
      cargo({ tab: 'documents', length: 31, width: 25, height: 1, weight: 2, quantity: 1 }),
      'multiple',
      cargo({ tab: 'multiple', quantity: 1 }),
    ],
    [
      'multiple → single: quantity forced to 1, measures kept',
      cargo({ tab: 'multiple', quantity: 7, ...filled }),
      'single',
      cargo({ tab: 'single', quantity: 1, ...filled }),
    ],
    [
      'single → multiple: everything kept',
      cargo({ tab: 'single', ...filled }),
      'multiple',
      cargo({ tab: 'multiple', ...filled }),
    ],
  ])('%s', (_name, state, tab, expected) => {
    expect(selectCargoTab(state, tab)).toEqual(expected);
  });

  it('re-selecting the current tab changes nothing', () => {
    const state = cargo({ tab: 'documents', length: 40, width: 25, height: 1, weight: 3 });
    expect(selectCargoTab(state, 'documents')).toBe(state);
  });

  it('does not mutate the state it was given', () => {
    const state = cargo({ tab: 'multiple', quantity: 3, ...filled });
    const copy = { ...state };
    selectCargoTab(state, 'documents');
    expect(state).toEqual(copy);
  });
});

describe('updateCargo', () => {
  it.each<[string, CargoState, Parameters<typeof updateCargo>[1], Partial<CargoState>]>([
    ['sets measures', cargo(), { length: 10, weight: 0.5 }, { length: 10, weight: 0.5 }],
    ['null clears', cargo({ length: 10 }), { length: null }, { length: null }],
    ['negative becomes empty', cargo(), { width: -1 }, { width: null }],
    ['NaN becomes empty', cargo(), { height: Number.NaN }, { height: null }],
    ['Infinity becomes empty', cargo(), { volume: Number.POSITIVE_INFINITY }, { volume: null }],
    ['zero stays zero', cargo(), { weight: 0 }, { weight: 0 }],
    ['quantity ignored outside «Несколько мест»', cargo({ tab: 'single' }), { quantity: 5 }, { quantity: 1 }],
    ['quantity on «Несколько мест»', cargo({ tab: 'multiple' }), { quantity: 5 }, { quantity: 5 }],
    ['quantity floored', cargo({ tab: 'multiple' }), { quantity: 2.7 }, { quantity: 2 }],
    ['quantity at least 1', cargo({ tab: 'multiple', quantity: 4 }), { quantity: 0 }, { quantity: 1 }],
    ['quantity NaN is 1', cargo({ tab: 'multiple', quantity: 4 }), { quantity: Number.NaN }, { quantity: 1 }],
    ['omitted keys untouched', cargo({ tab: 'multiple', quantity: 3, length: 5 }), {}, { quantity: 3, length: 5 }],
  ])('%s', (_name, state, patch, expected) => {
    expect(updateCargo(state, patch)).toMatchObject(expected);
  });
});

describe('CargoStateSchema', () => {
  it.each([
    [DEFAULT_CARGO, true],
    [{ ...DEFAULT_CARGO, tab: 'pallet' }, false],
    [{ ...DEFAULT_CARGO, quantity: 0 }, false],
    [{ ...DEFAULT_CARGO, length: -1 }, false],
  ])('%j → %s', (input, expected) => {
    expect(CargoStateSchema.safeParse(input).success).toBe(expected);
  });
});
