// Loaded on demand (see ./form.ts): zod stays out of the page's first-load JavaScript.
import { CreateInvitationRequestSchema } from '@freight/contracts/team';

/** The invitation form: the API's own body schema without the profile (the page knows it). */
export const InviteFormSchema = CreateInvitationRequestSchema.pick({ contact: true, role: true });
