import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../testing/index';
import { footerLinks } from '../schema/index';
import { seedReference } from './index';
import { FOOTER_LINK_SEED } from './footer-links';

describe('seedReference', () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase({ kind: 'pglite' });
  });
  afterAll(async () => {
    await handle.close();
  });

  it('loads footer links for all five categories', async () => {
    await seedReference(handle.db);
    const rows = await handle.db.select().from(footerLinks);
    expect(rows).toHaveLength(FOOTER_LINK_SEED.length);
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set([1, 2, 3, 4, 5]));
  });

  it('never duplicates rows when run again, and updates changed urls in place', async () => {
    await seedReference(handle.db);
    const seeded = FOOTER_LINK_SEED[1]!;
    const byKey = and(eq(footerLinks.category, seeded.category), eq(footerLinks.name, seeded.name));
    const [before] = await handle.db.select().from(footerLinks).where(byKey);
    expect(before?.url).toBe(seeded.url);
    // The installation holds an older url, position and state of the link than the seed now says.
    await handle.db
      .update(footerLinks)
      .set({ url: 'old-offices-page', position: 99, isActive: false })
      .where(eq(footerLinks.id, before!.id));

    await seedReference(handle.db);

    const rows = await handle.db.select().from(footerLinks);
    expect(rows).toHaveLength(FOOTER_LINK_SEED.length);
    const same = rows.filter((r) => r.category === seeded.category && r.name === seeded.name);
    expect(same).toHaveLength(1);
    expect(same[0]).toMatchObject({ id: before!.id, url: seeded.url, position: 1, isActive: true });
    expect(rows.some((r) => r.url === 'old-offices-page')).toBe(false);
  });
});
