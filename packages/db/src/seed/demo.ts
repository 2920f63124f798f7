import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../client';
import { users } from '../schema/index';
import { seedDemoCargo, type DemoCargoPricer } from './demo-cargo';
import { seedDemoDiscount, seedDemoFinance, untakeDemoOffers } from './demo-finance';
import { seedDemoStaff } from './demo-staff';

/** The demo client of the quick start (README «Demo sign-in»). DEMO_MODE only. */
export const DEMO_CLIENT = {
  name: 'Демо Клиент',
  phone: '+79000000001',
  password: 'Demo-2026',
} as const;

export interface DemoOptions {
  /** The API's password hasher (the database package does not own a second one). */
  hashPassword: (password: string) => Promise<string>;
  /**
   * The API's calculator: the demo cargos are priced with today's tariffs, as the calculator
   * shows them. The API always passes it; without it (this package's unit tests) a stand-in
   * formula prices them (demo-cargo.ts formulaPrice).
   */
  priceCargo?: DemoCargoPricer;
  /** The moment the demo is built around (tests); default: now. */
  now?: Date;
}

export interface DemoResult {
  userId: number;
  trackNumbers: string[];
  /** Demo cargos the calculator refused (priced by the stand-in formula): worth a warning. */
  unpriced: string[];
}

/**
 * Demo data for DEMO_MODE=1: a verified client to sign in as, with a personal discount, owning
 * the demo cargo (`seedDemoCargo`: 48 orders in every status over the last twelve months,
 * priced by `priceCargo`), the staff, and the demo company's contracts, settlement ledger and
 * offers (`seedDemoFinance`). Idempotent: the client is found by phone and brought back to the
 * documented name and password on every start (so the README stays true even after someone
 * changed them in the demo); the cargos and the ledger are written again.
 */
export async function seedDemo(db: Database, options: DemoOptions): Promise<DemoResult> {
  const now = options.now ?? new Date();
  const { userId } = await seedDemoClient(db, options);
  const personalDiscountSince = await seedDemoDiscount(db, userId, now);
  // Before pricing: an offer the company took would change the client's discount.
  await untakeDemoOffers(db);
  const { trackNumbers, unpriced } = await seedDemoCargo(db, userId, {
    now,
    personalDiscountSince,
    priceCargo: options.priceCargo,
  });
  await seedDemoFinance(db, userId, now);
  await seedDemoStaff(db, options);
  return { userId, trackNumbers, unpriced };
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
