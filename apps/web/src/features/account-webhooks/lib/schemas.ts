// Loaded on demand (see ./form.ts): zod stays out of the page's first-load JavaScript.
import { CreateWebhookRequestSchema } from '@freight/contracts/webhooks';

/** The address form: the API's own body schema without the profile (the page knows it). */
export const WebhookFormSchema = CreateWebhookRequestSchema.pick({ url: true, events: true });
