import { z } from 'zod';
import { STAFF_PERMISSIONS, STAFF_ROLES } from '@freight/domain';

/** The signed-in staff member (GET /api/v1/back-office/me). */
export const StaffSchema = z.object({
  id: z.number().int(),
  login: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  role_label: z.string(),
  permissions: z.array(z.enum(STAFF_PERMISSIONS)),
});

/** A page of a server-paged back-office table. */
export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
  });
}
