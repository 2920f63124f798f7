import { distanceKm, MESSAGES } from '@freight/domain';
import type { TransportationTypeCheck } from '@freight/contracts';
import type { Database } from '@freight/db';
import { AppError } from '../../errors/app-error';
import { findCityByRef, findSubdivisions } from '../locations/locations.repository';
import { findAdditionalServices, findCargoTypes, findPackages, findTransportationTypes } from './catalog.repository';

type TypeRow = Awaited<ReturnType<typeof findTransportationTypes>>[number];

const toType = (row: TypeRow) => ({
  id: row.id,
  code: row.code as TransportationTypeCheck['available'][number]['code'],
  name: row.name,
  description: row.description,
  min_distance_km: row.minDistanceKm,
  max_distance_km: row.maxDistanceKm,
});

export async function listPackages(db: Database) {
  return (await findPackages(db)).map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    description: r.description,
    price_kopecks: r.priceKopecks,
    price_unit: r.priceUnit as 'place' | 'm3' | 'kg',
  }));
}

export async function listCargoTypes(db: Database) {
  return (await findCargoTypes(db)).map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    description: r.description,
    requires_hard_packaging: r.requiresHardPackaging,
  }));
}

export async function listTransportationTypes(db: Database) {
  return (await findTransportationTypes(db)).map(toType);
}

export async function listAdditionalServices(db: Database) {
  return (await findAdditionalServices(db)).map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    description: r.description,
    category: r.category as 'loading' | 'insurance' | 'documents' | 'delivery' | 'storage',
    price_kopecks: r.priceKopecks,
    price_unit: r.priceUnit as 'order' | 'place' | 'kg' | 'floor' | 'percent' | 'day',
  }));
}

/**
 * Which transportation types run from `first` to `second` (our ids or FIAS ids): a type is
 * available when the first city has a subdivision accepting cargo for it, the second one
 * releasing cargo of it, and the great-circle distance lies within the type's limits.
 */
export async function checkTransportationTypes(
  db: Database,
  first: string,
  second: string,
): Promise<TransportationTypeCheck> {
  const [from, to] = await Promise.all([findCityByRef(db, first), findCityByRef(db, second)]);
  if (!from || !to) {
    throw new AppError('NOT_FOUND', 404, MESSAGES.offices.cityNotFound, {
      ...(from ? {} : { first_city: MESSAGES.offices.cityNotFound }),
      ...(to ? {} : { second_city: MESSAGES.offices.cityNotFound }),
    });
  }
  if (from.id === to.id) {
    throw new AppError('VALIDATION_FAILED', 400, MESSAGES.common.validationFailed, {
      second_city: MESSAGES.locations.sameCity,
    });
  }
  const [types, fromOffices, toOffices] = await Promise.all([
    findTransportationTypes(db),
    findSubdivisions(db, { cityId: from.id, operations: ['acceptance'] }),
    findSubdivisions(db, { cityId: to.id, operations: ['release'] }),
  ]);
  const distance = Math.round(distanceKm(from, to));
  const serves = (offices: typeof fromOffices, code: string) => offices.some((o) => o.transportTypes.includes(code));
  const result: TransportationTypeCheck = {
    first_city: { id: from.id, name: from.name },
    second_city: { id: to.id, name: to.name },
    distance_km: distance,
    available: [],
    unavailable: [],
  };
  for (const type of types) {
    let reason: string | null = null;
    if (!serves(fromOffices, type.code)) reason = `${MESSAGES.catalog.noSubdivisionIn} ${from.name}`;
    else if (!serves(toOffices, type.code)) reason = `${MESSAGES.catalog.noSubdivisionIn} ${to.name}`;
    else if (type.minDistanceKm !== null && distance < type.minDistanceKm)
      reason = MESSAGES.catalog.distanceBelowMinimum;
    else if (type.maxDistanceKm !== null && distance > type.maxDistanceKm)
      reason = MESSAGES.catalog.distanceAboveMaximum;
    if (reason === null) result.available.push(toType(type));
    else result.unavailable.push({ code: toType(type).code, name: type.name, reason });
  }
  return result;
}
