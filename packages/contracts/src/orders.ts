import {
  CARGO_ACTION_CODES,
  CARGO_RATING_COMMENT_MAX_LENGTH,
  CARGO_RATING_MAX,
  CARGO_RATING_MIN,
  CARGO_STATUS_CODES,
  EmailSchema,
  MESSAGES,
  OrderDraftSchema,
  PersonNameSchema,
  PhoneSchema,
  PAYMENT_TYPES,
  PROFILE_PERMISSIONS,
  POINT_TYPES,
  SerializedOrderDraftSchema,
  checkTrackNumber,
  trackNumberError,
} from '@freight/domain';
import { z } from 'zod';
import { TRANSPORT_TYPE_CODES } from './locations';
import { PriceLineSchema } from './pricing';

/*
 * Orders and cargo (issue 7): the order draft kept on the server, request_create with an
 * Idempotency-Key, the spec's cargo calls (§7 «Cargo») and public tracking.
 * Every answer about someone's cargo is personal: Cache-Control: no-store.
 */

const O = MESSAGES.orders;

// ---- track numbers ---------------------------------------------------------------------------

/**
 * A track number as a person types it (any case, Cyrillic МГ, spaces or dashes); becomes the
 * canonical `MG-1234-56789`. A wrong check digit gets its own message (a typo).
 */
export const TrackNumberSchema = z.string({ error: O.trackRequired }).transform((value, ctx) => {
  const check = checkTrackNumber(value);
  if (check.ok) return check.value;
  ctx.addIssue({ code: 'custom', message: trackNumberError(check.reason) });
  return z.NEVER;
});

/** `?tracknumber=` (get_current_cargo, available_actions, cancel: the spec's spelling). */
export const TracknumberQuerySchema = z.object({ tracknumber: TrackNumberSchema });
/** `?track_number=` (payment_status, rating, favourite, driver info: the spec's spelling). */
export const TrackNumberQuerySchema = z.object({ track_number: TrackNumberSchema });
/** `/tracking/:track_number`; any string, so a malformed number answers 404 with a clear message. */
export const TrackingParamsSchema = z.object({ track_number: z.string().max(100) });

// ---- shared pieces -------------------------------------------------------------------------------

export const CargoStatusCodeSchema = z.enum(CARGO_STATUS_CODES);

export const CargoFlagsSchema = z
  .object({ paid: z.boolean(), paid_storage: z.boolean(), partial_release: z.boolean() })
  .meta({ id: 'CargoFlags' });

const PlaceRefSchema = z.object({ id: z.number().int(), name: z.string() }).nullable();

/** One end of the route: city, terminal (for the warehouse type) or the address (owner only). */
export const RoutePointSchema = z
  .object({
    type: z.enum(POINT_TYPES.map((p) => p.value) as ['warehouse', 'address']),
    city: PlaceRefSchema,
    office: PlaceRefSchema,
    /** Null for strangers. */
    address: z.string().nullable(),
  })
  .meta({ id: 'CargoRoutePoint' });

/** A participant as its owner sees it; strangers get masked name and phone, nothing else. */
export const ParticipantSchema = z
  .object({
    type: z.string(),
    name: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    inn: z.string().nullable(),
    kpp: z.string().nullable(),
  })
  .meta({ id: 'CargoParticipant' });

export const CargoHistoryEntrySchema = z
  .object({
    status: CargoStatusCodeSchema,
    status_name: z.string(),
    /** ISO timestamp. */
    at: z.string(),
    office: z.object({ id: z.number().int(), name: z.string(), city: z.string() }).nullable(),
    comment: z.string().nullable(),
  })
  .meta({ id: 'CargoHistoryEntry' });

export const CargoMeasuresSchema = z.object({
  quantity: z.number().int(),
  /** kg */
  weight: z.number(),
  /** m³ */
  volume: z.number(),
  length: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});

// ---- draft ------------------------------------------------------------------------------------

/** Largest draft accepted, in bytes of its JSON (a full draft is about 3 KB). */
export const ORDER_DRAFT_MAX_BYTES = 32_768;

/** PUT /requests/draft: the draft as `serializeDraft` writes it. */
export const DraftPutRequestSchema = z
  .strictObject({ draft: SerializedOrderDraftSchema })
  .refine((body) => JSON.stringify(body.draft).length <= ORDER_DRAFT_MAX_BYTES, {
    error: O.draftTooLarge,
    path: ['draft'],
  })
  .meta({ id: 'OrderDraftPut' });
export type DraftPutRequest = z.input<typeof DraftPutRequestSchema>;

/** GET /requests/draft (and the PUT answer): the caller's saved draft, or null. */
export const DraftResponseSchema = z
  .object({
    draft: SerializedOrderDraftSchema.nullable(),
    /** ISO timestamp of the last save, null when there is no draft. */
    updated_at: z.string().nullable(),
  })
  .meta({ id: 'OrderDraftResponse' });
export type DraftResponse = z.infer<typeof DraftResponseSchema>;

// ---- request_create -----------------------------------------------------------------------------

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** The Idempotency-Key header: 8–255 printable ASCII characters (a UUID v4 is what the site sends). */
export const IdempotencyHeadersSchema = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string({ error: O.idempotencyKeyRequired })
    .regex(/^[\x21-\x7E]{8,255}$/, { error: O.idempotencyKeyRequired }),
});

/** POST /requests/request_create: the whole order draft; the server validates and prices it again. */
export const RequestCreateBodySchema = z.strictObject({ draft: OrderDraftSchema }).meta({ id: 'RequestCreate' });
export type RequestCreateBody = z.input<typeof RequestCreateBodySchema>;

export const RequestCreateResponseSchema = z
  .object({
    track_number: z.string(),
    status: CargoStatusCodeSchema,
    status_name: z.string(),
    /** The price fixed at creation. */
    price_kopecks: z.number().int(),
    price_text: z.string(),
    lines: z.array(PriceLineSchema),
    vat_kopecks: z.number().int(),
    vat_included: z.boolean(),
    /** Promo code entered but not applied (and why), or null. */
    promocode_error: z.string().nullable(),
    transportation_type: z.object({ code: z.enum(TRANSPORT_TYPE_CODES), name: z.string() }),
    terms: z.string(),
    dispatch_date: z.string(),
    arrival_date: z.string(),
    arrival_date_text: z.string(),
    /** Why the arrival is later than the calculator's (the full calculation's `arrival_note`); absent when it is not. */
    arrival_note: z.string().optional(),
    city_from: z.object({ id: z.number().int(), name: z.string() }),
    city_to: z.object({ id: z.number().int(), name: z.string() }),
    created_at: z.string(),
    /** `/tracking/MG-1234-56789`. */
    tracking_path: z.string(),
    /** Where the confirmation went: `sms` to a masked phone, `email` to a masked address, or none. */
    notification: z.object({ channel: z.enum(['sms', 'email']), to: z.string() }).nullable(),
  })
  .meta({ id: 'RequestCreated' });
export type RequestCreateResponse = z.infer<typeof RequestCreateResponseSchema>;

/** What every cargo answer starts with: identity, main status, flags and dates. */
const cargoHead = {
  id: z.number().int(),
  track_number: z.string(),
  status: CargoStatusCodeSchema,
  status_name: z.string(),
  status_changed_at: z.string(),
  closed: z.boolean(),
  flags: CargoFlagsSchema,
  created_at: z.string(),
};

// ---- GET /cargo/cargo ----------------------------------------------------------------------------

export const CargoListItemSchema = z
  .object({
    ...cargoHead,
    city_departure: z.string(),
    city_delivery: z.string(),
    sender_name: z.string().nullable(),
    recipient_name: z.string().nullable(),
    price_kopecks: z.number().int(),
    price_text: z.string(),
    /** How the order is paid (cash, card, non_cash); `flags.paid` tells whether it is. */
    payment_type: z.enum(PAYMENT_TYPES.map((p) => p.value) as ['cash', 'card', 'non_cash']),
    planned_arrival_date: z.string().nullable(),
    quantity: z.number().int(),
    weight: z.number(),
    volume: z.number(),
    favorite: z.boolean(),
  })
  .meta({ id: 'CargoListItem' });
export type CargoListItem = z.infer<typeof CargoListItemSchema>;

/** One page; `has_more` is true when a page of `limit` items came back full. */
export const CargoListResponseSchema = z
  .object({
    items: z.array(CargoListItemSchema),
    skip: z.number().int(),
    limit: z.number().int(),
    has_more: z.boolean(),
  })
  .meta({ id: 'CargoList' });
export type CargoListResponse = z.infer<typeof CargoListResponseSchema>;

// ---- get_current_cargo -------------------------------------------------------------------------

export const CargoDetailsSchema = z
  .object({
    ...cargoHead,
    departure: RoutePointSchema,
    delivery: RoutePointSchema,
    planned_dispatch_date: z.string().nullable(),
    planned_arrival_date: z.string().nullable(),
    cargo: CargoMeasuresSchema,
    cargo_type: z.string().nullable(),
    transportation_type: z.object({ code: z.string(), name: z.string() }),
    payment_type: z.enum(PAYMENT_TYPES.map((p) => p.value) as ['cash', 'card', 'non_cash']),
    payer: z.string(),
    sender: ParticipantSchema,
    recipient: ParticipantSchema,
    payer_participant: ParticipantSchema.nullable(),
    customer_participant: ParticipantSchema.nullable(),
    price_kopecks: z.number().int(),
    price_text: z.string(),
    lines: z.array(PriceLineSchema),
    history: z.array(CargoHistoryEntrySchema),
    driver_assigned: z.boolean(),
    favorite: z.boolean(),
    rating: z.number().int().nullable(),
    /** The profile the cargo belongs to (issue 15); null while an anonymous session owns it. */
    owner_profile: z
      .object({ account_uuid: z.string(), name: z.string(), kind: z.enum(['individual', 'legal']) })
      .nullable(),
    /** What the caller may do with this cargo by their role in its profile (team.ts); everything for its creator session. */
    permissions: z.array(z.enum(PROFILE_PERMISSIONS)),
  })
  .meta({ id: 'CargoDetails' });
export type CargoDetails = z.infer<typeof CargoDetailsSchema>;

// ---- payment_status ----------------------------------------------------------------------------

export const PaymentStatusSchema = z
  .object({
    track_number: z.string(),
    paid: z.boolean(),
    paid_storage: z.boolean(),
    payment_type: z.string(),
    payment_type_name: z.string(),
    price_kopecks: z.number().int(),
    price_text: z.string(),
    /** What is still to be paid (0 once paid). */
    due_kopecks: z.number().int(),
    due_text: z.string(),
    paid_at: z.string().nullable(),
  })
  .meta({ id: 'CargoPaymentStatus' });
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

// ---- available_actions, cancel -----------------------------------------------------------------

export const AvailableActionsSchema = z
  .object({
    track_number: z.string(),
    status: CargoStatusCodeSchema,
    actions: z.array(z.object({ code: z.enum(CARGO_ACTION_CODES), name: z.string() })),
  })
  .meta({ id: 'CargoAvailableActions' });
export type AvailableActions = z.infer<typeof AvailableActionsSchema>;

export const CargoStatusChangeSchema = z
  .object({ track_number: z.string(), status: CargoStatusCodeSchema, status_name: z.string() })
  .meta({ id: 'CargoStatusChange' });

// ---- change contacts ----------------------------------------------------------------------------

/**
 * POST cargo_lk/change_contacts?tracknumber: new name, phone and e-mail of the sender or recipient,
 * with `consent: true` (someone else's data: the personal-data consent is recorded with the change).
 */
export const ContactsChangeRequestSchema = z
  .strictObject({
    participant: z.enum(['sender', 'recipient']),
    name: PersonNameSchema,
    phone: PhoneSchema,
    email: z.union([z.literal(''), EmailSchema]).optional(),
    consent: z.literal(true, { error: MESSAGES.common.pdConsentRequired }),
  })
  .meta({ id: 'CargoContactsChange' });
export type ContactsChangeRequest = z.input<typeof ContactsChangeRequestSchema>;

// ---- rating ---------------------------------------------------------------------------------------

export const CargoRatingRequestSchema = z
  .strictObject({
    track_number: TrackNumberSchema,
    rating: z
      .number({ error: O.ratingRange })
      .int({ error: O.ratingRange })
      .min(CARGO_RATING_MIN, { error: O.ratingRange })
      .max(CARGO_RATING_MAX, { error: O.ratingRange }),
    comment: z
      .string()
      .trim()
      .max(CARGO_RATING_COMMENT_MAX_LENGTH, { error: O.ratingCommentTooLong })
      .optional()
      .transform((value) => value || null),
  })
  .meta({ id: 'CargoRatingRequest' });
export type CargoRatingRequest = z.input<typeof CargoRatingRequestSchema>;

export const CargoRatingSchema = z
  .object({
    track_number: z.string(),
    rating: z.number().int(),
    comment: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'CargoRating' });

/** GET rating: the rating, or null when not rated yet; `can_rate` tells whether POST would work now. */
export const CargoRatingResponseSchema = z
  .object({ rating: CargoRatingSchema.nullable(), can_rate: z.boolean() })
  .meta({ id: 'CargoRatingResponse' });

// ---- favourite, driver ------------------------------------------------------------------------------

export const FavoriteStateSchema = z
  .object({ track_number: z.string(), favorite: z.boolean() })
  .meta({ id: 'CargoFavorite' });

export const DriverInfoSchema = z
  .object({
    track_number: z.string(),
    name: z.string(),
    phone: z.string(),
    vehicle_model: z.string().nullable(),
    vehicle_plate: z.string().nullable(),
  })
  .meta({ id: 'CargoDriverInfo' });

// ---- public tracking -----------------------------------------------------------------------------

export const TrackingResponseSchema = z
  .object({
    track_number: z.string(),
    /** True when the caller owns the cargo: names, phones and addresses are shown in full. */
    is_owner: z.boolean(),
    status: CargoStatusCodeSchema,
    status_name: z.string(),
    status_changed_at: z.string(),
    closed: z.boolean(),
    flags: CargoFlagsSchema,
    created_at: z.string(),
    departure: RoutePointSchema,
    delivery: RoutePointSchema,
    planned_arrival_date: z.string().nullable(),
    planned_arrival_text: z.string().nullable(),
    cargo: z.object({ quantity: z.number().int(), weight: z.number(), volume: z.number() }),
    sender: z.object({ name: z.string(), phone: z.string() }),
    recipient: z.object({ name: z.string(), phone: z.string() }),
    /** Owner only. */
    price_text: z.string().nullable(),
    history: z.array(
      z.object({
        status: CargoStatusCodeSchema,
        status_name: z.string(),
        at: z.string(),
        city: z.string().nullable(),
        office: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'Tracking' });
export type TrackingResponse = z.infer<typeof TrackingResponseSchema>;
