import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import type { Database } from '../client';
import { cities } from '../schema/index';

/** Columns of the hflabs city list (github.com/hflabs/city) the importer needs. */
const REQUIRED_COLUMNS = [
  'region_type',
  'region',
  'area_type',
  'area',
  'city',
  'settlement',
  'federal_district',
  'kladr_id',
  'fias_id',
  'timezone',
  'geo_lat',
  'geo_lon',
  'population',
] as const;

type CsvRow = Record<(typeof REQUIRED_COLUMNS)[number], string>;

/**
 * A representative IANA zone for each UTC offset of Russia. The hflabs list carries offsets
 * only (`UTC+5`); a seeded city keeps its own, exact zone.
 */
const ZONE_BY_OFFSET: Record<number, string> = {
  2: 'Europe/Kaliningrad',
  3: 'Europe/Moscow',
  4: 'Europe/Samara',
  5: 'Asia/Yekaterinburg',
  6: 'Asia/Omsk',
  7: 'Asia/Krasnoyarsk',
  8: 'Asia/Irkutsk',
  9: 'Asia/Yakutsk',
  10: 'Asia/Vladivostok',
  11: 'Asia/Magadan',
  12: 'Asia/Kamchatka',
};

/** «Свердловская обл.», «Респ. Татарстан», «г. Москва» from the FIAS type and name. */
export function formatRegion(type: string, name: string): string {
  switch (type) {
    case 'г':
      return `г. ${name}`;
    case 'обл':
      return `${name} обл.`;
    case 'Респ':
      return `Респ. ${name}`;
    case 'Аобл':
      return `${name} авт. обл.`;
    default:
      return `${name} ${type}`.trim();
  }
}

export interface ImportCitiesReport {
  total: number;
  inserted: number;
  updated: number;
  unchanged: number;
  skipped: Array<{ line: number; reason: string }>;
}

interface ParsedCity {
  line: number;
  name: string;
  region: string;
  regionCode: string;
  federalDistrict: string;
  kladrId: string;
  fiasId: string;
  timezone: string;
  lat: number;
  lon: number;
  population: number | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function parseRow(row: CsvRow, line: number): ParsedCity | string {
  // A town inside a city district (Алупка in Ялта) is the settlement; a city of federal significance is
  // the region itself; a city of regional significance may sit in `area`.
  const name = (
    row.settlement ||
    row.city ||
    (row.area_type === 'г' ? row.area : '') ||
    (row.region_type === 'г' ? row.region : '')
  ).trim();
  if (!name) return 'нет названия города';
  if (!UUID.test(row.fias_id)) return 'некорректный fias_id';
  if (!/^\d{13}$/.test(row.kladr_id)) return 'некорректный kladr_id';
  const lat = Number(row.geo_lat);
  const lon = Number(row.geo_lon);
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
    return 'некорректные координаты';
  }
  const offset = /^UTC([+-]\d{1,2})$/.exec(row.timezone.trim());
  const timezone = offset ? ZONE_BY_OFFSET[Number(offset[1])] : undefined;
  if (!timezone) return `неизвестный часовой пояс ${row.timezone}`;
  const population = Number(row.population);
  return {
    line,
    name,
    region: formatRegion(row.region_type.trim(), row.region.trim()),
    regionCode: row.kladr_id.slice(0, 2),
    federalDistrict: row.federal_district.trim(),
    kladrId: row.kladr_id,
    fiasId: row.fias_id.toLowerCase(),
    timezone,
    lat,
    lon,
    population: Number.isInteger(population) && population > 0 ? population : null,
  };
}

/**
 * Loads a city list in the hflabs format into `cities` as an idempotent upsert: a row is matched
 * by fias_id, else by name within the KLADR region (this is how our seeded cities get their FIAS
 * ids), else inserted. A seeded city keeps its coordinates and exact time zone; only its
 * fias_id and kladr_id are filled. Running the same file twice changes nothing.
 */
export async function importCitiesCsv(db: Database, csv: string): Promise<ImportCitiesReport> {
  const records = parse(csv.replace(/^\uFEFF/, ''), { columns: true, skip_empty_lines: true }) as CsvRow[];
  const header = records[0] ? Object.keys(records[0]) : [];
  const missing = REQUIRED_COLUMNS.filter((column) => !header.includes(column));
  if (records.length > 0 && missing.length > 0) {
    throw new Error(`Not an hflabs city list: missing columns ${missing.join(', ')}`);
  }
  const report: ImportCitiesReport = { total: records.length, inserted: 0, updated: 0, unchanged: 0, skipped: [] };

  const existing = await db
    .select({
      id: cities.id,
      name: cities.name,
      regionCode: cities.regionCode,
      fiasId: cities.fiasId,
      kladrId: cities.kladrId,
      source: cities.source,
      population: cities.population,
      lat: cities.lat,
      lon: cities.lon,
    })
    .from(cities);
  const byFias = new Map(existing.filter((c) => c.fiasId).map((c) => [c.fiasId!, c]));
  const byName = new Map(existing.map((c) => [`${c.name.toLowerCase()}|${c.regionCode}`, c]));

  const inserts: ParsedCity[] = [];
  const seenFias = new Set<string>();
  await db.transaction(async (tx) => {
    for (const [index, record] of records.entries()) {
      const parsed = parseRow(record, index + 2);
      if (typeof parsed === 'string') {
        report.skipped.push({ line: index + 2, reason: parsed });
        continue;
      }
      if (seenFias.has(parsed.fiasId)) {
        report.skipped.push({ line: parsed.line, reason: 'повтор fias_id в файле' });
        continue;
      }
      seenFias.add(parsed.fiasId);
      const match = byFias.get(parsed.fiasId) ?? byName.get(`${parsed.name.toLowerCase()}|${parsed.regionCode}`);
      if (!match) {
        inserts.push(parsed);
        continue;
      }
      const imported = match.source === 'import';
      const same =
        match.fiasId === parsed.fiasId &&
        match.kladrId === parsed.kladrId &&
        (!imported || (match.population === parsed.population && match.lat === parsed.lat && match.lon === parsed.lon));
      if (same) {
        report.unchanged += 1;
        continue;
      }
      await tx
        .update(cities)
        .set({
          fiasId: parsed.fiasId,
          kladrId: parsed.kladrId,
          ...(imported ? { population: parsed.population, lat: parsed.lat, lon: parsed.lon } : {}),
        })
        .where(sql`${cities.id} = ${match.id}`);
      report.updated += 1;
    }
    for (let start = 0; start < inserts.length; start += 200) {
      const chunk = inserts.slice(start, start + 200);
      await tx
        .insert(cities)
        .values(
          chunk.map((c) => ({
            name: c.name,
            region: c.region,
            regionCode: c.regionCode,
            federalDistrict: c.federalDistrict,
            lat: c.lat,
            lon: c.lon,
            timezone: c.timezone,
            population: c.population,
            fiasId: c.fiasId,
            kladrId: c.kladrId,
            source: 'import',
          })),
        )
        .onConflictDoUpdate({
          target: [cities.name, cities.region],
          set: { fiasId: sql`excluded.fias_id`, kladrId: sql`excluded.kladr_id` },
        });
    }
  });
  report.inserted = inserts.length;
  return report;
}
