import { PRICE_MIN_WEIGHT_OR_VOLUME } from '../constants';

/**
 * The limits of a shipment, once: what the order draft accepts, what the calculator checks before
 * asking for a price and what the pricing API accepts. The zod schemas of packages/contracts and
 * the draft schema are built from this table; no other place repeats a number.
 */
export const SHIPMENT_LIMITS = {
  /** Places (pieces), a whole number. */
  quantity: { min: 1, max: 500 },
  /** Total kilograms; below the minimum is priced as the minimum (spec section 5). */
  weight: { min: PRICE_MIN_WEIGHT_OR_VOLUME, max: 20_000 },
  /** Total cubic metres; below the minimum is priced as the minimum (spec section 5). */
  volume: { min: PRICE_MIN_WEIGHT_OR_VOLUME, max: 80 },
  /** Length, width or height of one place, centimetres. */
  dimension: { min: 1, max: 1500 },
  /** Declared value, roubles. */
  declaredValue: { min: 0, max: 100_000_000 },
  /** Floor for loading by hand, a whole number. */
  floor: { min: 1, max: 100 },
  /** Km outside the ring road for a door pick-up or delivery. */
  km: { min: 0, max: 500 },
  /** Groups of places in one full calculation. */
  placeGroups: { max: 50 },
  /** Packaging lines in one order. */
  packages: { max: 20 },
  /** A catalogue code (packaging, cargo type). */
  code: { max: 50 },
} as const;

/**
 * Digits after the decimal comma a visitor may type into each number field of a shipment (the
 * calculator and the order wizard; `decimals` of the kit's NumberInput, `parseRuDecimal`). 0 is a
 * whole number. A volume computed from the dimensions keeps whole cm³, six digits of m³, so the
 * volume field shows it as computed.
 */
export const SHIPMENT_INPUT_DECIMALS = {
  quantity: 0,
  /** Kilograms to the gram. */
  weight: 3,
  volume: 6,
  /** Centimetres to the millimetre. */
  dimension: 1,
  /** Roubles and kopecks. */
  declaredValue: 2,
  floor: 0,
  km: 1,
  /** Places wrapped in one packaging. */
  packageQuantity: 0,
} as const;

/** Codes of the transportation types of the catalogue (GET duty_transportation/transportation_type). */
export const TRANSPORT_TYPE_CODES = ['auto', 'express', 'rail', 'avia'] as const;
export type TransportTypeCode = (typeof TRANSPORT_TYPE_CODES)[number];

/** Packaging code of the rigid crate: choosing it crates every place (the «Жёсткая упаковка» box). */
export const CRATE_PACKAGE_CODE = 'crate';
