// Loaded on demand (see ./form.ts): zod stays out of the page's first-load JavaScript.
import { FullAccessRequestQuerySchema } from '@freight/contracts/access-request';

/** The request form: the API's own query schema (ИНН checksum, КПП, passport, cleaned names). */
export const AccessRequestFormSchema = FullAccessRequestQuerySchema;
