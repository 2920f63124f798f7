import { BULK_STATUS_MAX_CARGOS, CARGO_STATUS_CODES, PhoneSchema, cleanedString } from '@freight/domain';
import {
  CANCEL_REASON_MIN_LENGTH,
  STATUS_COMMENT_MAX_LENGTH,
  normalizeVehiclePlate,
} from '@freight/domain/back-office-cargo';
import { BACK_OFFICE_CARGO_TEXTS } from '@freight/domain/texts/back-office-cargo';
import { z } from 'zod';
import { PageQuerySchema, pageOf } from './back-office';
import { queryBoolean } from './query';

/*
 * The back-office's cargo operations (issue 17): GET/POST/PATCH/PUT/DELETE under
 * /api/v1/back-office/cargos and /api/v1/back-office/offices.
 */

const E = BACK_OFFICE_CARGO_TEXTS.errors;

export const BoCargoStatusSchema = z.enum(CARGO_STATUS_CODES, { error: E.statusInvalid });

/** Blank query parameters mean «not set» (a form submits its empty fields). */
const blankAsUnset = (value: unknown) => (value === '' ? undefined : value);

export const BO_CARGO_SORTS = ['created', 'status_changed', 'price'] as const;
export type BoCargoSort = (typeof BO_CARGO_SORTS)[number];

/**
 * GET cargos: `q` is a track number (whole or its start), a phone in any form or a ИНН; `status`
 * one status; newest first unless `sort` / `desc` say otherwise.
 */
export const BoCargoListQuerySchema = PageQuerySchema.extend({
  q: z.preprocess(blankAsUnset, cleanedString().max(100).optional()),
  status: z.preprocess(blankAsUnset, BoCargoStatusSchema.optional()),
  sort: z.preprocess(blankAsUnset, z.enum(BO_CARGO_SORTS).default('created')),
  desc: queryBoolean.default(true),
});
export type BoCargoListQuery = z.infer<typeof BoCargoListQuerySchema>;

const FlagsSchema = z.object({ paid: z.boolean(), paid_storage: z.boolean(), partial_release: z.boolean() });

/** A row of the cargo table. Staff see the owner's name and phone in full. */
export const BoCargoListItemSchema = z.object({
  track_number: z.string(),
  status: z.enum(CARGO_STATUS_CODES),
  status_label: z.string(),
  closed: z.boolean(),
  created_at: z.string(),
  status_changed_at: z.string(),
  city_departure: z.string(),
  city_delivery: z.string(),
  sender_name: z.string().nullable(),
  recipient_name: z.string().nullable(),
  owner: z.object({
    name: z.string().nullable(),
    /** +7 (XXX) XXX-XX-XX */
    phone: z.string().nullable(),
    profile_name: z.string().nullable(),
  }),
  price_kopecks: z.number().int(),
  price_text: z.string(),
  flags: FlagsSchema,
});
export type BoCargoListItem = z.infer<typeof BoCargoListItemSchema>;

export const BoCargoListSchema = pageOf(BoCargoListItemSchema);
export type BoCargoList = z.infer<typeof BoCargoListSchema>;

const ParticipantSchema = z.object({
  type: z.string(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  inn: z.string().nullable(),
  kpp: z.string().nullable(),
});
export type BoCargoParticipant = z.infer<typeof ParticipantSchema>;

const OfficeRefSchema = z.object({ id: z.number().int(), name: z.string(), address: z.string(), city: z.string() });

const RoutePointSchema = z.object({
  /** warehouse | address */
  type: z.string(),
  city: z.string(),
  office: OfficeRefSchema.nullable(),
  address: z.string().nullable(),
});

export const BoCargoHistoryEntrySchema = z.object({
  id: z.number().int(),
  status: z.enum(CARGO_STATUS_CODES),
  status_label: z.string(),
  at: z.string(),
  office: OfficeRefSchema.nullable(),
  comment: z.string().nullable(),
  /** Null: set by the system (the order, the client's own cancellation, seed data). */
  staff: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type BoCargoHistoryEntry = z.infer<typeof BoCargoHistoryEntrySchema>;

/** The cargo page (GET cargos/:track). */
export const BoCargoDetailsSchema = BoCargoListItemSchema.extend({
  id: z.number().int(),
  route: z.object({ departure: RoutePointSchema, delivery: RoutePointSchema }),
  planned_dispatch_date: z.string().nullable(),
  planned_arrival_date: z.string().nullable(),
  measures: z.object({
    quantity: z.number().int(),
    weight_kg: z.number(),
    volume_m3: z.number(),
    length_cm: z.number().nullable(),
    width_cm: z.number().nullable(),
    height_cm: z.number().nullable(),
  }),
  cargo_type: z.string().nullable(),
  transportation_type: z.string(),
  payment_type: z.string(),
  payment_type_label: z.string(),
  payer_role: z.string(),
  customer_role: z.string(),
  participants: z.object({
    sender: ParticipantSchema,
    recipient: ParticipantSchema,
    payer: ParticipantSchema.nullable(),
    customer: ParticipantSchema.nullable(),
  }),
  price_lines: z.array(
    z.object({
      code: z.string(),
      title: z.string(),
      amount_kopecks: z.number().int(),
      amount_text: z.string(),
      explanation: z.string(),
    }),
  ),
  vat_kopecks: z.number().int(),
  paid_at: z.string().nullable(),
  driver: z
    .object({
      name: z.string(),
      phone: z.string(),
      vehicle_model: z.string().nullable(),
      vehicle_plate: z.string().nullable(),
      assigned_at: z.string(),
    })
    .nullable(),
  owner_user: z
    .object({
      id: z.number().int(),
      name: z.string().nullable(),
      phone: z.string().nullable(),
      email: z.string().nullable(),
      verified: z.boolean(),
    })
    .nullable(),
  owner_profile: z
    .object({
      id: z.number().int(),
      account_uuid: z.string(),
      kind: z.string(),
      name: z.string(),
      inn: z.string().nullable(),
      kpp: z.string().nullable(),
    })
    .nullable(),
  anonymized: z.boolean(),
  history: z.array(BoCargoHistoryEntrySchema),
  /** The statuses the cargo may be moved to now (CARGO_STATUS_TRANSITIONS), in the flow's order. */
  next_statuses: z.array(z.object({ status: z.enum(CARGO_STATUS_CODES), label: z.string() })),
  can_cancel: z.boolean(),
});
export type BoCargoDetails = z.infer<typeof BoCargoDetailsSchema>;

export const BoCargoParamsSchema = z.object({ track: z.string().max(40) });

const OfficeIdSchema = z.number({ error: E.officeUnknown }).int({ error: E.officeUnknown }).positive({
  error: E.officeUnknown,
});

const CommentSchema = cleanedString()
  .max(STATUS_COMMENT_MAX_LENGTH, { error: E.commentTooLong })
  .transform((value) => value || undefined);

/** POST cargos/:track/status. `at` defaults to now; an ISO date-time with its offset. */
export const BoStatusChangeBodySchema = z.strictObject({
  status: BoCargoStatusSchema,
  office_id: OfficeIdSchema.nullish(),
  at: z.iso.datetime({ offset: true, error: E.atInvalid }).optional(),
  comment: CommentSchema.optional(),
});
export type BoStatusChangeBody = z.input<typeof BoStatusChangeBodySchema>;

/** PATCH cargos/:track/flags: only the flags given change; at least one. */
export const BoCargoFlagsBodySchema = z
  .strictObject({
    paid: z.boolean().optional(),
    paid_storage: z.boolean().optional(),
    partial_release: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { error: E.flagsEmpty });
export type BoCargoFlagsBody = z.input<typeof BoCargoFlagsBodySchema>;

/** A vehicle plate as typed; the API stores it upper-case, Cyrillic, without spaces. */
export const VehiclePlateSchema = z
  .string({ error: E.plateRequired })
  .overwrite((value) => value.trim())
  .min(1, { error: E.plateRequired, abort: true })
  .refine((value) => normalizeVehiclePlate(value) !== null, { error: E.plateInvalid, abort: true })
  .transform((value) => normalizeVehiclePlate(value) ?? value);

/** PUT cargos/:track/driver. */
export const BoDriverBodySchema = z.strictObject({
  name: cleanedString({}, E.driverNameRequired)
    .min(1, { error: E.driverNameRequired })
    .max(200, { error: E.driverNameTooLong }),
  phone: PhoneSchema,
  vehicle_model: cleanedString({}, E.vehicleModelRequired)
    .min(1, { error: E.vehicleModelRequired })
    .max(100, { error: E.vehicleModelTooLong }),
  vehicle_plate: VehiclePlateSchema,
});
export type BoDriverBody = z.input<typeof BoDriverBodySchema>;

/** POST cargos/:track/cancel. */
export const BoCancelBodySchema = z.strictObject({
  reason: cleanedString({}, E.reasonLength)
    .min(CANCEL_REASON_MIN_LENGTH, { error: E.reasonLength })
    .max(STATUS_COMMENT_MAX_LENGTH, { error: E.reasonLength }),
});
export type BoCancelBody = z.input<typeof BoCancelBodySchema>;

/** POST cargos/bulk_status: all or nothing. */
export const BoBulkStatusBodySchema = z.strictObject({
  tracks: z
    .array(z.string({ error: E.trackInvalid }).max(40, { error: E.trackInvalid }), { error: E.tracksRequired })
    .min(1, { error: E.tracksRequired })
    .max(BULK_STATUS_MAX_CARGOS, { error: E.tooManyTracks(BULK_STATUS_MAX_CARGOS) }),
  status: BoCargoStatusSchema,
  office_id: OfficeIdSchema.nullish(),
  comment: CommentSchema.optional(),
});
export type BoBulkStatusBody = z.input<typeof BoBulkStatusBodySchema>;

export const BoBulkStatusResultSchema = z.object({ changed: z.number().int() });

/** GET offices?q=: the office picker. */
export const BoOfficesQuerySchema = z.object({
  q: z.preprocess(blankAsUnset, cleanedString().max(100).optional()),
});

export const BoOfficeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  /** terminal | office | pickup_point */
  kind: z.string(),
});
export type BoOffice = z.infer<typeof BoOfficeSchema>;

export const BoOfficeListSchema = z.object({ items: z.array(BoOfficeSchema) });
export type BoOfficeList = z.infer<typeof BoOfficeListSchema>;
