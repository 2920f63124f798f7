import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  cities,
  footerLinks,
  integrationMenuItems,
  newsItems,
  promoCodes,
  promotions,
  type Database,
} from '@freight/db';

export function findActiveFooterLinks(db: Database) {
  return db
    .select({ id: footerLinks.id, name: footerLinks.name, url: footerLinks.url, category: footerLinks.category })
    .from(footerLinks)
    .where(eq(footerLinks.isActive, true))
    .orderBy(asc(footerLinks.category), asc(footerLinks.position), asc(footerLinks.id));
}

export async function findNewsPage(
  db: Database,
  filter: { toMainPage?: boolean | undefined; kind?: string | undefined; offset: number; limit: number },
) {
  const where: SQL[] = [eq(newsItems.isPublished, true), lte(newsItems.publishedAt, sql`now()`)];
  if (filter.toMainPage !== undefined) where.push(eq(newsItems.toMainPage, filter.toMainPage));
  if (filter.kind) where.push(eq(newsItems.kind, filter.kind));
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(newsItems)
      .where(and(...where))
      .orderBy(desc(newsItems.publishedAt), desc(newsItems.id))
      .offset(filter.offset)
      .limit(filter.limit),
    db
      .select({ value: count() })
      .from(newsItems)
      .where(and(...where)),
  ]);
  return { items, total: total?.value ?? 0 };
}

export async function findNewsBySlug(db: Database, slug: string) {
  const [row] = await db
    .select()
    .from(newsItems)
    .where(and(eq(newsItems.slug, slug), eq(newsItems.isPublished, true), lte(newsItems.publishedAt, sql`now()`)))
    .limit(1);
  return row;
}

/** Active promotions; with `actualOn` (ISO date) only those running that day. */
export function findPromotions(db: Database, actualOn?: string) {
  const where: SQL[] = [eq(promotions.isActive, true)];
  if (actualOn) where.push(lte(promotions.startsOn, actualOn), gte(promotions.endsOn, actualOn));
  // The promo code's row comes along: the promotion states the conditions the pricing enforces.
  return db
    .select({ promotion: promotions, promo: promoCodes })
    .from(promotions)
    .leftJoin(promoCodes, eq(promoCodes.code, promotions.promoCode))
    .where(and(...where))
    .orderBy(asc(promotions.position), asc(promotions.id));
}

/** Names of cities by our id (the origins an automatic promotion names on its card). */
export async function findCityNames(db: Database, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: cities.id, name: cities.name })
    .from(cities)
    .where(inArray(cities.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export function findIntegrationMenu(db: Database) {
  return db
    .select({
      id: integrationMenuItems.id,
      key: integrationMenuItems.key,
      title: integrationMenuItems.title,
      description: integrationMenuItems.description,
      url: integrationMenuItems.url,
    })
    .from(integrationMenuItems)
    .where(eq(integrationMenuItems.isActive, true))
    .orderBy(asc(integrationMenuItems.position));
}
