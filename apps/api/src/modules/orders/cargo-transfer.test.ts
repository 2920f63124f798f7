import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parse as parseCsvSync } from 'csv-parse/sync';
import { count, eq, sql } from 'drizzle-orm';
import {
  CargoImportResultSchema,
  CargoListResponseSchema,
  type CargoImportResult,
  type CargoListItem,
} from '@freight/contracts';
import { cargos } from '@freight/db';
import {
  CARGO_EXPORT_COLUMNS,
  CARGO_IMPORT_COLUMNS,
  CARGO_IMPORT_MAX_BYTES,
  CARGO_IMPORT_MAX_ROWS,
  MESSAGES,
  RU_PRODUCTION_CALENDAR,
  addWorkingDays,
  toIsoDate,
} from '@freight/domain';
import { createTestContext, type TestContext } from '../../test/helpers';
import { Visitor, nextIp, signUp, testClock } from '../auth/identity-test-kit';
import { createOrder, loadNetwork, setCargoState, validDraft, type NetworkRefs } from './orders-test-kit';

type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string> } };
const T = MESSAGES.cargoTransfer;
const HEADERS = CARGO_EXPORT_COLUMNS.map((c) => c.header);

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
function multipart(filename: string, content: Buffer | string, field = 'file') {
  const boundary = `----h6${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
    'Content-Type: application/octet-stream\r\n\r\n';
  const body = Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const ruDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** A CSV import file (`;`, BOM) of the given rows by header; missing cells are empty. */
function importCsv(rows: Record<string, string>[], headers: string[] = CARGO_IMPORT_COLUMNS.map((c) => c.header)) {
  const quote = (v: string) => (/[;"\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const lines = [headers.map(quote).join(';'), ...rows.map((row) => headers.map((h) => quote(row[h] ?? '')).join(';'))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** An XLSX import file written by ExcelJS (as Excel would save it). */
async function importXlsx(rows: (string | number | Date | ExcelJS.CellFormulaValue)[][], headers?: string[]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Лист1');
  sheet.addRow(headers ?? CARGO_IMPORT_COLUMNS.map((c) => c.header));
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function readXlsx(buffer: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('cargo list: favourites, export, import (issue #14)', () => {
  let ctx: TestContext;
  let net: NetworkRefs;
  const clock = testClock(Date.now());
  const TODAY = toIsoDate(new Date())!;
  const DATE = addWorkingDays(TODAY, 1, RU_PRODUCTION_CALENDAR);
  let owner: Visitor;
  let other: Visitor;
  let ownerId: number;
  const mine: string[] = [];
  let theirs: string;

  /** A valid import row (Москва → Новосибирск) with `patch` applied, keyed by header. */
  const row = (patch: Record<string, string> = {}): Record<string, string> => ({
    'Город отправления': 'Москва',
    'Город доставки': 'Новосибирск',
    'Дата отправления': ruDate(DATE),
    'Время с': '10:00',
    'Время до': '14:00',
    'Вес, кг': '120,5',
    'Длина, см': '120',
    'Ширина, см': '80',
    'Высота, см': '60',
    'Вид перевозки': 'Автоперевозка',
    Отправитель: 'Иван Петров',
    'Телефон отправителя': '+7 (900) 123-45-01',
    Получатель: 'Анна Смирнова',
    'Телефон получателя': '8 916 555 44 33',
    ...patch,
  });

  const upload = (who: Visitor, query: string, filename: string, content: Buffer | string) => {
    const { body, headers } = multipart(filename, content);
    return who.call('POST', `/api/v1/cargo/import?${query}`, body, headers);
  };
  const ownCount = async (userId: number) =>
    (await ctx.database.db.select({ n: count() }).from(cargos).where(eq(cargos.ownerUserId, userId)))[0]!.n;

  beforeAll(async () => {
    ctx = await createTestContext({}, { clock: clock.now });
    net = await loadNetwork(ctx.database.db);
    owner = (await signUp(ctx, { name: 'Ольга Клиентова' })).visitor;
    other = (await signUp(ctx)).visitor;
    for (const [weight, recipient] of [
      [10, 'Анна Смирнова'],
      [50, '=HYPERLINK("http://evil")'],
      [200, 'ООО «Сибирь»; склад'],
    ] as const) {
      clock.advance(60_000);
      const res = await createOrder(
        owner,
        validDraft(net, DATE, (d) => ({
          ...d,
          cargo: { ...d.cargo, weight },
          contacts: { ...d.contacts, recipient: { ...d.contacts.recipient, name: recipient } },
        })),
      );
      expect(res.statusCode, res.body).toBe(201);
      mine.push((res.json() as { track_number: string }).track_number);
    }
    theirs = ((await createOrder(other, validDraft(net, DATE))).json() as { track_number: string }).track_number;
    const [row0] = await ctx.database.db
      .select({ userId: cargos.ownerUserId })
      .from(cargos)
      .where(eq(cargos.trackNumber, mine[0]!));
    ownerId = row0!.userId!;
    clock.advance(60_000);
    await setCargoState(ctx.database.db, mine[0]!, 'released', { paid: true }, clock.now());
    expect((await owner.post(`/api/v1/duty_favorite_cargo?track_number=${mine[1]}`)).statusCode).toBe(200);
  });
  afterAll(async () => ctx.close());

  it('OpenAPI documents the favourites filter, the export, the template and the import with its result', async () => {
    const doc = (await ctx.app.inject({ url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { name: string }[]; responses?: Record<string, unknown> }>>;
      components: { schemas: Record<string, unknown> };
    };
    const names = (path: string, method: string) => doc.paths[path]?.[method]?.parameters?.map((p) => p.name) ?? [];
    expect(names('/api/v1/cargo/cargo', 'get')).toContain('favorite');
    expect(names('/api/v1/cargo/cargo/export', 'get')).toEqual(
      expect.arrayContaining(['format', 'favorite', 'cargo_statuses']),
    );
    expect(names('/api/v1/cargo/import/template', 'get')).toContain('format');
    expect(names('/api/v1/cargo/import', 'post')).toEqual(expect.arrayContaining(['mode', 'consent']));
    expect(doc.components.schemas).toHaveProperty('CargoImportResult');
    expect(doc.components.schemas).toHaveProperty('CargoImportRowError');
  });

  describe('favourites filter on the list', () => {
    it('favorite=true keeps only the favourite cargos; items carry favourite, price, payment', async () => {
      const res = await owner.get('/api/v1/cargo/cargo?favorite=true');
      expect(res.statusCode, res.body).toBe(200);
      const list = CargoListResponseSchema.parse(res.json());
      expect(list.items.map((i) => i.track_number)).toEqual([mine[1]]);
      const all = CargoListResponseSchema.parse((await owner.get('/api/v1/cargo/cargo?favorite=false')).json());
      expect(all.items).toHaveLength(3);
      const item = all.items.find((i) => i.track_number === mine[0]) as CargoListItem;
      expect(item.payment_type).toBe('cash');
      expect(item.flags.paid).toBe(true);
      expect(item.favorite).toBe(false);
      expect((await other.get('/api/v1/cargo/cargo?favorite=true')).json()).toMatchObject({ items: [] });
      expect((await owner.get('/api/v1/cargo/cargo?favorite=maybe')).statusCode).toBe(400);
    });
  });

  describe('export', () => {
    it('CSV: BOM, «;», Russian headers and dates, money as numbers, the filters applied, only the caller’s rows', async () => {
      const res = await owner.get('/api/v1/cargo/cargo/export?format=csv&sort_by_date=true');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="cargo-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''%D0%97%D0%B0%D0%BA%D0%B0%D0%B7%D1%8B_\d{2}\.\d{2}\.\d{4}\.csv$/,
      );
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const records = parseCsvSync(res.rawPayload, { bom: true, delimiter: ';' }) as string[][];
      expect(records[0]).toEqual(HEADERS);
      const body = records.slice(1);
      expect(body.map((r) => r[0])).toEqual(mine);
      expect(body.map((r) => r[0])).not.toContain(theirs);
      const list = CargoListResponseSchema.parse((await owner.get('/api/v1/cargo/cargo?sort_by_date=true')).json());
      body.forEach((record, index) => {
        const item = list.items[index]!;
        expect(record[1]).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
        // Moscow time: UTC + 3 hours.
        const created = new Date(new Date(item.created_at).getTime() + 3 * 3_600_000);
        expect(record[1]).toBe(
          `${String(created.getUTCDate()).padStart(2, '0')}.${String(created.getUTCMonth() + 1).padStart(2, '0')}.${created.getUTCFullYear()} ${String(created.getUTCHours()).padStart(2, '0')}:${String(created.getUTCMinutes()).padStart(2, '0')}`,
        );
        expect(record[2]).toBe(item.status_name);
        expect(Number(record[11]!.replace(',', '.'))).toBe(item.price_kopecks / 100);
        expect(record[11]).toMatch(/^\d+,\d{2}$/);
      });
      expect(body[0]![13]).toBe('Да');
      expect(body[1]![15]).toBe('Да');
      // A name a spreadsheet would run as a formula is written as text; «;» inside a name is quoted.
      expect(body[1]![7]).toBe(`'=HYPERLINK("http://evil")`);
      expect(body[2]![7]).toBe('ООО «Сибирь»; склад');

      const filtered = await owner.get('/api/v1/cargo/cargo/export?format=csv&cargo_statuses=released');
      const released = (parseCsvSync(filtered.rawPayload, { bom: true, delimiter: ';' }) as string[][]).slice(1);
      expect(released.map((r) => r[0])).toEqual([mine[0]]);
      const favourites = await owner.get('/api/v1/cargo/cargo/export?format=csv&favorite=true');
      expect((parseCsvSync(favourites.rawPayload, { bom: true, delimiter: ';' }) as string[][]).slice(1)).toHaveLength(
        1,
      );
      const theirExport = await other.get('/api/v1/cargo/cargo/export?format=csv');
      const theirRows = (parseCsvSync(theirExport.rawPayload, { bom: true, delimiter: ';' }) as string[][]).slice(1);
      expect(theirRows.map((r) => r[0])).toEqual([theirs]);
    });

    it('XLSX: one sheet with Russian headers, date cells, numeric prices, the list’s order', async () => {
      const res = await owner.get('/api/v1/cargo/cargo/export?sort_by_price=true&reverse_sort_by=true');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(res.headers['content-disposition']).toContain("filename*=UTF-8''%D0%97%D0%B0%D0%BA%D0%B0%D0%B7%D1%8B_");
      const rows = await readXlsx(res.rawPayload);
      expect(rows[0]).toEqual(HEADERS);
      const list = CargoListResponseSchema.parse(
        (await owner.get('/api/v1/cargo/cargo?sort_by_price=true&reverse_sort_by=true')).json(),
      );
      expect(rows.slice(1).map((r) => r[0])).toEqual(list.items.map((i) => i.track_number));
      const first = rows[1]!;
      expect(first[1]).toBeInstanceOf(Date);
      expect((first[1] as Date).getTime()).toBe(new Date(list.items[0]!.created_at).getTime() + 3 * 3_600_000);
      expect(first[11]).toBe(list.items[0]!.price_kopecks / 100);
      expect(typeof first[9]).toBe('number');
    });

    it('streams a long list in keyset batches: every row once, in the list’s order, ties broken by id', async () => {
      const big = await signUp(ctx, { name: 'Большой клиент' });
      const user = big.user;
      // 2 500 copies of one cargo, created in 7 distinct minutes (many ties on created_at).
      await ctx.database.db.execute(sql`
        insert into cargos (track_number, owner_user_id, owner_profile_id, status, status_changed_at, city_departure_id, city_delivery_id,
          city_departure_name, city_delivery_name, departure_type, delivery_type, quantity, weight_kg, volume_m3,
          transportation_type, payment_type, payer_role, customer_role, sender, recipient, sender_name, recipient_name,
          price_kopecks, price_lines, created_at)
        select 'BULK-' || g, ${user.id}, (select id from client_profiles where personal_user_id = ${user.id}), status, status_changed_at, city_departure_id, city_delivery_id,
          city_departure_name, city_delivery_name, departure_type, delivery_type, quantity, weight_kg, volume_m3,
          transportation_type, payment_type, payer_role, customer_role, sender, recipient, sender_name, recipient_name,
          price_kopecks + g % 3, price_lines, created_at - (g % 7) * interval '1 minute'
        from cargos, generate_series(1, 2500) g where track_number = ${mine[0]!}`);
      const cookie = big.visitor.cookie!;
      for (const query of ['', 'sort_by_price=true', 'sort_by_date=true']) {
        const res = await ctx.app.inject({
          url: `/api/v1/cargo/cargo/export?format=csv&${query}`,
          headers: { cookie },
        });
        expect(res.statusCode, res.body).toBe(200);
        const tracks = (parseCsvSync(res.rawPayload, { bom: true, delimiter: ';' }) as string[][])
          .slice(1)
          .map((r) => r[0]);
        expect(tracks).toHaveLength(2500);
        expect(new Set(tracks).size).toBe(2500);
        const pages: string[] = [];
        for (let skip = 0; skip < 2500; skip += 100) {
          const page = await ctx.app.inject({
            url: `/api/v1/cargo/cargo?${query}&skip=${skip}&limit=100`,
            headers: { cookie },
          });
          pages.push(...CargoListResponseSchema.parse(page.json()).items.map((i) => i.track_number));
        }
        expect(tracks).toEqual(pages);
      }
    });

    it('is for signed-in clients only; a bad filter is 400', async () => {
      expect((await ctx.app.inject({ url: '/api/v1/cargo/cargo/export' })).statusCode).toBe(401);
      const anonymous = await new Visitor(ctx, nextIp()).start();
      const res = await anonymous.get('/api/v1/cargo/cargo/export?format=csv');
      expect(res.statusCode).toBe(401);
      expect((res.json() as ErrorJson).error.message).toBe(T.signInRequired);
      expect((await owner.get('/api/v1/cargo/cargo/export?format=pdf')).statusCode).toBe(400);
      expect((await owner.get('/api/v1/cargo/cargo/export?cargo_statuses=nope')).statusCode).toBe(400);
    });
  });

  describe('import template', () => {
    it('XLSX and CSV carry every import column and one example row, which passes the check', async () => {
      const xlsx = await owner.get('/api/v1/cargo/import/template?format=xlsx');
      expect(xlsx.statusCode, xlsx.body).toBe(200);
      expect(xlsx.headers['content-disposition']).toContain('filename="cargo-import-template.xlsx"');
      const rows = await readXlsx(xlsx.rawPayload);
      expect(rows[0]).toEqual(CARGO_IMPORT_COLUMNS.map((c) => c.header));
      expect(rows).toHaveLength(2);
      const csv = await owner.get('/api/v1/cargo/import/template?format=csv');
      const records = parseCsvSync(csv.rawPayload, { bom: true, delimiter: ';' }) as string[][];
      expect(records[0]).toEqual(CARGO_IMPORT_COLUMNS.map((c) => c.header));
      expect(records).toHaveLength(2);
      for (const [name, content] of [
        ['template.xlsx', xlsx.rawPayload],
        ['template.csv', csv.rawPayload],
      ] as const) {
        const check = await upload(owner, 'mode=check', name, content);
        expect(check.statusCode, check.body).toBe(200);
        const result = CargoImportResultSchema.parse(check.json());
        expect(result.rows, name).toEqual([
          expect.objectContaining({ row: 2, status: 'valid', errors: [], price_text: expect.stringMatching(/₽$/) }),
        ]);
      }
      expect((await ctx.app.inject({ url: '/api/v1/cargo/import/template' })).statusCode).toBe(401);
    });
  });

  describe('import', () => {
    it('check mode: per-row Russian errors with row number and column; nothing is created', async () => {
      const before = await ownCount(ownerId);
      const csv = importCsv([
        row(),
        row({ 'Вес, кг': 'много' }),
        {},
        row({ 'Город доставки': 'Атлантида', 'Телефон получателя': '' }),
        row({ 'Дата отправления': '31.02.2026', 'Вид перевозки': 'Телепорт', 'Время до': '10:30' }),
      ]);
      const res = await upload(owner, 'mode=check', 'orders.csv', csv);
      expect(res.statusCode, res.body).toBe(200);
      const result: CargoImportResult = CargoImportResultSchema.parse(res.json());
      expect(result).toMatchObject({ mode: 'check', total_rows: 4, valid_rows: 1, invalid_rows: 3, created: 0 });
      expect(result.rows.map((r) => [r.row, r.status])).toEqual([
        [2, 'valid'],
        [3, 'invalid'],
        [5, 'invalid'],
        [6, 'invalid'],
      ]);
      expect(result.rows[0]!.price_kopecks).toBeGreaterThan(0);
      expect(result.rows[1]!.errors).toEqual([{ column: 'Вес, кг', field: 'cargo.weight', message: T.numberInvalid }]);
      expect(result.rows[2]!.errors).toEqual(
        expect.arrayContaining([
          { column: 'Город доставки', field: 'destination.city_delivery', message: T.cityUnknown },
          {
            column: 'Телефон получателя',
            field: 'contacts.recipient.phone',
            message: MESSAGES.orderDraft.contactRequired,
          },
        ]),
      );
      const columns = result.rows[3]!.errors.map((e) => e.column);
      expect(columns).toEqual(expect.arrayContaining(['Дата отправления', 'Вид перевозки', 'Время до']));
      expect(result.rows[3]!.errors.find((e) => e.column === 'Дата отправления')?.message).toBe(T.dateInvalid);
      expect(await ownCount(ownerId)).toBe(before);
    });

    it('create mode creates the valid rows once; the same file again creates nothing', async () => {
      const before = await ownCount(ownerId);
      const file = await importXlsx([
        CARGO_IMPORT_COLUMNS.map((c) => row()[c.header] ?? ''),
        CARGO_IMPORT_COLUMNS.map((c) => row({ 'Вес, кг': '-5' })[c.header] ?? ''),
        // Two identical rows are two orders.
        CARGO_IMPORT_COLUMNS.map((c) => row({ Получатель: 'Пётр Двойной' })[c.header] ?? ''),
        CARGO_IMPORT_COLUMNS.map((c) => row({ Получатель: 'Пётр Двойной' })[c.header] ?? ''),
      ]);
      const refused = await upload(owner, 'mode=create', 'orders.xlsx', file);
      expect(refused.statusCode).toBe(400);
      expect((refused.json() as ErrorJson).error.fields?.consent).toBe(T.consentRequired);
      expect(await ownCount(ownerId)).toBe(before);

      const res = await upload(owner, 'mode=create&consent=true', 'orders.xlsx', file);
      expect(res.statusCode, res.body).toBe(200);
      const result = CargoImportResultSchema.parse(res.json());
      expect(result).toMatchObject({ mode: 'create', total_rows: 4, created: 3, already_created: 0, invalid_rows: 1 });
      expect(result.rows.map((r) => r.status)).toEqual(['created', 'invalid', 'created', 'created']);
      const tracks = result.rows.filter((r) => r.status === 'created').map((r) => r.track_number!);
      expect(new Set(tracks).size).toBe(3);
      expect(await ownCount(ownerId)).toBe(before + 3);
      const list = CargoListResponseSchema.parse((await owner.get('/api/v1/cargo/cargo?limit=100')).json());
      expect(list.items.map((i) => i.track_number)).toEqual(expect.arrayContaining(tracks));

      const again = CargoImportResultSchema.parse(
        (await upload(owner, 'mode=create&consent=true', 'orders-copy.xlsx', file)).json(),
      );
      expect(again).toMatchObject({ created: 0, already_created: 3, invalid_rows: 1 });
      expect(again.rows.filter((r) => r.status === 'already_created').map((r) => r.track_number)).toEqual(tracks);
      expect(await ownCount(ownerId)).toBe(before + 3);
      // The same rows from another client are their own orders.
      const otherId = (
        await ctx.database.db.select({ id: cargos.ownerUserId }).from(cargos).where(eq(cargos.trackNumber, theirs))
      )[0]!.id!;
      const theirsBefore = await ownCount(otherId);
      const theirResult = CargoImportResultSchema.parse(
        (await upload(other, 'mode=create&consent=true', 'orders.xlsx', file)).json(),
      );
      expect(theirResult.created).toBe(3);
      expect(await ownCount(otherId)).toBe(theirsBefore + 3);
    });

    it('reads a Windows-1251 CSV with «,» (Russian Excel’s plain «CSV») and headers in any case and order', async () => {
      const cp1251 = (text: string) =>
        Buffer.from(
          Array.from(text, (ch) => {
            const code = ch.codePointAt(0)!;
            if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
            if (ch === 'Ё') return 0xa8;
            if (ch === 'ё') return 0xb8;
            if (ch === '³') return 0xb3;
            if (code < 0x80) return code;
            throw new Error(`no cp1251 for ${ch}`);
          }),
        );
      const data = row({ 'Вес, кг': '120.5' });
      const headers = [...Object.keys(data)].reverse();
      const text = [
        headers.map((h) => `"${h.toUpperCase()}"`).join(','),
        headers.map((h) => `"${data[h]}"`).join(','),
      ].join('\r\n');
      const res = await upload(owner, 'mode=check', 'orders.csv', cp1251(text));
      expect(res.statusCode, res.body).toBe(200);
      expect(CargoImportResultSchema.parse(res.json()).rows).toEqual([expect.objectContaining({ status: 'valid' })]);
    });

    it('refuses bad files with a clear Russian 4xx and creates nothing', async () => {
      const before = await ownCount(ownerId);
      // The owner's session from a fresh address: the per-IP rate limit of this many uploads is tested apart.
      const client = Object.assign(new Visitor(ctx, nextIp()), { cookie: owner.cookie });
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
      const zipWithoutWorkbook = await (async () => {
        const workbook = new ExcelJS.Workbook();
        workbook.addWorksheet('x');
        const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
        // Rename the workbook part inside the ZIP (same length): no xl/workbook.xml any more.
        return Buffer.from(buffer.toString('latin1').replaceAll('xl/workbook.xml', 'xl/workbook.xm_'), 'latin1');
      })();
      const valid = importCsv([row()]);
      const tooMany = importCsv(Array.from({ length: CARGO_IMPORT_MAX_ROWS + 1 }, () => row()));
      const formulaXlsx = await importXlsx([
        CARGO_IMPORT_COLUMNS.map((c) =>
          c.header === 'Вес, кг' ? { formula: '100+20', result: 120 } : (row()[c.header] ?? ''),
        ),
      ]);
      const huge = Buffer.alloc(CARGO_IMPORT_MAX_BYTES, 0x41);
      const cases: [string, string | Buffer, number, string, string][] = [
        ['picture.xlsx', png, 400, 'IMPORT_FILE_TYPE', T.fileType],
        ['orders.xlsx', zipWithoutWorkbook, 400, 'IMPORT_FILE_TYPE', T.fileType],
        ['orders.csv', await importXlsx([]), 400, 'IMPORT_FILE_TYPE', T.fileTypeMismatch],
        ['orders.xlsx', valid, 400, 'IMPORT_FILE_TYPE', T.fileTypeMismatch],
        ['orders.xls', valid, 400, 'IMPORT_FILE_TYPE', T.fileType],
        ['orders.xlsx', Buffer.from('PK\u0003\u0004garbage'), 400, 'IMPORT_FILE_BROKEN', T.fileBroken],
        ['big.csv', huge, 413, 'PAYLOAD_TOO_LARGE', T.fileTooLarge],
        ['many.csv', tooMany, 400, 'IMPORT_TOO_MANY_ROWS', T.tooManyRows(CARGO_IMPORT_MAX_ROWS)],
        ['formula.xlsx', formulaXlsx, 400, 'IMPORT_FORMULA', T.formula('I2')],
        ['formula.csv', importCsv([row({ Отправитель: '=cmd|"/c calc"!A1' })]), 400, 'IMPORT_FORMULA', T.formula('Q2')],
        [
          'columns.csv',
          importCsv([row()], ['Город отправления', 'Город доставки']),
          400,
          'IMPORT_COLUMNS',
          T.columnsMissing(
            CARGO_IMPORT_COLUMNS.filter((c) => c.required && !c.header.startsWith('Город')).map((c) => c.header),
          ),
        ],
        [
          'unknown.csv',
          importCsv([row()], [...CARGO_IMPORT_COLUMNS.map((c) => c.header), 'Цвет']),
          400,
          'IMPORT_COLUMNS',
          T.columnsUnknown(['Цвет']),
        ],
        ['empty.csv', importCsv([]), 400, 'IMPORT_EMPTY', T.fileEmpty],
        ['zero.csv', '', 400, 'IMPORT_EMPTY', T.fileEmpty],
      ];
      for (const [name, content, status, code, message] of cases) {
        const res = await upload(client, 'mode=create&consent=true', name, content);
        expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
        const error = (res.json() as ErrorJson).error;
        expect(error.code, name).toBe(code);
        expect(error.fields?.file, name).toBe(message);
      }
      // Positions of the formula cells above are the template's columns.
      expect(CARGO_IMPORT_COLUMNS.findIndex((c) => c.header === 'Вес, кг')).toBe(8);
      expect(CARGO_IMPORT_COLUMNS.findIndex((c) => c.header === 'Отправитель')).toBe(16);
      const notMultipart = await owner.call('POST', '/api/v1/cargo/import?mode=check', { file: 'x' });
      expect(notMultipart.statusCode).toBe(415);
      const noFile = multipart('orders.csv', valid, 'other');
      const wrongField = await owner.call('POST', '/api/v1/cargo/import?mode=check', noFile.body, noFile.headers);
      expect(wrongField.statusCode).toBe(400);
      expect((wrongField.json() as ErrorJson).error.fields?.file).toBe(T.fileRequired);
      expect(await ownCount(ownerId)).toBe(before);
    });

    it('is rate-limited per address with a Russian 429', async () => {
      const client = Object.assign(new Visitor(ctx, nextIp()), { cookie: owner.cookie });
      const statuses: number[] = [];
      for (let i = 0; i < 21; i += 1) {
        statuses.push((await upload(client, 'mode=check', 'empty.csv', '')).statusCode);
      }
      expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
      expect(statuses[20]).toBe(429);
      const limited = await client.get('/api/v1/cargo/import/template?format=csv');
      expect(limited.statusCode).toBe(200);
    });

    it('is for signed-in clients, behind the CSRF check', async () => {
      const { body, headers } = multipart('orders.csv', importCsv([row()]));
      const nobody = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/cargo/import?mode=check',
        payload: body,
        headers: { ...headers, origin: ctx.config.allowedOrigins[0]! },
      });
      expect(nobody.statusCode).toBe(401);
      const anonymous = await new Visitor(ctx, nextIp()).start();
      expect((await upload(anonymous, 'mode=check', 'orders.csv', importCsv([row()]))).statusCode).toBe(401);
      const forged = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/cargo/import?mode=check',
        payload: body,
        headers: { ...headers, cookie: owner.cookie!, 'sec-fetch-site': 'cross-site' },
      });
      expect(forged.statusCode).toBe(403);
      expect((forged.json() as ErrorJson).error.code).toBe('CSRF_REJECTED');
    });
  });
});
