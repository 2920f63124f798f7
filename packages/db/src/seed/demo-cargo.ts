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

/**
 * The newest cargos are still moving (every open status once); older ones are mostly delivered.
 * The company's cargo no. 9 was delivered a few days ago: its invoice is the company's next
 * payment (demo-finance.ts).
 */
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
  'released',
  'created',
];

function statusFor(index: number): CargoStatus {
  if (index < RECENT.length) return RECENT[index]!;
  if (index % 9 === 4) return 'cancelled';
  if (index % 13 === 6) return 'returned';
  return 'released';
}

/**
 * The demo's directions: [from, to, whether express runs there]. Express goes up to 2 500 km
 * (the transportation-type catalogue), so not to or from Novosibirsk.
 */
const ROUTES: [string, string, boolean][] = [
  ['Москва', 'Новосибирск', false],
  ['Москва', 'Екатеринбург', true],
  ['Санкт-Петербург', 'Казань', true],
  ['Москва', 'Краснодар', true],
  ['Екатеринбург', 'Москва', true],
  ['Новосибирск', 'Санкт-Петербург', false],
  ['Казань', 'Москва', true],
  ['Москва', 'Санкт-Петербург', true],
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

/** A demo cargo as the calculator prices it (the order wizard's input for the same shipment). */
export interface DemoCargoPriceInput {
  /** cities.id of the departure and delivery cities. */
  cityDepartureId: number;
  cityDeliveryId: number;
  /** A transportation-type code: 'auto' or 'express' in the demo. */
  transportationType: string;
  departure: { type: 'warehouse' | 'address'; address: string | null };
  delivery: { type: 'warehouse' | 'address'; address: string | null };
  /** Places, their total weight (kg) and total volume (m³); the places are of equal size. */
  quantity: number;
  weightKg: number;
  volumeM3: number;
  /** Roubles; 0: not insured. */
  declaredValueRub: number;
  /** Price it for this signed-in client (their personal discount applies); null: as for a visitor. */
  userId: number | null;
}

/** What the calculator answers for a {@link DemoCargoPriceInput}: kopecks, VAT within, the price lines. */
export interface DemoCargoPrice {
  priceKopecks: number;
  vatKopecks: number;
  lines: CargoPriceLine[];
}

/** The API's pricing, lent to the demo seed (the database package has no tariff engine of its own). */
export type DemoCargoPricer = (input: DemoCargoPriceInput) => Promise<DemoCargoPrice>;

export interface DemoCargoOptions {
  now?: Date;
  /**
   * Prices the demo cargos with today's tariffs (the API passes its calculator). Without it —
   * the database package's own tests — {@link formulaPrice} stands in.
   */
  priceCargo?: DemoCargoPricer;
  /** The demo client's personal discount was granted then: cargos ordered since are priced with it. */
  personalDiscountSince?: Date | null;
}

export interface DemoCargoResult {
  trackNumbers: string[];
  /** Cargos the pricer refused (e.g. a transportation type switched off): priced by the formula instead. */
  unpriced: string[];
}

/** Insured demo cargos declare this value (roubles). */
const DECLARED_VALUE_RUB = 100_000;

/**
 * The stand-in price when no pricer is given (unit tests of this package only; the API always
 * passes its calculator): freight 900 ₽ + 23 ₽ per kg + a step by index, insurance 0,3 % of the
 * declared value, VAT 22 % within. Not the tariffs: do not compare it with the calculator.
 */
export function formulaPrice(index: number, input: DemoCargoPriceInput): DemoCargoPrice {
  const freight = 90_000 + Math.round(input.weightKg) * 2_300 + (index % 5) * 15_000;
  const lines: CargoPriceLine[] = [
    {
      code: 'freight',
      title: MESSAGES.pricing.freight,
      amount_kopecks: freight,
      explanation: `${MESSAGES.pricing.freight}: ${input.weightKg} кг`,
    },
  ];
  if (input.declaredValueRub > 0) {
    lines.push({
      code: 'insurance',
      title: MESSAGES.pricing.insurance,
      amount_kopecks: Math.round(input.declaredValueRub * 100 * 0.003),
      explanation: `${MESSAGES.pricing.insurance}: 0,3 % от объявленной ценности`,
    });
  }
  const price = lines.reduce((sum, line) => sum + line.amount_kopecks, 0);
  return { priceKopecks: price, vatKopecks: Math.round((price * 22) / 122), lines };
}

/**
 * The demo client's cargo for DEMO_MODE: {@link DEMO_CARGO_COUNT} orders over the last twelve
 * months in every status, with full histories at the terminals of the route, paid and unpaid,
 * some with drivers, some rated, some favourites, priced by `options.priceCargo` (today's
 * tariffs). Idempotent: the demo track numbers are deleted and written again on every run, so
 * the set always looks as documented. The company's cargos are charged to its contracts and
 * their ledger written by demo-finance.ts afterwards.
 */
export async function seedDemoCargo(
  db: Database,
  userId: number,
  options: DemoCargoOptions = {},
): Promise<DemoCargoResult> {
  const now = options.now ?? new Date();
  const terminals = await db
    .select({ id: subdivisions.id, cityId: subdivisions.cityId, cityName: cities.name })
    .from(subdivisions)
    .innerJoin(cities, eq(cities.id, subdivisions.cityId))
    .where(and(eq(subdivisions.kind, 'terminal'), eq(subdivisions.isActive, true)))
    .orderBy(asc(subdivisions.id));
  const byCity = new Map<string, { id: number; cityId: number; cityName: string }>();
  for (const t of terminals) if (!byCity.has(t.cityName)) byCity.set(t.cityName, t);
  const routes = ROUTES.filter(([a, b]) => byCity.has(a) && byCity.has(b));
  if (routes.length === 0) return { trackNumbers: [], unpriced: [] };

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
  const unpriced: string[] = [];
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
    const company = i % 3 === 0;
    const express = routes[i % routes.length]![2] && i % 5 === 3;
    const toDoor = i % 5 === 2;
    const priceInput: DemoCargoPriceInput = {
      cityDepartureId: from.cityId,
      cityDeliveryId: to.cityId,
      transportationType: express ? 'express' : 'auto',
      departure: { type: 'warehouse', address: null },
      delivery: toDoor
        ? { type: 'address', address: `${to.cityName}, ул. Ленина, д. ${10 + i}` }
        : { type: 'warehouse', address: null },
      quantity,
      weightKg: weight,
      volumeM3: volume,
      declaredValueRub: i % 4 === 1 ? DECLARED_VALUE_RUB : 0,
      userId: options.personalDiscountSince && createdAt >= options.personalDiscountSince ? userId : null,
    };
    let price: DemoCargoPrice;
    try {
      price = options.priceCargo ? await options.priceCargo(priceInput) : formulaPrice(i, priceInput);
    } catch {
      // A tariff switched off in the back-office must not stop the demo from starting.
      unpriced.push(tracks[i]!);
      price = formulaPrice(i, priceInput);
    }
    const closed = status === 'released' || status === 'cancelled' || status === 'returned';
    const paid = status === 'released' || (!closed && i % 2 === 0 && status !== 'created');
    const driver = ['pickup', 'in_transit', 'out_for_delivery'].includes(status) ? DRIVERS[i % 2]! : null;
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
        partialRelease: status === 'arrived' && i === 5,
        cityDepartureId: from.cityId,
        cityDeliveryId: to.cityId,
        cityDepartureName: from.cityName,
        cityDeliveryName: to.cityName,
        departureType: priceInput.departure.type,
        deliveryType: priceInput.delivery.type,
        departureOfficeId: from.id,
        deliveryOfficeId: toDoor ? null : to.id,
        departureAddress: priceInput.departure.address,
        deliveryAddress: priceInput.delivery.address,
        quantity,
        weightKg: weight,
        volumeM3: volume,
        cargoTab: quantity > 1 ? 'multiple' : 'single',
        transportationType: priceInput.transportationType,
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
        // The declared value where the documents print it (as an order stores it).
        details:
          priceInput.declaredValueRub > 0
            ? { demo: true, services: { declaredValue: priceInput.declaredValueRub } }
            : { demo: true },
        priceKopecks: price.priceKopecks,
        priceLines: price.lines,
        vatKopecks: price.vatKopecks,
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
  return { trackNumbers: tracks, unpriced };
}
