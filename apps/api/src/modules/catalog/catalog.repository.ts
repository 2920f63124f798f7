import { asc, eq } from 'drizzle-orm';
import { additionalServices, cargoTypes, packageTypes, transportationTypes, type Database } from '@freight/db';

export const findPackages = (db: Database) =>
  db.select().from(packageTypes).where(eq(packageTypes.isActive, true)).orderBy(asc(packageTypes.position));

export const findCargoTypes = (db: Database) =>
  db.select().from(cargoTypes).where(eq(cargoTypes.isActive, true)).orderBy(asc(cargoTypes.position));

export const findTransportationTypes = (db: Database) =>
  db
    .select()
    .from(transportationTypes)
    .where(eq(transportationTypes.isActive, true))
    .orderBy(asc(transportationTypes.position));

/** The catalogue's name of a transportation type by code, active or not (old cargo keep theirs). */
export async function findTransportationTypeName(db: Database, code: string): Promise<string | null> {
  const [row] = await db
    .select({ name: transportationTypes.name })
    .from(transportationTypes)
    .where(eq(transportationTypes.code, code))
    .limit(1);
  return row?.name ?? null;
}

export const findAdditionalServices = (db: Database) =>
  db
    .select()
    .from(additionalServices)
    .where(eq(additionalServices.isActive, true))
    .orderBy(asc(additionalServices.position));
