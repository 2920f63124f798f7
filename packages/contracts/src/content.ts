import { z } from 'zod';

export const FooterLinkSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    url: z.string(),
    category: z.number().int().min(1).max(5),
  })
  .meta({ id: 'FooterLink' });
export type FooterLink = z.infer<typeof FooterLinkSchema>;

export const DynamicContentResponseSchema = z.array(FooterLinkSchema).meta({ id: 'DynamicContent' });
export type DynamicContentResponse = z.infer<typeof DynamicContentResponseSchema>;
