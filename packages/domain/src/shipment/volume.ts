import type { CargoPatch, CargoState } from '../cargo';

/** cm³ in one m³. */
const CM3_PER_M3 = 1_000_000;

/** Measures of `quantity` places: dimensions of one place in cm, the stated total volume in m³. */
export interface VolumeMeasures {
  length?: number | null;
  width?: number | null;
  height?: number | null;
  /** The total volume as stated (typed by the client, or sent for a group of places). */
  volume?: number | null;
  /** Places; default 1. */
  quantity?: number | null;
}

/**
 * THE volume of a shipment, in m³ — the one function the calculator, the price, the order and the
 * cargo card use. A stated volume wins (it is what the client typed, whatever the size fields say);
 * otherwise length × width × height × places, rounded to whole cm³ (6 decimals), which removes
 * floating-point noise and loses nothing for whole centimetres. Null when neither is known (a
 * missing, zero, negative or non-finite value) or the number of places is not positive.
 */
export function shipmentVolume(measures: VolumeMeasures): number | null {
  if (isPositive(measures.volume)) return measures.volume;
  const { length, width, height } = measures;
  const quantity = measures.quantity ?? 1;
  if (!isPositive(length) || !isPositive(width) || !isPositive(height) || !isPositive(quantity)) return null;
  return Math.round(length * width * height * quantity) / CM3_PER_M3;
}

/** The volume of the dimensions alone (what the volume field shows as computed). */
export function dimensionsVolume(measures: VolumeMeasures): number | null {
  return shipmentVolume({ ...measures, volume: null });
}

function isPositive(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

/**
 * A cargo patch with the volume filled in from the dimensions: when the patch changes a dimension
 * or the number of places and all three dimensions are known, the total volume becomes
 * L × W × H × places. A volume the visitor typed by hand stays until a dimension changes; a
 * volume that was computed is cleared when a dimension is cleared.
 */
export function withComputedVolume(cargo: CargoState, patch: CargoPatch): CargoPatch {
  const touchesSize = ['length', 'width', 'height', 'quantity'].some((key) => key in patch);
  if (!touchesSize || 'volume' in patch) return patch;
  const next = { ...cargo, ...patch };
  const quantity = next.tab === 'multiple' ? next.quantity : 1;
  const volume = dimensionsVolume({ ...next, quantity });
  if (volume !== null) return { ...patch, volume };
  const wasComputed =
    cargo.volume !== null &&
    cargo.volume === dimensionsVolume({ ...cargo, quantity: cargo.tab === 'multiple' ? cargo.quantity : 1 });
  return wasComputed ? { ...patch, volume: null } : patch;
}

/** Whether the current volume is the one computed from the dimensions (shown as a hint). */
export function isVolumeComputed(cargo: CargoState): boolean {
  return cargo.volume !== null && cargo.volume === dimensionsVolume(cargo);
}
