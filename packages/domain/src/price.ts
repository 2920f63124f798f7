import { PRICE_MIN_WEIGHT_OR_VOLUME } from './constants';

/**
 * A weight (kg) or volume (m³) as sent to the price calculation (spec section 5): anything
 * below 0.01 — zero, negative, empty (null/undefined), NaN or infinite — is sent as 0.01, so the
 * calculator always gets a chargeable minimum. Values of 0.01 and above pass unchanged (no rounding).
 */
export function toPriceAmount(value: number | null | undefined): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < PRICE_MIN_WEIGHT_OR_VOLUME) {
    return PRICE_MIN_WEIGHT_OR_VOLUME;
  }
  return value;
}

/** Weight and volume of a price request. */
export interface PriceMeasures {
  /** Kilograms. */
  weight: number | null | undefined;
  /** Cubic metres. */
  volume: number | null | undefined;
}

/** Both measures through {@link toPriceAmount}: `{ weight: 0, volume: null }` → `{ weight: 0.01, volume: 0.01 }`. */
export function preparePriceMeasures(measures: PriceMeasures): { weight: number; volume: number } {
  return { weight: toPriceAmount(measures.weight), volume: toPriceAmount(measures.volume) };
}
