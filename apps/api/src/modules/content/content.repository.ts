import { asc, eq } from 'drizzle-orm';
import { footerLinks, type Database } from '@freight/db';

export function findActiveFooterLinks(db: Database) {
  return db
    .select({ id: footerLinks.id, name: footerLinks.name, url: footerLinks.url, category: footerLinks.category })
    .from(footerLinks)
    .where(eq(footerLinks.isActive, true))
    .orderBy(asc(footerLinks.category), asc(footerLinks.position), asc(footerLinks.id));
}
