import { z } from 'zod';
import { CargoStateSchema } from './cargo-schema';
import { isIsoDate } from './dates';
import { COMMON_TEXTS } from './texts/common';
import { SHIPMENT_LIMITS as L } from './shipment/limits';
import {
  ADDRESS_MAX_LENGTH,
  ORDER_DRAFT_VERSION,
  PARTICIPANT_NAME_MAX_LENGTH,
  PARTICIPANT_ROLES,
  PARTICIPANT_TYPES,
  PAYMENT_TYPES,
  POINT_TYPES,
  PROMOCODE_MAX_LENGTH,
  createOrderDraft,
  enforceCargoInvariants,
  type OrderDraft,
} from './order-draft';

/*
 * The zod schemas of the order draft, kept apart from the reducer so browser code that only
 * edits a draft does not load zod (house budget: first-load JS per route).
 */

const values = <T extends readonly { value: string }[]>(items: T) =>
  items.map((item) => item.value) as [T[number]['value'], ...T[number]['value'][]];

const TIME_OF_DAY = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const timeOfDay = z.string().regex(TIME_OF_DAY).nullable();
const CityRefSchema = z.strictObject({ fias_id: z.string().min(1), name: z.string().min(1) });
const SubdivisionRefSchema = z.strictObject({ id: z.string().min(1), name: z.string().min(1) });

const DetailsSchema = z.strictObject({
  name: z.string().max(PARTICIPANT_NAME_MAX_LENGTH),
  phone: z.string().max(40),
  email: z.string().max(320),
  inn: z.string().max(12),
  kpp: z.string().max(9),
});

const TimeBlockSchema = z.strictObject({
  date: z.string().refine(isIsoDate).nullable(),
  timeFrom: timeOfDay,
  timeTo: timeOfDay,
  breakFrom: timeOfDay,
  breakTo: timeOfDay,
});

/** Shape of each section of a stored draft; restore falls back per section. */
const SECTION_SCHEMAS = {
  cargo: CargoStateSchema,
  destination: z.strictObject({
    delivery_type: z.enum(values(POINT_TYPES)),
    departure_type: z.enum(values(POINT_TYPES)),
    onlyDelivery: z.boolean(),
    onlyDeparture: z.boolean(),
    delivery_address: z.string().max(ADDRESS_MAX_LENGTH),
    city_delivery: CityRefSchema.nullable(),
    subdivision_delivery: SubdivisionRefSchema.nullable(),
    city_departure: CityRefSchema.nullable(),
    departure_address: z.string().max(ADDRESS_MAX_LENGTH),
    subdivision_departure: SubdivisionRefSchema.nullable(),
  }),
  time: z.strictObject({ departure: TimeBlockSchema, delivery: TimeBlockSchema, isDeliveryDateChosen: z.boolean() }),
  participants: z.strictObject({
    payer: z.enum(values(PARTICIPANT_ROLES)),
    customer: z.enum(values(PARTICIPANT_ROLES)),
    senderType: z.enum(values(PARTICIPANT_TYPES)),
    recipientType: z.enum(values(PARTICIPANT_TYPES)),
    payerType: z.enum(values(PARTICIPANT_TYPES)),
    customerType: z.enum(values(PARTICIPANT_TYPES)),
  }),
  paymentType: z.enum(values(PAYMENT_TYPES)),
  packageItems: z.array(z.strictObject({ id: z.string().min(1), quantity: z.number().int().positive() })),
  transportationType: z.string().min(1).nullable(),
  cargoType: z.string().min(1).nullable(),
  promocode: z.string().max(PROMOCODE_MAX_LENGTH),
  services: z.strictObject({
    declaredValue: z.number().min(L.declaredValue.min).max(L.declaredValue.max).nullable(),
    fragile: z.boolean(),
    crate: z.boolean(),
    departureLoading: z.boolean(),
    departureFloor: z.number().int().min(L.floor.min).max(L.floor.max),
    departureLift: z.boolean(),
    deliveryLoading: z.boolean(),
    deliveryFloor: z.number().int().min(L.floor.min).max(L.floor.max),
    deliveryLift: z.boolean(),
    departureKm: z.number().min(L.km.min).max(L.km.max),
    deliveryKm: z.number().min(L.km.min).max(L.km.max),
  }),
  contacts: z.strictObject({
    sender: DetailsSchema,
    recipient: DetailsSchema,
    payer: DetailsSchema,
    customer: DetailsSchema,
  }),
  // Absent in drafts saved before consent joined the draft: they restore (and are accepted) unticked.
  consent: z.boolean({ error: COMMON_TEXTS.pdConsentRequired }).default(false),
} satisfies { [K in keyof OrderDraft]: z.ZodType<OrderDraft[K]> };

/** Schema of a complete, well-formed order draft. */
export const OrderDraftSchema = z.strictObject(SECTION_SCHEMAS);

/** Schema of what {@link serializeDraft} writes: `{ version: 1, draft }`. */
export const SerializedOrderDraftSchema = z.strictObject({
  version: z.literal(ORDER_DRAFT_VERSION),
  draft: OrderDraftSchema,
});

/**
 * Restores a draft saved by {@link serializeDraft}. Garbage never reaches the UI: unparsable
 * JSON, a missing or other version, or a non-object gives the defaults; a section that fails
 * its schema (say, an unknown payment type) falls back to its default while valid sections are
 * kept; then the cargo-tab invariants are re-applied (Документы preset, quantity 1 outside
 * «Несколько мест»). Null or undefined (nothing saved) gives the defaults.
 */
export function restoreDraft(raw: string | null | undefined): OrderDraft {
  const defaults = createOrderDraft();
  if (!raw) return defaults;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return defaults;
  }
  const envelope = z.object({ version: z.literal(ORDER_DRAFT_VERSION), draft: z.record(z.string(), z.unknown()) });
  const result = envelope.safeParse(parsed);
  if (!result.success) return defaults;
  const stored = result.data.draft;
  const draft = { ...defaults } as Record<keyof OrderDraft, unknown>;
  for (const key of Object.keys(SECTION_SCHEMAS) as (keyof OrderDraft)[]) {
    const section = SECTION_SCHEMAS[key].safeParse(stored[key]);
    if (section.success) draft[key] = section.data;
  }
  return enforceCargoInvariants(draft as OrderDraft);
}
