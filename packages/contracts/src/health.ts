import { z } from 'zod';

export const HealthResponseSchema = z.object({ status: z.literal('ok') }).meta({ id: 'Health' });
export const ReadyResponseSchema = z
  .object({ status: z.literal('ready'), database: z.literal('up') })
  .meta({ id: 'Ready' });
