import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { footerLinks } from '../schema/index';
import { FOOTER_LINK_SEED } from './footer-links';
import { seedNetworkAndContent, type NetworkSeedReport } from './network';
import { seedPricing, type PricingSeedReport } from './pricing';

export interface SeedReport {
  footerLinks: number;
  network: NetworkSeedReport;
  pricing: PricingSeedReport;
}

/**
 * Reference data every installation needs (footer links, later catalogs and tariffs).
 * Idempotent: rows are matched by their natural key and updated in place, so running
 * it on every start never duplicates anything.
 */
export async function seedReference(db: Database): Promise<SeedReport> {
  const rows = FOOTER_LINK_SEED.map((link, index) => ({ ...link, position: index }));
  await db
    .insert(footerLinks)
    .values(rows)
    .onConflictDoUpdate({
      target: [footerLinks.category, footerLinks.name],
      set: { url: sql`excluded.url`, position: sql`excluded.position`, isActive: true },
    });
  const network = await seedNetworkAndContent(db);
  const pricing = await seedPricing(db);
  return { footerLinks: rows.length, network, pricing };
}

export { DEMO_CLIENT, seedDemo, type DemoOptions, type DemoResult } from './demo';
export { DEMO_STAFF, DEMO_STAFF_TOTP_SECRET, seedDemoStaff } from './demo-staff';
export {
  DEMO_CARGO_COUNT,
  DEMO_COMPANY,
  demoTrackNumber,
  seedDemoCargo,
  type DemoCargoPrice,
  type DemoCargoPriceInput,
  type DemoCargoPricer,
} from './demo-cargo';
export {
  DEMO_CONTRACTS,
  DEMO_DISCOUNT,
  DEMO_OFFER_TITLES,
  demoContractNumber,
  demoOffers,
  seedDemoDiscount,
  seedDemoFinance,
  untakeDemoOffers,
} from './demo-finance';
