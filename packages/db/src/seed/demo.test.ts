import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../testing/index';
import { clientDiscounts, clientProfiles, contracts, staffUsers, users } from '../schema/index';
import { DEMO_COMPANY } from './demo-cargo';
import { DEMO_STAFF, DEMO_STAFF_TOTP_SECRET } from './demo-staff';
import { seedReference } from './index';
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
    // The personal discount pricing applies; without reference data there are no cargos, so no
    // company and no contracts.
    const discounts = await database.db.select().from(clientDiscounts);
    expect(discounts.map((d) => [d.userId, d.discountBp])).toEqual([[first.userId, 500]]);
    await expect(database.db.select().from(contracts)).resolves.toEqual([]);
  });
});

describe('seedDemoStaff', () => {
  it('seeds the four documented staff accounts, enrolled, and the demo company’s manager', async () => {
    const database = await createTestDatabase();
    try {
      await seedReference(database.db);
      const hashPassword = async (p: string) => `test-hash:${p}`;
      await seedDemo(database.db, { hashPassword });
      await seedDemo(database.db, { hashPassword });
      const staff = await database.db.select().from(staffUsers).orderBy(staffUsers.login);
      expect(staff.map((s) => s.login)).toEqual(DEMO_STAFF.map((s) => s.login).sort());
      for (const member of staff) {
        expect(member.totpSecret).toBe(DEMO_STAFF_TOTP_SECRET);
        expect(member.totpEnrolledAt).not.toBeNull();
        expect(member.passwordHash).toBe(`test-hash:${DEMO_STAFF.find((s) => s.login === member.login)!.password}`);
      }
      const [company] = await database.db.select().from(clientProfiles).where(eq(clientProfiles.inn, DEMO_COMPANY.inn));
      const manager = staff.find((s) => s.role === 'client_manager')!;
      expect(company!.managerStaffId).toBe(manager.id);
      // No photograph of a made-up person: the screen shows her initials.
      expect([manager.name, manager.phone, manager.photoKey]).toEqual(['Анна Кузнецова', '+74951234570', null]);
    } finally {
      await database.close();
    }
  });
});
