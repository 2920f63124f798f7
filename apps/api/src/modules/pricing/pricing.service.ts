import {
  MESSAGES,
  RU_PRODUCTION_CALENDAR,
  arrivalShiftNote,
  calculateOrderPrice,
  earliestDispatchDate,
  formatLongDate,
  formatRub,
  formatTransitTerms,
  planArrival,
  toIsoDate,
  pricingPlaces,
  summarizePlaces,
  summarizeTotals,
  type AutoPromotion,
  type CalcMode,
  type CargoSummary,
  type DoorSide,
  type DoorTariff,
  type OrderPrice,
  type PackagingChoice,
  type PromoCode,
  type RouteTariff,
  type ServiceRates,
} from '@freight/domain';
import type {
  FullCalculatorRequestSchema,
  FullCalculatorResponse,
  PricesTermsQuery,
  PricesTermsResponse,
  TransportationTypeCheck,
} from '@freight/contracts';
import type { Database } from '@freight/db';
import type { z } from 'zod';
import { AppError } from '../../errors/app-error';
import { checkTransportationTypes } from '../catalog/catalog.service';
import { pricingReferenceFor, type ReferenceCache } from './reference-cache';
import {
  findAutoPromotions,
  findDoorRate,
  findActivePackages,
  findClientDiscountBp,
  findPricingCity,
  findPromoCode,
  findRoutes,
  findSurcharges,
  type PricingCity,
} from './pricing.repository';

const P = MESSAGES.pricing;

type TypeCode = TransportationTypeCheck['available'][number]['code'];
type RouteRow = Awaited<ReturnType<typeof findRoutes>>[number];

export interface PricingContext {
  db: Database;
  now: Date;
  /** The signed-in client's id, when the caller asked for personal prices. */
  userId: number | null;
  /** Tariffs, cities and the network (default: the process-wide cache of `db`, see reference-cache.ts). */
  reference?: ReferenceCache;
  /**
   * Where personal discounts may be taken from for a while (the calculator routes). Without it
   * the discount is read afresh (order creation).
   */
  personalDiscounts?: ReferenceCache;
}

async function resolveCities(
  ref: ReferenceCache,
  db: Database,
  fromRef: string,
  toRef: string,
  fields: [string, string],
) {
  const city = (id: string) =>
    ref.get(
      `city:${id}`,
      () => findPricingCity(db, id),
      (row) => row !== undefined,
    );
  const [from, to] = await Promise.all([city(fromRef), city(toRef)]);
  if (!from || !to) {
    throw new AppError('NOT_FOUND', 404, P.cityNotFound, {
      ...(from ? {} : { [fields[0]]: P.cityNotFound }),
      ...(to ? {} : { [fields[1]]: P.cityNotFound }),
    });
  }
  if (from.id === to.id) {
    throw new AppError('VALIDATION_FAILED', 400, P.sameCity, { [fields[1]]: P.sameCity });
  }
  return { from, to };
}

const noRoute = () => new AppError('BAD_REQUEST', 422, P.noRoute);

/** Types running between the cities (subdivisions, distance) that also have a tariff route. */
async function availableRoutes(ref: ReferenceCache, db: Database, from: PricingCity, to: PricingCity) {
  if (from.zoneId === null || to.zoneId === null) throw noRoute();
  return ref.get(`routes:${from.id}:${to.id}`, () => loadAvailableRoutes(db, from, to));
}

async function loadAvailableRoutes(db: Database, from: PricingCity, to: PricingCity) {
  if (from.zoneId === null || to.zoneId === null) throw noRoute();
  const [check, routes] = await Promise.all([
    checkTransportationTypes(db, String(from.id), String(to.id)),
    findRoutes(db, from.zoneId, to.zoneId),
  ]);
  const byCode = new Map(routes.map((r) => [r.typeCode, r]));
  const priced: { type: TransportationTypeCheck['available'][number]; row: RouteRow; tariff: RouteTariff }[] = [];
  const unavailable = [...check.unavailable];
  for (const type of check.available) {
    const row = byCode.get(type.code);
    if (row) priced.push({ type, row, tariff: toRouteTariff(row) });
    else unavailable.push({ code: type.code, name: type.name, reason: P.noTariff });
  }
  return { distanceKm: check.distance_km, priced, unavailable };
}

function toRouteTariff(row: RouteRow): RouteTariff {
  return {
    calcMode: row.calcMode as CalcMode,
    weightBreaks: row.route.weightBreaks,
    volumeBreaks: row.route.volumeBreaks,
    minChargeKopecks: row.route.minChargeKopecks,
    densityKgPerM3: row.route.densityKgPerM3,
    volumeCoefficientPermille: row.route.volumeCoefficientPermille,
    transitDaysMin: row.route.transitDaysMin,
    transitDaysMax: row.route.transitDaysMax,
  };
}

type BaseRates = Omit<ServiceRates, 'vatIncluded' | 'vatRateBp'>;

async function loadBaseRates(db: Database): Promise<BaseRates> {
  const rows = new Map((await findSurcharges(db)).map((r) => [r.code, r]));
  const value = (code: string) => {
    const row = rows.get(code);
    if (!row) throw new Error(`Surcharge ${code} is not seeded`);
    return row;
  };
  return {
    oversizeBp: value('OVERSIZE').value,
    fragileBp: value('FRAGILE').value,
    crateVolumeBp: value('CRATE_VOLUME').value,
    insuranceBp: value('INSURANCE').value,
    insuranceMinKopecks: value('INSURANCE').minKopecks,
    loadingPerKgKopecks: value('LOADING').value,
    loadingMinKopecks: value('LOADING').minKopecks,
    stairsPerFloorPlaceKopecks: value('FLOOR_STAIRS').value,
    liftPerPlaceKopecks: value('FLOOR_LIFT').value,
  };
}

const loadRates = (
  ref: ReferenceCache,
  db: Database,
  vat: { vatIncluded: boolean; vatRateBp: number },
): ServiceRates | Promise<ServiceRates> =>
  ref.get(`rates:${vat.vatIncluded}:${vat.vatRateBp}`, async () => ({
    ...(await loadBaseRates(db)),
    vatIncluded: vat.vatIncluded,
    vatRateBp: vat.vatRateBp,
  }));

async function doorTariff(ref: ReferenceCache, db: Database, city: PricingCity): Promise<DoorTariff> {
  const row = await ref.get(`door:${city.id}`, () => findDoorRate(db, city.id));
  if (!row) throw new AppError('BAD_REQUEST', 422, P.noRoute);
  return row;
}

/**
 * The client's discount (the larger of the personal one and that of an offer the active profile
 * took, pricing.repository.ts findClientDiscountBp): from the calculator's short-lived cache when
 * given, else read now. The cache is keyed by the user alone, so after switching the active
 * profile (or taking an offer through another API instance) the calculator may show the previous
 * discount for up to PERSONAL_DISCOUNT_TTL_MS (30 s); orders read it afresh. Offer changes in the
 * back-office drop the cache everywhere (announcePriceChange).
 */
function personalDiscountBp(ctx: PricingContext, wanted: boolean | undefined): number | Promise<number> {
  const { db, userId, personalDiscounts, now } = ctx;
  if (!wanted || userId === null) return 0;
  const read = () => findClientDiscountBp(db, userId, toIsoDate(now)!);
  if (!personalDiscounts) return read();
  return personalDiscounts.get(`discount:${userId}`, read);
}

const cityBrief = (c: PricingCity) => ({ id: c.id, name: c.name, timezone: c.timezone });

const NO_PROMOTIONS: readonly AutoPromotion[] = [];

/**
 * The automatic promotions (promotion_rules of active promotions), through the reference cache
 * like the tariffs; only a door pick-up can be made free, so without one none is read.
 */
const autoPromotionsFor = (
  ref: ReferenceCache,
  db: Database,
  doorPickup: boolean,
): readonly AutoPromotion[] | Promise<readonly AutoPromotion[]> =>
  doorPickup ? ref.get('auto-promotions', () => findAutoPromotions(db)) : NO_PROMOTIONS;

/** The pricing's input of automatic promotions: judged on the origin and the planned pick-up date. */
const promotionsInput = (rules: readonly AutoPromotion[], origin: PricingCity, pickupDate: string) =>
  rules.length > 0 ? { rules, originCityId: origin.id, pickupDate } : null;

// Calendar arithmetic and its wording are pure: memoised per minute and time zone (dispatch) and
// per dispatch date, transit days and chosen dates (terms and arrival). The maps are small and
// emptied when they grow.
const dispatchMemo = new Map<string, string>();
const termsMemo = new Map<string, Terms>();

interface Terms {
  terms: string;
  dispatch_date: string;
  arrival_date: string;
  arrival_date_text: string;
  arrival_note?: string;
}

function memo<T>(map: Map<string, T>, key: string, compute: () => T): T {
  let value = map.get(key);
  if (value === undefined) {
    if (map.size >= 10_000) map.clear();
    value = compute();
    map.set(key, value);
  }
  return value;
}

const dispatchFor = (now: Date, timeZone: string) =>
  memo(dispatchMemo, `${timeZone}|${Math.floor(now.getTime() / 60_000)}`, () =>
    earliestDispatchDate(now, timeZone, RU_PRODUCTION_CALENDAR),
  );

/** The chosen dates of a full calculation and its points (the wording of a moved arrival). */
interface ChosenDates {
  pickupDate: string | null;
  deliveryDate: string | null;
  pickupAtDoor: boolean;
  deliveryAtDoor: boolean;
}

const NO_DATES: ChosenDates = { pickupDate: null, deliveryDate: null, pickupAtDoor: false, deliveryAtDoor: false };

/** Terms, planned dispatch and arrival (domain `planArrival`: the one rule of every screen and of request_create). */
const terms = (earliest: string, route: RouteTariff, chosen: ChosenDates = NO_DATES): Terms =>
  memo(
    termsMemo,
    `${earliest}|${route.transitDaysMin}|${route.transitDaysMax}|${chosen.pickupDate ?? ''}|${chosen.deliveryDate ?? ''}` +
      `|${chosen.pickupAtDoor}|${chosen.deliveryAtDoor}`,
    () => {
      const plan = planArrival({
        earliestDispatchDate: earliest,
        transitDaysMax: route.transitDaysMax,
        calendar: RU_PRODUCTION_CALENDAR,
        pickupDate: chosen.pickupDate,
        deliveryDate: chosen.deliveryDate,
      });
      const note = arrivalShiftNote(plan, chosen);
      return {
        terms: formatTransitTerms(route.transitDaysMin, route.transitDaysMax),
        dispatch_date: plan.dispatchDate,
        arrival_date: plan.arrivalDate,
        arrival_date_text: formatLongDate(plan.arrivalDate),
        ...(note ? { arrival_note: note } : {}),
      };
    },
  );

/** GET prices_terms_calculation: a price, terms and arrival date per available transportation type. */
export async function pricesAndTerms(ctx: PricingContext, query: PricesTermsQuery): Promise<PricesTermsResponse> {
  const { db, now } = ctx;
  const ref = ctx.reference ?? pricingReferenceFor(db);
  const { from, to } = await resolveCities(ref, db, query.city_from_fias_id, query.city_to_fias_id, [
    'city_from_fias_id',
    'city_to_fias_id',
  ]);
  const { distanceKm, priced, unavailable } = await availableRoutes(ref, db, from, to);
  if (priced.length === 0) throw noRoute();
  const cargo = summarizeTotals(query.quantity, query.weight, query.volume);
  const first = priced[0]!.row;
  const [rates, pickupDoor, deliveryDoor, personalBp, promotionRules] = await Promise.all([
    loadRates(ref, db, { vatIncluded: first.vatIncluded, vatRateBp: first.vatRateBp }),
    query.from_address ? doorTariff(ref, db, from) : null,
    query.to_address ? doorTariff(ref, db, to) : null,
    personalDiscountBp(ctx, query.is_logged),
    autoPromotionsFor(ref, db, Boolean(query.from_address)),
  ]);
  const dispatch = dispatchFor(now, from.timezone);
  // No date is chosen here: the pick-up is planned for the earliest dispatch (planArrival).
  const autoPromotions = promotionsInput(promotionRules, from, dispatch);
  const side = (door: DoorTariff | null): DoorSide | null =>
    door ? { door, kmOutsideRing: 0, handling: { loading: false, floor: 1, hasLift: false } } : null;
  return {
    city_from: cityBrief(from),
    city_to: cityBrief(to),
    distance_km: distanceKm,
    quantity: cargo.quantity,
    weight: cargo.weightKg,
    volume: cargo.volumeM3,
    unavailable,
    prices: priced.map(({ type, tariff: route }) => {
      const price = calculateOrderPrice({
        route,
        rates,
        cargo,
        fragile: false,
        pickup: side(pickupDoor),
        delivery: side(deliveryDoor),
        packaging: [],
        declaredValueKopecks: 0,
        personalDiscountBp: personalBp,
        promo: null,
        autoPromotions,
        now,
        // Only the total is shown here.
        explain: false,
      });
      return {
        transportation_type: { id: type.id, code: type.code, name: type.name },
        price_kopecks: price.totalKopecks,
        price_text: formatRub(price.totalKopecks),
        transit_days_min: route.transitDaysMin,
        transit_days_max: route.transitDaysMax,
        ...terms(dispatch, route),
        personal: personalBp > 0,
      };
    }),
  };
}

type FullRequest = z.output<typeof FullCalculatorRequestSchema>;

/** POST full_calculator_standard: the order-shaped input → one line per service and the total. */
export async function fullCalculation(ctx: PricingContext, body: FullRequest): Promise<FullCalculatorResponse> {
  const { db, now } = ctx;
  const ref = ctx.reference ?? pricingReferenceFor(db);
  const { from, to } = await resolveCities(ref, db, body.city_from, body.city_to, ['city_from', 'city_to']);
  const { priced } = await availableRoutes(ref, db, from, to);
  if (priced.length === 0) throw noRoute();
  const chosen = priced.find((p) => p.type.code === (body.transportation_type as TypeCode));
  if (!chosen) {
    throw new AppError('BAD_REQUEST', 422, P.typeUnavailable, { transportation_type: P.typeUnavailable });
  }
  const [rates, packageByCode, pickupDoor, deliveryDoor, personalBp, promo, promotionRules] = await Promise.all([
    loadRates(ref, db, { vatIncluded: chosen.row.vatIncluded, vatRateBp: chosen.row.vatRateBp }),
    ref.get('packages', async () => new Map((await findActivePackages(db)).map((p) => [p.code, p]))),
    body.departure.type === 'address' ? doorTariff(ref, db, from) : null,
    body.delivery.type === 'address' ? doorTariff(ref, db, to) : null,
    personalDiscountBp(ctx, body.is_logged),
    // Never cached: an exhausted or disabled code must show at once.
    body.promocode ? findPromoCode(db, body.promocode) : undefined,
    autoPromotionsFor(ref, db, body.departure.type === 'address'),
  ]);
  const fields: Record<string, string> = {};
  const packaging: PackagingChoice[] = [];
  body.packages.forEach((choice, index) => {
    const found = packageByCode.get(choice.code);
    if (!found) {
      fields[`packages.${index}.code`] = P.packageUnknown;
      return;
    }
    packaging.push({
      code: found.code,
      name: found.name,
      priceKopecks: found.priceKopecks,
      unit: found.priceUnit as PackagingChoice['unit'],
      ...(choice.quantity !== undefined ? { places: choice.quantity } : {}),
    });
  });
  if (Object.keys(fields).length > 0)
    throw new AppError('VALIDATION_FAILED', 400, MESSAGES.common.validationFailed, fields);

  const cargo: CargoSummary = summarizePlaces(pricingPlaces(body));
  const side = (door: DoorTariff | null, point: FullRequest['departure']): DoorSide | null =>
    door
      ? {
          door,
          kmOutsideRing: point.km_outside_ring,
          handling: { loading: point.loading, floor: point.floor, hasLift: point.has_lift },
        }
      : null;
  const route = chosen.tariff;
  const planned = terms(dispatchFor(now, from.timezone), route, {
    pickupDate: body.departure_date ?? null,
    deliveryDate: body.delivery_date ?? null,
    pickupAtDoor: body.departure.type === 'address',
    deliveryAtDoor: body.delivery.type === 'address',
  });
  const price: OrderPrice = calculateOrderPrice({
    route,
    rates,
    cargo,
    fragile: body.fragile || body.cargo_type === 'fragile',
    pickup: side(pickupDoor, body.departure),
    delivery: side(deliveryDoor, body.delivery),
    packaging,
    declaredValueKopecks: Math.round(body.declared_value * 100),
    personalDiscountBp: personalBp,
    promo: body.promocode
      ? { entered: body.promocode, found: promo ? { ...promo, kind: promo.kind as PromoCode['kind'] } : null }
      : null,
    // Judged on the planned pick-up: the chosen date, or the earliest dispatch (planArrival).
    autoPromotions: promotionsInput(promotionRules, from, planned.dispatch_date),
    now,
  });
  return {
    city_from: cityBrief(from),
    city_to: cityBrief(to),
    transportation_type: { id: chosen.type.id, code: chosen.type.code, name: chosen.type.name },
    ...planned,
    lines: price.lines.map((l) => ({
      code: l.code,
      title: l.title,
      amount_kopecks: l.amountKopecks,
      explanation: l.explanation,
    })),
    subtotal_kopecks: price.subtotalKopecks,
    total_kopecks: price.totalKopecks,
    total_text: formatRub(price.totalKopecks),
    vat_kopecks: price.vatKopecks,
    vat_included: price.vatIncluded,
    promocode_error: price.promocodeError,
  };
}
