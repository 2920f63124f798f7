// Loaded on demand (see ./form.ts): zod stays out of the page's first-load JavaScript.
import { CreateApiKeyRequestSchema } from '@freight/contracts/api-keys';

/** The new-key form: the API's own body schema without the profile (the page knows it). */
export const CreateKeyFormSchema = CreateApiKeyRequestSchema.pick({ name: true, scopes: true });
