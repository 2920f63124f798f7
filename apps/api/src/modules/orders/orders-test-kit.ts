import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { cargoStatusHistory, cargos, cities, subdivisions, type Database } from '@freight/db';
import { createOrderDraft, type CargoStatus, type OrderDraft } from '@freight/domain';
import type { Visitor } from '../auth/identity-test-kit';

export interface NetworkRefs {
  city: (name: string) => { fias_id: string; name: string; id: number };
  terminal: (name: string) => { id: string; name: string };
}

/** Cities and one terminal per city of the seeded reference network. */
export async function loadNetwork(db: Database): Promise<NetworkRefs> {
  const cityRows = await db.select({ id: cities.id, name: cities.name, fias: cities.fiasId }).from(cities);
  const offices = await db
    .select({ id: subdivisions.id, name: subdivisions.name, cityId: subdivisions.cityId })
    .from(subdivisions)
    .where(and(eq(subdivisions.kind, 'terminal'), eq(subdivisions.isActive, true)));
  const byName = new Map(cityRows.map((c) => [c.name, c]));
  return {
    city(name) {
      const row = byName.get(name);
      if (!row) throw new Error(`no city ${name}`);
      return { fias_id: row.fias ?? String(row.id), name: row.name, id: row.id };
    },
    terminal(name) {
      const row = byName.get(name);
      const office = offices.find((o) => o.cityId === row?.id);
      if (!office) throw new Error(`no terminal in ${name}`);
      return { id: String(office.id), name: office.name };
    },
  };
}

/**
 * A complete, valid draft Москва → Новосибирск, picked up on `date` (a working day), with the
 * personal-data consent ticked (every order needs it).
 */
export function validDraft(
  net: NetworkRefs,
  date: string,
  patch: (d: OrderDraft) => OrderDraft = (d) => d,
): OrderDraft {
  const draft = createOrderDraft();
  const from = net.city('Москва');
  const to = net.city('Новосибирск');
  return patch({
    ...draft,
    destination: {
      ...draft.destination,
      city_departure: { fias_id: from.fias_id, name: from.name },
      city_delivery: { fias_id: to.fias_id, name: to.name },
      subdivision_departure: net.terminal('Москва'),
      subdivision_delivery: net.terminal('Новосибирск'),
    },
    cargo: { ...draft.cargo, weight: 120, length: 120, width: 80, height: 60 },
    time: {
      ...draft.time,
      departure: { date, timeFrom: '10:00', timeTo: '14:00', breakFrom: null, breakTo: null },
    },
    contacts: {
      ...draft.contacts,
      sender: { name: 'Иван Петров', phone: '+7 (900) 123-45-01', email: '', inn: '', kpp: '' },
      recipient: { name: 'Анна Смирнова', phone: '8 916 555 44 33', email: '', inn: '', kpp: '' },
    },
    transportationType: 'auto',
    consent: true,
  });
}

export const idempotencyKey = () => randomUUID();

export function createOrder(visitor: Visitor, draft: OrderDraft, key: string = idempotencyKey()) {
  return visitor.post('/api/v1/requests/request_create', { draft }, { 'idempotency-key': key });
}

/** Moves a cargo along (as the carrier's systems would): status, history row, optional flags. */
export async function setCargoState(
  db: Database,
  trackNumber: string,
  status: CargoStatus,
  extra: Partial<typeof cargos.$inferInsert> = {},
  at: Date = new Date(),
): Promise<void> {
  const [row] = await db
    .update(cargos)
    .set({ status, statusChangedAt: at, ...extra })
    .where(eq(cargos.trackNumber, trackNumber))
    .returning({ id: cargos.id });
  if (!row) throw new Error(`no cargo ${trackNumber}`);
  await db.insert(cargoStatusHistory).values({ cargoId: row.id, status, at });
}
