import { distanceKm, getOpenState, type OfficeSchedule } from '@freight/domain';
import type { Database } from '@freight/db';
import { ReferenceCache } from '../pricing/reference-cache';
import { findNetworkFingerprint, findSubdivisions, type SubdivisionRow } from './locations.repository';

/**
 * The whole network of active offices, in memory: every office with its city, in the list's order
 * (the biggest cities first, then by city name, kind and code), read by one query. The office
 * search (duty_delivery_subdivisions/subdivision, what /offices pages through) filters, orders
 * and cuts this list instead of asking the database per page: a network changes rarely, and on
 * PGlite every query of a 1 000-office network (ordering all of it for one page of 20) holds the
 * API's only event loop for tens of milliseconds, delaying every other call meanwhile.
 *
 * Staleness rule (that of {@link ReferenceCache}): a snapshot is used for at most
 * {@link NETWORK_TTL_MS} after its read — or the last check that nothing changed since — began;
 * under steady traffic it is checked again in the background during its last 10 s, so no request
 * waits (see {@link createNetworkCache} for the check). The search answer tells caches only the
 * rest of that time (max-age), so an office added, changed or closed is on every page within
 * {@link NETWORK_TTL_MS} however the answer is kept. Nothing in the application writes offices
 * today (the seed and the database's own tools do); a writer added later calls the
 * cache's `invalidate()`, and the next search sees its change at once.
 */
export const NETWORK_TTL_MS = 60_000;

export interface NetworkSnapshot {
  /** Active offices with their city, in the list's order. Offices sharing a schedule share its object. */
  rows: readonly SubdivisionRow[];
  /** Per row: its name, its address and its city's name, lower case, for the text search. */
  text: ReadonlyArray<readonly [string, string, string]>;
  /** When its read, or the last check that nothing changed since, began (ms, the cache's clock). */
  readAt: number;
  /** The offices' and cities' fingerprint read just before the offices (findNetworkFingerprint). */
  fingerprint: string;
}

/** What the office search filters by; every given condition must hold. */
export interface NetworkFilter {
  /** Part of the name, the address or the city name, case ignored (as ILIKE '%text%'). */
  text?: string;
  cityId?: number;
  isPartner?: boolean;
  kind?: string;
  /** Each of these must be among the office's operations (payment methods, transport types). */
  operations?: string[];
  paymentMethods?: string[];
  transportTypes?: string[];
}

const lower = (value: string) => value.toLowerCase();

/** The snapshot made of the rows as read: schedules deduplicated, the search text prepared. */
function buildNetworkSnapshot(rows: SubdivisionRow[], readAt: number, fingerprint: string): NetworkSnapshot {
  const schedules = new Map<string, OfficeSchedule>();
  const shared = rows.map((row) => {
    const key = JSON.stringify(row.schedule);
    let schedule = schedules.get(key);
    if (!schedule) schedules.set(key, (schedule = row.schedule));
    return schedule === row.schedule ? row : { ...row, schedule };
  });
  return {
    rows: shared,
    text: shared.map((row) => [lower(row.name), lower(row.address), lower(row.city.name)] as const),
    readAt,
    fingerprint,
  };
}

const containsAll = (have: readonly string[], wanted: readonly string[] | undefined) =>
  !wanted || wanted.every((value) => have.includes(value));

/**
 * The offices of the snapshot that match `filter`, in the list's order, or the nearest to `near`
 * first (equal distances keep the list's order), with that distance (km). With `now`, only the
 * offices open at that moment on their own city's clock; each distinct schedule and time zone is
 * judged once.
 */
export function selectOffices(
  snapshot: NetworkSnapshot,
  filter: NetworkFilter,
  options: { near?: { lat: number; lon: number }; now?: Date } = {},
): Array<{ row: SubdivisionRow; distance: number | null }> {
  const text = filter.text ? lower(filter.text) : '';
  const judged = new Map<OfficeSchedule, Map<string, boolean>>();
  const isOpen = (row: SubdivisionRow, now: Date) => {
    let byZone = judged.get(row.schedule);
    if (!byZone) judged.set(row.schedule, (byZone = new Map()));
    let open = byZone.get(row.city.timezone);
    if (open === undefined) {
      open = getOpenState(row.schedule, now, row.city.timezone).kind === 'open';
      byZone.set(row.city.timezone, open);
    }
    return open;
  };
  const found: Array<{ row: SubdivisionRow; distance: number | null }> = [];
  snapshot.rows.forEach((row, index) => {
    if (filter.cityId !== undefined && row.city.id !== filter.cityId) return;
    if (filter.isPartner !== undefined && row.isPartner !== filter.isPartner) return;
    if (filter.kind && row.kind !== filter.kind) return;
    if (!containsAll(row.operations, filter.operations)) return;
    if (!containsAll(row.paymentMethods, filter.paymentMethods)) return;
    if (!containsAll(row.transportTypes, filter.transportTypes)) return;
    if (text && !snapshot.text[index]!.some((field) => field.includes(text))) return;
    if (options.now && !isOpen(row, options.now)) return;
    found.push({ row, distance: options.near ? distanceKm(options.near, row) : null });
  });
  // Array#sort is stable: offices at the same distance stay in the list's order.
  if (options.near) found.sort((a, b) => a.distance! - b.distance!);
  return found;
}

export interface NetworkCache {
  /** The network: from memory while the staleness rule allows, else read (once for all callers). */
  get(): NetworkSnapshot | Promise<NetworkSnapshot>;
  /** Seconds an answer made of `snapshot` may still be kept by a cache (at least 1). */
  maxAgeSeconds(snapshot: NetworkSnapshot): number;
  /** Call after changing offices or cities through the application: the next search reads them afresh. */
  invalidate(): void;
}

/**
 * The network snapshot of one database, for one API process; `now` in ms (tests move it). Once a
 * snapshot has had its time, its fingerprint is read first (findNetworkFingerprint): when nothing
 * was written since, the same offices are kept as read at that moment, and the full read — every
 * office of the network, the costly part — happens only after a change.
 */
export function createNetworkCache(db: Database, now: () => number = Date.now): NetworkCache {
  const cache = new ReferenceCache({ ttlMs: NETWORK_TTL_MS, now });
  let last: NetworkSnapshot | undefined;
  return {
    get: () =>
      cache.get('network', async () => {
        const readAt = now();
        const fingerprint = await findNetworkFingerprint(db);
        if (last?.fingerprint === fingerprint) return (last = { ...last, readAt });
        // Rows written after the fingerprint was read are read too, and belong to the next one.
        return (last = buildNetworkSnapshot(await findSubdivisions(db), readAt, fingerprint));
      }),
    maxAgeSeconds: (snapshot) => Math.max(1, Math.floor((snapshot.readAt + NETWORK_TTL_MS - now()) / 1000)),
    invalidate: () => {
      last = undefined;
      cache.invalidate();
    },
  };
}
