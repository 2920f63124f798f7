import type { PointType } from '../order-draft';
import type { TransportTypeCode } from './limits';

/** One group of identical places in a full calculation. */
export interface CalculatorPlace {
  quantity: number;
  /** Weight of ONE place, kg. */
  weight: number;
  /** Dimensions of one place, cm: all three or none. */
  length?: number;
  width?: number;
  height?: number;
  /**
   * Volume of ONE place, m³: the stated volume when the client typed one, else the dimensions'
   * own. Wins over the dimensions (see `shipmentVolume`); without it the dimensions count.
   */
  volume?: number;
  crate?: boolean;
}

export interface CalculatorPoint {
  type?: PointType;
  address?: string;
  km_outside_ring?: number;
  loading?: boolean;
  floor?: number;
  has_lift?: boolean;
}

/**
 * The body of POST /requests/full_calculator_standard, typed once: the contracts schema
 * (FullCalculatorRequestSchema) accepts exactly this and the browser sends it.
 */
export interface CalculatorRequest {
  city_from: string;
  city_to: string;
  transportation_type?: TransportTypeCode;
  places: CalculatorPlace[];
  cargo_type?: string;
  fragile?: boolean;
  departure?: CalculatorPoint;
  delivery?: CalculatorPoint;
  packages?: { code: string; quantity?: number }[];
  /** Roubles. */
  declared_value?: number;
  promocode?: string;
  /** The pick-up (or drop-off) date chosen, ISO; absent: the earliest dispatch (see `planArrival`). */
  departure_date?: string;
  /** The delivery (or release) date chosen, ISO. */
  delivery_date?: string;
  is_logged?: boolean;
}
