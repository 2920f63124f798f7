import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parse as parseCsvSync } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import type { LightMyRequestResponse } from 'fastify';
import { ExportJobListSchema, ExportJobSchema, type ExportJob } from '@freight/contracts';
import { attachLegalProfile, clientProfiles, contracts, exportJobs, ledgerEntries, profileMembers } from '@freight/db';
import { CARGO_EXPORT_COLUMNS, MESSAGES, RU_PRODUCTION_CALENDAR, addWorkingDays, toIsoDate } from '@freight/domain';
import { EXPORT_MAX_ACTIVE } from '@freight/domain/export-jobs';
import { EXPORT_JOBS_TEXTS } from '@freight/domain/texts/export-jobs';
import { createTestContext, type TestContext } from '../../test/helpers';
import { Visitor, nextIp, signUp } from '../auth/identity-test-kit';
import { createOrder, loadNetwork, validDraft } from '../orders/orders-test-kit';
import { createFileStorage, type FileStorage } from '../uploads/file-storage';
import { EXPORT_RENDER_QUEUE, type ExportsDeps } from './exports.service';
import { maintainExports, renderExport } from './exports.worker';

/*
 * Queued exports (issue 18 item 4) on a real database and the local file storage: the order list
 * and the reconciliation act are requested, rendered by the `exports.render` job when the test
 * drains the queue, and downloaded; the file is the one the streaming GET gives.
 */

const T = EXPORT_JOBS_TEXTS;
const HEADERS = CARGO_EXPORT_COLUMNS.map((c) => c.header);
type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string> } };

const CARGO_EXPORT = '/api/v1/cargo/cargo/export';
const ACT = '/api/v1/user/settlements/reconciliation';
const CREATE_LIST = '/api/v1/user/exports/cargo_list';
const CREATE_ACT = '/api/v1/user/exports/reconciliation';
const LIST = '/api/v1/user/exports';
const JOB = '/api/v1/user/exports/job';
const FILE = '/api/v1/user/exports/file';

const CARRIER_ENV = {
  CARRIER_NAME: 'ООО «Тестовый перевозчик»',
  CARRIER_INN: '7799999997',
  CARRIER_KPP: '779901001',
  CARRIER_OGRN: '1027799999996',
  CARRIER_ADDRESS: '123456, г. Москва, Тестовый проезд, д. 9',
  CARRIER_BANK_NAME: 'ПАО «Тестбанк», г. Москва',
  CARRIER_BANK_BIK: '044599999',
  CARRIER_BANK_ACCOUNT: '40702810999999999991',
  CARRIER_BANK_CORR_ACCOUNT: '30101810999999999999',
  CARRIER_VAT_RATE: '22',
};

const csvRows = (bytes: Buffer) => parseCsvSync(bytes, { bom: true, delimiter: ';' }) as string[][];

async function xlsxRows(bytes: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, ' ').trim();
}

describe('queued exports: the order list and the reconciliation act (issue 18 item 4)', () => {
  let ctx: TestContext;
  let dataDir: string;
  let storage: FileStorage;
  let owner: Visitor;
  let other: Visitor;
  let accountant: { visitor: Visitor; user: { id: number } };
  let manager: { visitor: Visitor; user: { id: number } };
  let company: { id: number; uuid: string };
  let contract: string;
  const mine: string[] = [];

  /** Each POST from a fresh address of the same session: the per-IP limits stay out of the way. */
  const post = (who: Visitor, url: string, body: unknown) => {
    const copy = new Visitor(ctx, nextIp());
    copy.cookie = who.cookie;
    return copy.post(url, body);
  };
  const jobOf = (res: LightMyRequestResponse): ExportJob => ExportJobSchema.parse(res.json());
  const getJob = async (who: Visitor, id: string) => jobOf(await who.get(`${JOB}?id=${id}`));
  const drain = () => ctx.app.jobs.drain([EXPORT_RENDER_QUEUE]);
  const rowOf = async (id: string) => (await ctx.database.db.select().from(exportJobs).where(eq(exportJobs.id, id)))[0];
  const storedFiles = async () => readdir(path.join(dataDir, 'uploads', 'exports')).catch(() => [] as string[]);
  const deps = (overrides: Partial<ExportsDeps> = {}): ExportsDeps => ({
    db: ctx.database.db,
    jobs: ctx.app.jobs,
    storage,
    clock: () => new Date(),
    carrier: ctx.config.carrier,
    ...overrides,
  });

  /** Requests an export, runs the queue and returns the finished export. */
  async function exported(who: Visitor, url: string, body: unknown): Promise<ExportJob> {
    const created = await post(who, url, body);
    expect(created.statusCode, created.body).toBe(202);
    await drain();
    return getJob(who, jobOf(created).id);
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'exports-test-'));
    ctx = await createTestContext({ ...CARRIER_ENV, DATA_DIR: dataDir });
    storage = createFileStorage(ctx.config.uploads);
    const db = ctx.database.db;
    const net = await loadNetwork(db);
    const signedUp = await signUp(ctx, { name: 'Ольга Выгрузкина' });
    owner = signedUp.visitor;
    other = (await signUp(ctx)).visitor;
    accountant = await signUp(ctx, { name: 'Анна Бухгалтер' });
    manager = await signUp(ctx, { name: 'Пётр Отправкин' });
    const date = addWorkingDays(toIsoDate(new Date())!, 1, RU_PRODUCTION_CALENDAR);
    for (const [weight, recipient] of [
      [10, 'Анна Смирнова'],
      [50, '=HYPERLINK("http://evil")'],
      [200, 'ООО «Сибирь»; склад'],
    ] as const) {
      const res = await createOrder(
        owner,
        validDraft(net, date, (d) => ({
          ...d,
          cargo: { ...d.cargo, weight },
          contacts: { ...d.contacts, recipient: { ...d.contacts.recipient, name: recipient } },
        })),
      );
      expect(res.statusCode, res.body).toBe(201);
      mine.push((res.json() as { track_number: string }).track_number);
    }
    expect((await createOrder(other, validDraft(net, date))).statusCode).toBe(201);

    // A company of the owner with a contract and a small ledger; an accountant and a shipping manager.
    const { profileId } = await attachLegalProfile(
      db,
      { name: 'ООО «Сверка»', inn: '7720123457', kpp: '772001001' },
      signedUp.user.id,
    );
    const [profile] = await db
      .select({ uuid: clientProfiles.accountUuid })
      .from(clientProfiles)
      .where(eq(clientProfiles.id, profileId));
    company = { id: profileId, uuid: profile!.uuid };
    await db.insert(profileMembers).values([
      { profileId, userId: accountant.user.id, role: 'accountant' },
      { profileId, userId: manager.user.id, role: 'shipping_manager' },
    ]);
    const [row] = await db
      .insert(contracts)
      .values({
        profileId,
        number: 'П-2026/7',
        signedOn: '2026-01-10',
        kind: 'postpayment',
        creditLimitKopecks: 10_000_000,
        paymentTermDays: 10,
        validFrom: '2026-01-10',
        isDefault: true,
      })
      .returning({ id: contracts.id });
    contract = row!.id;
    const entry = (bookedOn: string, kind: 'charge' | 'payment', amountKopecks: number, documentNumber: string) => ({
      contractId: contract,
      kind,
      amountKopecks,
      bookedOn,
      dueOn: kind === 'charge' ? bookedOn : null,
      documentNumber,
      documentDate: bookedOn,
      description: 'Перевозка',
    });
    await db
      .insert(ledgerEntries)
      .values([
        entry('2026-07-05', 'charge', 3_000_000, 'УПД № 2607-001'),
        entry('2026-07-25', 'payment', 1_000_000, 'П/п № 501'),
        entry('2026-08-28', 'charge', 1_500_000, 'УПД № 2608-002'),
      ]);
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('OpenAPI documents the calls: the bodies are the GET downloads’ queries', async () => {
    const doc = (await ctx.app.inject({ url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    expect(doc.paths[CREATE_LIST]?.post?.responses).toHaveProperty('202');
    expect(doc.paths[CREATE_ACT]?.post?.responses).toHaveProperty('202');
    expect(doc.paths[LIST]).toHaveProperty('get');
    expect(doc.paths[JOB]).toHaveProperty('get');
    expect(doc.paths[FILE]).toHaveProperty('get');
    expect(Object.keys(doc.components.schemas.CargoListExportRequest?.properties ?? {})).toEqual(
      expect.arrayContaining(['format', 'favorite', 'cargo_statuses', 'owner_id_profile']),
    );
    expect(Object.keys(doc.components.schemas.ReconciliationExportRequest?.properties ?? {})).toEqual(
      expect.arrayContaining(['contract_uuid', 'date_from', 'date_to', 'format']),
    );
    expect(doc.components.schemas).toHaveProperty('ExportJob');
  });

  describe('the order list', () => {
    it('CSV: 202 queued → the job renders it → ready; the file is the GET download, byte for byte', async () => {
      const created = await post(owner, CREATE_LIST, { format: 'csv', sort_by_date: true });
      expect(created.statusCode, created.body).toBe(202);
      expect(created.headers['cache-control']).toBe('no-store');
      const queued = jobOf(created);
      expect(queued).toMatchObject({
        kind: 'cargo_list',
        kind_label: 'Заказы',
        format: 'csv',
        status: 'queued',
        rows_done: 0,
        rows_total: null,
        file_name: null,
        download_url: null,
        error: null,
      });
      expect(new Date(queued.expires_at).getTime() - new Date(queued.created_at).getTime()).toBe(24 * 3_600_000);
      expect((await getJob(owner, queued.id)).status).toBe('queued');

      expect(await drain()).toBe(1);
      const ready = await getJob(owner, queued.id);
      expect(ready).toMatchObject({ status: 'ready', status_label: 'Готов', rows_done: 3, rows_total: 3 });
      expect(ready.file_name).toMatch(/^Заказы_\d{2}\.\d{2}\.\d{4}\.csv$/);
      expect(ready.download_url).toBe(`${FILE}?id=${queued.id}`);
      expect(ready.finished_at).not.toBeNull();

      const file = await owner.get(ready.download_url!);
      const stream = await owner.get(`${CARGO_EXPORT}?format=csv&sort_by_date=true`);
      expect(file.statusCode, file.body).toBe(200);
      expect(file.headers['content-type']).toBe(stream.headers['content-type']);
      expect(file.headers['content-disposition']).toBe(stream.headers['content-disposition']);
      expect(file.headers['content-length']).toBe(String(ready.size_bytes));
      expect(file.headers['cache-control']).toBe('private, no-store');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.rawPayload.equals(stream.rawPayload)).toBe(true);
      const records = csvRows(file.rawPayload);
      expect(records[0]).toEqual(HEADERS);
      expect(records.slice(1).map((r) => r[0])).toEqual(mine);
      expect(records[2]![7]).toBe(`'=HYPERLINK("http://evil")`);
    });

    it('XLSX with filters and sort: the same rows as the GET download', async () => {
      const query = { sort_by_price: true, reverse_sort_by: true, cargo_statuses: ['created', 'accepted'] };
      const ready = await exported(owner, CREATE_LIST, query);
      expect(ready.status).toBe('ready');
      expect(ready.file_name).toMatch(/^Заказы_\d{2}\.\d{2}\.\d{4}\.xlsx$/);
      const file = await owner.get(ready.download_url!);
      expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const params = 'sort_by_price=true&reverse_sort_by=true&cargo_statuses=created&cargo_statuses=accepted';
      const stream = await owner.get(`${CARGO_EXPORT}?${params}`);
      expect(stream.statusCode).toBe(200);
      const [fromJob, fromGet] = [await xlsxRows(file.rawPayload), await xlsxRows(stream.rawPayload)];
      expect(fromJob[0]).toEqual(HEADERS);
      expect(fromJob).toEqual(fromGet);
      expect(fromJob.slice(1).map((r) => r[0])).toHaveLength(ready.rows_total!);
    });

    it('reports progress after every batch while the file is written', async () => {
      const big = await signUp(ctx, { name: 'Большой клиент' });
      await ctx.database.db.execute(sql`
        insert into cargos (track_number, owner_user_id, owner_profile_id, status, status_changed_at, city_departure_id, city_delivery_id,
          city_departure_name, city_delivery_name, departure_type, delivery_type, quantity, weight_kg, volume_m3,
          transportation_type, payment_type, payer_role, customer_role, sender, recipient, sender_name, recipient_name,
          price_kopecks, price_lines, created_at)
        select 'BULK-' || g, ${big.user.id}, (select id from client_profiles where personal_user_id = ${big.user.id}), status, status_changed_at, city_departure_id, city_delivery_id,
          city_departure_name, city_delivery_name, departure_type, delivery_type, quantity, weight_kg, volume_m3,
          transportation_type, payment_type, payer_role, customer_role, sender, recipient, sender_name, recipient_name,
          price_kopecks, price_lines, created_at - g * interval '1 second'
        from cargos, generate_series(1, 2500) g where track_number = ${mine[0]!}`);
      const created = jobOf(await post(big.visitor, CREATE_LIST, { format: 'csv' }));
      // A storage that reads what the job writes chunk by chunk and looks at the export meanwhile.
      const seen: [number, number | null][] = [];
      const watching: FileStorage = {
        ...storage,
        kind: storage.kind,
        writeTemp: async (source) => {
          const chunks: Buffer[] = [];
          for await (const chunk of source as AsyncIterable<Buffer>) {
            chunks.push(chunk);
            const job = await getJob(big.visitor, created.id);
            seen.push([job.rows_done, job.rows_total]);
          }
          return storage.writeTemp(Readable.from(chunks));
        },
        promote: (temp, key, type) => storage.promote(temp, key, type),
        remove: (key) => storage.remove(key),
        open: (key) => storage.open(key),
      };
      await renderExport(deps({ storage: watching }), created.id);
      // The job had counted 2500 before the first chunk; the rows done grow batch by batch.
      expect(seen.length).toBeGreaterThanOrEqual(3);
      expect(seen.every(([, total]) => total === 2500)).toBe(true);
      const done = seen.map(([rows]) => rows);
      expect(done).toEqual([...done].sort((a, b) => a - b));
      expect(done.some((rows) => rows > 0 && rows < 2500)).toBe(true);
      const ready = await getJob(big.visitor, created.id);
      expect(ready).toMatchObject({ status: 'ready', rows_done: 2500, rows_total: 2500 });
      expect(csvRows((await big.visitor.get(ready.download_url!)).rawPayload)).toHaveLength(2501);
      // The queued job of that export finds it finished and does nothing.
      expect(await drain()).toBe(1);
      expect((await rowOf(created.id))!.attempts).toBe(1);
    });

    it('a bad filter is 400 in Russian and queues nothing; sign-in and CSRF as every state-changing call', async () => {
      const before = await ctx.app.jobs.counts(EXPORT_RENDER_QUEUE);
      const cases: [unknown, string, string][] = [
        [{ cargo_statuses: ['nope'] }, 'cargo_statuses', MESSAGES.orderList.queryInvalid],
        [{ format: 'pdf' }, 'format', MESSAGES.orderList.queryInvalid],
        [{ start_date: '2026-03-01', end_date: '2026-02-01' }, 'end_date', MESSAGES.orderList.dateRangeInvalid],
        [{ skip_limits: true }, 'skip_limits', MESSAGES.input.unknownField],
        [
          { owner_id_profile: '00000000-0000-4000-8000-000000000000' },
          'owner_id_profile',
          MESSAGES.team.profileNotFound,
        ],
      ];
      for (const [body, field, message] of cases) {
        const res = await post(owner, CREATE_LIST, body);
        expect([400, 404], res.body).toContain(res.statusCode);
        expect((res.json() as ErrorJson).error.fields?.[field], JSON.stringify(body)).toBe(message);
      }
      expect(await ctx.app.jobs.counts(EXPORT_RENDER_QUEUE)).toEqual(before);

      const anonymous = await new Visitor(ctx, nextIp()).start();
      const refused = await anonymous.post(CREATE_LIST, { format: 'csv' });
      expect(refused.statusCode).toBe(401);
      expect((refused.json() as ErrorJson).error.message).toBe(MESSAGES.cargoTransfer.signInRequired);
      const forged = await ctx.app.inject({
        method: 'POST',
        url: CREATE_LIST,
        headers: { cookie: owner.cookie!, 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(forged.statusCode).toBe(403);
      expect((forged.json() as ErrorJson).error.code).toBe('CSRF_REJECTED');
    });

    it(`at most ${EXPORT_MAX_ACTIVE} exports of a user wait at once`, async () => {
      const ids: string[] = [];
      for (let i = 0; i < EXPORT_MAX_ACTIVE; i += 1) ids.push(jobOf(await post(other, CREATE_LIST, {})).id);
      const refused = await post(other, CREATE_LIST, {});
      expect(refused.statusCode).toBe(429);
      expect((refused.json() as ErrorJson).error.message).toBe(T.tooMany);
      await drain();
      expect(await Promise.all(ids.map(async (id) => (await getJob(other, id)).status))).toEqual(
        ids.map(() => 'ready'),
      );
      expect((await post(other, CREATE_LIST, {})).statusCode).toBe(202);
      await drain();
    });
  });

  describe('the reconciliation act', () => {
    it('PDF and XLSX: the job’s file is the GET download, with its names', async () => {
      const params = { contract_uuid: contract, date_from: '2026-07-01', date_to: '2026-09-30' };
      const pdf = await exported(owner, CREATE_ACT, { ...params, format: 'pdf' });
      expect(pdf).toMatchObject({ kind: 'reconciliation', kind_label: 'Акт сверки', status: 'ready', rows_total: 3 });
      expect(pdf.file_name).toBe('Акт сверки П-2026-7 01.07.2026–30.09.2026.pdf');
      const file = await owner.get(pdf.download_url!);
      const stream = await owner.get(`${ACT}?contract_uuid=${contract}&date_from=2026-07-01&date_to=2026-09-30`);
      expect(stream.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toBe(stream.headers['content-disposition']);
      const text = await pdfText(file.rawPayload);
      expect(text).toContain('Акт сверки взаимных расчётов за период с 01.07.2026 по 30.09.2026');
      expect(text).toContain('Сальдо конечное 35 000,00');
      expect(text).toBe(await pdfText(stream.rawPayload));

      const xlsx = await exported(accountant.visitor, CREATE_ACT, { ...params, format: 'xlsx' });
      expect(xlsx.file_name).toBe('Акт сверки П-2026-7 01.07.2026–30.09.2026.xlsx');
      const sheet = await accountant.visitor.get(xlsx.download_url!);
      const sheetStream = await accountant.visitor.get(
        `${ACT}?contract_uuid=${contract}&date_from=2026-07-01&date_to=2026-09-30&format=xlsx`,
      );
      expect(await xlsxRows(sheet.rawPayload)).toEqual(await xlsxRows(sheetStream.rawPayload));
    });

    it('permissions as the GET: no settlements.view 403, someone else’s contract 404, over three years 400', async () => {
      const body = { contract_uuid: contract, date_from: '2026-07-01', date_to: '2026-09-30', format: 'pdf' };
      const denied = await post(manager.visitor, CREATE_ACT, body);
      expect(denied.statusCode).toBe(403);
      expect((denied.json() as ErrorJson).error.message).toBe(MESSAGES.team.forbidden);
      const foreign = await post(other, CREATE_ACT, body);
      expect(foreign.statusCode).toBe(404);
      expect((foreign.json() as ErrorJson).error.message).toBe(MESSAGES.settlements.contractNotFound);
      const long = await post(owner, CREATE_ACT, { ...body, date_from: '2023-01-01', date_to: '2026-01-01' });
      expect(long.statusCode).toBe(400);
      expect((long.json() as ErrorJson).error.fields?.date_to).toBe(MESSAGES.settlements.periodTooLong);
      const reversed = await post(owner, CREATE_ACT, { ...body, date_from: '2026-09-30', date_to: '2026-07-01' });
      expect(reversed.statusCode).toBe(400);
      expect((reversed.json() as ErrorJson).error.fields?.date_from).toBe(MESSAGES.settlements.periodReversed);
    });

    it('access is checked again on every read: a role without the permission 403, a former member 404', async () => {
      const body = { contract_uuid: contract, date_from: '2026-07-01', date_to: '2026-09-30', format: 'xlsx' };
      const ready = await exported(accountant.visitor, CREATE_ACT, body);
      expect(ready.status).toBe('ready');
      const member = and2(company.id, accountant.user.id);
      await ctx.database.db.update(profileMembers).set({ role: 'shipping_manager' }).where(member);
      expect((await accountant.visitor.get(`${JOB}?id=${ready.id}`)).statusCode).toBe(403);
      expect((await accountant.visitor.get(ready.download_url!)).statusCode).toBe(403);
      expect(
        ExportJobListSchema.parse((await accountant.visitor.get(LIST)).json()).items.map((j) => j.id),
      ).not.toContain(ready.id);
      await ctx.database.db.delete(profileMembers).where(member);
      expect((await accountant.visitor.get(`${JOB}?id=${ready.id}`)).statusCode).toBe(404);
      expect((await accountant.visitor.get(ready.download_url!)).statusCode).toBe(404);
      await ctx.database.db
        .insert(profileMembers)
        .values({ profileId: company.id, userId: accountant.user.id, role: 'accountant' });
      expect((await accountant.visitor.get(ready.download_url!)).statusCode).toBe(200);
    });

    it('a member who lost access before the job ran: failed at once with a Russian reason, no retries', async () => {
      const body = { contract_uuid: contract, date_from: '2026-07-01', date_to: '2026-09-30', format: 'pdf' };
      const created = await post(accountant.visitor, CREATE_ACT, body);
      expect(created.statusCode, created.body).toBe(202);
      const member = and2(company.id, accountant.user.id);
      await ctx.database.db.update(profileMembers).set({ role: 'shipping_manager' }).where(member);
      await drain();
      expect(await rowOf(jobOf(created).id)).toMatchObject({
        status: 'failed',
        errorMessage: T.accessLost,
        attempts: 1,
        storageKey: null,
      });
      await ctx.database.db.update(profileMembers).set({ role: 'accountant' }).where(member);
      const failed = await getJob(accountant.visitor, jobOf(created).id);
      expect(failed).toMatchObject({
        status: 'failed',
        status_label: 'Ошибка',
        error: T.accessLost,
        download_url: null,
      });
    });
  });

  describe('ownership, the list, exactly once, failures and expiry', () => {
    it('someone else’s export is 404 everywhere and not in their list; a malformed id 404; no session 401', async () => {
      const mineReady = await exported(owner, CREATE_LIST, { format: 'csv' });
      for (const url of [`${JOB}?id=${mineReady.id}`, `${FILE}?id=${mineReady.id}`]) {
        const res = await other.get(url);
        expect(res.statusCode, url).toBe(404);
        expect((res.json() as ErrorJson).error.message).toBe(T.notFound);
      }
      expect(ExportJobListSchema.parse((await other.get(LIST)).json()).items.map((j) => j.id)).not.toContain(
        mineReady.id,
      );
      expect((await owner.get(`${JOB}?id=not-a-uuid`)).statusCode).toBe(404);
      expect((await owner.get(`${FILE}?id=00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
      expect((await ctx.app.inject({ url: `${JOB}?id=${mineReady.id}` })).statusCode).toBe(401);
      expect((await ctx.app.inject({ url: LIST })).statusCode).toBe(401);
    });

    it('«Последние выгрузки»: the user’s own, newest first, at most 20', async () => {
      const list = ExportJobListSchema.parse((await owner.get(LIST)).json()).items;
      expect(list.length).toBeGreaterThan(2);
      expect(list.length).toBeLessThanOrEqual(20);
      const created = list.map((j) => j.created_at);
      expect(created).toEqual([...created].sort().reverse());
      const ids = new Set(list.map((j) => j.id));
      const rows = await ctx.database.db.select({ id: exportJobs.id, userId: exportJobs.userId }).from(exportJobs);
      const ownerId = rows.find((r) => r.id === list[0]!.id)!.userId;
      expect(rows.filter((r) => ids.has(r.id)).every((r) => r.userId === ownerId)).toBe(true);
    });

    it('a job run twice renders once: the second run finds the export claimed or finished', async () => {
      const created = jobOf(await post(owner, CREATE_LIST, { format: 'xlsx' }));
      await ctx.app.jobs.send(EXPORT_RENDER_QUEUE, { exportId: created.id });
      expect(await drain()).toBe(2);
      const row = await rowOf(created.id);
      expect(row).toMatchObject({ status: 'ready', attempts: 1 });
      const files = (await storedFiles()).filter((name) => name.startsWith(created.id));
      expect(files).toEqual([`${created.id}-1.xlsx`]);
      await renderExport(deps(), created.id);
      expect(await rowOf(created.id)).toEqual(row);
      expect(await ctx.app.jobs.counts(EXPORT_RENDER_QUEUE)).not.toHaveProperty('failed');
    });

    it('a render that keeps failing is retried twice, then failed with a Russian message (409 for the file)', async () => {
      const created = jobOf(await post(owner, CREATE_LIST, { format: 'csv' }));
      // A broken request the job cannot read (as a bug would leave it): every attempt throws.
      await ctx.database.db
        .update(exportJobs)
        .set({ params: { format: 'doc' } })
        .where(eq(exportJobs.id, created.id));
      expect(await drain()).toBe(1);
      expect(await rowOf(created.id)).toMatchObject({ status: 'queued', attempts: 1 });
      expect((await getJob(owner, created.id)).status).toBe('queued');
      for (let round = 0; round < 5; round += 1) {
        await ctx.app.jobs.drain([EXPORT_RENDER_QUEUE], { includeDeferred: true });
      }
      const failed = await getJob(owner, created.id);
      expect(failed).toMatchObject({ status: 'failed', error: T.renderFailed, download_url: null });
      expect((await rowOf(created.id))!.attempts).toBe(3);
      const file = await owner.get(`${FILE}?id=${created.id}`);
      expect(file.statusCode).toBe(409);
      expect((file.json() as ErrorJson).error.message).toBe(T.renderFailed);
      expect((await storedFiles()).filter((name) => name.startsWith(created.id))).toEqual([]);
    });

    it('a failed write to storage is retried, and a retry that works makes it ready', async () => {
      const created = jobOf(await post(owner, CREATE_LIST, { format: 'csv' }));
      const broken: FileStorage = {
        ...storage,
        kind: storage.kind,
        writeTemp: async (source) => {
          source.resume();
          throw new Error('disk full');
        },
      };
      await expect(renderExport(deps({ storage: broken }), created.id, 0)).rejects.toThrow('disk full');
      expect(await rowOf(created.id)).toMatchObject({ status: 'queued', attempts: 1, storageKey: null });
      await renderExport(deps(), created.id, 1);
      expect(await rowOf(created.id)).toMatchObject({ status: 'ready', attempts: 2 });
      await drain();
    });

    it('expiry: an expired export is 404 and its file deleted on read; the upkeep deletes the rest', async () => {
      const first = await exported(owner, CREATE_LIST, { format: 'csv' });
      const second = await exported(owner, CREATE_LIST, { format: 'xlsx' });
      const keys = [(await rowOf(first.id))!.storageKey!, (await rowOf(second.id))!.storageKey!];
      expect((await storedFiles()).filter((name) => keys.some((k) => k.endsWith(name)))).toHaveLength(2);
      const past = new Date(Date.now() - 1000);
      await ctx.database.db.update(exportJobs).set({ expiresAt: past }).where(eq(exportJobs.id, first.id));
      expect(ExportJobListSchema.parse((await owner.get(LIST)).json()).items.map((j) => j.id)).not.toContain(first.id);
      const gone = await owner.get(first.download_url!);
      expect(gone.statusCode).toBe(404);
      expect((gone.json() as ErrorJson).error.message).toBe(T.notFound);
      expect(await rowOf(first.id)).toBeUndefined();
      expect(await storage.open(keys[0]!)).toBeNull();

      await ctx.database.db.update(exportJobs).set({ expiresAt: past }).where(eq(exportJobs.id, second.id));
      const upkeep = await maintainExports(deps());
      expect(upkeep.expired).toBeGreaterThanOrEqual(1);
      expect(await rowOf(second.id)).toBeUndefined();
      expect(await storage.open(keys[1]!)).toBeNull();
      // A job of an expired export renders nothing.
      const late = jobOf(await post(owner, CREATE_LIST, { format: 'csv' }));
      await ctx.database.db.update(exportJobs).set({ expiresAt: past }).where(eq(exportJobs.id, late.id));
      await drain();
      expect(await rowOf(late.id)).toMatchObject({ status: 'queued', attempts: 0 });
      await maintainExports(deps());
      expect(await rowOf(late.id)).toBeUndefined();
    });
  });

  /** The membership row of a user in a profile. */
  function and2(profileId: number, userId: number) {
    return sql`${profileMembers.profileId} = ${profileId} and ${profileMembers.userId} = ${userId}`;
  }
});
