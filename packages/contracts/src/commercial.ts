import { z } from 'zod';
import { MANAGER_RATING_COMMENT_MAX, MESSAGES, cleanedString } from '@freight/domain';

/*
 * Discounts, offers and the personal manager of a client (issue 16).
 */

const C = MESSAGES.commercial;

export const DiscountSchema = z
  .object({
    id: z.string().meta({
      description: 'personal, or offer-{offer_id} (one row per profile that took the offer: unique with account_uuid)',
    }),
    source: z.enum(['personal', 'offer']),
    title: z.string(),
    percent: z.number().meta({ description: 'Off the tariff subtotal, e.g. 7.5' }),
    conditions: z.string(),
    account_uuid: z.string().nullable().meta({ description: 'The profile it is for; null: every order of the user' }),
    valid_from: z.string().nullable().meta({ description: 'YYYY-MM-DD; personal: when it was granted' }),
    valid_to: z.string().nullable().meta({ description: 'YYYY-MM-DD, the last day; null: no end date' }),
    applies_now: z.boolean().meta({ description: 'In date and not withdrawn (an offer: is_active)' }),
  })
  .meta({ id: 'Discount' });
export type Discount = z.infer<typeof DiscountSchema>;

/** GET /user/discounts */
export const DiscountListSchema = z
  .object({
    discounts: z.array(DiscountSchema),
    /** How pricing combines them: the largest one that applies (they do not add up). */
    rule: z.string(),
  })
  .meta({ id: 'DiscountList' });
export type DiscountList = z.infer<typeof DiscountListSchema>;

export const OfferSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    conditions: z.string(),
    discount_percent: z.number().int().nullable(),
    valid_from: z.string(),
    valid_to: z.string(),
    account_uuid: z.string().nullable().meta({ description: 'The profile it was made for; null: every company' }),
    accepted_at: z.string().nullable(),
    can_accept: z.boolean(),
  })
  .meta({ id: 'Offer' });
export type Offer = z.infer<typeof OfferSchema>;

/** GET /user/offers */
export const OfferListSchema = z.object({ offers: z.array(OfferSchema) }).meta({ id: 'OfferList' });
export type OfferList = z.infer<typeof OfferListSchema>;

/** GET /user/take_offer?offer_id (the answer is the Offer, with accepted_at). */
export const TakeOfferQuerySchema = z.object({
  offer_id: z.coerce
    .number({ error: C.offerNotFound })
    .int({ error: C.offerNotFound })
    .positive({ error: C.offerNotFound })
    .max(2_147_483_647, { error: C.offerNotFound }),
});

export const ManagerCardSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    photo_url: z.string().nullable(),
    phone: z.string().nullable().meta({ description: '+7XXXXXXXXXX (a Russian number; anything else as entered)' }),
    email: z.string().nullable(),
    work_hours: z.string().nullable(),
    messenger: z.string().nullable(),
  })
  .meta({ id: 'ManagerCard' });
export type ManagerCard = z.infer<typeof ManagerCardSchema>;

/** GET /user/managers: the personal manager of each of the user's profiles that has one. */
export const ManagerListSchema = z
  .object({
    managers: z.array(
      z.object({
        account_uuid: z.string(),
        profile_name: z.string(),
        manager: ManagerCardSchema,
        /** This month's rating by the user, when given. */
        rating_this_month: z.object({ rating: z.number().int(), comment: z.string().nullable() }).nullable(),
      }),
    ),
  })
  .meta({ id: 'ManagerList' });
export type ManagerList = z.infer<typeof ManagerListSchema>;

/** POST /user/duty_manager_rating/ */
export const ManagerRatingRequestSchema = z
  .strictObject({
    account_uuid: z.string({ error: MESSAGES.team.profileNotFound }).trim().min(1).max(64),
    manager_id: z.number({ error: C.managerNotFound }).int({ error: C.managerNotFound }).positive(),
    rating: z
      .number({ error: C.ratingInvalid })
      .int({ error: C.ratingInvalid })
      .min(1, { error: C.ratingInvalid })
      .max(5, { error: C.ratingInvalid }),
    comment: cleanedString({ keepNewlines: true })
      .max(MANAGER_RATING_COMMENT_MAX, { error: C.ratingCommentTooLong })
      .nullable()
      .optional()
      .transform((value) => value || null),
  })
  .meta({ id: 'ManagerRatingRequest' });
export type ManagerRatingRequest = z.output<typeof ManagerRatingRequestSchema>;

/** The answer of POST /user/duty_manager_rating/ (201). */
export const ManagerRatingSchema = z
  .object({
    account_uuid: z.string(),
    manager_id: z.number().int(),
    /** The first day of the month it counts for (Moscow time): the next rating is possible from the 1st. */
    month: z.string().meta({ description: 'YYYY-MM-01' }),
    rating: z.number().int(),
    comment: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'ManagerRating' });
export type ManagerRating = z.infer<typeof ManagerRatingSchema>;

/** GET /user/managers/photo/{id} */
export const ManagerPhotoParamsSchema = z.object({
  id: z.coerce
    .number({ error: C.managerNotFound })
    .int({ error: C.managerNotFound })
    .positive({ error: C.managerNotFound })
    .max(2_147_483_647, { error: C.managerNotFound }),
});
