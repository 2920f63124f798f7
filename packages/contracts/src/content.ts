import { MESSAGES } from '@freight/domain';
import { z } from 'zod';
import { queryBoolean, queryNumber } from './query';

export const FooterLinkSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    url: z.string(),
    category: z.number().int().min(1).max(5),
  })
  .meta({ id: 'FooterLink' });
export type FooterLink = z.infer<typeof FooterLinkSchema>;

export const DynamicContentResponseSchema = z.array(FooterLinkSchema).meta({ id: 'DynamicContent' });
export type DynamicContentResponse = z.infer<typeof DynamicContentResponseSchema>;

export const NEWS_KINDS = ['news', 'event'] as const;
export const NEWS_PAGE_SIZE = 6;

export const NewsItemSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    kind: z.enum(NEWS_KINDS),
    title: z.string(),
    summary: z.string(),
    published_at: z.string(),
    event_date: z.string().nullable(),
    event_place: z.string().nullable(),
    to_main_page: z.boolean(),
    /** The illustration uploaded in the back-office (a same-site path), or null. */
    image_url: z.string().nullable(),
  })
  .meta({ id: 'NewsItem' });
export type NewsItem = z.infer<typeof NewsItemSchema>;

export const NewsDetailSchema = NewsItemSchema.extend({ body: z.string() }).meta({ id: 'NewsDetail' });
export type NewsDetail = z.infer<typeof NewsDetailSchema>;

const pageNumber = queryNumber(MESSAGES.content.pageInvalid, { int: true, min: 1 });

/** GET /duty_news/news: `to_main_page=true` for the home page; paging and a kind filter for /news. */
export const NewsQuerySchema = z.object({
  to_main_page: queryBoolean.optional(),
  kind: z.enum(NEWS_KINDS, { error: MESSAGES.content.kindInvalid }).optional(),
  page: pageNumber.default(1),
  page_size: queryNumber(MESSAGES.content.pageSizeInvalid, { int: true, min: 1, max: 50 }).default(NEWS_PAGE_SIZE),
});
export type NewsQuery = z.input<typeof NewsQuerySchema>;

export const NewsListResponseSchema = z
  .object({
    items: z.array(NewsItemSchema),
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
    pages: z.number().int(),
  })
  .meta({ id: 'NewsList' });
export type NewsList = z.infer<typeof NewsListResponseSchema>;

/** GET /content/images/:name — a stored illustration: `<uuid>.<jpg|png|webp>` (the server's own name). */
export const CONTENT_IMAGE_NAME_PATTERN =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:jpg|png|webp)$/;
export const ContentImageParamsSchema = z.object({
  name: z.string().regex(CONTENT_IMAGE_NAME_PATTERN, { error: MESSAGES.common.notFound }),
});

export const NewsSlugParamsSchema = z.object({
  slug: z.string().regex(/^[a-z0-9-]{1,120}$/, { error: MESSAGES.content.newsNotFound }),
});

export const PromotionSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    description: z.string(),
    terms: z.string(),
    /** Null also when the pricing does not know the code the promotion names (it is not advertised). */
    promo_code: z.string().nullable(),
    /**
     * The code's offer with the conditions the pricing enforces, from the same row: «Промокод
     * START10: −10 % на заказ от 3 000 ₽, до 30 июня 2027 г., для первых 1 000 заказов»; or why it
     * no longer works («Лимит использований промокода START10 исчерпан»). Null without a code.
     */
    promo_conditions: z.string().nullable(),
    /**
     * The conditions of a promotion the pricing applies by itself (no code; table promotion_rules),
     * worded from that rule: «Забор груза от двери — бесплатно для заказов от 200 кг или от 1 м³ при
     * заборе с 1 по 31 декабря 2026 г.; города отправления: Москва, …». Null for other promotions.
     */
    auto_conditions: z.string().nullable(),
    discount_percent: z.number().int().nullable(),
    starts_on: z.string(),
    ends_on: z.string(),
    is_actual: z.boolean(),
    /** The illustration uploaded in the back-office (a same-site path), or null. */
    image_url: z.string().nullable(),
  })
  .meta({ id: 'Promotion' });
export type Promotion = z.infer<typeof PromotionSchema>;
export const PromotionQuerySchema = z.object({ actual: queryBoolean.optional() });
export const PromotionsResponseSchema = z.array(PromotionSchema).meta({ id: 'Promotions' });

export const HolidaysQuerySchema = z.object({
  year: queryNumber(MESSAGES.content.yearInvalid, { int: true, min: 2024, max: 2027 }).optional(),
});
export const ProductionDaySchema = z
  .object({
    date: z.string(),
    type: z.enum(['working', 'weekend', 'holiday', 'transferred_day_off', 'working_weekend']),
    is_working_day: z.boolean(),
    is_short_day: z.boolean(),
    hours: z.number().int(),
    title: z.string().nullable(),
  })
  .meta({ id: 'ProductionDay' });
export const HolidaysResponseSchema = z
  .object({
    years: z.array(
      z.object({
        year: z.number().int(),
        status: z.enum(['official', 'provisional']),
        basis: z.string(),
        working_days: z.number().int(),
        working_hours: z.number().int(),
      }),
    ),
    /** Days that differ from an ordinary Monday–Friday week; any other weekday works, weekends rest. */
    days: z.array(ProductionDaySchema),
  })
  .meta({ id: 'Holidays' });
export type HolidaysResponse = z.infer<typeof HolidaysResponseSchema>;

export const IntegrationMenuItemSchema = z
  .object({ id: z.number().int(), key: z.string(), title: z.string(), description: z.string(), url: z.string() })
  .meta({ id: 'IntegrationMenuItem' });
export type IntegrationMenuItem = z.infer<typeof IntegrationMenuItemSchema>;
export const IntegrationMenuResponseSchema = z.array(IntegrationMenuItemSchema).meta({ id: 'IntegrationMenu' });
