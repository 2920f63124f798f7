import {
  API_PATHS,
  type Discount,
  type DiscountList,
  type ManagerList,
  type ManagerRating,
  type ManagerRatingRequest,
  type Offer,
  type OfferList,
} from '@freight/contracts';
import type { Database } from '@freight/db';
import { MESSAGES, monthStart, normalizePhone, roleCan, toIsoDate } from '@freight/domain';
import { AppError } from '../../errors/app-error';
import type { SessionRow } from '../auth/session.repository';
import { requireVerifiedUser } from '../auth/auth-core';
import { personalDiscountsFor } from '../pricing/reference-cache';
import { activeMembership, profileDisplayName, requireMembership, type Membership } from '../profiles/profiles.service';
import type { FileStorage, StoredObject } from '../uploads/file-storage';
import * as repo from './commercial.repository';

/*
 * Discounts, offers and the personal manager of a client (issue 16). Every call is for a
 * signed-in, verified user; profiles are reached only through the user's memberships, so an
 * offer, a profile or a manager of someone else is 404 as if it did not exist. Dates are
 * calendar days in Moscow.
 */

const C = MESSAGES.commercial;

export interface CommercialDeps {
  db: Database;
  clock: () => Date;
  storage: FileStorage;
  /** Our own origins: GET /user/take_offer is accepted only from them. */
  allowedOrigins: readonly string[];
}

/** Today in Moscow, YYYY-MM-DD. */
const today = (now: Date) => toIsoDate(now)!;

const offerNotFound = () => new AppError('NOT_FOUND', 404, C.offerNotFound, { offer_id: C.offerNotFound });
const managerNotFound = () => new AppError('NOT_FOUND', 404, C.managerNotFound, { manager_id: C.managerNotFound });

/** An offer's period covers `day` (both ends included) and the carrier has not withdrawn it. */
const inForce = (offer: { validFrom: string; validTo: string; isActive: boolean }, day: string) =>
  offer.isActive && offer.validFrom <= day && day <= offer.validTo;

// --- Discounts -----------------------------------------------------------------------------------

/**
 * GET /user/discounts: the personal discount (every order of the user, no end date) and the
 * discounts of offers taken by the user's profiles, one row per offer and profile. Pricing uses
 * the largest one that applies (pricing.repository.ts findClientDiscountBp); they never add up.
 */
export async function listDiscounts(deps: CommercialDeps, session: SessionRow | null): Promise<DiscountList> {
  const user = await requireVerifiedUser(deps.db, session);
  const day = today(deps.clock());
  const [personal, taken] = await Promise.all([
    repo.findPersonalDiscount(deps.db, user.id),
    repo.listTakenOfferDiscounts(deps.db, user.id),
  ]);
  const discounts: Discount[] = [];
  if (personal) {
    discounts.push({
      id: 'personal',
      source: 'personal',
      title: C.personalDiscountTitle,
      percent: personal.bp / 100,
      conditions: C.personalDiscountConditions,
      account_uuid: null,
      valid_from: toIsoDate(personal.createdAt),
      valid_to: null,
      applies_now: true,
    });
  }
  const offerRows = taken.map((row) => ({ row, applies: inForce(row, day) }));
  // Those in force first; the query already ordered by percent, profile and offer.
  offerRows.sort((a, b) => Number(b.applies) - Number(a.applies));
  for (const { row, applies } of offerRows) {
    discounts.push({
      id: `offer-${row.offerId}`,
      source: 'offer',
      title: row.title,
      percent: row.discountPercent!,
      conditions:
        row.profileKind === 'individual'
          ? C.personalProfileOfferConditions(row.conditions)
          : C.offerDiscountConditions(row.profileName, row.conditions),
      account_uuid: row.accountUuid,
      valid_from: row.validFrom,
      valid_to: row.validTo,
      applies_now: applies,
    });
  }
  return { discounts, rule: C.discountRule };
}

// --- Offers --------------------------------------------------------------------------------------

function toOffer(row: repo.OfferRow, membership: Membership, day: string): Offer {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    conditions: row.conditions,
    discount_percent: row.discountPercent,
    valid_from: row.validFrom,
    valid_to: row.validTo,
    account_uuid: row.targetAccountUuid,
    accepted_at: row.acceptedAt?.toISOString() ?? null,
    can_accept: row.acceptedAt === null && inForce(row, day) && roleCan(membership.role, 'offers.accept'),
  };
}

const audienceOf = (m: Membership): repo.OfferAudience => ({ profileId: m.profileId, kind: m.kind });

/**
 * GET /user/offers: the offers of the profile the user acts for — made for it, and when it is a
 * company's, those made for every business client. Ended and withdrawn ones only when it took them.
 */
export async function listOffers(deps: CommercialDeps, session: SessionRow | null): Promise<OfferList> {
  const user = await requireVerifiedUser(deps.db, session);
  const membership = await activeMembership(deps.db, user);
  const day = today(deps.clock());
  const rows = await repo.listOffersFor(deps.db, audienceOf(membership), day);
  return { offers: rows.map((row) => toOffer(row, membership, day)) };
}

/**
 * GET /user/take_offer: the active profile takes the offer. Not made for it: 404; a role without
 * `offers.accept`: 403; taken already: the same answer again (idempotent, one row); ended,
 * not started or withdrawn: 409. The calculator's discount cache of this instance is dropped, so
 * the next price shows the discount (other instances: within PERSONAL_DISCOUNT_TTL_MS).
 */
export async function takeOffer(deps: CommercialDeps, session: SessionRow | null, offerId: number): Promise<Offer> {
  const user = await requireVerifiedUser(deps.db, session);
  const membership = await activeMembership(deps.db, user);
  const audience = audienceOf(membership);
  const now = deps.clock();
  const day = today(now);
  const offer = await repo.findOfferFor(deps.db, audience, offerId);
  if (!offer) throw offerNotFound();
  if (!roleCan(membership.role, 'offers.accept')) {
    throw new AppError('FORBIDDEN', 403, C.offerOnlyForCompany);
  }
  if (offer.acceptedAt === null) {
    if (!inForce(offer, day)) {
      throw new AppError('OFFER_EXPIRED', 409, C.offerExpired, { offer_id: C.offerExpired });
    }
    await repo.insertAcceptance(deps.db, { offerId, profileId: membership.profileId, userId: user.id, at: now });
    personalDiscountsFor(deps.db).invalidate();
  }
  const taken = await repo.findOfferFor(deps.db, audience, offerId);
  if (!taken) throw offerNotFound();
  return toOffer(taken, membership, day);
}

// --- Managers ------------------------------------------------------------------------------------

/** The first day of the Moscow month of `now`, YYYY-MM-01: a rating counts for it. */
const ratingMonth = (now: Date) => monthStart(today(now));

/** GET /user/managers: the personal manager of each of the user's profiles that has one. */
export async function listManagers(deps: CommercialDeps, session: SessionRow | null): Promise<ManagerList> {
  const user = await requireVerifiedUser(deps.db, session);
  const rows = await repo.listManagersOf(deps.db, user.id, ratingMonth(deps.clock()));
  return {
    managers: rows.map((row) => ({
      account_uuid: row.accountUuid,
      profile_name: profileDisplayName(row.profileKind, row.profileName, user),
      manager: {
        id: row.manager.id,
        name: row.manager.name,
        photo_url: row.manager.photoKey ? `${API_PATHS.managerPhoto}/${row.manager.id}` : null,
        phone: row.manager.phone ? (normalizePhone(row.manager.phone) ?? row.manager.phone) : null,
        email: row.manager.email,
        work_hours: row.manager.workHours,
        messenger: row.manager.messenger,
      },
      rating_this_month: row.rating === null ? null : { rating: row.rating, comment: row.comment },
    })),
  };
}

/** The content type of a stored photo, by the extension the server gave its key. */
export const PHOTO_TYPES: Readonly<Record<string, string>> = { jpg: 'image/jpeg', png: 'image/png' };

/**
 * GET /user/managers/photo/{id}: the photo of a manager of one of the user's profiles. Any other
 * manager, one without a photo, or a file gone from storage: 404.
 */
export async function managerPhoto(
  deps: CommercialDeps,
  session: SessionRow | null,
  staffId: number,
): Promise<StoredObject & { contentType: string }> {
  const user = await requireVerifiedUser(deps.db, session);
  const found = await repo.findManagerPhotoKey(deps.db, user.id, staffId);
  const key = found?.photoKey;
  const contentType = key ? PHOTO_TYPES[key.slice(key.lastIndexOf('.') + 1)] : undefined;
  const stored = key && contentType ? await deps.storage.open(key) : null;
  if (!stored || !contentType) throw new AppError('NOT_FOUND', 404, C.managerNotFound);
  return { ...stored, contentType };
}

/**
 * POST /user/duty_manager_rating/: the user rates the manager of one of their profiles, once per
 * manager and Moscow month (from the 1st a new rating is possible). A profile not theirs: 404
 * (account_uuid); a staff member who is not that profile's manager: 404 (manager_id); rated
 * already this month: 409.
 */
export async function rateManager(
  deps: CommercialDeps,
  session: SessionRow | null,
  input: ManagerRatingRequest,
): Promise<ManagerRating> {
  const user = await requireVerifiedUser(deps.db, session);
  const membership = await requireMembership(deps.db, user.id, input.account_uuid);
  if (!(await repo.isManagerOf(deps.db, membership.profileId, input.manager_id))) throw managerNotFound();
  const now = deps.clock();
  const month = ratingMonth(now);
  const row = await repo.insertRating(deps.db, {
    userId: user.id,
    profileId: membership.profileId,
    staffId: input.manager_id,
    month,
    rating: input.rating,
    comment: input.comment ?? null,
    at: now,
  });
  if (!row) throw new AppError('RATED_THIS_MONTH', 409, C.ratedThisMonth, { manager_id: C.ratedThisMonth });
  return {
    account_uuid: membership.accountUuid,
    manager_id: row.staffId,
    month: row.month,
    rating: row.rating,
    comment: row.comment,
    created_at: row.createdAt.toISOString(),
  };
}
