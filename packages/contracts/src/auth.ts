import { z } from 'zod';

export const AnonymousTokenResponseSchema = z
  .object({
    anonymous: z.boolean().meta({ description: 'true while the session belongs to no verified user' }),
    expires_at: z.string().meta({ description: 'ISO 8601 time when the session expires at the latest' }),
  })
  .meta({ id: 'AnonymousToken' });
export type AnonymousTokenResponse = z.infer<typeof AnonymousTokenResponseSchema>;
