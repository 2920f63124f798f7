import { and, asc, count, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  clientDiscounts,
  clientProfiles,
  footerLinks,
  newsItems,
  offers,
  promotions,
  users,
  type Database,
} from '@freight/db';

/*
 * Tables of the back-office's content and offers (issue 17, item 4): news, promotions, footer
 * links, offers, personal discounts. Drafts, hidden and future rows are all visible here.
 */

export type NewsRow = typeof newsItems.$inferSelect;
export type NewsValues = Omit<typeof newsItems.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type PromotionRow = typeof promotions.$inferSelect;
export type PromotionValues = Omit<typeof promotions.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type FooterLinkRow = typeof footerLinks.$inferSelect;
export type FooterLinkValues = Omit<typeof footerLinks.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type OfferValues = Omit<typeof offers.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** `%text%` for ILIKE with the user's own `%`, `_` and `\` taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface Paging {
  offset: number;
  limit: number;
}

// --- News --------------------------------------------------------------------------------------

export async function findNewsPage(db: Database, filter: Paging & { q?: string | undefined }) {
  const where = filter.q
    ? or(ilike(newsItems.title, likePattern(filter.q)), ilike(newsItems.slug, likePattern(filter.q)))
    : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(newsItems)
      .where(where)
      .orderBy(desc(newsItems.publishedAt), desc(newsItems.id))
      .offset(filter.offset)
      .limit(filter.limit),
    db.select({ value: count() }).from(newsItems).where(where),
  ]);
  return { items, total: total?.value ?? 0 };
}

export async function findNews(db: Database, id: number, options: { lock?: boolean } = {}) {
  const query = db.select().from(newsItems).where(eq(newsItems.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Is `slug` used by another news item than `exceptId`? */
export async function newsSlugTaken(db: Database, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: newsItems.id })
    .from(newsItems)
    .where(and(eq(newsItems.slug, slug), exceptId ? ne(newsItems.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
}

export async function insertNews(db: Database, values: NewsValues): Promise<NewsRow> {
  const [row] = await db.insert(newsItems).values(values).returning();
  return row!;
}

export async function updateNews(db: Database, id: number, values: Partial<NewsValues>): Promise<NewsRow> {
  const [row] = await db.update(newsItems).set(values).where(eq(newsItems.id, id)).returning();
  return row!;
}

export async function deleteNews(db: Database, id: number): Promise<void> {
  await db.delete(newsItems).where(eq(newsItems.id, id));
}

// --- Promotions --------------------------------------------------------------------------------

export async function findPromotionsPage(db: Database, filter: Paging & { q?: string | undefined }) {
  const where = filter.q
    ? or(
        ilike(promotions.title, likePattern(filter.q)),
        ilike(promotions.slug, likePattern(filter.q)),
        ilike(promotions.promoCode, likePattern(filter.q)),
      )
    : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(promotions)
      .where(where)
      .orderBy(asc(promotions.position), desc(promotions.startsOn), desc(promotions.id))
      .offset(filter.offset)
      .limit(filter.limit),
    db.select({ value: count() }).from(promotions).where(where),
  ]);
  return { items, total: total?.value ?? 0 };
}

export async function findPromotion(db: Database, id: number, options: { lock?: boolean } = {}) {
  const query = db.select().from(promotions).where(eq(promotions.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function promotionSlugTaken(db: Database, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: promotions.id })
    .from(promotions)
    .where(and(eq(promotions.slug, slug), exceptId ? ne(promotions.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
}

export async function insertPromotion(db: Database, values: PromotionValues): Promise<PromotionRow> {
  const [row] = await db.insert(promotions).values(values).returning();
  return row!;
}

export async function updatePromotion(
  db: Database,
  id: number,
  values: Partial<PromotionValues>,
): Promise<PromotionRow> {
  const [row] = await db.update(promotions).set(values).where(eq(promotions.id, id)).returning();
  return row!;
}

export async function deletePromotion(db: Database, id: number): Promise<void> {
  await db.delete(promotions).where(eq(promotions.id, id));
}

// --- Footer links ------------------------------------------------------------------------------

export function findFooterLinks(db: Database) {
  return db
    .select()
    .from(footerLinks)
    .orderBy(asc(footerLinks.category), asc(footerLinks.position), asc(footerLinks.id));
}

export async function findFooterLink(db: Database, id: number, options: { lock?: boolean } = {}) {
  const query = db.select().from(footerLinks).where(eq(footerLinks.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Is the name used by another link of the same category? (Names are unique per category.) */
export async function footerLinkNameTaken(
  db: Database,
  category: number,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: footerLinks.id })
    .from(footerLinks)
    .where(
      and(
        eq(footerLinks.category, category),
        eq(footerLinks.name, name),
        exceptId ? ne(footerLinks.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertFooterLink(db: Database, values: FooterLinkValues): Promise<FooterLinkRow> {
  const [row] = await db.insert(footerLinks).values(values).returning();
  return row!;
}

export async function updateFooterLink(db: Database, id: number, values: FooterLinkValues): Promise<FooterLinkRow> {
  const [row] = await db.update(footerLinks).set(values).where(eq(footerLinks.id, id)).returning();
  return row!;
}

export async function deleteFooterLink(db: Database, id: number): Promise<void> {
  await db.delete(footerLinks).where(eq(footerLinks.id, id));
}

// --- Offers ------------------------------------------------------------------------------------

const offerColumns = {
  offer: offers,
  accountUuid: clientProfiles.accountUuid,
  profileName: clientProfiles.name,
};

export type OfferWithProfile = {
  offer: typeof offers.$inferSelect;
  accountUuid: string | null;
  profileName: string | null;
};

export async function findOffersPage(db: Database, filter: Paging & { q?: string | undefined }) {
  const where = filter.q
    ? or(ilike(offers.title, likePattern(filter.q)), ilike(clientProfiles.name, likePattern(filter.q)))
    : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select(offerColumns)
      .from(offers)
      .leftJoin(clientProfiles, eq(clientProfiles.id, offers.profileId))
      .where(where)
      .orderBy(desc(offers.validTo), desc(offers.id))
      .offset(filter.offset)
      .limit(filter.limit),
    db
      .select({ value: count() })
      .from(offers)
      .leftJoin(clientProfiles, eq(clientProfiles.id, offers.profileId))
      .where(where),
  ]);
  return { items: items as OfferWithProfile[], total: total?.value ?? 0 };
}

export async function findOffer(
  db: Database,
  id: number,
  options: { lock?: boolean } = {},
): Promise<OfferWithProfile | undefined> {
  const query = db
    .select(offerColumns)
    .from(offers)
    .leftJoin(clientProfiles, eq(clientProfiles.id, offers.profileId))
    .where(eq(offers.id, id));
  const [row] = options.lock ? await query.for('update', { of: offers }) : await query;
  return row;
}

export async function findProfileByAccountUuid(db: Database, accountUuid: string) {
  const [row] = await db
    .select({ id: clientProfiles.id, name: clientProfiles.name, accountUuid: clientProfiles.accountUuid })
    .from(clientProfiles)
    .where(eq(clientProfiles.accountUuid, accountUuid))
    .limit(1);
  return row;
}

export async function insertOffer(db: Database, values: OfferValues): Promise<number> {
  const [row] = await db.insert(offers).values(values).returning({ id: offers.id });
  return row!.id;
}

export async function updateOffer(db: Database, id: number, values: OfferValues): Promise<void> {
  await db.update(offers).set(values).where(eq(offers.id, id));
}

export async function deleteOffer(db: Database, id: number): Promise<void> {
  await db.delete(offers).where(eq(offers.id, id));
}

// --- Personal discounts ------------------------------------------------------------------------

const discountColumns = {
  userId: clientDiscounts.userId,
  discountBp: clientDiscounts.discountBp,
  createdAt: clientDiscounts.createdAt,
  name: users.name,
  phone: users.phone,
};

export async function findDiscountsPage(db: Database, filter: Paging & { q?: string | undefined }) {
  const conditions: SQL[] = [];
  if (filter.q) {
    const digits = filter.q.replace(/\D/g, '');
    const byName = ilike(users.name, likePattern(filter.q));
    // A phone typed in any format is found by its last digits (stored as +7XXXXXXXXXX).
    conditions.push(digits.length >= 3 ? or(byName, ilike(users.phone, likePattern(digits.slice(-10))))! : byName);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select(discountColumns)
      .from(clientDiscounts)
      .innerJoin(users, eq(users.id, clientDiscounts.userId))
      .where(where)
      .orderBy(desc(clientDiscounts.createdAt), desc(clientDiscounts.userId))
      .offset(filter.offset)
      .limit(filter.limit),
    db
      .select({ value: count() })
      .from(clientDiscounts)
      .innerJoin(users, eq(users.id, clientDiscounts.userId))
      .where(where),
  ]);
  return { items, total: total?.value ?? 0 };
}

export async function findDiscount(db: Database, userId: number, options: { lock?: boolean } = {}) {
  const query = db
    .select(discountColumns)
    .from(clientDiscounts)
    .innerJoin(users, eq(users.id, clientDiscounts.userId))
    .where(eq(clientDiscounts.userId, userId));
  const [row] = options.lock ? await query.for('update', { of: clientDiscounts }) : await query;
  return row;
}

/** A live (not deleted) client by the storage form of the phone (`+7XXXXXXXXXX`). */
export async function findClientByPhone(db: Database, phone: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, phone: users.phone })
    .from(users)
    .where(and(eq(users.phone, phone), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** Sets the client's discount (basis points), replacing any earlier one. */
export async function upsertDiscount(db: Database, userId: number, discountBp: number): Promise<void> {
  await db
    .insert(clientDiscounts)
    .values({ userId, discountBp })
    .onConflictDoUpdate({ target: clientDiscounts.userId, set: { discountBp: sql`excluded.discount_bp` } });
}

export async function deleteDiscount(db: Database, userId: number): Promise<void> {
  await db.delete(clientDiscounts).where(eq(clientDiscounts.userId, userId));
}
