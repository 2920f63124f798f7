import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  CARGO_IMPORT_COLUMNS,
  MESSAGES,
  formatRub,
  importColumnOfField,
  importRowToDraft,
  normalizeImportHeader,
  toIsoDate,
  validateOrderDraft,
  type CityRef,
  type ImportLookups,
  type OrderDraft,
} from '@freight/domain';
import type {
  CargoImportMode,
  CargoImportResult,
  CargoImportRowError,
  CargoImportRowResult,
  RequestCreateResponse,
} from '@freight/contracts';
import { cities, subdivisions, transportationTypes, type Database } from '@freight/db';
import { AppError } from '../../errors/app-error';
import type { SessionRow } from '../auth/session.repository';
import type { ParsedImportFile } from './cargo-import-file';
import { canonicalJson, createRequest, prepareOrder, toDraftPath, type RequestClient } from './orders.create';
import { ownerScope, type Owner } from './orders.repository';
import type { OrdersDeps } from './orders.service';

const T = MESSAGES.cargoTransfer;

/** Transportation type names people write besides the catalogue's own. */
const TRANSPORT_ALIASES: Record<string, string> = {
  авто: 'auto',
  автомобильная: 'auto',
  'автомобильная перевозка': 'auto',
  автоперевозка: 'auto',
  экспресс: 'express',
  'экспресс-доставка': 'express',
  жд: 'rail',
  'ж/д': 'rail',
  железнодорожная: 'rail',
  'железнодорожная перевозка': 'rail',
  авиа: 'avia',
  авиаперевозка: 'avia',
};

/**
 * Cities and transportation types for the rows of one file, in two queries. A city name matches
 * case-insensitively (ё = е); of several cities of that name the one our network serves (an active
 * terminal) wins, then the most populous.
 */
export async function loadImportLookups(db: Database, rows: ParsedImportFile['rows']): Promise<ImportLookups> {
  const names = new Set<string>();
  for (const row of rows) {
    for (const name of [row.values.city_departure, row.values.city_delivery]) {
      if (name) names.add(normalizeImportHeader(name));
    }
  }
  const byName = new Map<string, CityRef>();
  if (names.size > 0) {
    const found = await db
      .select({
        id: cities.id,
        name: cities.name,
        fias: cities.fiasId,
        key: sql<string>`replace(lower(${cities.name}), 'ё', 'е')`,
        served: sql<boolean>`exists (select 1 from ${subdivisions} where ${subdivisions.cityId} = ${cities.id} and ${subdivisions.isActive})`,
      })
      .from(cities)
      .where(inArray(sql`replace(lower(${cities.name}), 'ё', 'е')`, [...names]))
      .orderBy(sql`5 desc`, sql`${cities.population} desc nulls last`, cities.id);
    for (const city of found) {
      if (!byName.has(city.key)) byName.set(city.key, { fias_id: city.fias ?? String(city.id), name: city.name });
    }
  }
  const types = await db
    .select({ code: transportationTypes.code, name: transportationTypes.name })
    .from(transportationTypes)
    .where(and(eq(transportationTypes.isActive, true)));
  const transports = new Map<string, string>(Object.entries(TRANSPORT_ALIASES));
  for (const type of types) {
    transports.set(type.code, type.code);
    transports.set(normalizeImportHeader(type.name), type.code);
  }
  return {
    city: (name) => byName.get(normalizeImportHeader(name)) ?? null,
    transport: (text) => transports.get(normalizeImportHeader(text)) ?? null,
  };
}

/** Draft-path errors as the row's errors, each with the Russian header of its column. */
function rowErrors(fields: Record<string, string>): CargoImportRowError[] {
  return Object.entries(fields).map(([field, message]) => ({
    column: importColumnOfField(toDraftPath(field)),
    field: toDraftPath(field),
    message,
  }));
}

/** Errors of an AppError thrown by pricing or creation (fields mapped to draft paths), or its message. */
function appErrorRowErrors(error: AppError): CargoImportRowError[] {
  const errors = rowErrors(error.fields ?? {});
  return errors.length > 0 ? errors : [{ column: null, field: '', message: error.message }];
}

/**
 * The Idempotency-Key of a row: SHA-256 of the owner, the row's cells (by column, trimmed) and how
 * many identical rows came before it in the file, so re-uploading the same file (rows in any
 * order) creates nothing twice, while two identical rows of one file are two orders.
 */
export function importRowKey(owner: Owner, values: Record<string, string | undefined>, occurrence: number): string {
  const cells: Record<string, string> = {};
  for (const column of CARGO_IMPORT_COLUMNS) {
    const value = values[column.key]?.trim();
    if (value) cells[column.key] = value;
  }
  const hash = createHash('sha256')
    .update(`${ownerScope(owner)}\n${canonicalJson(cells)}\n${occurrence}`, 'utf8')
    .digest('hex');
  return `import-${hash.slice(0, 48)}`;
}

interface CheckedRow {
  number: number;
  draft: OrderDraft;
  errors: CargoImportRowError[];
  key: string;
}

/**
 * Checks or creates the orders of a parsed file. Every row becomes a draft and is checked with
 * `validateOrderDraft`, the wizard's own rules. In check mode each valid row is then priced as
 * request_create would (a route our tariffs do not serve is an error of the row). In create mode
 * each valid row goes through request_create's own path (`createRequest`: pricing, consent,
 * cargo, history) with the row's Idempotency-Key, one after another; no confirmation is sent
 * per row and the wizard's draft is kept.
 */
export async function importCargo(
  deps: OrdersDeps,
  session: SessionRow,
  owner: Owner,
  file: ParsedImportFile,
  mode: CargoImportMode,
  consent: boolean,
  client: RequestClient,
): Promise<CargoImportResult> {
  const lookups = await loadImportLookups(deps.db, file.rows);
  const today = toIsoDate(deps.clock()) ?? undefined;
  const occurrences = new Map<string, number>();
  const checked: CheckedRow[] = file.rows.map((row) => {
    const { draft, errors: readErrors } = importRowToDraft(row.values, lookups, mode === 'check' ? true : consent);
    const fields = { ...validateOrderDraft(draft, undefined, { today }), ...readErrors };
    for (const key of row.tooLong) {
      const column = CARGO_IMPORT_COLUMNS.find((c) => c.key === key)!;
      fields[column.fields[0]] = T.valueTooLong;
    }
    const identity = canonicalJson(row.values);
    const occurrence = occurrences.get(identity) ?? 0;
    occurrences.set(identity, occurrence + 1);
    return { number: row.number, draft, errors: rowErrors(fields), key: importRowKey(owner, row.values, occurrence) };
  });

  const results: CargoImportRowResult[] = [];
  for (const row of checked) {
    const base = { row: row.number, track_number: null, price_kopecks: null, price_text: null };
    if (row.errors.length > 0) {
      results.push({ ...base, status: 'invalid', errors: row.errors });
      continue;
    }
    try {
      if (mode === 'check') {
        const prepared = await prepareOrder(deps, owner, row.draft);
        const price = prepared.price.total_kopecks;
        results.push({ ...base, status: 'valid', errors: [], price_kopecks: price, price_text: formatRub(price) });
      } else {
        const created = await createRequest(deps, session, row.key, { draft: row.draft }, client, {
          notify: false,
          keepDraft: true,
        });
        const body = created.body as RequestCreateResponse;
        results.push({
          ...base,
          status: created.replayed ? 'already_created' : 'created',
          errors: [],
          track_number: body.track_number,
          price_kopecks: body.price_kopecks,
          price_text: body.price_text,
        });
      }
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      const errors =
        error.code === 'CONFLICT' || error.code === 'IDEMPOTENCY_KEY_REUSED'
          ? [{ column: null, field: '', message: T.rowFailed }]
          : appErrorRowErrors(error);
      results.push({ ...base, status: 'invalid', errors });
    }
  }
  const count = (status: CargoImportRowResult['status']) => results.filter((r) => r.status === status).length;
  return {
    mode,
    total_rows: results.length,
    valid_rows: count('valid') + count('created') + count('already_created'),
    invalid_rows: count('invalid'),
    created: count('created'),
    already_created: count('already_created'),
    rows: results,
  };
}
