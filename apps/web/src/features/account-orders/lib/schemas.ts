// Loaded on demand (see ./form.ts): zod stays out of the page's first-load JavaScript.
import { OrderListFiltersSchema } from '@freight/domain/order-list';
import { CARGO_RATING_COMMENT_MAX_LENGTH } from '@freight/domain/cargo-status';
import { ACCOUNT_ORDERS_TEXTS } from '@freight/domain/texts/account-orders';
import { ContactsChangeRequestSchema } from '@freight/contracts/orders';
import { z } from 'zod';

const T = ACCOUNT_ORDERS_TEXTS;

/** The filter form: the domain's filter schema, an empty date field meaning «not set». */
export const FilterFormSchema = z.preprocess((value) => {
  const form = value as Record<string, unknown>;
  return { ...form, start_date: form.start_date || null, end_date: form.end_date || null };
}, OrderListFiltersSchema);

/** The rating form: 1–5 stars and an optional comment. */
export const RatingFormSchema = z.object({
  rating: z
    .number({ error: T.ratingRequired })
    .int()
    .min(1, { error: T.ratingRequired })
    .max(5, { error: T.ratingRequired }),
  comment: z.string().max(CARGO_RATING_COMMENT_MAX_LENGTH),
});

/** The contacts form: the API's own body schema (consent ticked). */
export const ContactsFormSchema = ContactsChangeRequestSchema;

/** The import form: a chosen file (the consent is checked before creating). */
export const ImportFormSchema = z.object({
  file: z.custom<File>((value) => typeof File !== 'undefined' && value instanceof File, {
    error: T.importFileRequired,
  }),
  consent: z.boolean(),
});
