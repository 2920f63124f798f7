import { and, asc, eq, inArray } from 'drizzle-orm';
import { MESSAGES, toIsoDate, trackNumberFromBody, type CargoStatus } from '@freight/domain';
import type { Database } from '../client';
import { attachLegalProfile, ensurePersonalProfile } from '../profiles';
import { accessRequests, cities, subdivisions } from '../schema/index';
import {
  cargoFavorites,
  cargoRatings,
  cargoStatusHistory,
  cargos,
  type CargoParticipantData,
  type CargoPriceLine,
} from '../schema/orders';

/** How many cargos the demo client owns. */
export const DEMO_CARGO_COUNT = 48;

/** The demo client's track numbers: MG-2600-0001x … (body 26 + six-digit index, Damm check digit). */
export function demoTrackNumber(index: number): string {
  return trackNumberFromBody(`26${String(index + 1).padStart(6, '0')}`);
}

/** Status path from «Заявка оформлена» to each status, as the carrier moves a cargo. */
const PATHS: Record<CargoStatus, CargoStatus[]> = {
  created: ['created'],
  awaiting_dropoff: ['created', 'awaiting_dropoff'],
  pickup: ['created', 'pickup'],
  accepted: ['created', 'awaiting_dropoff', 'accepted'],
  in_transit: ['created', 'pickup', 'accepted', 'in_transit'],
  arrived: ['created', 'awaiting_dropoff', 'accepted', 'in_transit', 'arrived'],
  out_for_delivery: ['created', 'pickup', 'accepted', 'in_transit', 'arrived', 'out_for_delivery'],
  released: ['created', 'awaiting_dropoff', 'accepted', 'in_transit', 'arrived', 'released'],
  cancelled: ['created', 'cancelled'],
  returned: ['created', 'awaiting_dropoff', 'accepted', 'in_transit', 'returned'],
  problem: ['created', 'pickup', 'accepted', 'in_transit', 'problem'],
};

/** The newest cargos are still moving (every open status once); older ones are mostly delivered. */
const RECENT: CargoStatus[] = [
  'created',
  'awaiting_dropoff',
  'pickup',
  'accepted',
  'in_transit',
  'arrived',
  'out_for_delivery',
  'problem',
  'in_transit',
  'arrived',
  'created',
];

function statusFor(index: number): CargoStatus {
  if (index < RECENT.length) return RECENT[index]!;
  if (index % 9 === 4) return 'cancelled';
  if (index % 13 === 6) return 'returned';
  return 'released';
}

const ROUTES: [string, string][] = [
  ['Москва', 'Новосибирск'],
  ['Москва', 'Екатеринбург'],
  ['Санкт-Петербург', 'Казань'],
  ['Москва', 'Краснодар'],
  ['Екатеринбург', 'Москва'],
  ['Новосибирск', 'Санкт-Петербург'],
  ['Казань', 'Москва'],
  ['Москва', 'Санкт-Петербург'],
];

const RECIPIENTS = [
  'Анна Смирнова',
  'ООО «Сибирские окна»',
  'Сергей Кузнецов',
  'ИП Морозова Е. В.',
  'Ольга Васильева',
  'АО «УралТехСнаб»',
  'Дмитрий Соколов',
  'ООО «Кубань Агро»',
];

const DRIVERS = [
  { name: 'Алексей Волков', phone: '+79161234567', model: 'ГАЗель Next', plate: 'А123ВС 777' },
  { name: 'Игорь Лебедев', phone: '+79032223344', model: 'Volvo FH', plate: 'К456МН 199' },
];

/** The demo client's company: a legal profile they own, with every third demo order. */
export const DEMO_COMPANY = { name: 'ООО «Демо Логистик»', inn: '7709123453', kpp: '770901001' };
const DEMO_COMPANY_ADDRESS = '129090, г. Москва, ул. Щепкина, д. 28, офис 12';

const person = (type: string, name: string | null, phone: string | null, extra: Partial<CargoParticipantData> = {}) =>
  ({ type, name, phone, email: null, inn: null, kpp: null, ...extra }) satisfies CargoParticipantData;

/**
 * The demo client's cargo for DEMO_MODE: {@link DEMO_CARGO_COUNT} orders over the last twelve
 * months in every status, with full histories at the terminals of the route, paid and unpaid,
 * some with drivers, some rated, some favourites. Idempotent: the demo track numbers are
 * deleted and written again on every run, so the set always looks as documented.
 */
export async function seedDemoCargo(db: Database, userId: number, now: Date = new Date()): Promise<string[]> {
  const terminals = await db
    .select({ id: subdivisions.id, cityId: subdivisions.cityId, cityName: cities.name })
    .from(subdivisions)
    .innerJoin(cities, eq(cities.id, subdivisions.cityId))
    .where(and(eq(subdivisions.kind, 'terminal'), eq(subdivisions.isActive, true)))
    .orderBy(asc(subdivisions.id));
  const byCity = new Map<string, { id: number; cityId: number; cityName: string }>();
  for (const t of terminals) if (!byCity.has(t.cityName)) byCity.set(t.cityName, t);
  const routes = ROUTES.filter(([a, b]) => byCity.has(a) && byCity.has(b));
  if (routes.length === 0) return [];

  const personalProfileId = await ensurePersonalProfile(db, userId, 'Демо Клиент');
  const { profileId: companyProfileId } = await attachLegalProfile(
    db,
    { ...DEMO_COMPANY, address: DEMO_COMPANY_ADDRESS },
    userId,
  );
  // The company came to the demo client through an approved full-access request.
  const [request] = await db
    .select({ id: accessRequests.id })
    .from(accessRequests)
    .where(and(eq(accessRequests.userId, userId), eq(accessRequests.inn, DEMO_COMPANY.inn)));
  if (!request) {
    await db.insert(accessRequests).values({
      userId,
      type: 'legal',
      name: DEMO_COMPANY.name,
      inn: DEMO_COMPANY.inn,
      kpp: DEMO_COMPANY.kpp,
      status: 'approved',
      profileId: companyProfileId,
      createdAt: new Date(now.getTime() - 400 * 86_400_000),
      updatedAt: new Date(now.getTime() - 399 * 86_400_000),
      decidedAt: new Date(now.getTime() - 399 * 86_400_000),
    });
  }
  const tracks = Array.from({ length: DEMO_CARGO_COUNT }, (_, i) => demoTrackNumber(i));
  await db.delete(cargos).where(and(inArray(cargos.trackNumber, tracks), eq(cargos.ownerUserId, userId)));

  const DAY = 86_400_000;
  for (let i = 0; i < DEMO_CARGO_COUNT; i += 1) {
    const status = statusFor(i);
    const [fromName, toName] = routes[i % routes.length]!;
    const from = byCity.get(fromName)!;
    const to = byCity.get(toName)!;
    // The moving ones are from the last two weeks; the rest spread over the twelve months before.
    const ageDays =
      i === 0
        ? 0.125
        : i < RECENT.length
          ? i * 1.3
          : 15 + ((i - RECENT.length) * 345) / (DEMO_CARGO_COUNT - RECENT.length);
    const createdAt = new Date(now.getTime() - Math.round(ageDays * DAY));
    const path = PATHS[status];
    const steps = path.map((s, k) => ({
      status: s,
      at: new Date(Math.min(now.getTime() - 60_000, createdAt.getTime() + k * 1.2 * DAY)),
      officeId: ['arrived', 'out_for_delivery', 'released'].includes(s) ? to.id : from.id,
    }));
    const statusChangedAt = steps.at(-1)!.at;
    const weight = 5 + ((i * 37) % 400);
    const quantity = 1 + (i % 4);
    const volume = Math.round(weight * 0.004 * 1000) / 1000 + 0.05;
    const freight = 90_000 + weight * 2_300 + (i % 5) * 15_000;
    const lines: CargoPriceLine[] = [
      {
        code: 'freight',
        title: MESSAGES.pricing.freight,
        amount_kopecks: freight,
        explanation: `${MESSAGES.pricing.freight}: ${weight} кг`,
      },
    ];
    let price = freight;
    if (i % 4 === 1) {
      const insurance = 25_000;
      lines.push({
        code: 'insurance',
        title: MESSAGES.pricing.insurance,
        amount_kopecks: insurance,
        explanation: `${MESSAGES.pricing.insurance}: 0,3 % от объявленной ценности`,
      });
      price += insurance;
    }
    const closed = status === 'released' || status === 'cancelled' || status === 'returned';
    const paid = status === 'released' || (!closed && i % 2 === 0 && status !== 'created');
    const driver = ['pickup', 'in_transit', 'out_for_delivery'].includes(status) ? DRIVERS[i % 2]! : null;
    const company = i % 3 === 0;
    // A cargo still on its way is planned to arrive in the coming days, never in the past.
    const planned = closed
      ? createdAt.getTime() + 7 * DAY
      : Math.max(createdAt.getTime() + 7 * DAY, now.getTime() + (1 + (i % 3)) * DAY);
    const arrival = toIsoDate(new Date(planned))!;
    const sender = company
      ? person('legal', DEMO_COMPANY.name, '+79000000001', { inn: DEMO_COMPANY.inn, kpp: DEMO_COMPANY.kpp })
      : person('individual', 'Демо Клиент', '+79000000001');
    const [row] = await db
      .insert(cargos)
      .values({
        trackNumber: tracks[i]!,
        ownerUserId: userId,
        status,
        statusChangedAt,
        paid,
        paidAt: paid ? new Date(createdAt.getTime() + DAY) : null,
        paidStorage: status === 'arrived' && i % 2 === 1,
        partialRelease: status === 'arrived' && i === 9,
        cityDepartureId: from.cityId,
        cityDeliveryId: to.cityId,
        cityDepartureName: from.cityName,
        cityDeliveryName: to.cityName,
        departureType: 'warehouse',
        deliveryType: i % 5 === 2 ? 'address' : 'warehouse',
        departureOfficeId: from.id,
        deliveryOfficeId: i % 5 === 2 ? null : to.id,
        departureAddress: null,
        deliveryAddress: i % 5 === 2 ? `${to.cityName}, ул. Ленина, д. ${10 + i}` : null,
        quantity,
        weightKg: weight,
        volumeM3: volume,
        cargoTab: quantity > 1 ? 'multiple' : 'single',
        transportationType: i % 6 === 5 ? 'express' : 'auto',
        paymentType: company ? 'non_cash' : i % 2 ? 'card' : 'cash',
        payerRole: 'sender',
        customerRole: 'sender',
        sender,
        // The sender pays and orders, as the wizard's defaults have it.
        payer: sender,
        customer: sender,
        recipient: person(
          RECIPIENTS[i % RECIPIENTS.length]!.startsWith('ООО') ? 'legal' : 'individual',
          RECIPIENTS[i % RECIPIENTS.length]!,
          `+7916${String(5_550_000 + i * 131).padStart(7, '0')}`,
        ),
        senderName: company ? DEMO_COMPANY.name : 'Демо Клиент',
        recipientName: RECIPIENTS[i % RECIPIENTS.length]!,
        ownerProfileId: company ? companyProfileId : personalProfileId,
        details: { demo: true },
        priceKopecks: price,
        priceLines: lines,
        vatKopecks: Math.round((price * 22) / 122),
        plannedDispatchDate: toIsoDate(createdAt),
        plannedArrivalDate: status === 'cancelled' ? null : arrival,
        driverName: driver?.name ?? null,
        driverPhone: driver?.phone ?? null,
        vehicleModel: driver?.model ?? null,
        vehiclePlate: driver?.plate ?? null,
        driverAssignedAt: driver ? (steps[1]?.at ?? createdAt) : null,
        createdAt,
      })
      .onConflictDoNothing({ target: cargos.trackNumber })
      .returning({ id: cargos.id });
    if (!row) continue;
    await db.insert(cargoStatusHistory).values(
      steps.map((step) => ({
        cargoId: row.id,
        status: step.status,
        at: step.at,
        officeId: step.officeId,
        comment: step.status === 'created' ? MESSAGES.orders.createdComment : null,
      })),
    );
    if (status === 'released' && i % 3 !== 2) {
      await db.insert(cargoRatings).values({
        cargoId: row.id,
        userId,
        rating: 3 + (i % 3),
        comment: i % 2 ? 'Доставили вовремя, груз цел' : null,
        createdAt: new Date(statusChangedAt.getTime() + DAY),
      });
    }
    if (i % 7 === 3) await db.insert(cargoFavorites).values({ cargoId: row.id, createdAt: now });
  }
  return tracks;
}
