import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray } from 'drizzle-orm';
import { CARGO_STATUS_CODES, checkTrackNumber } from '@freight/domain';
import { createTestDatabase, type TestDatabase } from '../testing/index';
import {
  accessRequests,
  cargoFavorites,
  cargoRatings,
  cargoStatusHistory,
  cargos,
  clientProfiles,
  profileMembers,
} from '../schema/index';
import { seedReference } from './index';
import { DEMO_CARGO_COUNT, DEMO_COMPANY, demoTrackNumber } from './demo-cargo';
import { seedDemo } from './demo';

describe('seedDemo: the demo client’s cargo', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedReference(database.db);
  });
  afterAll(async () => database.close());

  it('owns 48 cargos in every status over the last twelve months, with histories; idempotent', async () => {
    const hashPassword = async (p: string) => `test-hash:${p}`;
    const first = await seedDemo(database.db, { hashPassword });
    const second = await seedDemo(database.db, { hashPassword });
    expect(second.userId).toBe(first.userId);
    expect(second.trackNumbers).toEqual(first.trackNumbers);
    expect(first.trackNumbers[0]).toBe(demoTrackNumber(0));
    for (const track of first.trackNumbers) expect(checkTrackNumber(track)).toEqual({ ok: true, value: track });
    const rows = await database.db.select().from(cargos).where(eq(cargos.ownerUserId, first.userId));
    expect(rows).toHaveLength(DEMO_CARGO_COUNT);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(CARGO_STATUS_CODES));
    // Every third order is the demo company's (issue 15): it belongs to the company's profile,
    // the rest to the client's personal one; the client owns both and the company was approved.
    const profiles = await database.db
      .select()
      .from(clientProfiles)
      .innerJoin(profileMembers, eq(profileMembers.profileId, clientProfiles.id))
      .where(eq(profileMembers.userId, first.userId));
    const company = profiles.find((p) => p.client_profiles.inn === DEMO_COMPANY.inn)!;
    const personal = profiles.find((p) => p.client_profiles.kind === 'individual')!;
    expect(profiles).toHaveLength(2);
    expect(company.profile_members.role).toBe('owner');
    for (const row of rows) {
      expect(row.ownerProfileId).toBe(
        row.sender.inn === DEMO_COMPANY.inn ? company.client_profiles.id : personal.client_profiles.id,
      );
    }
    expect(rows.filter((r) => r.ownerProfileId === company.client_profiles.id)).toHaveLength(DEMO_CARGO_COUNT / 3);
    const requests = await database.db.select().from(accessRequests).where(eq(accessRequests.userId, first.userId));
    expect(requests.map((r) => [r.status, r.profileId])).toEqual([['approved', company.client_profiles.id]]);
    const ages = rows.map((r) => (Date.now() - r.createdAt.getTime()) / 86_400_000);
    expect(Math.min(...ages)).toBeLessThan(1);
    expect(Math.max(...ages)).toBeGreaterThan(330);
    expect(Math.max(...ages)).toBeLessThan(366);
    expect(rows.some((r) => r.paid) && rows.some((r) => !r.paid)).toBe(true);
    // Express (where it runs: up to 2 500 km) for the company and for the client; door deliveries;
    // insured cargos with the declared value the documents print. Without a pricer the stand-in
    // formula prices them: the lines add up to the price, VAT 22 % within.
    const express = rows.filter((r) => r.transportationType === 'express');
    expect(new Set(express.map((r) => r.ownerProfileId))).toEqual(
      new Set([company.client_profiles.id, personal.client_profiles.id]),
    );
    expect(express.every((r) => ![r.cityDepartureName, r.cityDeliveryName].includes('Новосибирск'))).toBe(true);
    const door = rows.filter((r) => r.deliveryType === 'address');
    expect(door.length).toBeGreaterThan(0);
    for (const r of door)
      expect([r.deliveryOfficeId, r.deliveryAddress?.startsWith(r.cityDeliveryName)]).toEqual([null, true]);
    const insured = rows.filter((r) => r.priceLines.some((l) => l.code === 'insurance'));
    expect(insured.length).toBe(DEMO_CARGO_COUNT / 4);
    for (const r of insured) expect(r.details).toEqual({ demo: true, services: { declaredValue: 100_000 } });
    for (const r of rows) {
      expect(r.priceKopecks).toBe(r.priceLines.reduce((sum, l) => sum + l.amount_kopecks, 0));
      expect(r.vatKopecks).toBe(Math.round((r.priceKopecks * 22) / 122));
    }
    expect(rows.filter((r) => r.driverAssignedAt !== null).length).toBeGreaterThan(0);
    const ids = rows.map((r) => r.id);
    const [ratings] = await database.db
      .select({ n: count() })
      .from(cargoRatings)
      .where(inArray(cargoRatings.cargoId, ids));
    const [favorites] = await database.db
      .select({ n: count() })
      .from(cargoFavorites)
      .where(inArray(cargoFavorites.cargoId, ids));
    expect(ratings!.n).toBeGreaterThan(5);
    expect(favorites!.n).toBeGreaterThan(3);
    const history = await database.db.select().from(cargoStatusHistory).where(inArray(cargoStatusHistory.cargoId, ids));
    for (const row of rows) {
      const own = history.filter((h) => h.cargoId === row.id).sort((a, b) => a.at.getTime() - b.at.getTime());
      expect(own[0]?.status).toBe('created');
      expect(own.at(-1)?.status).toBe(row.status);
      expect(own.every((h) => h.officeId !== null)).toBe(true);
    }
  });
});
