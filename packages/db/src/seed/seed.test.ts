import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
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
    await seedReference(handle.db);
    const [{ value }] = (await handle.db.select({ value: count() }).from(footerLinks)) as [{ value: number }];
    expect(value).toBe(FOOTER_LINK_SEED.length);
  });
});
