import {
  DayHoursSchema,
  HOLIDAY_MODES,
  MESSAGES,
  ScheduleExceptionSchema,
  TRANSPORT_TYPE_CODES,
} from '@freight/domain';
import { z } from 'zod';
import { queryBoolean, queryNumber } from './query';

const L = MESSAGES.locations;

/** Our own numeric id or a FIAS UUID: every call that takes a city FIAS id accepts both. */
export const CityRefSchema = z
  .string({ error: L.idInvalid })
  .trim()
  .regex(/^(\d{1,9}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i, { error: L.idInvalid })
  .transform((v) => v.toLowerCase());

const searchText = (min: number, tooShort: string) =>
  z.string({ error: tooShort }).trim().min(min, { error: tooShort }).max(100, { error: L.queryTooLong });

export const SUBDIVISION_KINDS = ['terminal', 'office', 'pickup_point'] as const;
export const OPERATIONS = ['acceptance', 'release', 'pickup', 'delivery'] as const;
export const PAYMENT_METHODS = ['cash', 'card', 'sbp', 'non_cash'] as const;
export { TRANSPORT_TYPE_CODES };
/** The most offices one page of duty_delivery_subdivisions/subdivision may hold (`limit`). */
export const SUBDIVISION_PAGE_MAX = 100;
/** The header with the number of all offices a paged search matched. */
export const TOTAL_COUNT_HEADER = 'x-total-count';
/** Values the `parameters` filter of duty_delivery_subdivisions/subdivision understands. */
export const SUBDIVISION_PARAMETERS = [...OPERATIONS, ...PAYMENT_METHODS, ...TRANSPORT_TYPE_CODES] as const;
export type SubdivisionParameter = (typeof SUBDIVISION_PARAMETERS)[number];

export const CitySchema = z
  .object({
    id: z.number().int(),
    fias_id: z.string().nullable(),
    kladr_id: z.string().nullable(),
    name: z.string(),
    region: z.string(),
    region_code: z.string(),
    federal_district: z.string(),
    lat: z.number(),
    lon: z.number(),
    timezone: z.string(),
    population: z.number().int().nullable(),
    subdivisions_count: z.number().int(),
  })
  .meta({ id: 'City' });
export type City = z.infer<typeof CitySchema>;

export const CitiesQuerySchema = z.object({
  with_subd_only: queryBoolean.default(false),
  city_name: searchText(2, L.cityNameTooShort).optional(),
});
export const CitiesResponseSchema = z.array(CitySchema).meta({ id: 'Cities' });

export const LightCitySchema = z
  .object({ id: z.number().int(), fias_id: z.string().nullable(), name: z.string(), region: z.string() })
  .meta({ id: 'LightCity' });
export const LightCitiesResponseSchema = z.array(LightCitySchema).meta({ id: 'LightCities' });

export const PopularCitySchema = CitySchema.extend({ rank: z.number().int() }).meta({ id: 'PopularCity' });
export const PopularCitiesResponseSchema = z.array(PopularCitySchema).meta({ id: 'PopularCities' });

export const OfficeScheduleResponseSchema = z
  .object({
    weekly: z.array(DayHoursSchema.nullable()),
    holiday_mode: z.enum(HOLIDAY_MODES),
    exceptions: z.array(ScheduleExceptionSchema),
    /** Grouped lines for display: «Пн–Пт» — «9:00–20:00». */
    lines: z.array(z.object({ days: z.string(), hours: z.string() })),
  })
  .meta({ id: 'OfficeSchedule' });

export const OpenStateSchema = z
  .object({
    is_open: z.boolean(),
    /** «Открыто до 20:00», «Закрыто, откроется в 9:00» — in the office's own time zone, holidays included. */
    text: z.string(),
    /** The moment the state was computed (ISO). */
    at: z.string(),
  })
  .meta({ id: 'OpenState' });

export const SubdivisionSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    kind: z.enum(SUBDIVISION_KINDS),
    name: z.string(),
    city: z.object({
      id: z.number().int(),
      fias_id: z.string().nullable(),
      name: z.string(),
      region: z.string(),
      timezone: z.string(),
    }),
    address: z.string(),
    lat: z.number(),
    lon: z.number(),
    phone: z.string(),
    email: z.string().nullable(),
    schedule: OfficeScheduleResponseSchema,
    open_state: OpenStateSchema,
    operations: z.array(z.enum(OPERATIONS)),
    payment_methods: z.array(z.enum(PAYMENT_METHODS)),
    transport_types: z.array(z.enum(TRANSPORT_TYPE_CODES)),
    limits: z.object({
      max_weight_per_place_kg: z.number().int(),
      max_length_cm: z.number().int(),
      max_width_cm: z.number().int(),
      max_height_cm: z.number().int(),
      max_total_weight_kg: z.number().int().nullable(),
    }),
    directions: z.string().nullable(),
    is_partner: z.boolean(),
    /** Distance from the point asked for (near_lat/near_lon), km; null when none was given. */
    distance_km: z.number().nullable(),
  })
  .meta({ id: 'Subdivision' });
export type Subdivision = z.infer<typeof SubdivisionSchema>;
export const SubdivisionsResponseSchema = z.array(SubdivisionSchema).meta({ id: 'Subdivisions' });

export const SubdivisionsQuerySchema = z
  .object({
    subdivision_code: z
      .string()
      .trim()
      .min(1, { error: L.queryTooShort })
      .max(40, { error: L.queryTooLong })
      .optional(),
    subdivision_name: searchText(2, L.queryTooShort).optional(),
  })
  .refine((q) => !(q.subdivision_code && q.subdivision_name), {
    error: L.subdivisionParamsConflict,
    path: ['subdivision_code'],
  });

export const SubdivisionByCityQuerySchema = z.object({ city_name: searchText(2, L.cityNameTooShort) });

const coordinate = (max: number) => queryNumber(L.coordinatesInvalid, { min: -max, max });

/** duty_delivery_subdivisions/subdivision: search by name, address or city; filters; the nearest first. */
export const SubdivisionSearchQuerySchema = z
  .object({
    name: z.string().trim().max(100, { error: L.queryTooLong }).optional(),
    /** Comma-separated: operations (acceptance, release, pickup, delivery), payment (cash, card, sbp, non_cash), transport (auto, express, rail, avia). All must hold. */
    parameters: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const values = (v ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        const unknown = values.filter((s) => !(SUBDIVISION_PARAMETERS as readonly string[]).includes(s));
        if (unknown.length > 0) {
          ctx.addIssue({ code: 'custom', message: L.parametersInvalid });
          return z.NEVER;
        }
        return values as SubdivisionParameter[];
      }),
    is_partner: queryBoolean.optional(),
    /** `true`: only the offices open at this moment on their own city's clock (holidays and exceptions counted). */
    open_now: queryBoolean.optional(),
    city_id: CityRefSchema.optional(),
    kind: z.enum(SUBDIVISION_KINDS, { error: L.kindInvalid }).optional(),
    near_lat: coordinate(90).optional(),
    near_lon: coordinate(180).optional(),
    /**
     * One page of the answer: `limit` offices (1…100) after skipping `skip`; the number of all
     * that match is in the `X-Total-Count` header. Without `limit` the answer is the whole list.
     */
    skip: queryNumber(L.pagingInvalid, { int: true, min: 0, max: 100_000 }).optional(),
    limit: queryNumber(L.pagingInvalid, { int: true, min: 1, max: SUBDIVISION_PAGE_MAX }).optional(),
  })
  .refine((q) => (q.near_lat === undefined) === (q.near_lon === undefined), {
    error: L.coordinatesInvalid,
    path: ['near_lat'],
  });
export type SubdivisionSearchQuery = z.output<typeof SubdivisionSearchQuerySchema>;

export const DeliveryCitiesQuerySchema = z.object({ name: searchText(2, L.cityNameTooShort) });

export const CurrentSubdivisionQuerySchema = z.object({
  subdivision_id: z
    .string({ error: L.idInvalid })
    .trim()
    .regex(/^\d{1,9}$/, { error: L.idInvalid })
    .transform(Number),
});

export const CurrentCityQuerySchema = z.object({ city_id: CityRefSchema });
export const CurrentCityResponseSchema = CitySchema.extend({ subdivisions: z.array(SubdivisionSchema) }).meta({
  id: 'CurrentCity',
});

export const CountryMapResponseSchema = z
  .object({
    totals: z.object({
      cities: z.number().int(),
      subdivisions: z.number().int(),
      terminals: z.number().int(),
      partner_points: z.number().int(),
      regions: z.number().int(),
      federal_districts: z.number().int(),
    }),
    cities: z.array(
      z.object({
        id: z.number().int(),
        fias_id: z.string().nullable(),
        name: z.string(),
        region: z.string(),
        federal_district: z.string(),
        lat: z.number(),
        lon: z.number(),
        subdivisions_count: z.number().int(),
        has_terminal: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'CountryMap' });
export type CountryMap = z.infer<typeof CountryMapResponseSchema>;

/** Address suggestions in the DaData shape, whatever the source. */
export const AddressSuggestionSchema = z
  .object({
    value: z.string(),
    unrestricted_value: z.string(),
    data: z.object({
      region_with_type: z.string().nullable(),
      city: z.string().nullable(),
      city_with_type: z.string().nullable(),
      city_fias_id: z.string().nullable(),
      /** Our city id when the city is in our database. */
      city_id: z.number().int().nullable(),
      street: z.string().nullable(),
      street_with_type: z.string().nullable(),
      house: z.string().nullable(),
      fias_level: z.string().nullable(),
      geo_lat: z.string().nullable(),
      geo_lon: z.string().nullable(),
      postal_code: z.string().nullable(),
    }),
  })
  .meta({ id: 'AddressSuggestion' });
export type AddressSuggestion = z.infer<typeof AddressSuggestionSchema>;

export const AddressSuggestionsResponseSchema = z
  .object({ suggestions: z.array(AddressSuggestionSchema), source: z.enum(['dadata', 'local']) })
  .meta({ id: 'AddressSuggestions' });
export type AddressSuggestionsResponse = z.infer<typeof AddressSuggestionsResponseSchema>;

export const DadataAddressQuerySchema = z.object({ filter_bool: queryBoolean.default(false) });
/** The body is one JSON string: the city and what the visitor typed, e.g. "Екатеринбург Малышева 51". */
export const DadataAddressBodySchema = z
  .string({ error: L.bodyInvalid })
  .trim()
  .min(2, { error: L.queryTooShort })
  .max(300, { error: L.queryTooLong });

export const ClientSelectionQuerySchema = z.object({ value: searchText(2, L.queryTooShort) });
export const ClientSuggestionSchema = z
  .object({
    value: z.string(),
    inn: z.string().nullable(),
    kpp: z.string().nullable(),
    ogrn: z.string().nullable(),
    type: z.enum(['LEGAL', 'INDIVIDUAL']).nullable(),
    address: z.string().nullable(),
    status: z.string().nullable(),
  })
  .meta({ id: 'ClientSuggestion' });
export const ClientSelectionResponseSchema = z
  .object({ suggestions: z.array(ClientSuggestionSchema), source: z.enum(['dadata', 'local']) })
  .meta({ id: 'ClientSelection' });

export const IFRAME_WIDGETS = ['calculator', 'tracking'] as const;
/**
 * POST duty_iframe/ (the spec shows no body): the site, the widget and an optional contact. A
 * contact is someone's personal data, so it comes with `consent: true` (recorded with the request).
 */
export const IframeRequestSchema = z
  .strictObject({
    site_url: z
      .string({ error: L.urlInvalid })
      .trim()
      .max(2048, { error: L.urlInvalid })
      .refine((v) => /^https?:\/\/[^\s/]+/i.test(v) && URL.canParse(v), { error: L.urlInvalid }),
    widget: z.enum(IFRAME_WIDGETS, { error: L.widgetInvalid }).default('calculator'),
    contact: z.string().trim().max(320, { error: L.queryTooLong }).optional(),
    consent: z.boolean({ error: MESSAGES.common.pdConsentRequired }).optional().default(false),
  })
  .refine((body) => !body.contact || body.consent, { error: MESSAGES.common.pdConsentRequired, path: ['consent'] })
  .meta({ id: 'IframeRequest' });
export const IframeResponseSchema = z
  .object({ id: z.number().int(), widget_url: z.string(), code: z.string() })
  .meta({ id: 'IframeResponse' });
