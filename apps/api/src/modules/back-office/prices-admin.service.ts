import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { FullCalculatorRequestSchema, PricesTermsQuerySchema } from '@freight/contracts';
import {
  bpToPercent,
  percentToBp,
  type AdminPromoCode,
  type AdminTariff,
  type PricePreview,
  type PricePreviewRow,
  type PromoCodeInputSchema,
  type TariffChange,
  type TariffPreviewInputSchema,
  type TariffRatesInputSchema,
} from '@freight/contracts/back-office-content';
import type { Database } from '@freight/db';
import { formatRub, type RateBreak } from '@freight/domain';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { AppError } from '../../errors/app-error';
import { asDb } from '../auth/auth-core';
import { fullCalculation, pricesAndTerms } from '../pricing/pricing.service';
import { ReferenceCache } from '../pricing/reference-cache';
import type { BackOfficeDeps } from './back-office.deps';
import { isUniqueViolation, listPage, type PageQuery } from './content-admin.service';
import * as repo from './prices-admin.repository';
import { recordAudit } from './staff-context';

/*
 * The back-office's prices (issue 17, item 4): tariff routes and promo codes [prices.edit].
 * A preview prices sample shipments with the real pricing service twice: as the database is,
 * and inside a transaction that applies the change and is then rolled back, so nothing is ever
 * saved by a preview. A saved change writes the audit log in its transaction and, once it has
 * committed, drops the pricing caches of this and every other API instance.
 */

const E = BACK_OFFICE_CONTENT_TEXTS.errors;

type TariffRatesInput = z.output<typeof TariffRatesInputSchema>;
type TariffPreviewInput = z.output<typeof TariffPreviewInputSchema>;
type PromoCodeInput = z.output<typeof PromoCodeInputSchema>;

// --- Tariffs -----------------------------------------------------------------------------------

const toBreaks = (breaks: readonly RateBreak[]) => breaks.map((b) => ({ up_to: b.upTo, rate_kopecks: b.rateKopecks }));
const fromBreaks = (breaks: readonly { up_to: number | null; rate_kopecks: number }[]): RateBreak[] =>
  breaks.map((b) => ({ upTo: b.up_to, rateKopecks: b.rate_kopecks }));

export function toAdminTariff(row: repo.TariffWithRefs): AdminTariff {
  const { route } = row;
  return {
    id: route.id,
    price_list: row.priceList,
    from_zone: row.fromZone,
    to_zone: row.toZone,
    transportation_type: row.type,
    weight_breaks: toBreaks(route.weightBreaks),
    volume_breaks: toBreaks(route.volumeBreaks),
    min_charge_kopecks: route.minChargeKopecks,
    density_kg_per_m3: route.densityKgPerM3,
    volume_coefficient_permille: route.volumeCoefficientPermille,
    transit_days_min: route.transitDaysMin,
    transit_days_max: route.transitDaysMax,
  };
}

/** The rates of a route as the audit log keeps them (the API's field names). */
const ratesOf = (route: repo.TariffRouteRow) => ({
  weight_breaks: toBreaks(route.weightBreaks),
  volume_breaks: toBreaks(route.volumeBreaks),
  min_charge_kopecks: route.minChargeKopecks,
  density_kg_per_m3: route.densityKgPerM3,
  volume_coefficient_permille: route.volumeCoefficientPermille,
  transit_days_min: route.transitDaysMin,
  transit_days_max: route.transitDaysMax,
});

export const listTariffs = (deps: BackOfficeDeps, query: PageQuery) =>
  listPage(query, (window) => repo.findTariffPage(deps.db, window), toAdminTariff);

export async function getTariff(deps: BackOfficeDeps, id: number): Promise<AdminTariff> {
  const row = await repo.findTariff(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND', 404, E.tariffNotFound);
  return toAdminTariff(row);
}

/**
 * A rate changed by `bp` basis points of itself (+1000 = +10 %), rounded half up to whole
 * kopecks and never below `min` (a rate of 0 would make a route free). The bulk change applies
 * this very rule in SQL (prices-admin.repository `scaleAllTariffRates`); the tests hold the two
 * together.
 */
export function scaleKopecks(kopecks: number, bp: number, min = 1): number {
  return Math.max(min, Math.round((kopecks * (10_000 + bp)) / 10_000));
}

const rateValues = (input: Partial<TariffRatesInput>): Partial<repo.TariffRateValues> => ({
  ...(input.weight_breaks ? { weightBreaks: fromBreaks(input.weight_breaks) } : {}),
  ...(input.volume_breaks ? { volumeBreaks: fromBreaks(input.volume_breaks) } : {}),
  ...(input.min_charge_kopecks !== undefined ? { minChargeKopecks: input.min_charge_kopecks } : {}),
  ...(input.density_kg_per_m3 !== undefined ? { densityKgPerM3: input.density_kg_per_m3 } : {}),
  ...(input.volume_coefficient_permille !== undefined
    ? { volumeCoefficientPermille: input.volume_coefficient_permille }
    : {}),
  ...(input.transit_days_min !== undefined ? { transitDaysMin: input.transit_days_min } : {}),
  ...(input.transit_days_max !== undefined ? { transitDaysMax: input.transit_days_max } : {}),
});

/** Applies the changes of a preview: unknown routes and a transit range turned upside down are refused. */
async function applyChanges(tx: Database, changes: TariffChange[]): Promise<void> {
  const routes = new Map(
    (
      await repo.findTariffRoutes(
        tx,
        changes.map((c) => c.route_id),
      )
    ).map((r) => [r.id, r]),
  );
  const fields: Record<string, string> = {};
  changes.forEach((change, index) => {
    const route = routes.get(change.route_id);
    if (!route) {
      fields[`changes.${index}.route_id`] = E.tariffNotFound;
      return;
    }
    const min = change.transit_days_min ?? route.transitDaysMin;
    const max = change.transit_days_max ?? route.transitDaysMax;
    if (max < min) fields[`changes.${index}.transit_days_max`] = BACK_OFFICE_CONTENT_TEXTS.validation.transitOrder;
  });
  if (Object.keys(fields).length > 0) {
    throw new AppError('VALIDATION_FAILED', 400, Object.values(fields)[0]!, fields);
  }
  for (const change of changes) await repo.updateTariffRates(tx, change.route_id, rateValues(change));
}

export async function updateTariff(
  deps: BackOfficeDeps,
  request: FastifyRequest,
  id: number,
  input: TariffRatesInput,
): Promise<AdminTariff> {
  const now = deps.clock();
  const result = await deps.db.transaction(async (t) => {
    const tx = asDb(t);
    const current = await repo.findTariff(tx, id, { lock: true });
    if (!current) throw new AppError('NOT_FOUND', 404, E.tariffNotFound);
    await repo.updateTariffRates(tx, id, rateValues(input));
    const updated = (await repo.findTariff(tx, id))!;
    await recordAudit(
      tx,
      request,
      {
        action: 'tariff.update',
        entityType: 'tariff_route',
        entityId: id,
        before: ratesOf(current.route),
        after: ratesOf(updated.route),
      },
      now,
    );
    return toAdminTariff(updated);
  });
  await deps.announcePriceChange();
  return result;
}

/** POST tariffs/bulk: every route by N %, rounded to whole kopecks; one audit entry for the whole change. */
export async function changeAllTariffs(
  deps: BackOfficeDeps,
  request: FastifyRequest,
  percentChange: number,
): Promise<{ updated: number }> {
  const now = deps.clock();
  const updated = await deps.db.transaction(async (t) => {
    const tx = asDb(t);
    const count = await repo.scaleAllTariffRates(tx, percentToBp(percentChange));
    await recordAudit(
      tx,
      request,
      {
        action: 'tariff.bulk',
        entityType: 'tariff_route',
        entityId: 'all',
        after: { percent_change: percentChange, routes: count },
      },
      now,
    );
    return count;
  });
  await deps.announcePriceChange();
  return { updated };
}

// --- Previews ----------------------------------------------------------------------------------

/** Sample shipments of every preview: warehouse to warehouse on three main lanes. */
export const SAMPLE_LANES = [
  ['Москва', 'Санкт-Петербург'],
  ['Москва', 'Новосибирск'],
  ['Екатеринбург', 'Казань'],
] as const;
export const SAMPLE_CARGOS = [
  { weightKg: 100, volumeM3: 0.5 },
  { weightKg: 1000, volumeM3: 5 },
] as const;

interface Lane {
  from: { id: number; name: string };
  to: { id: number; name: string };
}

interface SamplePrice {
  key: string;
  lane: Lane;
  cargo: (typeof SAMPLE_CARGOS)[number];
  type: { code: string; name: string };
  kopecks: number;
  note: string | null;
}

/** Thrown to roll a preview's transaction back, carrying what was computed inside it. */
class PreviewRollback<T> extends Error {
  constructor(readonly result: T) {
    super('preview rolled back');
  }
}

/**
 * Runs `work` in a transaction that is always rolled back: the change it makes is seen by the
 * queries inside it and by nobody else, and is never saved.
 */
async function insideRolledBack<T>(deps: BackOfficeDeps, work: (tx: Database) => Promise<T>): Promise<T> {
  try {
    await deps.db.transaction(async (t) => {
      throw new PreviewRollback(await work(asDb(t)));
    });
  } catch (error) {
    if (error instanceof PreviewRollback) return error.result as T;
    throw error;
  }
  throw new Error('unreachable: a preview transaction committed');
}

async function sampleLanes(db: Database, extra: Lane[] = []): Promise<Lane[]> {
  const byName = await repo.findCitiesByName(db, [...new Set(SAMPLE_LANES.flat())]);
  const lanes: Lane[] = [];
  for (const [from, to] of SAMPLE_LANES) {
    const a = byName.get(from);
    const b = byName.get(to);
    if (a && b) lanes.push({ from: a, to: b });
  }
  for (const lane of extra) {
    if (!lanes.some((l) => l.from.id === lane.from.id && l.to.id === lane.to.id)) lanes.push(lane);
  }
  return lanes;
}

/** One lane per changed route (the most populous cities of its zones), at most five. */
async function lanesOfRoutes(db: Database, routes: repo.TariffRouteRow[]): Promise<Lane[]> {
  const lanes: Lane[] = [];
  for (const route of routes.slice(0, 5)) {
    const from = await repo.findZoneCities(db, route.fromZoneId);
    const to = route.toZoneId === route.fromZoneId ? from.slice(1) : await repo.findZoneCities(db, route.toZoneId);
    if (from[0] && to[0] && from[0].id !== to[0].id) lanes.push({ from: from[0], to: to[0] });
  }
  return lanes;
}

/**
 * Prices every sample shipment with the calculator's own service (every transportation type the
 * lane has), reading through `db` with a fresh reference cache: what a calculator would answer
 * right after the data in `db`. A lane the pricing refuses is skipped.
 */
async function priceLanes(db: Database, now: Date, lanes: Lane[]): Promise<SamplePrice[]> {
  const reference = new ReferenceCache();
  const out: SamplePrice[] = [];
  for (const lane of lanes) {
    for (const cargo of SAMPLE_CARGOS) {
      const query = PricesTermsQuerySchema.parse({
        city_from_fias_id: String(lane.from.id),
        city_to_fias_id: String(lane.to.id),
        weight: cargo.weightKg,
        volume: cargo.volumeM3,
      });
      let answer;
      try {
        answer = await pricesAndTerms({ db, now, userId: null, reference }, query);
      } catch (error) {
        if (error instanceof AppError) continue;
        throw error;
      }
      for (const price of answer.prices) {
        const type = price.transportation_type;
        out.push({
          key: `${lane.from.id}:${lane.to.id}:${cargo.weightKg}:${type.code}`,
          lane,
          cargo,
          type: { code: type.code, name: type.name },
          kopecks: price.price_kopecks,
          note: null,
        });
      }
    }
  }
  return out;
}

function previewRows(before: SamplePrice[], after: SamplePrice[]): PricePreview {
  const afterByKey = new Map(after.map((p) => [p.key, p]));
  const rows: PricePreviewRow[] = [];
  for (const was of before) {
    const now = afterByKey.get(was.key);
    if (!now) continue;
    rows.push({
      city_from: was.lane.from.name,
      city_to: was.lane.to.name,
      weight_kg: was.cargo.weightKg,
      volume_m3: was.cargo.volumeM3,
      transportation_type: was.type,
      before_kopecks: was.kopecks,
      after_kopecks: now.kopecks,
      before_text: formatRub(was.kopecks),
      after_text: formatRub(now.kopecks),
      change_percent: was.kopecks > 0 ? Math.round(((now.kopecks - was.kopecks) / was.kopecks) * 1000) / 10 : 0,
      note: now.note,
    });
  }
  if (rows.length === 0) throw new AppError('BAD_REQUEST', 422, E.previewUnavailable);
  return { rows };
}

/**
 * POST tariffs/preview: the sample prices now and with the change (every route by N %, or new
 * rates of some routes, whose own lanes join the samples), computed inside a transaction that is
 * rolled back. Nothing is saved and no cache is touched.
 */
export async function previewTariffs(deps: BackOfficeDeps, input: TariffPreviewInput): Promise<PricePreview> {
  const now = deps.clock();
  const changed = input.changes
    ? await repo.findTariffRoutes(
        deps.db,
        input.changes.map((c) => c.route_id),
      )
    : [];
  const lanes = await sampleLanes(deps.db, await lanesOfRoutes(deps.db, changed));
  const before = await priceLanes(deps.db, now, lanes);
  const after = await insideRolledBack(deps, async (tx) => {
    if (input.percent_change !== undefined) await repo.scaleAllTariffRates(tx, percentToBp(input.percent_change));
    else await applyChanges(tx, input.changes ?? []);
    return priceLanes(tx, now, lanes);
  });
  return previewRows(before, after);
}

// --- Promo codes -------------------------------------------------------------------------------

export const toAdminPromoCode = (row: repo.PromoCodeRow): AdminPromoCode => ({
  id: row.id,
  code: row.code,
  kind: row.kind as AdminPromoCode['kind'],
  percent: row.kind === 'percent' ? bpToPercent(row.value) : null,
  amount_kopecks: row.kind === 'fixed' ? row.value : null,
  valid_from: row.validFrom?.toISOString() ?? null,
  valid_to: row.validTo?.toISOString() ?? null,
  usage_limit: row.usageLimit,
  used_count: row.usedCount,
  min_order_kopecks: row.minOrderKopecks,
  is_active: row.isActive,
  created_at: row.createdAt.toISOString(),
});

const promoValues = (input: PromoCodeInput): repo.PromoCodeValues => ({
  code: input.code,
  kind: input.kind,
  value: input.kind === 'percent' ? percentToBp(input.percent!) : input.amount_kopecks!,
  validFrom: input.valid_from ? new Date(input.valid_from) : null,
  validTo: input.valid_to ? new Date(input.valid_to) : null,
  usageLimit: input.usage_limit ?? null,
  minOrderKopecks: input.min_order_kopecks,
  isActive: input.is_active,
});

const codeConflict = () => new AppError('CONFLICT', 409, E.promoCodeTaken, { code: E.promoCodeTaken });
const promoNotFound = () => new AppError('NOT_FOUND', 404, E.promoCodeNotFound);

/** A promo-code change: in its transaction with the audit entry; the caches are dropped after commit. */
async function promoChange<T>(deps: BackOfficeDeps, work: (tx: Database) => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await deps.db.transaction((t) => work(asDb(t)));
  } catch (error) {
    if (isUniqueViolation(error)) throw codeConflict();
    throw error;
  }
  await deps.announcePriceChange();
  return result;
}

export const listPromoCodes = (deps: BackOfficeDeps, query: PageQuery) =>
  listPage(query, (window) => repo.findPromoCodesPage(deps.db, window), toAdminPromoCode);

export async function createPromoCode(
  deps: BackOfficeDeps,
  request: FastifyRequest,
  input: PromoCodeInput,
): Promise<AdminPromoCode> {
  const now = deps.clock();
  return promoChange(deps, async (tx) => {
    if (await repo.promoCodeTaken(tx, input.code)) throw codeConflict();
    const after = toAdminPromoCode(await repo.insertPromoCode(tx, promoValues(input)));
    await recordAudit(
      tx,
      request,
      { action: 'promo_code.create', entityType: 'promo_code', entityId: after.id, after },
      now,
    );
    return after;
  });
}

export async function updatePromoCode(
  deps: BackOfficeDeps,
  request: FastifyRequest,
  id: number,
  input: PromoCodeInput,
): Promise<AdminPromoCode> {
  const now = deps.clock();
  return promoChange(deps, async (tx) => {
    const current = await repo.findPromoCodeById(tx, id, { lock: true });
    if (!current) throw promoNotFound();
    if (await repo.promoCodeTaken(tx, input.code, id)) throw codeConflict();
    const after = toAdminPromoCode(await repo.updatePromoCode(tx, id, promoValues(input)));
    await recordAudit(
      tx,
      request,
      { action: 'promo_code.update', entityType: 'promo_code', entityId: id, before: toAdminPromoCode(current), after },
      now,
    );
    return after;
  });
}

/** An unused code is deleted; a code orders already used is switched off instead (orders keep its id). */
export async function deletePromoCode(
  deps: BackOfficeDeps,
  request: FastifyRequest,
  id: number,
): Promise<{ result: 'deleted' | 'deactivated' }> {
  const now = deps.clock();
  return promoChange(deps, async (tx) => {
    const current = await repo.findPromoCodeById(tx, id, { lock: true });
    if (!current) throw promoNotFound();
    const before = toAdminPromoCode(current);
    if (current.usedCount > 0) {
      const after = toAdminPromoCode(await repo.updatePromoCode(tx, id, { isActive: false }));
      await recordAudit(
        tx,
        request,
        { action: 'promo_code.deactivate', entityType: 'promo_code', entityId: id, before, after },
        now,
      );
      return { result: 'deactivated' as const };
    }
    await repo.deletePromoCode(tx, id);
    await recordAudit(
      tx,
      request,
      { action: 'promo_code.delete', entityType: 'promo_code', entityId: id, before },
      now,
    );
    return { result: 'deleted' as const };
  });
}

/** Prices the sample lanes by car through the full calculation, with `promocode` or without. */
async function priceWithPromo(db: Database, now: Date, lanes: Lane[], promocode?: string): Promise<SamplePrice[]> {
  const reference = new ReferenceCache();
  const out: SamplePrice[] = [];
  for (const lane of lanes) {
    for (const cargo of SAMPLE_CARGOS) {
      const body = FullCalculatorRequestSchema.parse({
        city_from: String(lane.from.id),
        city_to: String(lane.to.id),
        transportation_type: 'auto',
        places: [{ quantity: 1, weight: cargo.weightKg, volume: cargo.volumeM3 }],
        ...(promocode ? { promocode } : {}),
      });
      let answer;
      try {
        answer = await fullCalculation({ db, now, userId: null, reference }, body);
      } catch (error) {
        if (error instanceof AppError) continue;
        throw error;
      }
      out.push({
        key: `${lane.from.id}:${lane.to.id}:${cargo.weightKg}:auto`,
        lane,
        cargo,
        type: { code: answer.transportation_type.code, name: answer.transportation_type.name },
        kopecks: answer.total_kopecks,
        note: answer.promocode_error,
      });
    }
  }
  return out;
}

/**
 * POST promo_codes/preview: the sample prices (by car) without the code and with it, as the
 * code's fields say — its value and minimum order; its dates and usage limit are left out so
 * the effect shows whenever it is to run. Computed with the code written inside a transaction
 * that is rolled back.
 */
export async function previewPromoCode(deps: BackOfficeDeps, input: PromoCodeInput): Promise<PricePreview> {
  const now = deps.clock();
  const lanes = await sampleLanes(deps.db);
  const before = await priceWithPromo(deps.db, now, lanes);
  const after = await insideRolledBack(deps, async (tx) => {
    await repo.upsertPromoCode(tx, {
      ...promoValues(input),
      validFrom: null,
      validTo: null,
      usageLimit: null,
      isActive: true,
    });
    return priceWithPromo(tx, now, lanes, input.code);
  });
  return previewRows(before, after);
}
