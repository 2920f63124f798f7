import {
  ADDRESS_MAX_LENGTH,
  MESSAGES,
  POINT_TYPES,
  PROMOCODE_MAX_LENGTH,
  SHIPMENT_LIMITS as L,
  isIsoDate,
  type CalculatorRequest,
} from '@freight/domain';
import { z } from 'zod';
import { CityRefSchema, TRANSPORT_TYPE_CODES } from './locations';
import { queryBoolean, queryNumber } from './query';

const P = MESSAGES.pricing;

/** A calendar date `YYYY-MM-DD` (2026-02-30 is not one). */
const isoDate = z
  .string({ error: MESSAGES.arrival.dateInvalid })
  .refine(isIsoDate, { error: MESSAGES.arrival.dateInvalid });

/** A JSON number within [min, max]; a string, even of digits, or anything else gets `message`. */
const boundedNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).min(min, { error: message }).max(max, { error: message });
const boundedInt = (min: number, max: number, message: string) =>
  boundedNumber(min, max, message).int({ error: message });

/** Spec parameters; weight and volume below 0.01 (but not negative) count as 0.01. */
export const PricesTermsQuerySchema = z.object({
  city_from_fias_id: CityRefSchema,
  city_to_fias_id: CityRefSchema,
  quantity: queryNumber(P.quantityRange, { int: true, ...L.quantity }).default(L.quantity.min),
  weight: queryNumber(P.weightRange, { min: 0, max: L.weight.max }).default(0),
  volume: queryNumber(P.volumeRange, { min: 0, max: L.volume.max }).default(0),
  from_address: z.string().trim().max(ADDRESS_MAX_LENGTH).optional(),
  to_address: z.string().trim().max(ADDRESS_MAX_LENGTH).optional(),
  is_logged: queryBoolean.optional(),
});
export type PricesTermsQuery = z.infer<typeof PricesTermsQuerySchema>;

const CityBriefSchema = z.object({ id: z.number().int(), name: z.string(), timezone: z.string() });

export const TransportPriceSchema = z
  .object({
    transportation_type: z.object({ id: z.number().int(), code: z.enum(TRANSPORT_TYPE_CODES), name: z.string() }),
    price_kopecks: z.number().int(),
    /** '12 340 ₽'. */
    price_text: z.string(),
    transit_days_min: z.number().int(),
    transit_days_max: z.number().int(),
    /** 'X–Y дней'. */
    terms: z.string(),
    /** ISO date the cargo leaves (origin's calendar). */
    dispatch_date: z.string(),
    /** ISO planned arrival date (working days of the production calendar, upper bound of the terms). */
    arrival_date: z.string(),
    /** '12 марта 2026 г.' */
    arrival_date_text: z.string(),
    /** The verified client's personal price was applied. */
    personal: z.boolean(),
  })
  .meta({ id: 'TransportPrice' });

export const PricesTermsResponseSchema = z
  .object({
    city_from: CityBriefSchema,
    city_to: CityBriefSchema,
    distance_km: z.number().int(),
    quantity: z.number().int(),
    weight: z.number(),
    volume: z.number(),
    prices: z.array(TransportPriceSchema),
    unavailable: z.array(z.object({ code: z.enum(TRANSPORT_TYPE_CODES), name: z.string(), reason: z.string() })),
  })
  .meta({ id: 'PricesTerms' });
export type PricesTermsResponse = z.infer<typeof PricesTermsResponseSchema>;

const POINT_VALUES = POINT_TYPES.map((p) => p.value) as [
  (typeof POINT_TYPES)[number]['value'],
  ...(typeof POINT_TYPES)[number]['value'][],
];

export const CalculatorPointSchema = z
  .strictObject({
    type: z.enum(POINT_VALUES).default('warehouse'),
    address: z.string().trim().max(ADDRESS_MAX_LENGTH).optional(),
    km_outside_ring: boundedNumber(L.km.min, L.km.max, P.kmRange).default(L.km.min),
    loading: z.boolean().default(false),
    floor: boundedInt(L.floor.min, L.floor.max, P.floorRange).default(L.floor.min),
    has_lift: z.boolean().default(false),
  })
  .refine((p) => p.type === 'warehouse' || (p.address ?? '').length > 0, {
    error: P.addressRequired,
    path: ['address'],
  });

const dimension = boundedNumber(L.dimension.min, L.dimension.max, P.dimensionRange).optional();

/** One group of places: dimensions (all three) or a volume of one place, or both (the volume wins). */
export const CalculatorPlaceSchema = z
  .strictObject({
    quantity: boundedInt(L.quantity.min, L.quantity.max, P.quantityRange),
    weight: boundedNumber(0, L.weight.max, P.placeWeightRange),
    length: dimension,
    width: dimension,
    height: dimension,
    /** m³ of one place. */
    volume: boundedNumber(0, L.volume.max, P.volumeRange).optional(),
    crate: z.boolean().default(false),
  })
  .refine(
    (p) => p.volume !== undefined || (p.length !== undefined && p.width !== undefined && p.height !== undefined),
    { error: P.dimensionRange, path: ['length'] },
  );

export const FullCalculatorRequestSchema = z
  .strictObject({
    city_from: CityRefSchema,
    city_to: CityRefSchema,
    transportation_type: z.enum(TRANSPORT_TYPE_CODES, { error: P.typeUnknown }).default('auto'),
    places: z.array(CalculatorPlaceSchema).min(1, { error: P.placesRequired }).max(L.placeGroups.max),
    cargo_type: z.string().max(L.code.max).optional(),
    fragile: z.boolean().default(false),
    departure: CalculatorPointSchema.default({
      type: 'warehouse',
      km_outside_ring: 0,
      loading: false,
      floor: 1,
      has_lift: false,
    }),
    delivery: CalculatorPointSchema.default({
      type: 'warehouse',
      km_outside_ring: 0,
      loading: false,
      floor: 1,
      has_lift: false,
    }),
    packages: z
      .array(
        z.strictObject({
          code: z.string().max(L.code.max),
          quantity: boundedInt(L.quantity.min, L.quantity.max, P.quantityRange).optional(),
        }),
      )
      .max(L.packages.max)
      .default([]),
    /** Roubles. */
    declared_value: boundedNumber(L.declaredValue.min, L.declaredValue.max, P.declaredValueRange).default(0),
    promocode: z.string().trim().max(PROMOCODE_MAX_LENGTH).optional(),
    /** The pick-up (or drop-off at the terminal) date chosen, ISO; absent: the earliest dispatch. */
    departure_date: isoDate.optional(),
    /** The delivery (or release) date chosen, ISO; a later one than the terms becomes the planned arrival. */
    delivery_date: isoDate.optional(),
    is_logged: z.boolean().default(false),
  })
  .meta({ id: 'FullCalculatorRequest' });
/** Compiles only when the schema accepts `T`. */
type AcceptedBy<T extends z.input<typeof FullCalculatorRequestSchema>> = T;
/** The body, typed once in the domain (`CalculatorRequest`, built by `draftToCalculatorRequest`). */
export type FullCalculatorRequest = AcceptedBy<CalculatorRequest>;

export const PriceLineSchema = z.object({
  code: z.string(),
  title: z.string(),
  amount_kopecks: z.number().int(),
  explanation: z.string(),
});

export const FullCalculatorResponseSchema = z
  .object({
    city_from: CityBriefSchema,
    city_to: CityBriefSchema,
    transportation_type: z.object({ id: z.number().int(), code: z.enum(TRANSPORT_TYPE_CODES), name: z.string() }),
    terms: z.string(),
    /** ISO planned dispatch: `departure_date` when it is later than the earliest dispatch. */
    dispatch_date: z.string(),
    /** ISO planned arrival (domain `planArrival`): what request_create stores for the same body. */
    arrival_date: z.string(),
    arrival_date_text: z.string(),
    /** Why the arrival is later than the calculator's for today (a later pick-up or delivery date chosen); absent when it is not. */
    arrival_note: z.string().optional(),
    lines: z.array(PriceLineSchema),
    subtotal_kopecks: z.number().int(),
    total_kopecks: z.number().int(),
    total_text: z.string(),
    vat_kopecks: z.number().int(),
    vat_included: z.boolean(),
    promocode_error: z.string().nullable(),
  })
  .meta({ id: 'FullCalculatorResponse' });
export type FullCalculatorResponse = z.infer<typeof FullCalculatorResponseSchema>;
