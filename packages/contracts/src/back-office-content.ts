import { z } from 'zod';
import { FOOTER_CATEGORIES } from '@freight/domain/footer';
import { normalizePhone } from '@freight/domain/phone';
import { cleanedString } from '@freight/domain/text-schema';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { PageQuerySchema, pageOf } from './back-office';

/*
 * The back-office's content, offers and prices (issue 17, item 4): news, promotions, footer
 * links ([content.edit]); offers and personal discounts ([offers.edit]); tariffs and promo codes
 * ([prices.edit]). Shared by the API (request and answer schemas) and the back-office pages.
 * Money is integer kopecks; percentages of discounts are numbers of percent (12.5 = 12,5 %),
 * stored as basis points.
 */

const V = BACK_OFFICE_CONTENT_TEXTS.validation;

// ---------------------------------------------------------------------------------------------
// Shared pieces

/** A slug of a news item or promotion, as the public pages address them (`/news/<slug>`). */
export const CONTENT_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const CONTENT_SLUG_MAX_LENGTH = 120;

const TRANSLIT: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

/** Longest slug made from a title: long enough to tell items apart, short enough to read. */
const GENERATED_SLUG_MAX_LENGTH = 80;

/**
 * A slug made from a title: lower-cased, Cyrillic transliterated the way Russian sites spell
 * addresses (Яндекс/passport style: «щ» → shch, «х» → kh, «ь» and «ъ» dropped), every other run
 * of characters but Latin letters and digits turned into one hyphen, cut at a word boundary
 * within 80 characters. Empty when the title has nothing to spell (only emoji or punctuation).
 */
export function slugFromTitle(title: string): string {
  const spelled = [...title.normalize('NFC').toLowerCase()]
    .map((char) => TRANSLIT[char] ?? char)
    .join('')
    // Compatibility forms too: «м³» → m3, «№» → No, «é» → e.
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (spelled.length <= GENERATED_SLUG_MAX_LENGTH) return spelled;
  const cut = spelled.slice(0, GENERATED_SLUG_MAX_LENGTH + 1);
  const boundary = cut.lastIndexOf('-');
  return (boundary > 0 ? cut.slice(0, boundary) : cut.slice(0, GENERATED_SLUG_MAX_LENGTH)).replace(/-+$/, '');
}

/** An optional slug field: empty or absent means «make one from the title». */
const SlugInputSchema = z
  .string({ error: V.slugInvalid })
  .trim()
  .toLowerCase()
  .max(CONTENT_SLUG_MAX_LENGTH, { error: V.slugInvalid })
  .refine((value) => value === '' || CONTENT_SLUG_PATTERN.test(value), { error: V.slugInvalid })
  .optional();

const IsoDateSchema = z.iso.date({ error: V.dateInvalid });
const IsoDateTimeSchema = z.iso.datetime({ offset: true, error: V.dateTimeInvalid });

/** A required multi-line text, cleaned on the way in (house rule 8), at most `max` characters. */
const longText = (required: string, tooLong: string, max: number) =>
  cleanedString({ keepNewlines: true }, required).min(1, { error: required }).max(max, { error: tooLong });
/** A required one-line text. */
const lineText = (required: string, tooLong: string, max: number) =>
  cleanedString({}, required).min(1, { error: required }).max(max, { error: tooLong });

const positionSchema = z.number({ error: V.positionRange }).int({ error: V.positionRange }).min(0).max(10_000);

/** Has at most two digits after the decimal point (kopecks of a percent: basis points). */
const hasTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** Percent as a number (12.5 = 12,5 %) → basis points (1250). */
export const percentToBp = (percent: number): number => Math.round(percent * 100);
/** Basis points → percent as a number. */
export const bpToPercent = (bp: number): number => bp / 100;

/** Search text of a back-office list (`q`): trimmed, empty means «no filter». */
const SearchQuerySchema = z.string({ error: V.searchTooLong }).trim().max(100, { error: V.searchTooLong }).optional();

/** `?page&per_page&q` of a back-office list. */
export const ContentListQuerySchema = PageQuerySchema.extend({ q: SearchQuerySchema });
export type ContentListQuery = z.input<typeof ContentListQuerySchema>;

export const IdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const DeletedSchema = z.object({ ok: z.literal(true) });

// ---------------------------------------------------------------------------------------------
// News

export const NEWS_KINDS = ['news', 'event'] as const;

/** A news item as the editor sees it: drafts and future items too. */
export const AdminNewsSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  kind: z.enum(NEWS_KINDS),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  published_at: z.string(),
  event_date: z.string().nullable(),
  event_place: z.string().nullable(),
  to_main_page: z.boolean(),
  is_published: z.boolean(),
  image_url: z.string().nullable(),
  updated_at: z.string(),
});
export type AdminNews = z.infer<typeof AdminNewsSchema>;
export const AdminNewsPageSchema = pageOf(AdminNewsSchema);
export type AdminNewsPage = z.infer<typeof AdminNewsPageSchema>;

/** POST/PUT news: the whole item (an absent slug is made from the title; publication time defaults to now). */
export const NewsInputSchema = z
  .strictObject({
    title: lineText(V.titleRequired, V.titleTooLong, 200),
    slug: SlugInputSchema,
    kind: z.enum(NEWS_KINDS, { error: V.kindInvalid }).default('news'),
    summary: longText(V.summaryRequired, V.summaryTooLong, 500),
    body: longText(V.bodyRequired, V.bodyTooLong, 20_000),
    published_at: IsoDateTimeSchema.optional(),
    event_date: IsoDateSchema.nullable().optional(),
    event_place: cleanedString({}).max(200, { error: V.placeTooLong }).nullable().optional(),
    to_main_page: z.boolean().default(false),
    is_published: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'event' && !value.event_date) {
      ctx.addIssue({ code: 'custom', path: ['event_date'], message: V.eventDateRequired });
    }
  });
export type NewsInput = z.input<typeof NewsInputSchema>;

// ---------------------------------------------------------------------------------------------
// Promotions

export const AdminPromotionSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  terms: z.string(),
  promo_code: z.string().nullable(),
  discount_percent: z.number().int().nullable(),
  starts_on: z.string(),
  ends_on: z.string(),
  position: z.number().int(),
  is_active: z.boolean(),
  image_url: z.string().nullable(),
  updated_at: z.string(),
});
export type AdminPromotion = z.infer<typeof AdminPromotionSchema>;
export const AdminPromotionPageSchema = pageOf(AdminPromotionSchema);

/** A promo code as typed: upper-cased, Latin letters and digits, 3–30 characters. */
export const PromoCodeTextSchema = z
  .string({ error: V.promoCodeInvalid })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{3,30}$/, { error: V.promoCodeInvalid });

const discountPercentSchema = z
  .number({ error: V.discountPercentRange })
  .int({ error: V.discountPercentRange })
  .min(1, { error: V.discountPercentRange })
  .max(90, { error: V.discountPercentRange });

export const PromotionInputSchema = z
  .strictObject({
    title: lineText(V.titleRequired, V.titleTooLong, 200),
    slug: SlugInputSchema,
    description: longText(V.descriptionRequired, V.descriptionTooLong, 2000),
    terms: longText(V.termsRequired, V.termsTooLong, 5000),
    promo_code: z
      .union([z.literal(''), PromoCodeTextSchema], { error: V.promoCodeInvalid })
      .nullable()
      .optional()
      .transform((value) => value || null),
    discount_percent: discountPercentSchema.nullable().optional(),
    starts_on: IsoDateSchema,
    ends_on: IsoDateSchema,
    position: positionSchema.default(0),
    is_active: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    if (value.ends_on < value.starts_on) ctx.addIssue({ code: 'custom', path: ['ends_on'], message: V.periodInvalid });
  });
export type PromotionInput = z.input<typeof PromotionInputSchema>;

// ---------------------------------------------------------------------------------------------
// Footer links

export const FOOTER_CATEGORY_IDS = [1, 2, 3, 4, 5] as const;

/**
 * A footer link target the editor may save: an absolute http(s) URL, or a path on our site
 * starting with one `/` (not `//` or `/\`, which browsers read as another host). Spaces, other
 * schemes (`javascript:`, `data:`, `mailto:`) and control characters are refused.
 */
export function isFooterLinkUrl(value: string): boolean {
  if (value.length === 0 || value.length > 2000 || /[\s\\]/.test(value)) return false;
  if (/^\/(?!\/)/.test(value)) return true;
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export const AdminFooterLinkSchema = z.object({
  id: z.number().int(),
  category: z.number().int(),
  category_label: z.string(),
  name: z.string(),
  url: z.string(),
  position: z.number().int(),
  is_active: z.boolean(),
});
export type AdminFooterLink = z.infer<typeof AdminFooterLinkSchema>;
export const AdminFooterLinksSchema = z.object({ items: z.array(AdminFooterLinkSchema) });

export const FooterLinkInputSchema = z.strictObject({
  category: z
    .number({ error: V.categoryInvalid })
    .int({ error: V.categoryInvalid })
    .min(1, { error: V.categoryInvalid })
    .max(FOOTER_CATEGORY_IDS.length, { error: V.categoryInvalid }),
  name: lineText(V.linkNameRequired, V.linkNameTooLong, 100),
  url: z.string({ error: V.linkUrlInvalid }).trim().refine(isFooterLinkUrl, { error: V.linkUrlInvalid }),
  position: positionSchema.default(0),
  is_active: z.boolean().default(true),
});
export type FooterLinkInput = z.input<typeof FooterLinkInputSchema>;

/** Category labels in display order, for the editor's select. */
export const FOOTER_CATEGORY_OPTIONS = FOOTER_CATEGORY_IDS.map((id) => ({ value: id, label: FOOTER_CATEGORIES[id] }));

// ---------------------------------------------------------------------------------------------
// Offers and personal discounts

export const AdminOfferSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  conditions: z.string(),
  discount_percent: z.number().int().nullable(),
  /** The targeted client profile; null: offered to every business client. */
  account_uuid: z.string().nullable(),
  profile_name: z.string().nullable(),
  valid_from: z.string(),
  valid_to: z.string(),
  is_active: z.boolean(),
  updated_at: z.string(),
});
export type AdminOffer = z.infer<typeof AdminOfferSchema>;
export const AdminOfferPageSchema = pageOf(AdminOfferSchema);

export const OfferInputSchema = z
  .strictObject({
    title: lineText(V.titleRequired, V.titleTooLong, 200),
    description: longText(V.descriptionRequired, V.descriptionTooLong, 2000),
    conditions: longText(V.conditionsRequired, V.conditionsTooLong, 2000),
    discount_percent: discountPercentSchema.nullable().optional(),
    account_uuid: z
      .union([z.literal(''), z.uuid({ error: V.accountUuidInvalid })], { error: V.accountUuidInvalid })
      .nullable()
      .optional()
      .transform((value) => (value ? value.toLowerCase() : null)),
    valid_from: IsoDateSchema,
    valid_to: IsoDateSchema,
    is_active: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    if (value.valid_to < value.valid_from)
      ctx.addIssue({ code: 'custom', path: ['valid_to'], message: V.periodInvalid });
  });
export type OfferInput = z.input<typeof OfferInputSchema>;

export const AdminDiscountSchema = z.object({
  user_id: z.number().int(),
  name: z.string().nullable(),
  /** `+7XXXXXXXXXX`, or null for a deleted account. */
  phone: z.string().nullable(),
  percent: z.number(),
  created_at: z.string(),
});
export type AdminDiscount = z.infer<typeof AdminDiscountSchema>;
export const AdminDiscountPageSchema = pageOf(AdminDiscountSchema);

/** PUT discounts: the client by phone in any format, the discount 0.01–50 % (stored as basis points). */
export const DiscountInputSchema = z.strictObject({
  phone: z
    .string({ error: V.phoneInvalid })
    .max(40, { error: V.phoneInvalid })
    .transform((value, ctx) => {
      const phone = normalizePhone(value);
      if (!phone) {
        ctx.addIssue({ code: 'custom', message: V.phoneInvalid });
        return z.NEVER;
      }
      return phone;
    }),
  percent: z
    .number({ error: V.personalDiscountRange })
    .min(0.01, { error: V.personalDiscountRange })
    .max(50, { error: V.personalDiscountRange })
    .refine(hasTwoDecimals, { error: V.personalDiscountRange }),
});
export type DiscountInput = z.input<typeof DiscountInputSchema>;

export const UserIdParamsSchema = z.object({ userId: z.coerce.number().int().min(1).max(2_147_483_647) });

// ---------------------------------------------------------------------------------------------
// Tariffs

export const RateBreakSchema = z.strictObject({
  /** Kilograms (weight grid) or cubic metres (volume grid); null: «and more», the last step. */
  up_to: z.number({ error: V.breakLimitInvalid }).positive({ error: V.breakLimitInvalid }).max(1_000_000).nullable(),
  /** Kopecks per kg or per m³. */
  rate_kopecks: z
    .number({ error: V.rateRange })
    .int({ error: V.rateRange })
    .min(1, { error: V.rateRange })
    .max(10_000_000, { error: V.rateRange }),
});
export type RateBreakInput = z.infer<typeof RateBreakSchema>;

/** Steps ascend and only the last one is open-ended. */
export function isRateGrid(breaks: readonly { up_to: number | null }[]): boolean {
  if (breaks.length === 0 || breaks[breaks.length - 1]!.up_to !== null) return false;
  for (let i = 0; i < breaks.length - 1; i += 1) {
    const current = breaks[i]!.up_to;
    const next = breaks[i + 1]!.up_to;
    if (current === null || (next !== null && next <= current)) return false;
  }
  return true;
}

const RateGridSchema = z
  .array(RateBreakSchema, { error: V.breaksRequired })
  .min(1, { error: V.breaksRequired })
  .max(20, { error: V.breaksTooMany })
  .refine(isRateGrid, { error: V.breaksOrder });

const intIn = (min: number, max: number, error: string) =>
  z.number({ error }).int({ error }).min(min, { error }).max(max, { error });

/** The editable rates of one tariff route. */
const tariffRateFields = {
  weight_breaks: RateGridSchema,
  volume_breaks: RateGridSchema,
  min_charge_kopecks: intIn(0, 100_000_000, V.minChargeRange),
  density_kg_per_m3: intIn(1, 2000, V.densityRange),
  volume_coefficient_permille: intIn(1000, 3000, V.coefficientRange),
  transit_days_min: intIn(1, 90, V.transitRange),
  transit_days_max: intIn(1, 90, V.transitRange),
};

/** PUT tariffs/:id: every rate of the route. */
export const TariffRatesInputSchema = z.strictObject(tariffRateFields).superRefine((value, ctx) => {
  if (value.transit_days_max < value.transit_days_min) {
    ctx.addIssue({ code: 'custom', path: ['transit_days_max'], message: V.transitOrder });
  }
});
export type TariffRatesInput = z.input<typeof TariffRatesInputSchema>;

/** A percent change of every rate: −50…+100 %, at most two decimals, not zero. */
export const PercentChangeSchema = z
  .number({ error: V.percentChangeRange })
  .min(-50, { error: V.percentChangeRange })
  .max(100, { error: V.percentChangeRange })
  .refine(hasTwoDecimals, { error: V.percentChangeRange })
  .refine((value) => value !== 0, { error: V.percentChangeZero });

/** POST tariffs/bulk: raise or lower every route by N % (rounded to whole kopecks). */
export const TariffBulkInputSchema = z.strictObject({ percent_change: PercentChangeSchema });

/** New rates of one route in a preview: only the fields that change. */
const TariffChangeSchema = z.strictObject({
  route_id: intIn(1, 2_147_483_647, V.routeIdInvalid),
  weight_breaks: tariffRateFields.weight_breaks.optional(),
  volume_breaks: tariffRateFields.volume_breaks.optional(),
  min_charge_kopecks: tariffRateFields.min_charge_kopecks.optional(),
  density_kg_per_m3: tariffRateFields.density_kg_per_m3.optional(),
  volume_coefficient_permille: tariffRateFields.volume_coefficient_permille.optional(),
  transit_days_min: tariffRateFields.transit_days_min.optional(),
  transit_days_max: tariffRateFields.transit_days_max.optional(),
});
export type TariffChange = z.output<typeof TariffChangeSchema>;

/** POST tariffs/preview: either a percent change of every route or new rates of some routes. */
export const TariffPreviewInputSchema = z
  .strictObject({
    percent_change: PercentChangeSchema.optional(),
    changes: z
      .array(TariffChangeSchema)
      .min(1, { error: V.previewOneOf })
      .max(50, { error: V.changesTooMany })
      .optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.percent_change === undefined) === (value.changes === undefined)) {
      ctx.addIssue({ code: 'custom', message: V.previewOneOf });
    }
    const ids = value.changes?.map((c) => c.route_id) ?? [];
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', path: ['changes'], message: V.changesDuplicate });
  });
export type TariffPreviewInput = z.input<typeof TariffPreviewInputSchema>;

const NamedRefSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

export const AdminTariffSchema = z.object({
  id: z.number().int(),
  price_list: NamedRefSchema,
  from_zone: NamedRefSchema,
  to_zone: NamedRefSchema,
  transportation_type: NamedRefSchema,
  weight_breaks: z.array(z.object({ up_to: z.number().nullable(), rate_kopecks: z.number().int() })),
  volume_breaks: z.array(z.object({ up_to: z.number().nullable(), rate_kopecks: z.number().int() })),
  min_charge_kopecks: z.number().int(),
  density_kg_per_m3: z.number().int(),
  volume_coefficient_permille: z.number().int(),
  transit_days_min: z.number().int(),
  transit_days_max: z.number().int(),
});
export type AdminTariff = z.infer<typeof AdminTariffSchema>;
export const AdminTariffPageSchema = pageOf(AdminTariffSchema);

/** `?page&per_page&q`: q finds routes by a zone's name or code, or by a city of either zone. */
export const TariffListQuerySchema = ContentListQuerySchema;

/** One sample shipment priced before and after a change. */
export const PricePreviewRowSchema = z.object({
  city_from: z.string(),
  city_to: z.string(),
  weight_kg: z.number(),
  volume_m3: z.number(),
  transportation_type: z.object({ code: z.string(), name: z.string() }),
  before_kopecks: z.number().int(),
  after_kopecks: z.number().int(),
  before_text: z.string(),
  after_text: z.string(),
  /** (after − before) / before in percent, one decimal. */
  change_percent: z.number(),
  /** Why the promo code did not apply on this sample (promo-code previews), else null. */
  note: z.string().nullable(),
});
export type PricePreviewRow = z.infer<typeof PricePreviewRowSchema>;
export const PricePreviewSchema = z.object({ rows: z.array(PricePreviewRowSchema) });
export type PricePreview = z.infer<typeof PricePreviewSchema>;

export const TariffBulkResultSchema = z.object({ updated: z.number().int() });

// ---------------------------------------------------------------------------------------------
// Promo codes

export const PROMO_KINDS = ['percent', 'fixed'] as const;

export const AdminPromoCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  /** For `percent`: 12.5 = 12,5 %. */
  percent: z.number().nullable(),
  /** For `fixed`. */
  amount_kopecks: z.number().int().nullable(),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  usage_limit: z.number().int().nullable(),
  used_count: z.number().int(),
  min_order_kopecks: z.number().int(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type AdminPromoCode = z.infer<typeof AdminPromoCodeSchema>;
export const AdminPromoCodePageSchema = pageOf(AdminPromoCodeSchema);

export const PromoCodeInputSchema = z
  .strictObject({
    code: PromoCodeTextSchema,
    kind: z.enum(PROMO_KINDS, { error: V.promoKindInvalid }),
    percent: z
      .number({ error: V.promoPercentRange })
      .min(0.01, { error: V.promoPercentRange })
      .max(90, { error: V.promoPercentRange })
      .refine(hasTwoDecimals, { error: V.promoPercentRange })
      .nullable()
      .optional(),
    amount_kopecks: intIn(100, 100_000_000, V.promoAmountRange).nullable().optional(),
    valid_from: IsoDateTimeSchema.nullable().optional(),
    valid_to: IsoDateTimeSchema.nullable().optional(),
    usage_limit: intIn(1, 1_000_000, V.usageLimitRange).nullable().optional(),
    min_order_kopecks: intIn(0, 100_000_000, V.minOrderRange).default(0),
    is_active: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'percent' && (value.percent === null || value.percent === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['percent'], message: V.promoPercentRange });
    }
    if (value.kind === 'fixed' && (value.amount_kopecks === null || value.amount_kopecks === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['amount_kopecks'], message: V.promoAmountRange });
    }
    if (value.valid_from && value.valid_to && Date.parse(value.valid_to) < Date.parse(value.valid_from)) {
      ctx.addIssue({ code: 'custom', path: ['valid_to'], message: V.validityOrder });
    }
  });
export type PromoCodeInput = z.input<typeof PromoCodeInputSchema>;

/** DELETE promo_codes/:id: an unused code is deleted; one already used is only switched off. */
export const PromoCodeDeletedSchema = z.object({ result: z.enum(['deleted', 'deactivated']) });
