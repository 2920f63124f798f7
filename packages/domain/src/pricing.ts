import { formatLongDate, formatLongDateRange } from './dates';
import { PLURAL_TEXTS } from './texts/plural';
import { PRICING_TEXTS } from './texts/pricing';
import { formatNumber, formatRub } from './money';
import { formatCount, pluralize } from './plural';
import { toPriceAmount } from './price';
import { CRATE_PACKAGE_CODE } from './shipment/limits';
import { shipmentVolume } from './shipment/volume';

/*
 * The pricing engine (issue 6). Every amount is an integer number of kopecks.
 *
 * Rounding rules (all in favour of neither side unless stated):
 * - Weights are measured in whole hundredths of a kilogram and volumes in whole litres
 *   (0.001 m³), both rounded UP (a partly used unit is charged as a whole one, as carriers
 *   do). Inputs below 0.01 count as 0.01 (spec section 5, `toPriceAmount`).
 * - A money product (rate × quantity, amount × percentage) is rounded half up to the kopeck
 *   with integer arithmetic, once per line; the total is the plain sum of the rounded lines.
 * - Percentages are basis points (1 % = 100 bp) so they stay integers.
 */

/** One step of a rate grid: applies to quantities up to and including `upTo` (null: above the last step). */
export interface RateBreak {
  upTo: number | null;
  /** Kopecks per kg (weight grid) or per m³ (volume grid). */
  rateKopecks: number;
}

/**
 * `chargeable_weight` (mode A): paid kg = max(actual kg, volume × density), priced by the weight grid.
 * `two_grids` (mode B): max(weight grid × actual kg, volume grid × m³).
 */
export type CalcMode = 'chargeable_weight' | 'two_grids';

export interface RouteTariff {
  calcMode: CalcMode;
  weightBreaks: readonly RateBreak[];
  volumeBreaks: readonly RateBreak[];
  minChargeKopecks: number;
  densityKgPerM3: number;
  /** Stacking coefficient on the measured volume, in thousandths: 1100 = ×1.1. */
  volumeCoefficientPermille: number;
  transitDaysMin: number;
  transitDaysMax: number;
}

/** Door pickup or delivery: a fixed price for the first bracket holding both weight and volume. */
export interface DoorBracket {
  weightTo: number;
  volumeTo: number;
  priceKopecks: number;
}

export interface DoorTariff {
  brackets: readonly DoorBracket[];
  /** Price above the last bracket. */
  aboveKopecks: number;
  perKmOutsideRingKopecks: number;
  /** «МКАД», «КАД» or «городской черты». */
  ringName: string;
}

/** Surcharges and service rates of the price list (table `surcharges`). */
export interface ServiceRates {
  oversizeBp: number;
  fragileBp: number;
  /** Extra volume of crated places: 3000 = +30 % (×1.3). */
  crateVolumeBp: number;
  insuranceBp: number;
  insuranceMinKopecks: number;
  loadingPerKgKopecks: number;
  loadingMinKopecks: number;
  /** Carrying up the stairs: per place and floor above the first. */
  stairsPerFloorPlaceKopecks: number;
  /** With a freight lift: per place, any floor. */
  liftPerPlaceKopecks: number;
  vatIncluded: boolean;
  vatRateBp: number;
}

/** Oversize thresholds (one place heavier, longer or larger than this is негабарит). */
export const OVERSIZE_LIMITS = { placeWeightKg: 500, sideCm: 300, placeVolumeM3: 1.5 } as const;

/** The consignment as the pricing engine sees it. */
export interface CargoSummary {
  quantity: number;
  /** Total kilograms. */
  weightKg: number;
  /** Total cubic metres, as measured. */
  volumeM3: number;
  /** Cubic metres of the crated places (part of `volumeM3`). */
  crateVolumeM3: number;
  maxPlaceWeightKg: number;
  maxSideCm: number;
  maxPlaceVolumeM3: number;
}

export interface PricingPlace {
  quantity: number;
  /** Kilograms per place. */
  weightKg: number;
  /** Dimensions of one place, cm; null when only the volume is known. */
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
  /** Cubic metres of one place when stated; wins over the dimensions (`shipmentVolume`). */
  volumeM3?: number | null;
  crate?: boolean;
}

/**
 * Sums places (each counted `quantity` times) into a {@link CargoSummary}. A place's volume is
 * `shipmentVolume` of it: the stated volume, else its dimensions.
 */
export function summarizePlaces(places: readonly PricingPlace[]): CargoSummary {
  const summary: CargoSummary = {
    quantity: 0,
    weightKg: 0,
    volumeM3: 0,
    crateVolumeM3: 0,
    maxPlaceWeightKg: 0,
    maxSideCm: 0,
    maxPlaceVolumeM3: 0,
  };
  for (const place of places) {
    const placeVolume =
      shipmentVolume({
        length: place.lengthCm,
        width: place.widthCm,
        height: place.heightCm,
        volume: place.volumeM3,
      }) ?? 0;
    summary.quantity += place.quantity;
    summary.weightKg += place.weightKg * place.quantity;
    summary.volumeM3 += placeVolume * place.quantity;
    if (place.crate) summary.crateVolumeM3 += placeVolume * place.quantity;
    summary.maxPlaceWeightKg = Math.max(summary.maxPlaceWeightKg, place.weightKg);
    summary.maxSideCm = Math.max(summary.maxSideCm, place.lengthCm ?? 0, place.widthCm ?? 0, place.heightCm ?? 0);
    summary.maxPlaceVolumeM3 = Math.max(summary.maxPlaceVolumeM3, placeVolume);
  }
  return summary;
}

/** Totals only (prices_terms_calculation): every place is assumed of equal weight and volume. */
export function summarizeTotals(quantity: number, weightKg: number, volumeM3: number): CargoSummary {
  const places = Math.max(1, Math.floor(quantity));
  const weight = toPriceAmount(weightKg);
  const volume = toPriceAmount(volumeM3);
  return {
    quantity: places,
    weightKg: weight,
    volumeM3: volume,
    crateVolumeM3: 0,
    maxPlaceWeightKg: weight / places,
    maxSideCm: 0,
    maxPlaceVolumeM3: volume / places,
  };
}

/** `numerator / denominator` rounded half up, for non-negative safe integers. */
export function divRoundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((numerator + Math.floor(denominator / 2)) / denominator);
}

/** Basis points of an amount in kopecks, rounded half up: `percentOf(174_000, 2500)` → 43 500. */
export function percentOf(amountKopecks: number, bp: number): number {
  return divRoundHalfUp(amountKopecks * bp, 10_000);
}

/**
 * `Math.ceil` of a scaled measure after clearing binary noise: 0.1 × 3 × 1000 is
 * 300.00000000000006 litres, charged as 300, not 301. A value within a trillionth of a whole
 * number is that number (the noise of one multiplication is about 1e-16 of it). Arithmetic only:
 * the prices of a price list call this a few times per transportation type (issue #19).
 */
function ceilClearingNoise(scaled: number): number {
  const nearest = Math.round(scaled);
  return Math.abs(scaled - nearest) <= Math.abs(scaled) * 1e-12 ? nearest : Math.ceil(scaled);
}

/** Kilograms → whole hundredths of a kg, rounded up after clearing binary noise (min 1 = 0.01 kg). */
export function toCentiKg(kg: number): number {
  return Math.max(1, ceilClearingNoise(toPriceAmount(kg) * 100));
}

/** Cubic metres → whole litres, rounded up after clearing binary noise (min 10 = 0.01 m³). */
export function toLitres(m3: number): number {
  return Math.max(10, ceilClearingNoise(toPriceAmount(m3) * 1000));
}

/** The break applying to `quantity` (inclusive upper bounds, grid sorted ascending; the open step last). */
export function pickBreak(breaks: readonly RateBreak[], quantity: number): RateBreak {
  const found = breaks.find((b) => b.upTo === null || quantity <= b.upTo) ?? breaks[breaks.length - 1];
  if (!found) throw new RangeError('Empty rate grid');
  return found;
}

export type PriceLineCode =
  | 'freight'
  | 'oversize'
  | 'fragile'
  | 'pickup'
  | 'delivery'
  | 'loading'
  | 'unloading'
  | 'floor_pickup'
  | 'floor_delivery'
  | 'packaging'
  | 'insurance'
  | 'free_pickup'
  | 'personal_discount'
  | 'promocode'
  | 'vat';

export interface PriceLine {
  code: PriceLineCode;
  title: string;
  amountKopecks: number;
  /** How the amount was built, in plain Russian. */
  explanation: string;
}

const P = PRICING_TEXTS;
const kg = (centiKg: number) => `${formatNumber(centiKg / 100)} кг`;
const m3 = (litres: number) => `${formatNumber(litres / 1000, 3)} м³`;
const pct = (bp: number) => `${formatNumber(bp / 100)} %`;

export interface FreightResult {
  line: PriceLine;
  /** Freight before surcharges (after the minimum charge). */
  amountKopecks: number;
}

/**
 * Line-haul charge by the route's grids, volume coefficient, density and minimum charge.
 * `explain: false` leaves the explanation empty (the amounts are the same).
 */
export function calculateFreight(
  route: RouteTariff,
  cargo: CargoSummary,
  crateVolumeBp = 0,
  explain = true,
): FreightResult {
  const actualCentiKg = toCentiKg(cargo.weightKg);
  const measuredLitres = toLitres(cargo.volumeM3);
  const crateExtra = cargo.crateVolumeM3 > 0 ? percentOf(Math.ceil(cargo.crateVolumeM3 * 1000), crateVolumeBp) : 0;
  const litres = Math.ceil((measuredLitres * route.volumeCoefficientPermille) / 1000) + crateExtra;
  // Where the charged volume comes from when it is not the measured one (issue 21: no number
  // unexplained). Worded only for an explanation: a price list's totals need no text (issue #19).
  const volumeText = () =>
    litres === measuredLitres
      ? m3(litres)
      : P.volumeCounted(
          m3(litres),
          m3(measuredLitres),
          formatNumber(route.volumeCoefficientPermille / 1000),
          crateExtra > 0 ? m3(crateExtra) : null,
        );
  let amount: number;
  let explanation: string;
  if (route.calcMode === 'chargeable_weight') {
    const volumeCentiKg = Math.ceil((litres * route.densityKgPerM3) / 10);
    const paid = Math.max(actualCentiKg, volumeCentiKg);
    const rate = pickBreak(route.weightBreaks, paid / 100).rateKopecks;
    amount = divRoundHalfUp(rate * paid, 100);
    if (explain) {
      const basis =
        paid > actualCentiKg
          ? `${kg(paid)} ${P.volumeWeight(volumeText(), formatNumber(route.densityKgPerM3))}`
          : kg(paid);
      explanation = `${P.freight}: ${basis} × ${formatRub(rate)} = ${formatRub(amount)}`;
    } else {
      explanation = '';
    }
  } else {
    const weightRate = pickBreak(route.weightBreaks, actualCentiKg / 100).rateKopecks;
    const volumeRate = pickBreak(route.volumeBreaks, litres / 1000).rateKopecks;
    const byWeight = divRoundHalfUp(weightRate * actualCentiKg, 100);
    const byVolume = divRoundHalfUp(volumeRate * litres, 1000);
    amount = Math.max(byWeight, byVolume);
    if (!explain) explanation = '';
    else if (byVolume > byWeight) {
      explanation = `${P.freight}: ${volumeText()} × ${formatRub(volumeRate)} = ${formatRub(byVolume)} ${P.byVolume}`;
    } else {
      explanation = `${P.freight}: ${kg(actualCentiKg)} × ${formatRub(weightRate)} = ${formatRub(byWeight)}`;
    }
  }
  if (amount < route.minChargeKopecks) {
    if (explain) explanation = `${explanation}; ${P.minimumApplied(formatRub(route.minChargeKopecks))}`;
    amount = route.minChargeKopecks;
  }
  return { amountKopecks: amount, line: { code: 'freight', title: P.freight, amountKopecks: amount, explanation } };
}

/** Whether any place crosses {@link OVERSIZE_LIMITS}. */
export function isOversize(cargo: CargoSummary): boolean {
  return (
    cargo.maxPlaceWeightKg > OVERSIZE_LIMITS.placeWeightKg ||
    cargo.maxSideCm >= OVERSIZE_LIMITS.sideCm ||
    cargo.maxPlaceVolumeM3 > OVERSIZE_LIMITS.placeVolumeM3
  );
}

/** Door pickup or delivery: the bracket price plus the per-km charge beyond the ring road. */
export function calculateDoor(
  code: 'pickup' | 'delivery',
  door: DoorTariff,
  cargo: CargoSummary,
  kmOutsideRing = 0,
  explain = true,
): PriceLine {
  const weight = toCentiKg(cargo.weightKg) / 100;
  const volume = toLitres(cargo.volumeM3) / 1000;
  const bracket = door.brackets.find((b) => weight <= b.weightTo && volume <= b.volumeTo);
  const base = bracket ? bracket.priceKopecks : door.aboveKopecks;
  const km = Math.max(0, Math.ceil(kmOutsideRing));
  const extra = km * door.perKmOutsideRingKopecks;
  const title = code === 'pickup' ? P.pickup : P.delivery;
  if (!explain) return { code, title, amountKopecks: base + extra, explanation: '' };
  const bracketText = bracket
    ? P.doorBracket(formatNumber(bracket.weightTo), formatNumber(bracket.volumeTo, 3), formatRub(base))
    : P.doorAbove(formatRub(base));
  const kmText =
    km > 0
      ? ` + ${km} км ${P.outside(door.ringName)} × ${formatRub(door.perKmOutsideRingKopecks)} = ${formatRub(base + extra)}`
      : '';
  return { code, title, amountKopecks: base + extra, explanation: `${title}: ${bracketText}${kmText}` };
}

/** Insurance: a percentage of the declared value with a minimum. */
export function calculateInsurance(declaredKopecks: number, rates: ServiceRates): PriceLine {
  const byRate = percentOf(declaredKopecks, rates.insuranceBp);
  const amount = Math.max(rates.insuranceMinKopecks, byRate);
  const base = `${P.insurance}: ${pct(rates.insuranceBp)} от ${formatRub(declaredKopecks)} = ${formatRub(byRate)}`;
  const explanation = amount > byRate ? `${base}; ${P.minimumApplied(formatRub(rates.insuranceMinKopecks))}` : base;
  return { code: 'insurance', title: P.insurance, amountKopecks: amount, explanation };
}

export interface HandlingInput {
  /** Loading (at pickup) or unloading (at delivery) by our crew. */
  loading: boolean;
  /** Floor of the address; 1 or less means the ground floor. */
  floor: number;
  hasLift: boolean;
}

/** Loading or unloading by weight with a minimum, and carrying to the floor. */
export function calculateHandling(
  side: 'pickup' | 'delivery',
  handling: HandlingInput,
  cargo: CargoSummary,
  rates: ServiceRates,
): PriceLine[] {
  const lines: PriceLine[] = [];
  if (handling.loading) {
    const centiKg = toCentiKg(cargo.weightKg);
    const byWeight = divRoundHalfUp(centiKg * rates.loadingPerKgKopecks, 100);
    const amount = Math.max(rates.loadingMinKopecks, byWeight);
    const title = side === 'pickup' ? P.loading : P.unloading;
    let explanation = `${title}: ${kg(centiKg)} × ${formatRub(rates.loadingPerKgKopecks)} = ${formatRub(byWeight)}`;
    if (amount > byWeight) explanation += `; ${P.minimumApplied(formatRub(rates.loadingMinKopecks))}`;
    lines.push({ code: side === 'pickup' ? 'loading' : 'unloading', title, amountKopecks: amount, explanation });
    const floor = Math.floor(handling.floor);
    if (floor > 1) {
      const places = cargo.quantity;
      const code = side === 'pickup' ? 'floor_pickup' : 'floor_delivery';
      const floorTitle = side === 'pickup' ? P.floorPickup : P.floorDelivery;
      if (handling.hasLift) {
        const total = places * rates.liftPerPlaceKopecks;
        lines.push({
          code,
          title: floorTitle,
          amountKopecks: total,
          explanation: `${floorTitle}: ${P.withLift}, ${formatPlaces(places)} × ${formatRub(rates.liftPerPlaceKopecks)} = ${formatRub(total)}`,
        });
      } else {
        const floors = floor - 1;
        const total = places * floors * rates.stairsPerFloorPlaceKopecks;
        lines.push({
          code,
          title: floorTitle,
          amountKopecks: total,
          explanation: `${floorTitle}: ${P.stairs}, ${formatPlaces(places)} × ${formatCount(floors, P.floorForms)} × ${formatRub(rates.stairsPerFloorPlaceKopecks)} = ${formatRub(total)}`,
        });
      }
    }
  }
  return lines;
}

const formatPlaces = (places: number) => `${formatNumber(places)} ${pluralize(places, PLURAL_TEXTS.place)}`;

export interface PackagingChoice {
  code: string;
  name: string;
  priceKopecks: number;
  unit: 'place' | 'm3' | 'kg';
  /** Places to pack; defaults to every place of the consignment. */
  places?: number;
}

/** Packaging priced per place, per m³ or per kg of the consignment. */
export function calculatePackaging(choice: PackagingChoice, cargo: CargoSummary): PriceLine {
  let amount: number;
  let basis: string;
  if (choice.unit === 'place') {
    const places = choice.places ?? cargo.quantity;
    amount = places * choice.priceKopecks;
    basis = formatPlaces(places);
  } else if (choice.unit === 'm3') {
    const litres =
      choice.code === CRATE_PACKAGE_CODE && cargo.crateVolumeM3 > 0
        ? toLitres(cargo.crateVolumeM3)
        : toLitres(cargo.volumeM3);
    amount = divRoundHalfUp(litres * choice.priceKopecks, 1000);
    basis = m3(litres);
  } else {
    const centiKg = toCentiKg(cargo.weightKg);
    amount = divRoundHalfUp(centiKg * choice.priceKopecks, 100);
    basis = kg(centiKg);
  }
  return {
    code: 'packaging',
    title: choice.name,
    amountKopecks: amount,
    explanation: `${choice.name}: ${basis} × ${formatRub(choice.priceKopecks)} = ${formatRub(amount)}`,
  };
}

export interface PromoCode {
  code: string;
  kind: 'percent' | 'fixed';
  /** Basis points for `percent`, kopecks for `fixed`. */
  value: number;
  validFrom: Date | null;
  validTo: Date | null;
  usageLimit: number | null;
  usedCount: number;
  minOrderKopecks: number;
  isActive: boolean;
}

export type PromoCheck = { ok: true; line: PriceLine } | { ok: false; message: string };

/**
 * Why a known promo code refuses every order at `now` (switched off, not started, expired, used
 * up), as the one sentence the user reads; null when it may apply (the minimum order aside).
 * Dates are the Moscow calendar day of the bound (the carrier's head office).
 */
function promoRefusal(promo: PromoCode, now: Date): string | null {
  if (!promo.isActive) return P.promoDisabled(promo.code);
  if (promo.validFrom && now < promo.validFrom) return P.promoNotStarted(promo.code, formatLongDate(promo.validFrom));
  if (promo.validTo && now > promo.validTo) return P.promoExpired(promo.code, formatLongDate(promo.validTo));
  if (promo.usageLimit !== null && promo.usedCount >= promo.usageLimit) return P.promoExhausted(promo.code);
  return null;
}

/**
 * Whether a promo code applies to an order of `subtotalKopecks` at `now`, and its discount line
 * (negative amount); else the reason in one sentence naming the code («Промокод START10 действует
 * для заказов от 3 000 ₽»). `entered` (what the user typed) names an unknown code; it defaults to
 * the code itself. A fixed discount never exceeds the subtotal.
 */
export function applyPromoCode(
  promo: PromoCode | null | undefined,
  subtotalKopecks: number,
  now: Date,
  entered: string = promo?.code ?? '',
): PromoCheck {
  // Codes are stored upper-case and matched case-insensitively: an unknown one is named so too.
  if (!promo) return { ok: false, message: P.promoUnknown(entered.trim().toUpperCase()) };
  const refusal = promoRefusal(promo, now);
  if (refusal !== null) return { ok: false, message: refusal };
  if (subtotalKopecks < promo.minOrderKopecks) {
    return { ok: false, message: P.promoMinOrder(promo.code, formatRub(promo.minOrderKopecks)) };
  }
  const discount =
    promo.kind === 'percent' ? percentOf(subtotalKopecks, promo.value) : Math.min(promo.value, subtotalKopecks);
  const how =
    promo.kind === 'percent'
      ? `${pct(promo.value)} от ${formatRub(subtotalKopecks)} = ${formatRub(discount)}`
      : formatRub(discount);
  return {
    ok: true,
    line: {
      code: 'promocode',
      title: P.promoTitle(promo.code),
      amountKopecks: -discount,
      explanation: `${P.promoTitle(promo.code)}: −${how}`,
    },
  };
}

/**
 * A promotion's promo code with the conditions `applyPromoCode` enforces, from the same row:
 * «Промокод START10: −10 % на заказ от 3 000 ₽, до 30 июня 2027 г., для первых 1 000 заказов»
 * (the minimum order or «на любой заказ»; the start while it is ahead; the end; the usage limit
 * shared by every client). A code that refuses every order at `now` (switched off, expired, used
 * up) gets that refusal instead, so a promotion never advertises a code that cannot work.
 */
export function describePromoCode(promo: PromoCode, now: Date): string {
  const upcoming = promo.validFrom !== null && now < promo.validFrom;
  // A code that starts later is judged as of its start: it is advertised with «с <date>».
  const refusal = promoRefusal(promo, upcoming && promo.validFrom ? promo.validFrom : now);
  if (refusal !== null) return refusal;
  const discount = promo.kind === 'percent' ? pct(promo.value) : formatRub(promo.value);
  const conditions = [promo.minOrderKopecks > 0 ? P.promoOrderFrom(formatRub(promo.minOrderKopecks)) : P.promoAnyOrder];
  if (upcoming && promo.validFrom) conditions.push(P.promoValidFrom(formatLongDate(promo.validFrom)));
  if (promo.validTo) conditions.push(P.promoValidTo(formatLongDate(promo.validTo)));
  if (promo.usageLimit !== null) conditions.push(P.promoUsageLimit(formatCount(promo.usageLimit, P.ordersGenitive)));
  return P.promoOffer(promo.code, discount, conditions);
}

/** The personal discount of a verified client: a percentage of the subtotal (negative line). */
export function personalDiscountLine(bp: number, subtotalKopecks: number): PriceLine {
  const discount = percentOf(subtotalKopecks, bp);
  return {
    code: 'personal_discount',
    title: P.personalDiscount,
    amountKopecks: -discount,
    explanation: `${P.personalDiscount}: −${pct(bp)} от ${formatRub(subtotalKopecks)} = ${formatRub(discount)}`,
  };
}

/** What an automatic promotion does to a calculation (promotion_rules.effect). */
export const AUTO_PROMOTION_EFFECTS = ['free_pickup'] as const;
export type AutoPromotionEffect = (typeof AUTO_PROMOTION_EFFECTS)[number];

/**
 * An automatic promotion (issue 21, table promotion_rules): a promotion of the site that the
 * pricing applies by itself, without a code, to every calculation its rule covers. The one
 * source of both the discount line and the conditions on the promotion's card
 * ({@link describeAutoPromotion}), so the two cannot disagree.
 */
export interface AutoPromotion {
  /** The promotion's slug (its card on the site) and title (named by the discount line). */
  slug: string;
  title: string;
  /** `free_pickup`: the door pick-up line is given back in full (bracket and km beyond the ring). */
  effect: AutoPromotionEffect;
  /** First and last planned pick-up date, ISO, inclusive (the origin's calendar, as `planArrival`). */
  validFrom: string;
  validTo: string;
  /** Origin cities by our id (the pricing's city id); empty: every origin. */
  originCityIds: readonly number[];
  /**
   * The consignment qualifies from this actual weight OR this measured volume (either suffices;
   * a null one is no way in; both null: any size).
   */
  minWeightKg: number | null;
  minVolumeM3: number | null;
}

/** What a calculation is judged on by {@link autoPromotionApplies}. */
export interface AutoPromotionFacts {
  originCityId: number;
  /** The planned pick-up (dispatch) date, ISO: `planArrival(...).dispatchDate` of the calculation. */
  pickupDate: string;
  cargo: CargoSummary;
}

/**
 * Whether `rule` covers a calculation: the planned pick-up date lies in the rule's period
 * (inclusive), the origin is one of its cities (or it names none), and the consignment reaches
 * the minimum weight or the minimum volume. Weight and volume are rounded up as the pricing
 * charges them (whole hundredths of a kg, whole litres: {@link toCentiKg}, {@link toLitres}), so
 * 199.999 kg counts as the 200 kg it is charged as; 199 kg and 0.99 m³ do not reach 200 kg / 1 m³.
 * The actual weight and the measured volume count, not the volume weight nor the stacking
 * coefficient. Whether the effect has anything to act on (a door pick-up) is the caller's.
 */
export function autoPromotionApplies(rule: AutoPromotion, facts: AutoPromotionFacts): boolean {
  if (facts.pickupDate < rule.validFrom || facts.pickupDate > rule.validTo) return false;
  if (rule.originCityIds.length > 0 && !rule.originCityIds.includes(facts.originCityId)) return false;
  if (rule.minWeightKg === null && rule.minVolumeM3 === null) return true;
  const byWeight = rule.minWeightKg !== null && toCentiKg(facts.cargo.weightKg) >= Math.round(rule.minWeightKg * 100);
  const byVolume = rule.minVolumeM3 !== null && toLitres(facts.cargo.volumeM3) >= Math.round(rule.minVolumeM3 * 1000);
  return byWeight || byVolume;
}

/**
 * The discount lines of the automatic promotions covering a calculation (negative amounts), in
 * the rules' order. `free_pickup` gives back the door pick-up line in full — none without a door
 * pick-up — and only once, however many rules would give it.
 */
export function autoPromotionLines(
  rules: readonly AutoPromotion[],
  facts: AutoPromotionFacts,
  pickup: PriceLine | null,
): PriceLine[] {
  const lines: PriceLine[] = [];
  for (const rule of rules) {
    if (rule.effect !== 'free_pickup' || !pickup || pickup.amountKopecks <= 0) continue;
    if (lines.some((l) => l.code === 'free_pickup') || !autoPromotionApplies(rule, facts)) continue;
    lines.push({
      code: 'free_pickup',
      title: P.autoPromotionTitle(rule.title),
      amountKopecks: -pickup.amountKopecks,
      explanation: P.freePickupApplied(rule.title, formatRub(pickup.amountKopecks)),
    });
  }
  return lines;
}

/**
 * The conditions of an automatic promotion as its card states them, from the rule the pricing
 * applies: «Забор груза от двери — бесплатно для заказов от 200 кг или от 1 м³ при заборе с 1 по
 * 31 декабря 2026 г.; города отправления: Москва, Санкт-Петербург, Екатеринбург. Скидка появится
 * в расчёте отдельной строкой, промокод не нужен». `originNames`: the names of the rule's origin
 * cities (empty: every origin, not named). No final full stop (the card adds it, as for codes).
 */
export function describeAutoPromotion(rule: AutoPromotion, originNames: readonly string[]): string {
  const limits: string[] = [];
  if (rule.minWeightKg !== null) limits.push(`${formatNumber(rule.minWeightKg)} кг`);
  if (rule.minVolumeM3 !== null) limits.push(`${formatNumber(rule.minVolumeM3, 3)} м³`);
  const size = limits.length > 0 ? P.autoPromotionSizeFrom(limits) : P.autoPromotionAnySize;
  return P.autoPromotionOffer(
    P.autoPromotionEffects[rule.effect],
    [size, P.autoPromotionPeriod(formatLongDateRange(rule.validFrom, rule.validTo))],
    originNames.length > 0 ? P.autoPromotionOrigins(originNames) : null,
  );
}

export interface DoorSide {
  door: DoorTariff;
  kmOutsideRing: number;
  handling: HandlingInput;
}

export interface OrderPricingInput {
  route: RouteTariff;
  rates: ServiceRates;
  cargo: CargoSummary;
  fragile: boolean;
  /** Null: terminal on that side. */
  pickup: DoorSide | null;
  delivery: DoorSide | null;
  packaging: readonly PackagingChoice[];
  declaredValueKopecks: number;
  personalDiscountBp: number;
  promo: { entered: string; found: PromoCode | null } | null;
  /**
   * The automatic promotions in force (promotion_rules) and the facts they are judged on: the
   * origin city (our id) and the planned pick-up date (ISO). Absent or null: none applies.
   */
  autoPromotions?: { rules: readonly AutoPromotion[]; originCityId: number; pickupDate: string } | null;
  now: Date;
  /**
   * False: every line's explanation is left empty (amounts and totals are the same). For callers
   * that show only the total (prices_terms_calculation), where the wording is most of the work.
   */
  explain?: boolean;
}

export interface OrderPrice {
  lines: PriceLine[];
  subtotalKopecks: number;
  totalKopecks: number;
  /** VAT inside the total (vatIncluded) or added as its own line. */
  vatKopecks: number;
  vatIncluded: boolean;
  promocodeError: string | null;
}

/**
 * The whole order: freight (with minimum charge), percentage surcharges on the freight,
 * door services, handling, packaging, insurance (their sum is the subtotal); then the automatic
 * promotions (a free pick-up gives its line back in full); then the personal discount and the
 * promo code, each computed on what is left — the subtotal less the promotions, so a percentage
 * never takes a share of a service that is already free, and a promo code's minimum order is
 * judged on that same amount; then VAT on the total.
 */
export function calculateOrderPrice(input: OrderPricingInput): OrderPrice {
  const { route, rates, cargo } = input;
  const explain = input.explain ?? true;
  const freight = calculateFreight(route, cargo, rates.crateVolumeBp, explain);
  const lines: PriceLine[] = [freight.line];
  const surcharge = (code: 'oversize' | 'fragile', title: string, bp: number) => {
    const amount = percentOf(freight.amountKopecks, bp);
    lines.push({
      code,
      title,
      amountKopecks: amount,
      explanation: explain ? `${title}: ${pct(bp)} от ${formatRub(freight.amountKopecks)} = ${formatRub(amount)}` : '',
    });
  };
  if (isOversize(cargo)) surcharge('oversize', P.oversize, rates.oversizeBp);
  if (input.fragile) surcharge('fragile', P.fragile, rates.fragileBp);
  let pickupLine: PriceLine | null = null;
  if (input.pickup) {
    pickupLine = calculateDoor('pickup', input.pickup.door, cargo, input.pickup.kmOutsideRing, explain);
    lines.push(pickupLine);
    lines.push(...calculateHandling('pickup', input.pickup.handling, cargo, rates));
  }
  if (input.delivery) {
    lines.push(calculateDoor('delivery', input.delivery.door, cargo, input.delivery.kmOutsideRing, explain));
    lines.push(...calculateHandling('delivery', input.delivery.handling, cargo, rates));
  }
  for (const choice of input.packaging) lines.push(calculatePackaging(choice, cargo));
  if (input.declaredValueKopecks > 0) lines.push(calculateInsurance(input.declaredValueKopecks, rates));
  const subtotal = lines.reduce((sum, line) => sum + line.amountKopecks, 0);
  let total = subtotal;
  if (input.autoPromotions) {
    const { rules, originCityId, pickupDate } = input.autoPromotions;
    for (const line of autoPromotionLines(rules, { originCityId, pickupDate, cargo }, pickupLine)) {
      lines.push(line);
      total += line.amountKopecks;
    }
  }
  // The discounts are shares of what the promotions left to pay.
  const discountBase = total;
  if (input.personalDiscountBp > 0) {
    const line = personalDiscountLine(input.personalDiscountBp, discountBase);
    lines.push(line);
    total += line.amountKopecks;
  }
  let promocodeError: string | null = null;
  if (input.promo) {
    const check = applyPromoCode(input.promo.found, discountBase, input.now, input.promo.entered);
    if (check.ok) {
      lines.push(check.line);
      total += check.line.amountKopecks;
    } else {
      promocodeError = check.message;
    }
  }
  total = Math.max(0, total);
  let vat: number;
  if (rates.vatIncluded) {
    vat = divRoundHalfUp(total * rates.vatRateBp, 10_000 + rates.vatRateBp);
  } else {
    vat = percentOf(total, rates.vatRateBp);
    lines.push({
      code: 'vat',
      title: P.vat,
      amountKopecks: vat,
      explanation: explain ? `${P.vat}: ${pct(rates.vatRateBp)} от ${formatRub(total)} = ${formatRub(vat)}` : '',
    });
    total += vat;
  }
  // Lines of the rarer services (handling, packaging, insurance, discounts) are worded anyway.
  if (!explain) for (const line of lines) line.explanation = '';
  return {
    lines,
    subtotalKopecks: subtotal,
    totalKopecks: total,
    vatKopecks: vat,
    vatIncluded: rates.vatIncluded,
    promocodeError,
  };
}

/** '3 дня' or '2–3 дня' (the word agrees with the upper bound). */
export function formatTransitTerms(min: number, max: number): string {
  const word = pluralize(max, PLURAL_TEXTS.day);
  return min === max ? `${max} ${word}` : `${min}–${max} ${word}`;
}
