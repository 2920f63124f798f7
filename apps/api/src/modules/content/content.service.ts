import {
  countWorkingTime,
  DEFAULT_TIME_ZONE,
  describeAutoPromotion,
  describePromoCode,
  getCalendarYear,
  listSpecialDays,
  MESSAGES,
  PRODUCTION_CALENDAR,
  toIsoDate,
  type PromoCode,
} from '@freight/domain';
import type { HolidaysResponse, NewsDetail, NewsItem, NewsList, Promotion } from '@freight/contracts';
import type { Database } from '@freight/db';
import { AppError } from '../../errors/app-error';
import { findAutoPromotions } from '../pricing/pricing.repository';
import { findCityNames, findNewsBySlug, findNewsPage, findPromotions } from './content.repository';

type NewsRow = NonNullable<Awaited<ReturnType<typeof findNewsBySlug>>>;

/** Storage folder of the illustrations uploaded in the back-office (keys `content/<uuid>.<ext>`). */
export const CONTENT_IMAGE_PREFIX = 'content';
/** Public path of the stored illustrations (GET /api/v1/content/images/:name). */
export const CONTENT_IMAGE_PATH = '/api/v1/content/images';

/** The public URL (a same-site path) of a stored illustration, or null when there is none. */
export function contentImageUrl(key: string | null): string | null {
  if (!key?.startsWith(`${CONTENT_IMAGE_PREFIX}/`)) return null;
  return `${CONTENT_IMAGE_PATH}/${key.slice(CONTENT_IMAGE_PREFIX.length + 1)}`;
}

const toNewsItem = (row: NewsRow): NewsItem => ({
  id: row.id,
  slug: row.slug,
  kind: row.kind as NewsItem['kind'],
  title: row.title,
  summary: row.summary,
  published_at: row.publishedAt.toISOString(),
  event_date: row.eventDate,
  event_place: row.eventPlace,
  to_main_page: row.toMainPage,
  image_url: contentImageUrl(row.imageKey),
});

export async function listNews(
  db: Database,
  query: { to_main_page?: boolean | undefined; kind?: 'news' | 'event' | undefined; page: number; page_size: number },
): Promise<NewsList> {
  const { items, total } = await findNewsPage(db, {
    toMainPage: query.to_main_page,
    kind: query.kind,
    offset: (query.page - 1) * query.page_size,
    limit: query.page_size,
  });
  return {
    items: items.map(toNewsItem),
    page: query.page,
    page_size: query.page_size,
    total,
    pages: Math.max(1, Math.ceil(total / query.page_size)),
  };
}

export async function getNews(db: Database, slug: string): Promise<NewsDetail> {
  const row = await findNewsBySlug(db, slug);
  if (!row) throw new AppError('NOT_FOUND', 404, MESSAGES.content.newsNotFound);
  return { ...toNewsItem(row), body: row.body };
}

/** Promotions; `actual` keeps those running today (Moscow date, the carrier's head office). */
export async function listPromotions(db: Database, actual: boolean | undefined, now: Date): Promise<Promotion[]> {
  const today = toIsoDate(now, DEFAULT_TIME_ZONE)!;
  const [rows, rules] = await Promise.all([findPromotions(db, actual ? today : undefined), findAutoPromotions(db)]);
  const ruleBySlug = new Map(rules.map((rule) => [rule.slug, rule]));
  const cityNames = await findCityNames(db, [...new Set(rules.flatMap((rule) => rule.originCityIds))]);
  const autoConditions = (slug: string) => {
    const rule = ruleBySlug.get(slug);
    if (!rule) return null;
    const origins = rule.originCityIds.flatMap((id) => cityNames.get(id) ?? []);
    return describeAutoPromotion(rule, origins);
  };
  return rows.map(({ promotion: r, promo }) => ({
    id: r.id,
    slug: r.slug,
    title: r.title,
    description: r.description,
    terms: r.terms,
    // A code the pricing does not know is not advertised (typing it would only say «не найден»);
    // a known one comes with its conditions from the row the pricing enforces (issue 21).
    promo_code: promo?.code ?? null,
    promo_conditions: promo ? describePromoCode({ ...promo, kind: promo.kind as PromoCode['kind'] }, now) : null,
    // An automatic promotion states the conditions of the rule the pricing applies (issue 21).
    auto_conditions: autoConditions(r.slug),
    discount_percent: r.discountPercent,
    starts_on: r.startsOn,
    ends_on: r.endsOn,
    is_actual: r.startsOn <= today && today <= r.endsOn,
    image_url: contentImageUrl(r.imageKey),
  }));
}

/** The production calendar: every known year with its totals, and the days that differ from an ordinary week. */
export function getHolidays(year?: number): HolidaysResponse {
  const years = year === undefined ? PRODUCTION_CALENDAR : [getCalendarYear(year)!];
  return {
    years: years.map((y) => {
      const totals = countWorkingTime(y.year);
      return {
        year: y.year,
        status: y.status,
        basis: y.basis,
        working_days: totals.workingDays,
        working_hours: totals.hours,
      };
    }),
    days: years.flatMap((y) =>
      listSpecialDays(y.year).map((d) => ({
        date: d.date,
        type: d.type,
        is_working_day: d.isWorkingDay,
        is_short_day: d.isShortDay,
        hours: d.hours,
        title: d.title,
      })),
    ),
  };
}
