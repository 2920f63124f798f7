import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../client';
import { users } from '../schema/index';
import { seedDemoCargo } from './demo-cargo';
import { seedDemoStaff } from './demo-staff';

/** The demo client of the quick start (README «Demo sign-in»). DEMO_MODE only. */
export const DEMO_CLIENT = {
  name: 'Демо Клиент',
  phone: '+79000000001',
  password: 'Demo-2026',
} as const;

/**
 * Demo data for DEMO_MODE=1: a verified client to sign in as, owning the demo cargo
 * (`seedDemoCargo`: 48 orders in every status over the last twelve months). Idempotent: the client is found by
 * phone and brought back to the documented name and password on every start (so the README
 * stays true even after someone changed them in the demo). The password hash comes from the
 * API's hasher, so the database package does not own a second one.
 */
export async function seedDemo(
  db: Database,
  options: { hashPassword: (password: string) => Promise<string> },
): Promise<{ userId: number; trackNumbers: string[] }> {
  const { userId } = await seedDemoClient(db, options);
  const trackNumbers = await seedDemoCargo(db, userId);
  await seedDemoStaff(db, options);
  return { userId, trackNumbers };
}

async function seedDemoClient(
  db: Database,
  options: { hashPassword: (password: string) => Promise<string> },
): Promise<{ userId: number }> {
  const passwordHash = await options.hashPassword(DEMO_CLIENT.password);
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, DEMO_CLIENT.phone), isNull(users.deletedAt)));
  if (existing) {
    await db
      .update(users)
      .set({ name: DEMO_CLIENT.name, isVerified: true, passwordHash })
      .where(eq(users.id, existing.id));
    return { userId: existing.id };
  }
  const [row] = await db
    .insert(users)
    .values({ name: DEMO_CLIENT.name, phone: DEMO_CLIENT.phone, isVerified: true, passwordHash })
    .returning({ id: users.id });
  return { userId: row!.id };
}
