import { DOCUMENT_PRESET } from './constants';
import { CARGO_TEXTS } from './texts/cargo';

/** The cargo tabs of spec section 4, in display order. */
export const CARGO_TABS = [
  { value: 'single', label: CARGO_TEXTS.tabSingle },
  { value: 'multiple', label: CARGO_TEXTS.tabMultiple },
  { value: 'documents', label: CARGO_TEXTS.tabDocuments },
] as const;
export type CargoTab = (typeof CARGO_TABS)[number]['value'];
export const CARGO_TAB_VALUES = CARGO_TABS.map((tab) => tab.value) as [CargoTab, ...CargoTab[]];
export const DEFAULT_CARGO_TAB: CargoTab = 'single';

/** The cargo part of an order draft. Dimensions in centimetres, weight in kg, volume in m³; null is an empty input. */
export interface CargoState {
  tab: CargoTab;
  /** Number of places (pieces), a positive integer. */
  quantity: number;
  length: number | null;
  width: number | null;
  height: number | null;
  weight: number | null;
  volume: number | null;
}

export const DEFAULT_CARGO: CargoState = {
  tab: DEFAULT_CARGO_TAB,
  quantity: 1,
  length: null,
  width: null,
  height: null,
  weight: null,
  volume: null,
};

/**
 * Switches the cargo tab by the rules of spec section 4:
 * - Документы sets 31 × 25 × 1 cm, weight 2 kg and clears the volume;
 * - leaving Документы clears length, width, height and weight;
 * - every tab other than «Несколько мест» forces quantity 1.
 * Choosing the tab already shown returns the state unchanged (a re-click must not wipe input).
 */
export function selectCargoTab(state: CargoState, tab: CargoTab): CargoState {
  if (tab === state.tab) return state;
  let next: CargoState = { ...state, tab };
  if (tab === 'documents') {
    next = { ...next, ...DOCUMENT_PRESET, volume: null };
  } else if (state.tab === 'documents') {
    next = { ...next, length: null, width: null, height: null, weight: null };
  }
  if (tab !== 'multiple') next.quantity = 1;
  return next;
}

/** Editable cargo fields. */
export type CargoPatch = Partial<Omit<CargoState, 'tab'>>;

/**
 * Applies user input to the cargo. Quantity stays 1 outside «Несколько мест» whatever is
 * typed, and a quantity below 1 or fractional becomes 1 or is floored, so the draft never holds
 * an impossible count. Negative or non-finite measures become null (an empty input).
 */
export function updateCargo(state: CargoState, patch: CargoPatch): CargoState {
  const next: CargoState = { ...state };
  for (const key of ['length', 'width', 'height', 'weight', 'volume'] as const) {
    if (key in patch) {
      const value = patch[key];
      next[key] = typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
    }
  }
  if (patch.quantity !== undefined) {
    next.quantity = Number.isFinite(patch.quantity) ? Math.max(1, Math.floor(patch.quantity)) : 1;
  }
  if (next.tab !== 'multiple') next.quantity = 1;
  return next;
}
