import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../testing/index';
import { users } from '../schema/index';
import { DEMO_CLIENT, seedDemo } from './demo';

describe('seedDemo', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  it('creates one verified demo client and restores its name and password on every run', async () => {
    const hashPassword = async (p: string) => `test-hash:${p}`;
    const first = await seedDemo(database.db, { hashPassword });
    await database.db.update(users).set({ name: 'Изменено', passwordHash: 'other' }).where(eq(users.id, first.userId));
    const second = await seedDemo(database.db, { hashPassword });
    expect(second.userId).toBe(first.userId);
    const rows = await database.db.select().from(users).where(eq(users.phone, DEMO_CLIENT.phone));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Демо Клиент', isVerified: true, passwordHash: 'test-hash:Demo-2026' });
  });
});
