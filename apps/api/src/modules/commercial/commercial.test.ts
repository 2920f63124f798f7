import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import {
  API_PATHS,
  DiscountListSchema,
  ManagerListSchema,
  ManagerRatingSchema,
  OfferListSchema,
  OfferSchema,
} from '@freight/contracts';
import { StaffAccountSchema } from '@freight/contracts/back-office';
import {
  attachLegalProfile,
  clientDiscounts,
  clientProfiles,
  ensurePersonalProfile,
  managerRatings,
  offerAcceptances,
  offers,
  profileMembers,
  staffAuditLog,
  staffUsers,
} from '@freight/db';
import { MESSAGES, addCalendarDays, monthStart, nextMonthStart, toIsoDate } from '@freight/domain';
import { createTestContext, type TestContext } from '../../test/helpers';
import { listFiles } from '../../test/files';
import { insertStaff, staffSession, type TestStaff } from '../../test/staff';
import { Visitor, nextIp, signUp, testClock } from '../auth/identity-test-kit';
import { JPEG_4X3, MULTIPART_CONTENT_TYPE, makePng, multipartBody } from '../uploads/test-images';

type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string> } };
const C = MESSAGES.commercial;
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

describe('discounts, offers and managers (issue 16)', () => {
  let ctx: TestContext;
  let dataDir: string;
  // Client sessions expire by the real time: the clock starts now and only ever moves forward.
  const clock = testClock(Date.now());
  const today = () => toIsoDate(clock.now())!;
  let day0: string;
  const d = (n: number) => addCalendarDays(day0, n);

  type Client = Awaited<ReturnType<typeof signUp>> & { personalId: number };
  let anna: Client; // owner of «Ромашка» and «Закрытая»
  let boris: Client; // someone else: owner of «Чужая»
  let pyotr: Client; // shipping manager of «Ромашка»
  const company = { romashka: { id: 0, uuid: '' }, closed: { id: 0, uuid: '' }, foreign: { id: 0, uuid: '' } };
  let personalUuid: string;
  const offerId: Record<string, number> = {};
  const takenAt: Record<string, Date> = {};
  const manager = { maria: 0, oleg: 0, gone: 0, foreign: 0 };
  let admin: TestStaff;
  let operator: TestStaff;

  /** A call as `who` from a fresh address (per-IP limits of one case never touch another). */
  const as = (
    who: { visitor: Visitor } | null,
    method: 'GET' | 'POST',
    url: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ) =>
    ctx.app.inject({
      method,
      url,
      remoteAddress: nextIp(),
      headers: {
        'user-agent': 'vitest',
        ...(who?.visitor.cookie ? { cookie: who.visitor.cookie } : {}),
        ...(method === 'POST' ? { origin: ctx.config.allowedOrigins[0]! } : {}),
        ...options.headers,
      },
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
    });
  const take = (who: Client, id: number | string, headers: Record<string, string> = SAME_ORIGIN) =>
    as(who, 'GET', `${API_PATHS.takeOffer}?offer_id=${id}`, { headers });
  const rate = (who: Client, body: Record<string, unknown>, headers?: Record<string, string>) =>
    as(who, 'POST', API_PATHS.managerRating, { body, ...(headers ? { headers } : {}) });

  let innCounter = 0;
  async function createCompany(userId: number, name: string) {
    innCounter += 1;
    const inn = String(7_800_000_000 + innCounter * 13 + (process.pid % 13));
    const { profileId } = await attachLegalProfile(ctx.database.db, { name, inn, kpp: '780101001' }, userId);
    const [row] = await ctx.database.db
      .select({ uuid: clientProfiles.accountUuid })
      .from(clientProfiles)
      .where(eq(clientProfiles.id, profileId));
    return { id: profileId, uuid: row!.uuid };
  }

  async function client(name: string): Promise<Client> {
    const signed = await signUp(ctx, { name });
    return { ...signed, personalId: await ensurePersonalProfile(ctx.database.db, signed.user.id, name) };
  }

  async function addOffer(
    key: string,
    values: { percent: number | null; profileId: number | null; from: number; to: number; active?: boolean },
  ) {
    const [row] = await ctx.database.db
      .insert(offers)
      .values({
        title: `Предложение ${key}`,
        description: `Описание ${key}`,
        conditions: `Условия ${key}.`,
        discountPercent: values.percent,
        profileId: values.profileId,
        validFrom: d(values.from),
        validTo: d(values.to),
        isActive: values.active ?? true,
      })
      .returning({ id: offers.id });
    offerId[key] = row!.id;
  }

  async function accepted(key: string, profileId: number, at: string) {
    takenAt[key] = new Date(at);
    await ctx.database.db
      .insert(offerAcceptances)
      .values({ offerId: offerId[key]!, profileId, acceptedAt: takenAt[key] });
  }

  async function addManager(name: string, profileIds: number[], extra: Partial<typeof staffUsers.$inferInsert> = {}) {
    const { id } = await insertStaff(ctx, 'client_manager', { name });
    if (Object.keys(extra).length > 0) {
      await ctx.database.db.update(staffUsers).set(extra).where(eq(staffUsers.id, id));
    }
    for (const profileId of profileIds) {
      await ctx.database.db.update(clientProfiles).set({ managerStaffId: id }).where(eq(clientProfiles.id, profileId));
    }
    return id;
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'commercial-test-'));
    ctx = await createTestContext({ DATA_DIR: dataDir }, { clock: clock.now });
    day0 = today();
    const db = ctx.database.db;
    [anna, boris, pyotr] = [
      await client('Анна Клиентова'),
      await client('Борис Чужой'),
      await client('Пётр Отправкин'),
    ];
    company.romashka = await createCompany(anna.user.id, 'ООО «Ромашка»');
    company.closed = await createCompany(anna.user.id, 'ООО «Закрытая»');
    company.foreign = await createCompany(boris.user.id, 'ООО «Чужая»');
    await db
      .insert(profileMembers)
      .values({ profileId: company.romashka.id, userId: pyotr.user.id, role: 'shipping_manager' });
    const [personal] = await db
      .select({ uuid: clientProfiles.accountUuid })
      .from(clientProfiles)
      .where(eq(clientProfiles.id, anna.personalId));
    personalUuid = personal!.uuid;
    // Anna and Pyotr act for «Ромашка», Boris for «Чужая».
    for (const [who, uuid] of [
      [anna, company.romashka.uuid],
      [pyotr, company.romashka.uuid],
      [boris, company.foreign.uuid],
    ] as const) {
      expect((await who.visitor.post('/api/v1/user/change_profile', { account_uuid: uuid })).statusCode).toBe(200);
    }
    await db.insert(clientDiscounts).values({ userId: anna.user.id, discountBp: 750 });

    const R = company.romashka.id;
    await addOffer('o1', { percent: 10, profileId: R, from: -5, to: 5 });
    await addOffer('o2', { percent: 12, profileId: null, from: -30, to: -1 }); // ended yesterday
    await addOffer('o3', { percent: 5, profileId: R, from: -5, to: 5, active: false }); // withdrawn
    await addOffer('o4', { percent: 15, profileId: R, from: -1, to: 10 });
    await addOffer('o5', { percent: 8, profileId: null, from: 0, to: 0 }); // today only
    await addOffer('o6', { percent: 20, profileId: R, from: -10, to: -1 }); // ended, never taken
    await addOffer('o7', { percent: 25, profileId: company.foreign.id, from: -1, to: 10 });
    await addOffer('o8', { percent: 3, profileId: null, from: 1, to: 20 }); // starts tomorrow
    await addOffer('o9', { percent: 30, profileId: R, from: -1, to: 10, active: false });
    await addOffer('o10', { percent: null, profileId: anna.personalId, from: -1, to: 10 });
    await addOffer('o11', { percent: 40, profileId: null, from: -1, to: 10 });
    await accepted('o1', R, '2026-01-10T09:00:00.000Z');
    await accepted('o2', R, '2026-01-11T09:00:00.000Z');
    await accepted('o3', R, '2026-01-12T09:00:00.000Z');
    await accepted('o10', anna.personalId, '2026-01-13T09:00:00.000Z');
    await accepted('o11', company.foreign.id, '2026-01-14T09:00:00.000Z');

    manager.maria = await addManager('Мария Менеджерова', [company.romashka.id], {
      phone: '8 (495) 123-45-67',
      email: 'maria@magistral.example',
      workHours: 'Пн–Пт, 9:00–18:00 по Москве',
      messenger: 'Telegram: @maria_magistral',
    });
    manager.oleg = await addManager('Олег Личный', [anna.personalId]);
    manager.gone = await addManager('Уволенный Сотрудник', [company.closed.id], { disabledAt: new Date() });
    manager.foreign = await addManager('Чужой Менеджер', [company.foreign.id]);
    // Staff sign in with a TOTP code checked against the clock: before it moves.
    [admin, operator] = [await staffSession(ctx, 'admin'), await staffSession(ctx, 'operator')];
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  describe('GET /user/discounts', () => {
    it('lists the personal discount and those of offers the user’s profiles took, in force first; nothing of others', async () => {
      const res = await as(anna, 'GET', API_PATHS.discounts);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = DiscountListSchema.parse(res.json());
      expect(body.rule).toBe(C.discountRule);
      expect(body.discounts).toEqual([
        {
          id: 'personal',
          source: 'personal',
          title: 'Персональная скидка',
          percent: 7.5,
          conditions: C.personalDiscountConditions,
          account_uuid: null,
          valid_from: day0,
          valid_to: null,
          applies_now: true,
        },
        {
          id: `offer-${offerId.o1}`,
          source: 'offer',
          title: 'Предложение o1',
          percent: 10,
          conditions: 'На заказы профиля ООО «Ромашка», пока в личном кабинете выбран этот профиль. Условия o1.',
          account_uuid: company.romashka.uuid,
          valid_from: d(-5),
          valid_to: d(5),
          applies_now: true,
        },
        // Ended yesterday, then withdrawn: shown, not applied; the larger first.
        expect.objectContaining({ id: `offer-${offerId.o2}`, percent: 12, applies_now: false, valid_to: d(-1) }),
        expect.objectContaining({ id: `offer-${offerId.o3}`, percent: 5, applies_now: false }),
      ]);
      // o10 has no discount; o11 was taken by someone else's company.
    });

    it('is empty for a client without any, and 401 without signing in', async () => {
      const empty = DiscountListSchema.parse((await as(boris, 'GET', API_PATHS.discounts)).json());
      // Boris's company took o11 (40 %): his only discount.
      expect(empty.discounts.map((x) => [x.id, x.percent, x.applies_now, x.account_uuid])).toEqual([
        [`offer-${offerId.o11}`, 40, true, company.foreign.uuid],
      ]);
      const fresh = await client('Новый Клиент');
      expect(DiscountListSchema.parse((await as(fresh, 'GET', API_PATHS.discounts)).json()).discounts).toEqual([]);
      const anonymous = await new Visitor(ctx, nextIp()).start();
      const res = await as({ visitor: anonymous }, 'GET', API_PATHS.discounts);
      expect(res.statusCode).toBe(401);
      expect((res.json() as ErrorJson).error.message).toBe(MESSAGES.common.unauthorized);
    });
  });

  describe('GET /user/offers', () => {
    it('a company sees its own and the general offers in force, and those it took whatever became of them', async () => {
      const res = await as(anna, 'GET', API_PATHS.offers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const list = OfferListSchema.parse(res.json()).offers;
      const R = company.romashka.uuid;
      expect(list.map((o) => [o.id, o.account_uuid, o.accepted_at, o.can_accept])).toEqual([
        // Open ones by their last day: o5 ends today, o4 and o11 in 10 days, o8 has not started.
        [offerId.o5, null, null, true],
        [offerId.o4, R, null, true],
        [offerId.o11, null, null, true], // Boris's company took it, «Ромашка» did not
        [offerId.o8, null, null, false],
        // Taken: shown even ended (o2) or withdrawn (o3).
        [offerId.o2, null, takenAt.o2!.toISOString(), false],
        [offerId.o1, R, takenAt.o1!.toISOString(), false],
        [offerId.o3, R, takenAt.o3!.toISOString(), false],
      ]);
      expect(list[1]).toEqual({
        id: offerId.o4,
        title: 'Предложение o4',
        description: 'Описание o4',
        conditions: 'Условия o4.',
        discount_percent: 15,
        valid_from: d(-1),
        valid_to: d(10),
        account_uuid: R,
        accepted_at: null,
        can_accept: true,
      });
    });

    it('a shipping manager sees the same offers but may take none', async () => {
      const list = OfferListSchema.parse((await as(pyotr, 'GET', API_PATHS.offers)).json()).offers;
      expect(list.map((o) => o.id)).toEqual([
        offerId.o5,
        offerId.o4,
        offerId.o11,
        offerId.o8,
        offerId.o2,
        offerId.o1,
        offerId.o3,
      ]);
      expect(list.every((o) => !o.can_accept)).toBe(true);
    });

    it('someone else’s company sees its own offers, never «Ромашка»’s', async () => {
      const list = OfferListSchema.parse((await as(boris, 'GET', API_PATHS.offers)).json()).offers;
      expect(list.map((o) => [o.id, o.accepted_at !== null])).toEqual([
        [offerId.o5, false],
        [offerId.o7, false],
        [offerId.o8, false],
        [offerId.o11, true],
      ]);
    });
  });

  describe('GET /user/take_offer', () => {
    it('is refused from another site: no Sec-Fetch-Site and a foreign Origin, cross-site, or neither header', async () => {
      const refused: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site' },
        { 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' },
        {},
      ];
      for (const headers of refused) {
        const res = await take(anna, offerId.o4!, headers);
        expect(res.statusCode, JSON.stringify(headers)).toBe(403);
        expect((res.json() as ErrorJson).error).toMatchObject({ code: 'CSRF_REJECTED', message: C.takeOfferForbidden });
      }
      const [rows] = await ctx.database.db
        .select({ n: count() })
        .from(offerAcceptances)
        .where(eq(offerAcceptances.offerId, offerId.o4!));
      expect(rows!.n).toBe(0);
    });

    it('takes an offer once: the second call answers the same accepted_at, and one row is kept', async () => {
      const first = await take(anna, offerId.o4!);
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('no-store');
      const offer = OfferSchema.parse(first.json());
      expect(offer).toMatchObject({ id: offerId.o4, accepted_at: clock.now().toISOString(), can_accept: false });
      clock.advance(60_000);
      // Our Origin is enough from a browser that sends no Sec-Fetch-Site.
      const again = await take(anna, offerId.o4!, { origin: ctx.config.allowedOrigins[0]! });
      expect(again.statusCode).toBe(200);
      expect(OfferSchema.parse(again.json())).toEqual(offer);
      const rows = await ctx.database.db
        .select()
        .from(offerAcceptances)
        .where(eq(offerAcceptances.offerId, offerId.o4!));
      expect(rows.map((r) => [r.profileId, r.userId])).toEqual([[company.romashka.id, anna.user.id]]);

      // Its 15 % now applies (the largest), the 10 % of o1 still listed.
      const discounts = DiscountListSchema.parse((await as(anna, 'GET', API_PATHS.discounts)).json()).discounts;
      expect(discounts.map((x) => [x.id, x.percent, x.applies_now])).toEqual([
        ['personal', 7.5, true],
        [`offer-${offerId.o4}`, 15, true],
        [`offer-${offerId.o1}`, 10, true],
        [`offer-${offerId.o2}`, 12, false],
        [`offer-${offerId.o3}`, 5, false],
      ]);
    });

    it.each([
      ['o6', 'ended'],
      ['o9', 'withdrawn'],
      ['o8', 'not started'],
    ])('%s (%s) → 409', async (key) => {
      const res = await take(anna, offerId[key]!);
      expect(res.statusCode).toBe(409);
      expect((res.json() as ErrorJson).error).toEqual({
        code: 'OFFER_EXPIRED',
        message: C.offerExpired,
        fields: { offer_id: C.offerExpired },
      });
    });

    it('an offer not made for the active profile is 404, whoever it was made for; a malformed id 400', async () => {
      for (const id of [offerId.o7!, offerId.o10!, 2_000_000_000]) {
        const res = await take(anna, id);
        expect(res.statusCode).toBe(404);
        expect((res.json() as ErrorJson).error).toEqual({
          code: 'NOT_FOUND',
          message: C.offerNotFound,
          fields: { offer_id: C.offerNotFound },
        });
      }
      const bad = await take(anna, 'abc');
      expect(bad.statusCode).toBe(400);
      expect((bad.json() as ErrorJson).error.fields).toEqual({ offer_id: C.offerNotFound });
    });

    it('a role without offers.accept gets 403 and takes nothing', async () => {
      const res = await take(pyotr, offerId.o5!);
      expect(res.statusCode).toBe(403);
      expect((res.json() as ErrorJson).error.message).toBe(C.offerOnlyForCompany);
      const [rows] = await ctx.database.db
        .select({ n: count() })
        .from(offerAcceptances)
        .where(eq(offerAcceptances.offerId, offerId.o5!));
      expect(rows!.n).toBe(0);
    });

    it('acting as a private person, offers to every company are not the user’s: 404', async () => {
      const visitor = anna.visitor;
      expect((await visitor.post('/api/v1/user/change_profile', { account_uuid: personalUuid })).statusCode).toBe(200);
      try {
        expect((await take(anna, offerId.o5!)).statusCode).toBe(404);
        const list = OfferListSchema.parse((await as(anna, 'GET', API_PATHS.offers)).json()).offers;
        expect(list.map((o) => [o.id, o.accepted_at, o.account_uuid])).toEqual([
          [offerId.o10, takenAt.o10!.toISOString(), personalUuid],
        ]);
      } finally {
        await visitor.post('/api/v1/user/change_profile', { account_uuid: company.romashka.uuid });
      }
    });
  });

  describe('GET /user/managers and the photo', () => {
    it('the personal manager of each profile with one; a disabled manager is not shown', async () => {
      const res = await as(anna, 'GET', API_PATHS.managers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(ManagerListSchema.parse(res.json())).toEqual({
        managers: [
          {
            account_uuid: personalUuid,
            profile_name: 'Анна Клиентова',
            manager: {
              id: manager.oleg,
              name: 'Олег Личный',
              photo_url: null,
              phone: null,
              email: null,
              work_hours: null,
              messenger: null,
            },
            rating_this_month: null,
          },
          {
            account_uuid: company.romashka.uuid,
            profile_name: 'ООО «Ромашка»',
            manager: {
              id: manager.maria,
              name: 'Мария Менеджерова',
              photo_url: null,
              phone: '+74951234567',
              email: 'maria@magistral.example',
              work_hours: 'Пн–Пт, 9:00–18:00 по Москве',
              messenger: 'Telegram: @maria_magistral',
            },
            rating_this_month: null,
          },
        ],
      });
    });

    it('an administrator uploads a photo (re-encoded, audited); only clients of that manager get it', async () => {
      const upload = (staff: TestStaff, id: number, name: string, type: string, content: Buffer) =>
        ctx.app.inject({
          method: 'PUT',
          url: `/api/v1/back-office/staff/${id}/photo`,
          headers: { ...staff.headers, 'content-type': MULTIPART_CONTENT_TYPE },
          payload: multipartBody([{ name, type, content }]),
        });
      const url = `${API_PATHS.managerPhoto}/${manager.maria}`;
      expect((await as(anna, 'GET', url)).statusCode).toBe(404); // no photo yet

      const saved = await upload(admin, manager.maria, 'me.jpg', 'image/jpeg', makePng(6, 4));
      expect(saved.statusCode, saved.body).toBe(200);
      expect(StaffAccountSchema.parse(saved.json())).toMatchObject({ id: manager.maria, has_photo: true });
      const [row] = await ctx.database.db
        .select({ key: staffUsers.photoKey })
        .from(staffUsers)
        .where(eq(staffUsers.id, manager.maria));
      expect(row!.key).toMatch(/^staff-photos\/[0-9a-f-]{36}\.png$/);

      const cards = ManagerListSchema.parse((await as(anna, 'GET', API_PATHS.managers)).json()).managers;
      expect(cards[1]!.manager.photo_url).toBe(url);
      const photo = await as(anna, 'GET', url);
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/png');
      expect(photo.headers['cache-control']).toBe('private, max-age=3600');
      expect(photo.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(photo.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 6, 4]);
      // A colleague in the same company sees it too; anyone else does not.
      expect((await as(pyotr, 'GET', url)).statusCode).toBe(200);
      const foreign = await as(boris, 'GET', url);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.headers['cache-control']).toBe('no-store');
      expect((foreign.json() as ErrorJson).error.message).toBe(C.managerNotFound);
      expect((await as(anna, 'GET', `${API_PATHS.managerPhoto}/${manager.foreign}`)).statusCode).toBe(404);
      expect((await as(anna, 'GET', `${API_PATHS.managerPhoto}/x`)).statusCode).toBe(400);
      expect((await as(null, 'GET', url)).statusCode).toBe(401);
      // The client's own content route never serves it.
      expect((await as(anna, 'GET', `/api/v1/content/images/${row!.key!.split('/')[1]}`)).statusCode).toBe(404);

      // A JPEG replaces it; the old file is gone.
      const replaced = await upload(admin, manager.maria, 'new.png', 'image/png', JPEG_4X3);
      expect(replaced.statusCode).toBe(200);
      const files = (await listFiles(dataDir)).filter((f) => f.includes('staff-photos'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.jpg$/);
      expect((await as(anna, 'GET', url)).headers['content-type']).toBe('image/jpeg');

      const audit = await ctx.database.db
        .select()
        .from(staffAuditLog)
        .where(and(eq(staffAuditLog.entityType, 'staff'), eq(staffAuditLog.entityId, String(manager.maria))));
      expect(audit.map((a) => [a.action, a.staffId])).toEqual([
        ['staff.photo', admin.id],
        ['staff.photo', admin.id],
      ]);
    });

    it('refuses what is not a JPEG or PNG, an unknown staff member, and a staff member without staff.manage', async () => {
      const upload = (staff: TestStaff, id: number, content: Buffer) =>
        ctx.app.inject({
          method: 'PUT',
          url: `/api/v1/back-office/staff/${id}/photo`,
          headers: { ...staff.headers, 'content-type': MULTIPART_CONTENT_TYPE },
          payload: multipartBody([{ name: 'photo.png', type: 'image/png', content }]),
        });
      const text = await upload(admin, manager.oleg, Buffer.from('not an image at all'));
      expect(text.statusCode).toBe(400);
      expect((text.json() as ErrorJson).error).toMatchObject({ message: C.photoType, fields: { photo: C.photoType } });
      const webp = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#00aa55' } })
        .webp()
        .toBuffer();
      const refused = await upload(admin, manager.oleg, webp);
      expect(refused.statusCode).toBe(400);
      expect((refused.json() as ErrorJson).error.fields).toEqual({ photo: C.photoType });
      const unknown = await upload(admin, 999_999, makePng(2, 2));
      expect(unknown.statusCode).toBe(404);
      expect((await upload(operator, manager.oleg, makePng(2, 2))).statusCode).toBe(403);
      // Nothing of these was kept.
      expect((await listFiles(dataDir)).filter((f) => f.includes('staff-photos'))).toHaveLength(1);
      const [oleg] = await ctx.database.db.select().from(staffUsers).where(eq(staffUsers.id, manager.oleg));
      expect(oleg!.photoKey).toBeNull();
    });

    it('the photo can be removed (audited); then the client gets 404', async () => {
      const removed = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/back-office/staff/${manager.maria}/photo`,
        headers: admin.headers,
      });
      expect(removed.statusCode).toBe(200);
      expect(StaffAccountSchema.parse(removed.json()).has_photo).toBe(false);
      expect((await as(anna, 'GET', `${API_PATHS.managerPhoto}/${manager.maria}`)).statusCode).toBe(404);
      expect((await listFiles(dataDir)).filter((f) => f.includes('staff-photos'))).toEqual([]);
      const again = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/back-office/staff/${manager.maria}/photo`,
        headers: admin.headers,
      });
      expect(again.statusCode).toBe(404);
      expect((again.json() as ErrorJson).error.message).toBe(C.noPhoto);
    });
  });

  describe('POST /user/duty_manager_rating/', () => {
    const ratingOf = (who: Client) =>
      ctx.database.db
        .select({ month: managerRatings.month, rating: managerRatings.rating, comment: managerRatings.comment })
        .from(managerRatings)
        .where(and(eq(managerRatings.userId, who.user.id), eq(managerRatings.staffId, manager.maria)))
        .orderBy(managerRatings.month);

    it('rates the manager of a profile once a month; the list shows this month’s rating', async () => {
      const body = {
        account_uuid: company.romashka.uuid,
        manager_id: manager.maria,
        rating: 4,
        comment: '  Отвечает\u200b быстро  ',
      };
      const res = await rate(anna, body);
      expect(res.statusCode, res.body).toBe(201);
      expect(ManagerRatingSchema.parse(res.json())).toEqual({
        account_uuid: company.romashka.uuid,
        manager_id: manager.maria,
        month: monthStart(today()),
        rating: 4,
        comment: 'Отвечает быстро',
        created_at: clock.now().toISOString(),
      });
      const second = await rate(anna, { ...body, rating: 5 });
      expect(second.statusCode).toBe(409);
      expect((second.json() as ErrorJson).error).toEqual({
        code: 'RATED_THIS_MONTH',
        message: C.ratedThisMonth,
        fields: { manager_id: C.ratedThisMonth },
      });
      expect(await ratingOf(anna)).toEqual([{ month: monthStart(today()), rating: 4, comment: 'Отвечает быстро' }]);
      const cards = ManagerListSchema.parse((await as(anna, 'GET', API_PATHS.managers)).json()).managers;
      expect(cards.map((c) => c.rating_this_month)).toEqual([null, { rating: 4, comment: 'Отвечает быстро' }]);
    });

    it('someone else’s profile, a manager not of that profile, a disabled one: 404', async () => {
      const cases: [Record<string, unknown>, string, Record<string, string>][] = [
        [
          { account_uuid: company.foreign.uuid, manager_id: manager.foreign },
          MESSAGES.team.profileNotFound,
          { account_uuid: MESSAGES.team.profileNotFound },
        ],
        [
          { account_uuid: 'not-a-uuid', manager_id: manager.maria },
          MESSAGES.team.profileNotFound,
          { account_uuid: MESSAGES.team.profileNotFound },
        ],
        [
          { account_uuid: personalUuid, manager_id: manager.maria },
          C.managerNotFound,
          { manager_id: C.managerNotFound },
        ],
        [
          { account_uuid: company.romashka.uuid, manager_id: manager.foreign },
          C.managerNotFound,
          { manager_id: C.managerNotFound },
        ],
        [
          { account_uuid: company.closed.uuid, manager_id: manager.gone },
          C.managerNotFound,
          { manager_id: C.managerNotFound },
        ],
      ];
      for (const [target, message, fields] of cases) {
        const res = await rate(anna, { ...target, rating: 5 });
        expect(res.statusCode, JSON.stringify(target)).toBe(404);
        expect((res.json() as ErrorJson).error).toMatchObject({ message, fields });
      }
    });

    it.each([
      ['rating 0', { rating: 0 }, { rating: C.ratingInvalid }],
      ['rating 6', { rating: 6 }, { rating: C.ratingInvalid }],
      ['rating 4.5', { rating: 4.5 }, { rating: C.ratingInvalid }],
      ['rating "5"', { rating: '5' }, { rating: C.ratingInvalid }],
      ['a comment of 1001 letters', { rating: 5, comment: 'а'.repeat(1001) }, { comment: C.ratingCommentTooLong }],
    ])('%s → 400', async (_label, extra, fields) => {
      const res = await rate(boris, { account_uuid: company.foreign.uuid, manager_id: manager.foreign, ...extra });
      expect(res.statusCode).toBe(400);
      expect((res.json() as ErrorJson).error.fields).toEqual(fields);
    });

    it('is refused from another site (CSRF) and limited per address', async () => {
      const body = { account_uuid: company.foreign.uuid, manager_id: manager.foreign, rating: 5 };
      const foreign = await rate(boris, body, { origin: 'https://evil.example' });
      expect(foreign.statusCode).toBe(403);
      expect((foreign.json() as ErrorJson).error.code).toBe('CSRF_REJECTED');
      const ip = nextIp();
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: API_PATHS.managerRating,
          remoteAddress: ip,
          headers: { cookie: boris.visitor.cookie!, origin: ctx.config.allowedOrigins[0]! },
          payload: { ...body, rating: 0 },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([...Array<number>(10).fill(400), 429]);
    });

    it('two ratings at once: one is stored, the other is 409', async () => {
      const body = { account_uuid: company.romashka.uuid, manager_id: manager.maria, rating: 3, comment: '   ' };
      const results = await Promise.all([rate(pyotr, body), rate(pyotr, { ...body, rating: 2 })]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const stored = await ratingOf(pyotr);
      expect(stored).toHaveLength(1);
      expect(stored[0]!.comment).toBeNull();
    });

    it('from the 1st of the next month (Moscow) the manager may be rated again', async () => {
      const next = nextMonthStart(today());
      const midnight = Date.parse(`${next}T00:00:00+03:00`);
      const body = { account_uuid: company.romashka.uuid, manager_id: manager.maria, rating: 5 };
      clock.advance(midnight - 60_000 - clock.now().getTime()); // 23:59 Moscow, the last day
      expect((await rate(anna, body)).statusCode).toBe(409);
      clock.advance(2 * 60_000); // 00:01 on the 1st
      const cards = ManagerListSchema.parse((await as(anna, 'GET', API_PATHS.managers)).json()).managers;
      expect(cards[1]!.rating_this_month).toBeNull();
      const res = await rate(anna, body);
      expect(res.statusCode).toBe(201);
      expect(ManagerRatingSchema.parse(res.json()).month).toBe(next);
      expect((await ratingOf(anna)).map((r) => [r.month, r.rating])).toEqual([
        [monthStart(day0), 4],
        [next, 5],
      ]);
      expect((await rate(anna, body)).statusCode).toBe(409);
    });
  });
});
