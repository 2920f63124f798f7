// Loaded on demand (see ./form.ts): zod stays out of the page's first-load JavaScript.
import { ManagerRatingRequestSchema } from '@freight/contracts/commercial';

/** The rating form: the API's own rules for the stars (1–5) and the comment (≤ 1000 characters). */
export const RatingFormSchema = ManagerRatingRequestSchema.pick({ rating: true, comment: true });
