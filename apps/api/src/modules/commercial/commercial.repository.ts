import { and, asc, desc, eq, gte, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  clientDiscounts,
  clientProfiles,
  managerRatings,
  offerAcceptances,
  offers,
  profileMembers,
  staffUsers,
  users,
  type Database,
} from '@freight/db';

/*
 * Tables of discounts, offers and personal managers (issue 16). Every query is scoped to the
 * caller: a profile is reached only through the caller's membership of it.
 */

/** The personal discount of a verified, not deleted user (what pricing applies), or null. */
export async function findPersonalDiscount(db: Database, userId: number) {
  const [row] = await db
    .select({ bp: clientDiscounts.discountBp, createdAt: clientDiscounts.createdAt })
    .from(clientDiscounts)
    .innerJoin(users, eq(users.id, clientDiscounts.userId))
    .where(and(eq(clientDiscounts.userId, userId), eq(users.isVerified, true), isNull(users.deletedAt)));
  return row ?? null;
}

/**
 * Offers with a discount taken by any profile the user is a member of, one row per offer and
 * profile, expired and withdrawn ones included (the caller says whether each applies now).
 */
export function listTakenOfferDiscounts(db: Database, userId: number) {
  return db
    .select({
      offerId: offers.id,
      title: offers.title,
      conditions: offers.conditions,
      discountPercent: offers.discountPercent,
      validFrom: offers.validFrom,
      validTo: offers.validTo,
      isActive: offers.isActive,
      accountUuid: clientProfiles.accountUuid,
      profileKind: clientProfiles.kind,
      profileName: clientProfiles.name,
    })
    .from(offerAcceptances)
    .innerJoin(offers, eq(offers.id, offerAcceptances.offerId))
    .innerJoin(clientProfiles, eq(clientProfiles.id, offerAcceptances.profileId))
    .innerJoin(
      profileMembers,
      and(eq(profileMembers.profileId, offerAcceptances.profileId), eq(profileMembers.userId, userId)),
    )
    .where(isNotNull(offers.discountPercent))
    .orderBy(desc(offers.discountPercent), asc(clientProfiles.name), asc(offers.id));
}

export type TakenOfferDiscount = Awaited<ReturnType<typeof listTakenOfferDiscounts>>[number];

/** The profile an offer was made for (null: every business client). */
const targetProfile = alias(clientProfiles, 'target_profile');

const offerColumns = {
  id: offers.id,
  title: offers.title,
  description: offers.description,
  conditions: offers.conditions,
  discountPercent: offers.discountPercent,
  validFrom: offers.validFrom,
  validTo: offers.validTo,
  isActive: offers.isActive,
  targetAccountUuid: targetProfile.accountUuid,
  acceptedAt: offerAcceptances.acceptedAt,
};

/** A profile as the offer rules see it. */
export interface OfferAudience {
  profileId: number;
  kind: 'individual' | 'legal';
}

/** Offers made to this profile, or to every business client when it is a company's. */
const madeFor = (audience: OfferAudience) =>
  audience.kind === 'legal'
    ? or(eq(offers.profileId, audience.profileId), isNull(offers.profileId))
    : eq(offers.profileId, audience.profileId);

function offersOf(db: Database, audience: OfferAudience) {
  return db
    .select(offerColumns)
    .from(offers)
    .leftJoin(targetProfile, eq(targetProfile.id, offers.profileId))
    .leftJoin(
      offerAcceptances,
      and(eq(offerAcceptances.offerId, offers.id), eq(offerAcceptances.profileId, audience.profileId)),
    )
    .$dynamic();
}

export type OfferRow = NonNullable<Awaited<ReturnType<typeof findOfferFor>>>;

/**
 * The offers a profile sees on `today` (YYYY-MM-DD): those not ended and not withdrawn, and
 * every one it took whatever became of it. Open ones first, then by the last day.
 */
export function listOffersFor(db: Database, audience: OfferAudience, today: string) {
  return offersOf(db, audience)
    .where(
      and(
        madeFor(audience),
        or(and(eq(offers.isActive, true), gte(offers.validTo, today)), isNotNull(offerAcceptances.acceptedAt)),
      ),
    )
    .orderBy(sql`${offerAcceptances.acceptedAt} is not null`, asc(offers.validTo), asc(offers.id));
}

/** One offer made for the profile (whatever its dates), with the profile's acceptance; undefined when not. */
export async function findOfferFor(db: Database, audience: OfferAudience, offerId: number) {
  const [row] = await offersOf(db, audience).where(and(eq(offers.id, offerId), madeFor(audience)));
  return row;
}

/** Records that the profile took the offer; taking it again changes nothing (the primary key). */
export async function insertAcceptance(
  db: Database,
  values: { offerId: number; profileId: number; userId: number; at: Date },
): Promise<void> {
  await db
    .insert(offerAcceptances)
    .values({ offerId: values.offerId, profileId: values.profileId, userId: values.userId, acceptedAt: values.at })
    .onConflictDoNothing();
}

const managerColumns = {
  id: staffUsers.id,
  name: staffUsers.name,
  phone: staffUsers.phone,
  email: staffUsers.email,
  workHours: staffUsers.workHours,
  messenger: staffUsers.messenger,
  photoKey: staffUsers.photoKey,
};

/**
 * The personal manager (not disabled) of each profile the user is a member of, with the user's
 * rating of that manager for `month` (first day, YYYY-MM-01). The personal profile first, then
 * companies by name.
 */
export function listManagersOf(db: Database, userId: number, month: string) {
  return db
    .select({
      accountUuid: clientProfiles.accountUuid,
      profileKind: clientProfiles.kind,
      profileName: clientProfiles.name,
      manager: managerColumns,
      rating: managerRatings.rating,
      comment: managerRatings.comment,
    })
    .from(profileMembers)
    .innerJoin(clientProfiles, eq(clientProfiles.id, profileMembers.profileId))
    .innerJoin(staffUsers, and(eq(staffUsers.id, clientProfiles.managerStaffId), isNull(staffUsers.disabledAt)))
    .leftJoin(
      managerRatings,
      and(
        eq(managerRatings.userId, userId),
        eq(managerRatings.staffId, staffUsers.id),
        eq(managerRatings.month, month),
      ),
    )
    .where(eq(profileMembers.userId, userId))
    .orderBy(sql`${clientProfiles.kind} = 'legal'`, asc(clientProfiles.name), asc(clientProfiles.id));
}

/** The photo key of a manager (not disabled) of one of the user's profiles; undefined when none is theirs. */
export async function findManagerPhotoKey(db: Database, userId: number, staffId: number) {
  const [row] = await db
    .select({ photoKey: staffUsers.photoKey })
    .from(profileMembers)
    .innerJoin(clientProfiles, eq(clientProfiles.id, profileMembers.profileId))
    .innerJoin(staffUsers, and(eq(staffUsers.id, clientProfiles.managerStaffId), isNull(staffUsers.disabledAt)))
    .where(and(eq(profileMembers.userId, userId), eq(staffUsers.id, staffId)))
    .limit(1);
  return row;
}

/** Whether `staffId` is the current manager (not disabled) of the profile. */
export async function isManagerOf(db: Database, profileId: number, staffId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: staffUsers.id })
    .from(clientProfiles)
    .innerJoin(staffUsers, and(eq(staffUsers.id, clientProfiles.managerStaffId), isNull(staffUsers.disabledAt)))
    .where(and(eq(clientProfiles.id, profileId), eq(staffUsers.id, staffId)));
  return row !== undefined;
}

/**
 * Stores a rating unless the user rated this manager in `month` already: then nothing is written
 * and undefined comes back. ON CONFLICT on the unique index manager_ratings_once_a_month settles
 * two concurrent ratings too (the second waits for the first and writes nothing).
 */
export async function insertRating(
  db: Database,
  values: {
    userId: number;
    profileId: number;
    staffId: number;
    month: string;
    rating: number;
    comment: string | null;
    at: Date;
  },
) {
  const [row] = await db
    .insert(managerRatings)
    .values({
      userId: values.userId,
      profileId: values.profileId,
      staffId: values.staffId,
      month: values.month,
      rating: values.rating,
      comment: values.comment,
      createdAt: values.at,
    })
    .onConflictDoNothing({ target: [managerRatings.userId, managerRatings.staffId, managerRatings.month] })
    .returning();
  return row;
}
