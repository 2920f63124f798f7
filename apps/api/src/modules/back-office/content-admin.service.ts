import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  bpToPercent,
  percentToBp,
  slugFromTitle,
  type AdminDiscount,
  type AdminFooterLink,
  type AdminNews,
  type AdminOffer,
  type AdminPromotion,
  type DiscountInputSchema,
  type FooterLinkInputSchema,
  type NewsInputSchema,
  type OfferInputSchema,
  type PromotionInputSchema,
} from '@freight/contracts/back-office-content';
import type { Database } from '@freight/db';
import { FOOTER_CATEGORIES, type FooterCategory } from '@freight/domain';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { AppError } from '../../errors/app-error';
import { asDb } from '../auth/auth-core';
import { contentImageUrl } from '../content/content.service';
import type { BackOfficeDeps } from './back-office.deps';
import { dropStoredFile, newContentImageKey, storeImageThen, type ReceivedContentImage } from './content-image';
import * as repo from './content-admin.repository';
import { recordAudit } from './staff-context';

/*
 * The back-office's content and offers (issue 17, item 4): news, promotions and footer links
 * ([content.edit]), offers and personal discounts ([offers.edit]). Every change writes the
 * audit log in its own transaction. The public content calls read the tables directly (no
 * cache), so a published item is on /news at once; a personal discount drops the pricing
 * caches of every API instance after it commits.
 */

const E = BACK_OFFICE_CONTENT_TEXTS.errors;

type NewsInput = z.output<typeof NewsInputSchema>;
type PromotionInput = z.output<typeof PromotionInputSchema>;
type FooterLinkInput = z.output<typeof FooterLinkInputSchema>;
type OfferInput = z.output<typeof OfferInputSchema>;
type DiscountInput = z.output<typeof DiscountInputSchema>;

export interface PageQuery {
  page: number;
  per_page: number;
  q?: string | undefined;
}

/** The repositories' window of a list page, and its search text (none when empty). */
const paging = (query: PageQuery) => ({
  offset: (query.page - 1) * query.per_page,
  limit: query.per_page,
  q: query.q || undefined,
});

/**
 * A page of a back-office list: `find` reads the rows of the page's window (and the count of all
 * that match), `show` turns each into what the API answers.
 */
export async function listPage<Row, Item>(
  query: PageQuery,
  find: (window: ReturnType<typeof paging>) => Promise<{ items: Row[]; total: number }>,
  show: (row: Row) => Item,
) {
  const { items, total } = await find(paging(query));
  return { items: items.map(show), total, page: query.page, per_page: query.per_page };
}

const notFound = (message: string) => new AppError('NOT_FOUND', 404, message);

/** A unique violation of PostgreSQL (23505), raised by a concurrent save that won the race. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Runs a change in a transaction; a unique violation that slipped past the checks becomes `conflict`. */
async function change<T>(deps: BackOfficeDeps, conflict: AppError, work: (tx: Database) => Promise<T>): Promise<T> {
  try {
    return await deps.db.transaction((t) => work(asDb(t)));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict;
    throw error;
  }
}

/**
 * The slug to save: the one typed, or one made from the title (made unique by `-2`, `-3`… when
 * taken). A typed slug that is taken is refused with `conflict`; on an update an empty slug
 * keeps the item's address.
 */
async function chooseSlug(
  tx: Database,
  input: { slug?: string | undefined; title: string },
  options: { current?: string; fallback: string; taken: (slug: string) => Promise<boolean>; conflict: AppError },
): Promise<string> {
  if (input.slug) {
    if (input.slug !== options.current && (await options.taken(input.slug))) throw options.conflict;
    return input.slug;
  }
  if (options.current) return options.current;
  const base = slugFromTitle(input.title) || options.fallback;
  for (let n = 1; n <= 50; n += 1) {
    const candidate = n === 1 ? base : `${base.slice(0, 110)}-${n}`;
    if (!(await options.taken(candidate))) return candidate;
  }
  throw options.conflict;
}

// --- News --------------------------------------------------------------------------------------

export function toAdminNews(row: repo.NewsRow): AdminNews {
  return {
    id: row.id,
    slug: row.slug,
    kind: row.kind as AdminNews['kind'],
    title: row.title,
    summary: row.summary,
    body: row.body,
    published_at: row.publishedAt.toISOString(),
    event_date: row.eventDate,
    event_place: row.eventPlace,
    to_main_page: row.toMainPage,
    is_published: row.isPublished,
    image_url: contentImageUrl(row.imageKey),
    updated_at: row.updatedAt.toISOString(),
  };
}

export const listNews = (deps: BackOfficeDeps, query: PageQuery) =>
  listPage(query, (window) => repo.findNewsPage(deps.db, window), toAdminNews);

export async function getNews(deps: BackOfficeDeps, id: number): Promise<AdminNews> {
  const row = await repo.findNews(deps.db, id);
  if (!row) throw notFound(E.newsNotFound);
  return toAdminNews(row);
}

const newsConflict = () => new AppError('CONFLICT', 409, E.newsSlugTaken, { slug: E.newsSlugTaken });

function newsValues(input: NewsInput, slug: string, publishedAt: Date): repo.NewsValues {
  const event = input.kind === 'event';
  return {
    slug,
    kind: input.kind,
    title: input.title,
    summary: input.summary,
    body: input.body,
    publishedAt,
    // News items have no date or place of their own.
    eventDate: event ? (input.event_date ?? null) : null,
    eventPlace: event ? input.event_place || null : null,
    toMainPage: input.to_main_page,
    isPublished: input.is_published,
  };
}

export async function createNews(deps: BackOfficeDeps, request: FastifyRequest, input: NewsInput): Promise<AdminNews> {
  const conflict = newsConflict();
  const now = deps.clock();
  return change(deps, conflict, async (tx) => {
    const slug = await chooseSlug(tx, input, {
      fallback: 'novost',
      taken: (s) => repo.newsSlugTaken(tx, s),
      conflict,
    });
    const row = await repo.insertNews(
      tx,
      newsValues(input, slug, input.published_at ? new Date(input.published_at) : now),
    );
    const after = toAdminNews(row);
    await recordAudit(tx, request, { action: 'news.create', entityType: 'news', entityId: row.id, after }, now);
    return after;
  });
}

export async function updateNews(
  deps: BackOfficeDeps,
  request: FastifyRequest,
  id: number,
  input: NewsInput,
): Promise<AdminNews> {
  const conflict = newsConflict();
  const now = deps.clock();
  return change(deps, conflict, async (tx) => {
    const current = await repo.findNews(tx, id, { lock: true });
    if (!current) throw notFound(E.newsNotFound);
    const slug = await chooseSlug(tx, input, {
      current: current.slug,
      fallback: 'novost',
      taken: (s) => repo.newsSlugTaken(tx, s, id),
      conflict,
    });
    const publishedAt = input.published_at ? new Date(input.published_at) : current.publishedAt;
    const row = await repo.updateNews(tx, id, newsValues(input, slug, publishedAt));
    const after = toAdminNews(row);
    await recordAudit(
      tx,
      request,
      { action: 'news.update', entityType: 'news', entityId: id, before: toAdminNews(current), after },
      now,
    );
    return after;
  });
}

export async function deleteNews(deps: BackOfficeDeps, request: FastifyRequest, id: number): Promise<void> {
  const now = deps.clock();
  const removed = await deps.db.transaction(async (t) => {
    const tx = asDb(t);
    const current = await repo.findNews(tx, id, { lock: true });
    if (!current) throw notFound(E.newsNotFound);
    await repo.deleteNews(tx, id);
    await recordAudit(
      tx,
      request,
      { action: 'news.delete', entityType: 'news', entityId: id, before: toAdminNews(current) },
      now,
    );
    return current;
  });
  await deps.announcePriceChange();
  await dropStoredFile(deps.storage, removed.imageKey);
}

// --- Illustrations (news and promotions alike) -------------------------------------------------

interface ImageTarget<Row extends { imageKey: string | null }, Out> {
  entityType: 'news' | 'promotion';
  notFound: string;
  find: (tx: Database, id: number) => Promise<Row | undefined>;
  setKey: (tx: Database, id: number, key: string | null) => Promise<Row>;
  present: (row: Row) => Out;
}

const newsImage: ImageTarget<repo.NewsRow, AdminNews> = {
  entityType: 'news',
  notFound: E.newsNotFound,
  find: (tx, id) => repo.findNews(tx, id, { lock: true }),
  setKey: (tx, id, imageKey) => repo.updateNews(tx, id, { imageKey }),
  present: toAdminNews,
};

const promotionImage: ImageTarget<repo.PromotionRow, AdminPromotion> = {
  entityType: 'promotion',
  notFound: E.promotionNotFound,
  find: (tx, id) => repo.findPromotion(tx, id, { lock: true }),
  setKey: (tx, id, imageKey) => repo.updatePromotion(tx, id, { imageKey }),
  present: toAdminPromotion,
};

/**
 * Stores a received illustration under a new key and points the item at it; the old file goes
 * once the change has committed. The file is in place before the row points to it, and removed
 * again if the change fails (an unknown item, a lost connection).
 */
async function attachImage<Row extends { imageKey: string | null }, Out>(
  deps: BackOfficeDeps,
  request: FastifyRequest,
  target: ImageTarget<Row, Out>,
  id: number,
  image: ReceivedContentImage,
): Promise<Out> {
  const key = newContentImageKey(image.extension);
  const now = deps.clock();
  return storeImageThen(deps.storage, image, key, () =>
    deps.db.transaction(async (t) => {
      const tx = asDb(t);
      const current = await target.find(tx, id);
      if (!current) throw notFound(target.notFound);
      const row = await target.setKey(tx, id, key);
      await recordAudit(
        tx,
        request,
        {
          action: `${target.entityType}.image`,
          entityType: target.entityType,
          entityId: id,
          before: { image_url: contentImageUrl(current.imageKey) },
          after: { image_url: contentImageUrl(key), type: image.mime, size: image.size },
        },
        now,
      );
      return { previousKey: current.imageKey, result: target.present(row) };
    }),
  );
}

async function detachImage<Row extends { imageKey: string | null }, Out>(
  deps: BackOfficeDeps,
  request: FastifyRequest,
  target: ImageTarget<Row, Out>,
  id: number,
): Promise<Out> {
  const now = deps.clock();
  let previous: string | null = null;
  const out = await deps.db.transaction(async (t) => {
    const tx = asDb(t);
    const current = await target.find(tx, id);
    if (!current) throw notFound(target.notFound);
    if (!current.imageKey) throw notFound(E.noImage);
    previous = current.imageKey;
    const row = await target.setKey(tx, id, null);
    await recordAudit(
      tx,
      request,
      {
        action: `${target.entityType}.image_remove`,
        entityType: target.entityType,
        entityId: id,
        before: { image_url: contentImageUrl(current.imageKey) },
        after: { image_url: null },
      },
      now,
    );
    return target.present(row);
  });
  await dropStoredFile(deps.storage, previous);
  return out;
}

export const setNewsImage = (deps: BackOfficeDeps, request: FastifyRequest, id: number, image: ReceivedContentImage) =>
  attachImage(deps, request, newsImage, id, image);
export const removeNewsImage = (deps: BackOfficeDeps, request: FastifyRequest, id: number) =>
  detachImage(deps, request, newsImage, id);
export const setPromotionImage = (
  deps: BackOfficeDeps,
  request: FastifyRequest,
  id: number,
  image: ReceivedContentImage,
) => attachImage(deps, request, promotionImage, id, image);
export const removePromotionImage = (deps: BackOfficeDeps, request: FastifyRequest, id: number) =>
  detachImage(deps, request, promotionImage, id);

// --- Promotions --------------------------------------------------------------------------------

export function toAdminPromotion(row: repo.PromotionRow): AdminPromotion {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    terms: row.terms,
    promo_code: row.promoCode,
    discount_percent: row.discountPercent,
    starts_on: row.startsOn,
    ends_on: row.endsOn,
    position: row.position,
    is_active: row.isActive,
    image_url: contentImageUrl(row.imageKey),
    updated_at: row.updatedAt.toISOString(),
  };
}

export const listPromotions = (deps: BackOfficeDeps, query: PageQuery) =>
  listPage(query, (window) => repo.findPromotionsPage(deps.db, window), toAdminPromotion);

export async function getPromotion(deps: BackOfficeDeps, id: number): Promise<AdminPromotion> {
  const row = await repo.findPromotion(deps.db, id);
  if (!row) throw notFound(E.promotionNotFound);
  return toAdminPromotion(row);
}

const promotionConflict = () => new AppError('CONFLICT', 409, E.promotionSlugTaken, { slug: E.promotionSlugTaken });

const promotionValues = (input: PromotionInput, slug: string): repo.PromotionValues => ({
  slug,
  title: input.title,
  description: input.description,
  terms: input.terms,
  promoCode: input.promo_code,
  discountPercent: input.discount_percent ?? null,
  startsOn: input.starts_on,
  endsOn: input.ends_on,
  position: input.position,
  isActive: input.is_active,
});

export async function createPromotion(
  deps: BackOfficeDeps,
  request: FastifyRequest,
  input: PromotionInput,
): Promise<AdminPromotion> {
  const conflict = promotionConflict();
  const now = deps.clock();
  return change(deps, conflict, async (tx) => {
    const slug = await chooseSlug(tx, input, {
      fallback: 'aktsiya',
      taken: (s) => repo.promotionSlugTaken(tx, s),
      conflict,
    });
    const row = await repo.insertPromotion(tx, promotionValues(input, slug));
    const after = toAdminPromotion(row);
    await recordAudit(
      tx,
      request,
      { action: 'promotion.create', entityType: 'promotion', entityId: row.id, after },
      now,
    );
    return after;
  });
}

export async function updatePromotion(
  deps: BackOfficeDeps,
  request: FastifyRequest,
  id: number,
  input: PromotionInput,
): Promise<AdminPromotion> {
  const conflict = promotionConflict();
  const now = deps.clock();
  const result = await change(deps, conflict, async (tx) => {
    const current = await repo.findPromotion(tx, id, { lock: true });
    if (!current) throw notFound(E.promotionNotFound);
    const slug = await chooseSlug(tx, input, {
      current: current.slug,
      fallback: 'aktsiya',
      taken: (s) => repo.promotionSlugTaken(tx, s, id),
      conflict,
    });
    const row = await repo.updatePromotion(tx, id, promotionValues(input, slug));
    const after = toAdminPromotion(row);
    await recordAudit(
      tx,
      request,
      { action: 'promotion.update', entityType: 'promotion', entityId: id, before: toAdminPromotion(current), after },
      now,
    );
    return after;
  });
  // An automatic promotion (promotion_rules) is priced while active and named by its title: the
  // calculator of every API instance sees the change at once.
  await deps.announcePriceChange();
  return result;
}

export async function deletePromotion(deps: BackOfficeDeps, request: FastifyRequest, id: number): Promise<void> {
  const now = deps.clock();
  const removed = await deps.db.transaction(async (t) => {
    const tx = asDb(t);
    const current = await repo.findPromotion(tx, id, { lock: true });
    if (!current) throw notFound(E.promotionNotFound);
    await repo.deletePromotion(tx, id);
    await recordAudit(
      tx,
      request,
      { action: 'promotion.delete', entityType: 'promotion', entityId: id, before: toAdminPromotion(current) },
      now,
    );
    return current;
  });
  await dropStoredFile(deps.storage, removed.imageKey);
}

// --- Footer links ------------------------------------------------------------------------------

export const toAdminFooterLink = (row: repo.FooterLinkRow): AdminFooterLink => ({
  id: row.id,
  category: row.category,
  category_label: FOOTER_CATEGORIES[row.category as FooterCategory] ?? String(row.category),
  name: row.name,
  url: row.url,
  position: row.position,
  is_active: row.isActive,
});

export async function listFooterLinks(deps: BackOfficeDeps) {
  return { items: (await repo.findFooterLinks(deps.db)).map(toAdminFooterLink) };
}

const footerConflict = () => new AppError('CONFLICT', 409, E.footerLinkTaken, { name: E.footerLinkTaken });

const footerValues = (input: FooterLinkInput): repo.FooterLinkValues => ({
  category: input.category,
  name: input.name,
  url: input.url,
  position: input.position,
  isActive: input.is_active,
});

export async function createFooterLink(
  deps: BackOfficeDeps,
  request: FastifyRequest,
  input: FooterLinkInput,
): Promise<AdminFooterLink> {
  const conflict = footerConflict();
  const now = deps.clock();
  return change(deps, conflict, async (tx) => {
    if (await repo.footerLinkNameTaken(tx, input.category, input.name)) throw conflict;
    const after = toAdminFooterLink(await repo.insertFooterLink(tx, footerValues(input)));
    await recordAudit(
      tx,
      request,
      { action: 'footer_link.create', entityType: 'footer_link', entityId: after.id, after },
      now,
    );
    return after;
  });
}

export async function updateFooterLink(
  deps: BackOfficeDeps,
  request: FastifyRequest,
  id: number,
  input: FooterLinkInput,
): Promise<AdminFooterLink> {
  const conflict = footerConflict();
  const now = deps.clock();
  return change(deps, conflict, async (tx) => {
    const current = await repo.findFooterLink(tx, id, { lock: true });
    if (!current) throw notFound(E.footerLinkNotFound);
    if (await repo.footerLinkNameTaken(tx, input.category, input.name, id)) throw conflict;
    const after = toAdminFooterLink(await repo.updateFooterLink(tx, id, footerValues(input)));
    await recordAudit(
      tx,
      request,
      {
        action: 'footer_link.update',
        entityType: 'footer_link',
        entityId: id,
        before: toAdminFooterLink(current),
        after,
      },
      now,
    );
    return after;
  });
}

export async function deleteFooterLink(deps: BackOfficeDeps, request: FastifyRequest, id: number): Promise<void> {
  const now = deps.clock();
  await deps.db.transaction(async (t) => {
    const tx = asDb(t);
    const current = await repo.findFooterLink(tx, id, { lock: true });
    if (!current) throw notFound(E.footerLinkNotFound);
    await repo.deleteFooterLink(tx, id);
    await recordAudit(
      tx,
      request,
      { action: 'footer_link.delete', entityType: 'footer_link', entityId: id, before: toAdminFooterLink(current) },
      now,
    );
  });
}

// --- Offers ------------------------------------------------------------------------------------

const toAdminOffer = ({ offer, accountUuid, profileName }: repo.OfferWithProfile): AdminOffer => ({
  id: offer.id,
  title: offer.title,
  description: offer.description,
  conditions: offer.conditions,
  discount_percent: offer.discountPercent,
  account_uuid: accountUuid,
  profile_name: profileName,
  valid_from: offer.validFrom,
  valid_to: offer.validTo,
  is_active: offer.isActive,
  updated_at: offer.updatedAt.toISOString(),
});

export const listOffers = (deps: BackOfficeDeps, query: PageQuery) =>
  listPage(query, (window) => repo.findOffersPage(deps.db, window), toAdminOffer);

/** The profile an offer targets (null: everyone); an unknown account_uuid is refused. */
async function targetProfile(tx: Database, accountUuid: string | null): Promise<number | null> {
  if (!accountUuid) return null;
  const profile = await repo.findProfileByAccountUuid(tx, accountUuid);
  if (!profile) throw new AppError('NOT_FOUND', 404, E.profileNotFound, { account_uuid: E.profileNotFound });
  return profile.id;
}

const offerValues = (input: OfferInput, profileId: number | null): repo.OfferValues => ({
  title: input.title,
  description: input.description,
  conditions: input.conditions,
  discountPercent: input.discount_percent ?? null,
  profileId,
  validFrom: input.valid_from,
  validTo: input.valid_to,
  isActive: input.is_active,
});

async function readOffer(tx: Database, id: number): Promise<AdminOffer> {
  const row = await repo.findOffer(tx, id);
  if (!row) throw notFound(E.offerNotFound);
  return toAdminOffer(row);
}

export async function createOffer(
  deps: BackOfficeDeps,
  request: FastifyRequest,
  input: OfferInput,
): Promise<AdminOffer> {
  const now = deps.clock();
  return deps.db.transaction(async (t) => {
    const tx = asDb(t);
    const id = await repo.insertOffer(tx, offerValues(input, await targetProfile(tx, input.account_uuid)));
    const after = await readOffer(tx, id);
    await recordAudit(tx, request, { action: 'offer.create', entityType: 'offer', entityId: id, after }, now);
    return after;
  });
}

export async function updateOffer(
  deps: BackOfficeDeps,
  request: FastifyRequest,
  id: number,
  input: OfferInput,
): Promise<AdminOffer> {
  const now = deps.clock();
  const result = await deps.db.transaction(async (t) => {
    const tx = asDb(t);
    const current = await repo.findOffer(tx, id, { lock: true });
    if (!current) throw notFound(E.offerNotFound);
    await repo.updateOffer(tx, id, offerValues(input, await targetProfile(tx, input.account_uuid)));
    const after = await readOffer(tx, id);
    await recordAudit(
      tx,
      request,
      { action: 'offer.update', entityType: 'offer', entityId: id, before: toAdminOffer(current), after },
      now,
    );
    return after;
  });
  // A taken offer's discount is priced (issue 16): its new percent, dates or withdrawal show at once.
  await deps.announcePriceChange();
  return result;
}

export async function deleteOffer(deps: BackOfficeDeps, request: FastifyRequest, id: number): Promise<void> {
  const now = deps.clock();
  await deps.db.transaction(async (t) => {
    const tx = asDb(t);
    const current = await repo.findOffer(tx, id, { lock: true });
    if (!current) throw notFound(E.offerNotFound);
    await repo.deleteOffer(tx, id);
    await recordAudit(
      tx,
      request,
      { action: 'offer.delete', entityType: 'offer', entityId: id, before: toAdminOffer(current) },
      now,
    );
  });
  await deps.announcePriceChange();
}

// --- Personal discounts ------------------------------------------------------------------------

type DiscountRow = NonNullable<Awaited<ReturnType<typeof repo.findDiscount>>>;

const toAdminDiscount = (row: DiscountRow): AdminDiscount => ({
  user_id: row.userId,
  name: row.name,
  phone: row.phone,
  percent: bpToPercent(row.discountBp),
  created_at: row.createdAt.toISOString(),
});

export const listDiscounts = (deps: BackOfficeDeps, query: PageQuery) =>
  listPage(query, (window) => repo.findDiscountsPage(deps.db, window), toAdminDiscount);

/** Sets a client's personal discount (found by phone); every API instance prices with it at once. */
export async function setDiscount(
  deps: BackOfficeDeps,
  request: FastifyRequest,
  input: DiscountInput,
): Promise<AdminDiscount> {
  const now = deps.clock();
  const result = await deps.db.transaction(async (t) => {
    const tx = asDb(t);
    const client = await repo.findClientByPhone(tx, input.phone);
    if (!client) throw new AppError('NOT_FOUND', 404, E.clientNotFound, { phone: E.clientNotFound });
    const before = await repo.findDiscount(tx, client.id, { lock: true });
    await repo.upsertDiscount(tx, client.id, percentToBp(input.percent));
    const after = toAdminDiscount((await repo.findDiscount(tx, client.id))!);
    await recordAudit(
      tx,
      request,
      {
        action: 'discount.set',
        entityType: 'client_discount',
        entityId: client.id,
        before: before ? toAdminDiscount(before) : null,
        after,
      },
      now,
    );
    return after;
  });
  await deps.announcePriceChange();
  return result;
}

export async function deleteDiscount(deps: BackOfficeDeps, request: FastifyRequest, userId: number): Promise<void> {
  const now = deps.clock();
  await deps.db.transaction(async (t) => {
    const tx = asDb(t);
    const current = await repo.findDiscount(tx, userId, { lock: true });
    if (!current) throw notFound(E.discountNotFound);
    await repo.deleteDiscount(tx, userId);
    await recordAudit(
      tx,
      request,
      { action: 'discount.delete', entityType: 'client_discount', entityId: userId, before: toAdminDiscount(current) },
      now,
    );
  });
  await deps.announcePriceChange();
}
