import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  CargoDetailsSchema,
  CargoListResponseSchema,
  DraftResponseSchema,
  RequestCreateResponseSchema,
  TrackingResponseSchema,
} from '@freight/contracts';
import { cargos, consents, idempotencyKeys, orderDrafts, promoCodes } from '@freight/db';
import {
  MESSAGES,
  PD_CONSENT,
  RU_PRODUCTION_CALENDAR,
  addCalendarDays,
  addWorkingDays,
  checkTrackNumber,
  createOrderDraft,
  serializeDraft,
  toIsoDate,
} from '@freight/domain';
import { createTestContext, type TestContext } from '../../test/helpers';
import { PASSWORD, Visitor, messagesTo, nextIp, signUp, testClock } from '../auth/identity-test-kit';
import { documentSha256 } from '../consents/consent.service';
import {
  createOrder,
  idempotencyKey,
  loadNetwork,
  setCargoState,
  validDraft,
  type NetworkRefs,
} from './orders-test-kit';

type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string> } };
const O = MESSAGES.orders;

describe('orders: drafts, request_create, cargo calls, tracking', () => {
  let ctx: TestContext;
  let net: NetworkRefs;
  // Sessions expire by the real time, so the clock starts now; orders are picked up on the next working day.
  const clock = testClock(Date.now());
  const TODAY = toIsoDate(new Date())!;
  const DATE = addWorkingDays(TODAY, 1, RU_PRODUCTION_CALENDAR);

  beforeAll(async () => {
    ctx = await createTestContext({}, { clock: clock.now });
    net = await loadNetwork(ctx.database.db);
  });
  afterAll(async () => ctx.close());

  const anonymous = () => new Visitor(ctx, nextIp()).start();

  describe('draft', () => {
    it('is saved per anonymous session and survives a reload; another session sees none', async () => {
      const visitor = await anonymous();
      const empty = await visitor.get('/api/v1/requests/draft');
      expect(empty.statusCode).toBe(200);
      expect(empty.json()).toEqual({ draft: null, updated_at: null });
      expect(empty.headers['cache-control']).toBe('no-store');
      const draft = validDraft(net, DATE);
      const saved = await visitor.call('PUT', '/api/v1/requests/draft', { draft: JSON.parse(serializeDraft(draft)) });
      expect(saved.statusCode).toBe(200);
      const again = DraftResponseSchema.parse((await visitor.get('/api/v1/requests/draft')).json());
      expect(again.draft?.draft).toEqual(draft);
      expect(again.updated_at).not.toBeNull();
      const other = await anonymous();
      expect((await other.get('/api/v1/requests/draft')).json()).toEqual({ draft: null, updated_at: null });
    });

    it('refuses a malformed or oversized draft with 400, never 500; no session is 401', async () => {
      const visitor = await anonymous();
      const bad = await visitor.call('PUT', '/api/v1/requests/draft', { draft: { version: 99, draft: {} } });
      expect(bad.statusCode).toBe(400);
      const huge = JSON.parse(serializeDraft(createOrderDraft()));
      huge.draft.packageItems = Array.from({ length: 2000 }, (_, i) => ({ id: `package-${i}`, quantity: 1 }));
      const big = await visitor.call('PUT', '/api/v1/requests/draft', { draft: huge });
      expect(big.statusCode).toBe(400);
      expect((big.json() as ErrorJson).error.fields?.draft).toBe(O.draftTooLarge);
      const nobody = await ctx.app.inject({ method: 'GET', url: '/api/v1/requests/draft' });
      expect(nobody.statusCode).toBe(401);
    });

    it('follows the visitor through sign-in, replacing the older draft of the account', async () => {
      const { visitor: owner, phone } = await signUp(ctx);
      const old = validDraft(net, DATE, (d) => ({ ...d, promocode: 'OLD' }));
      await owner.call('PUT', '/api/v1/requests/draft', { draft: JSON.parse(serializeDraft(old)) });
      await owner.post('/api/v1/user/logout');
      clock.advance(1000);
      const visitor = await anonymous();
      const fresh = validDraft(net, DATE, (d) => ({ ...d, promocode: 'NEW' }));
      await visitor.call('PUT', '/api/v1/requests/draft', { draft: JSON.parse(serializeDraft(fresh)) });
      const signedIn = await visitor.post('/api/v1/authorization_v2/authorization', {
        phone: phone.typed,
        password: PASSWORD,
      });
      expect(signedIn.statusCode).toBe(200);
      const after = DraftResponseSchema.parse((await visitor.get('/api/v1/requests/draft')).json());
      expect(after.draft?.draft.promocode).toBe('NEW');
      const rows = await ctx.database.db.select({ n: count() }).from(orderDrafts);
      expect(rows[0]!.n).toBeGreaterThan(0);
    });
  });

  describe('request_create', () => {
    it('creates the cargo: track number, status, fixed price, history; no SMS to the typed phone; the draft is gone', async () => {
      const visitor = await anonymous();
      const draft = validDraft(net, DATE);
      await visitor.call('PUT', '/api/v1/requests/draft', { draft: JSON.parse(serializeDraft(draft)) });
      const res = await createOrder(visitor, draft);
      expect(res.statusCode, res.body).toBe(201);
      const body = RequestCreateResponseSchema.parse(res.json());
      expect(checkTrackNumber(body.track_number)).toEqual({ ok: true, value: body.track_number });
      expect(body.status).toBe('created');
      expect(body.status_name).toBe('Заявка оформлена');
      expect(body.price_kopecks).toBeGreaterThan(0);
      expect(body.lines[0]?.code).toBe('freight');
      expect(body.tracking_path).toBe(`/tracking/${body.track_number}`);
      // An anonymous order without an e-mail: the confirmation is the done page (decision 010).
      expect(body.notification).toBeNull();
      expect(body.dispatch_date).toBe(DATE);
      expect(await messagesTo(ctx, '+79001234501')).toEqual([]);
      expect((await visitor.get('/api/v1/requests/draft')).json()).toEqual({ draft: null, updated_at: null });
      const details = CargoDetailsSchema.parse(
        (await visitor.get(`/api/v1/cargo/get_current_cargo?tracknumber=${body.track_number}`)).json(),
      );
      expect(details.price_kopecks).toBe(body.price_kopecks);
      expect(details.history.map((h) => h.status)).toEqual(['created']);
      expect(details.history[0]?.office?.city).toBe('Москва');
      expect(details.sender.name).toBe('Иван Петров');
      expect(details.recipient.phone).toBe('+7 (916) 555-44-33');
    });

    it('needs a valid Idempotency-Key and a complete draft: 400 with fields keyed by draft path', async () => {
      const visitor = await anonymous();
      const draft = validDraft(net, DATE);
      const noKey = await visitor.post('/api/v1/requests/request_create', { draft });
      expect(noKey.statusCode).toBe(400);
      expect((noKey.json() as ErrorJson).error.fields?.['idempotency-key']).toBe(O.idempotencyKeyRequired);
      const shortKey = await createOrder(visitor, draft, 'short');
      expect(shortKey.statusCode).toBe(400);
      const noPhone = await createOrder(
        visitor,
        validDraft(net, DATE, (d) => ({
          ...d,
          contacts: { ...d.contacts, sender: { ...d.contacts.sender, phone: '' } },
        })),
      );
      expect(noPhone.statusCode).toBe(400);
      expect((noPhone.json() as ErrorJson).error.fields?.['contacts.sender.phone']).toBeDefined();
      const noCity = await createOrder(visitor, createOrderDraft());
      expect(noCity.statusCode).toBe(400);
      expect(Object.keys((noCity.json() as ErrorJson).error.fields ?? {})).toEqual(
        expect.arrayContaining(['destination.city_departure', 'cargo.weight', 'contacts.sender.phone']),
      );
      const garbage = await visitor.post(
        '/api/v1/requests/request_create',
        { draft: { cargo: 1 } },
        {
          'idempotency-key': idempotencyKey(),
        },
      );
      expect(garbage.statusCode).toBe(400);
      const wrongOffice = await createOrder(
        visitor,
        validDraft(net, DATE, (d) => ({
          ...d,
          destination: { ...d.destination, subdivision_departure: net.terminal('Новосибирск') },
        })),
      );
      expect(wrongOffice.statusCode).toBe(400);
      expect((wrongOffice.json() as ErrorJson).error.fields?.['destination.subdivision_departure']).toBe(
        O.officeUnknown,
      );
      const count0 = await ctx.database.db
        .select({ n: count() })
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.scope, `session:${(await sessionOf(visitor))!}`));
      expect(count0[0]!.n).toBe(0);
    });

    it('same key and body replays the first answer; same key, other body is 422', async () => {
      const visitor = await anonymous();
      const key = idempotencyKey();
      const draft = validDraft(net, DATE);
      const first = await createOrder(visitor, draft, key);
      expect(first.statusCode).toBe(201);
      const second = await createOrder(visitor, draft, key);
      expect(second.statusCode).toBe(201);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.json()).toEqual(first.json());
      const other = await createOrder(
        visitor,
        validDraft(net, DATE, (d) => ({ ...d, cargo: { ...d.cargo, weight: 121 } })),
        key,
      );
      expect(other.statusCode).toBe(422);
      expect((other.json() as ErrorJson).error.message).toBe(O.idempotencyKeyMismatch);
      // Another caller with the same key is a different scope: its own new order.
      const stranger = await anonymous();
      const theirs = await createOrder(stranger, draft, key);
      expect(theirs.statusCode).toBe(201);
      expect((theirs.json() as { track_number: string }).track_number).not.toBe(
        (first.json() as { track_number: string }).track_number,
      );
    });

    it('20 concurrent identical submissions create exactly one cargo', async () => {
      const visitor = await anonymous();
      const key = idempotencyKey();
      const draft = validDraft(net, DATE, (d) => ({ ...d, cargo: { ...d.cargo, weight: 77 } }));
      const results = await Promise.all(Array.from({ length: 20 }, () => createOrder(visitor, draft, key)));
      const statuses = results.map((r) => r.statusCode);
      expect(
        statuses.every((s) => s === 201 || s === 409),
        statuses.join(','),
      ).toBe(true);
      const tracks = new Set(
        results.filter((r) => r.statusCode === 201).map((r) => (r.json() as { track_number: string }).track_number),
      );
      expect(tracks.size).toBe(1);
      const session = await sessionOf(visitor);
      const rows = await ctx.database.db.select({ n: count() }).from(cargos).where(eq(cargos.ownerSessionId, session!));
      expect(rows[0]!.n).toBe(1);
    });

    it('promo code usage is counted and its limit holds under concurrency', async () => {
      await ctx.database.db
        .insert(promoCodes)
        .values({ code: 'ONCE', kind: 'percent', value: 1000, usageLimit: 1, usedCount: 0 });
      const visitors = await Promise.all(Array.from({ length: 5 }, () => anonymous()));
      const draft = validDraft(net, DATE, (d) => ({ ...d, promocode: 'ONCE' }));
      const results = await Promise.all(visitors.map((v) => createOrder(v, draft)));
      const created = results.filter((r) => r.statusCode === 201);
      expect(created).toHaveLength(1);
      expect((created[0]!.json() as { lines: { code: string }[] }).lines.some((l) => l.code === 'promocode')).toBe(
        true,
      );
      for (const r of results.filter((x) => x.statusCode !== 201)) {
        expect(r.statusCode).toBe(422);
        expect((r.json() as ErrorJson).error.fields).toEqual({
          promocode: 'Лимит использований промокода ONCE исчерпан',
        });
      }
      const [promo] = await ctx.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'ONCE'));
      expect(promo?.usedCount).toBe(1);
    });

    describe('a refused promo code: 422 on `promocode` with the one sentence the pricing said, nothing created', () => {
      beforeAll(async () => {
        const code = { kind: 'percent', value: 1000, minOrderKopecks: 0 };
        await ctx.database.db.insert(promoCodes).values([
          { ...code, code: 'SWITCHEDOFF', isActive: false },
          { ...code, code: 'FUTURECODE', validFrom: new Date('2099-03-01T00:00:00+03:00') },
          { ...code, code: 'PASTCODE', validTo: new Date('2020-01-31T23:59:59+03:00') },
          { ...code, code: 'NOUSESLEFT', usageLimit: 3, usedCount: 3 },
          { ...code, code: 'BIGMIN', minOrderKopecks: 100_000_000 },
        ]);
      });
      it.each([
        ['START11', 'Промокод START11 не найден'],
        ['switchedoff', 'Промокод SWITCHEDOFF больше не действует'],
        ['FUTURECODE', 'Промокод FUTURECODE начнёт действовать 1 марта 2099 г.'],
        ['PASTCODE', 'Срок действия промокода PASTCODE закончился 31 января 2020 г.'],
        ['NOUSESLEFT', 'Лимит использований промокода NOUSESLEFT исчерпан'],
        ['BIGMIN', 'Промокод BIGMIN действует для заказов от 1\u00a0000\u00a0000\u00a0₽'],
      ])('%s', async (promocode, message) => {
        const visitor = await anonymous();
        const res = await createOrder(
          visitor,
          validDraft(net, DATE, (d) => ({ ...d, promocode })),
        );
        expect(res.statusCode, res.body).toBe(422);
        expect((res.json() as ErrorJson).error.fields).toEqual({ promocode: message });
        const session = await sessionOf(visitor);
        const rows = await ctx.database.db
          .select({ n: count() })
          .from(cargos)
          .where(eq(cargos.ownerSessionId, session!));
        expect(rows[0]!.n).toBe(0);
      });
    });

    it('every order needs the personal-data consent: without it 400 on `consent`, nothing is created', async () => {
      const visitor = await anonymous();
      const withoutKey = { ...validDraft(net, DATE) } as Partial<ReturnType<typeof validDraft>>;
      delete withoutKey.consent;
      for (const draft of [withoutKey, validDraft(net, DATE, (d) => ({ ...d, consent: false }))]) {
        const res = await visitor.post(
          '/api/v1/requests/request_create',
          { draft },
          { 'idempotency-key': idempotencyKey() },
        );
        expect(res.statusCode, res.body).toBe(400);
        const error = (res.json() as ErrorJson).error;
        expect(error.fields).toEqual({ consent: 'Необходимо согласие на обработку персональных данных' });
        expect(error.fields?.consent).toBe(MESSAGES.common.pdConsentRequired);
      }
      const notBoolean = await visitor.post(
        '/api/v1/requests/request_create',
        { draft: { ...validDraft(net, DATE), consent: 'да' } },
        { 'idempotency-key': idempotencyKey() },
      );
      expect(notBoolean.statusCode).toBe(400);
      expect(Object.values((notBoolean.json() as ErrorJson).error.fields ?? {})).toEqual([
        MESSAGES.common.pdConsentRequired,
      ]);
      // A verified client ticks it too: the order carries the recipient's data, not only their own.
      const { visitor: client } = await signUp(ctx);
      const verified = await createOrder(
        client,
        validDraft(net, DATE, (d) => ({ ...d, consent: false })),
      );
      expect(verified.statusCode).toBe(400);
      expect((verified.json() as ErrorJson).error.fields?.consent).toBe(MESSAGES.common.pdConsentRequired);
      const session = await sessionOf(visitor);
      const rows = await ctx.database.db.select({ n: count() }).from(cargos).where(eq(cargos.ownerSessionId, session!));
      expect(rows[0]!.n).toBe(0);
      const recorded = await ctx.database.db
        .select({ n: count() })
        .from(consents)
        .where(eq(consents.sessionId, session!));
      expect(recorded[0]!.n).toBe(0);
    });

    it('records the consent with the cargo (PD_CONSENT version and hash, time, IP, browser, session); a replay adds none', async () => {
      const visitor = await anonymous();
      const key = idempotencyKey();
      const draft = validDraft(net, DATE);
      const before = Date.now();
      const first = await createOrder(visitor, draft, key);
      expect(first.statusCode, first.body).toBe(201);
      const { track_number: t } = first.json() as { track_number: string };
      const [cargo] = await ctx.database.db.select().from(cargos).where(eq(cargos.trackNumber, t));
      expect(cargo?.consentId).toEqual(expect.any(Number));
      const [consent] = await ctx.database.db.select().from(consents).where(eq(consents.id, cargo!.consentId!));
      const session = await sessionOf(visitor);
      expect(consent).toMatchObject({
        documentType: 'pd_consent',
        documentVersion: PD_CONSENT.version,
        documentSha256: documentSha256(PD_CONSENT),
        channel: 'order',
        sessionId: session,
        userId: null,
        ip: visitor.ip,
        userAgent: 'vitest',
        withdrawnAt: null,
      });
      expect(consent!.givenAt.getTime()).toBeGreaterThanOrEqual(before - 1000);

      const replay = await createOrder(visitor, draft, key);
      expect(replay.statusCode).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      const all = await ctx.database.db
        .select({ id: consents.id })
        .from(consents)
        .where(eq(consents.sessionId, session!));
      expect(all).toEqual([{ id: cargo!.consentId }]);
    });

    it('a verified client gets the sender prefilled from the profile and owns the cargo', async () => {
      const { visitor, phone } = await signUp(ctx, { name: 'Пётр Сидоров' });
      const draft = validDraft(net, DATE, (d) => ({
        ...d,
        contacts: { ...d.contacts, sender: { name: '', phone: '', email: '', inn: '', kpp: '' } },
      }));
      const res = await createOrder(visitor, draft);
      expect(res.statusCode, res.body).toBe(201);
      const body = RequestCreateResponseSchema.parse(res.json());
      const details = CargoDetailsSchema.parse(
        (await visitor.get(`/api/v1/cargo/get_current_cargo?tracknumber=${body.track_number}`)).json(),
      );
      expect(details.sender.name).toBe('Пётр Сидоров');
      expect(details.sender.phone?.replace(/\D/g, '')).toBe(phone.stored.replace(/\D/g, ''));
    });
  });

  describe('cargo calls', () => {
    it('an anonymous order moves to the account at sign-in; strangers get 404 everywhere', async () => {
      const { visitor: owner, phone } = await signUp(ctx);
      await owner.post('/api/v1/user/logout');
      const visitor = await anonymous();
      const track = (await createOrder(visitor, validDraft(net, DATE)).then((r) => r.json())) as {
        track_number: string;
      };
      const t = track.track_number;
      await visitor.post('/api/v1/authorization_v2/authorization', { phone: phone.typed, password: PASSWORD });
      const list = CargoListResponseSchema.parse((await visitor.get('/api/v1/cargo/cargo')).json());
      expect(list.items.map((i) => i.track_number)).toContain(t);

      const stranger = await anonymous();
      const other = (await signUp(ctx)).visitor;
      for (const who of [stranger, other]) {
        for (const url of [
          `/api/v1/cargo/get_current_cargo?tracknumber=${t}`,
          `/api/v1/cargo/payment_status?track_number=${t}`,
          `/api/v1/cargo_lk/available_actions?tracknumber=${t}`,
          `/api/v1/cargo/duty_cargo_rating?track_number=${t}`,
          `/api/v1/duty_driver_info?track_number=${t}`,
        ]) {
          const res = await who.get(url);
          expect(res.statusCode, url).toBe(404);
        }
        expect((await who.post(`/api/v1/duty_favorite_cargo?track_number=${t}`)).statusCode).toBe(404);
        expect((await who.post(`/api/v1/cargo_lk/cancel?tracknumber=${t}`)).statusCode).toBe(404);
        expect((await who.post('/api/v1/cargo/duty_cargo_rating', { track_number: t, rating: 5 })).statusCode).toBe(
          404,
        );
        const theirList = CargoListResponseSchema.parse((await who.get('/api/v1/cargo/cargo')).json());
        expect(theirList.items.map((i) => i.track_number)).not.toContain(t);
      }
    });

    it('payment status, available actions, cancel before acceptance only', async () => {
      const visitor = await anonymous();
      const a = (await createOrder(visitor, validDraft(net, DATE))).json() as {
        track_number: string;
        price_kopecks: number;
      };
      const pay = (await visitor.get(`/api/v1/cargo/payment_status?track_number=${a.track_number}`)).json();
      expect(pay).toMatchObject({ paid: false, due_kopecks: a.price_kopecks, payment_type: 'cash' });
      const actions = (
        await visitor.get(`/api/v1/cargo_lk/available_actions?tracknumber=${a.track_number}`)
      ).json() as {
        actions: { code: string }[];
      };
      expect(actions.actions.map((x) => x.code)).toEqual(['cancel', 'change_contacts', 'repeat', 'favorite']);
      const cancelled = await visitor.post(`/api/v1/cargo_lk/cancel?tracknumber=${a.track_number}`);
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toMatchObject({ status: 'cancelled', status_name: 'Отменён' });
      const again = await visitor.post(`/api/v1/cargo_lk/cancel?tracknumber=${a.track_number}`);
      expect(again.statusCode).toBe(409);
      expect((again.json() as ErrorJson).error.message).toBe(O.cancelNotAllowed);
      const b = (await createOrder(visitor, validDraft(net, DATE))).json() as { track_number: string };
      await setCargoState(ctx.database.db, b.track_number, 'accepted', { paid: true, paidAt: new Date() });
      expect((await visitor.post(`/api/v1/cargo_lk/cancel?tracknumber=${b.track_number}`)).statusCode).toBe(409);
      const paid = (await visitor.get(`/api/v1/cargo/payment_status?track_number=${b.track_number}`)).json();
      expect(paid).toMatchObject({ paid: true, due_kopecks: 0 });
    });

    it('contacts change until the cargo is finished; bad input is 400', async () => {
      const visitor = await anonymous();
      const { track_number: t } = (await createOrder(visitor, validDraft(net, DATE))).json() as {
        track_number: string;
      };
      const url = `/api/v1/cargo_lk/change_contacts?tracknumber=${t}`;
      const changed = await visitor.post(url, {
        participant: 'recipient',
        name: 'Мария Орлова',
        phone: '8 (905) 111-22-33',
        email: 'maria@example.ru',
        consent: true,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(CargoDetailsSchema.parse(changed.json()).recipient).toMatchObject({
        name: 'Мария Орлова',
        phone: '+7 (905) 111-22-33',
        email: 'maria@example.ru',
      });
      const list = CargoListResponseSchema.parse((await visitor.get('/api/v1/cargo/cargo?recipient=орлова')).json());
      expect(list.items.map((i) => i.track_number)).toEqual([t]);
      const bad = await visitor.post(url, { participant: 'recipient', name: '', phone: '123', consent: true });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys((bad.json() as ErrorJson).error.fields ?? {})).toEqual(['name', 'phone']);
      expect(
        (await (await anonymous()).post(url, { participant: 'sender', name: 'Х', phone: '9001234567', consent: true }))
          .statusCode,
      ).toBe(404);
      await setCargoState(ctx.database.db, t, 'released');
      const late = await visitor.post(url, { participant: 'sender', name: 'Иван', phone: '9001234567', consent: true });
      expect(late.statusCode).toBe(409);
      expect((late.json() as ErrorJson).error.message).toBe(O.contactsNotAllowed);
    });

    it('contacts change only with the consent; it is recorded and the cargo links to it', async () => {
      const visitor = await anonymous();
      const { track_number: t } = (await createOrder(visitor, validDraft(net, DATE))).json() as {
        track_number: string;
      };
      const [created] = await ctx.database.db.select().from(cargos).where(eq(cargos.trackNumber, t));
      const url = `/api/v1/cargo_lk/change_contacts?tracknumber=${t}`;
      const change = { participant: 'recipient', name: 'Ольга Белова', phone: '8 905 222-33-44' };
      for (const body of [change, { ...change, consent: false }]) {
        const refused = await visitor.post(url, body);
        expect(refused.statusCode).toBe(400);
        expect((refused.json() as ErrorJson).error.fields).toEqual({ consent: MESSAGES.common.pdConsentRequired });
      }
      const [unchanged] = await ctx.database.db.select().from(cargos).where(eq(cargos.trackNumber, t));
      expect(unchanged?.recipient.name).toBe('Анна Смирнова');
      expect(unchanged?.consentId).toBe(created!.consentId);

      const changed = await visitor.post(url, { ...change, consent: true });
      expect(changed.statusCode, changed.body).toBe(200);
      const [row] = await ctx.database.db.select().from(cargos).where(eq(cargos.trackNumber, t));
      expect(row?.recipient.name).toBe('Ольга Белова');
      expect(row?.consentId).not.toBe(created!.consentId);
      const [consent] = await ctx.database.db.select().from(consents).where(eq(consents.id, row!.consentId!));
      expect(consent).toMatchObject({
        documentVersion: PD_CONSENT.version,
        documentSha256: documentSha256(PD_CONSENT),
        channel: 'cargo_contacts',
        sessionId: await sessionOf(visitor),
        ip: visitor.ip,
      });
    });

    it('rating: only after release, once, 1–5 with a comment', async () => {
      const visitor = await anonymous();
      const { track_number: t } = (await createOrder(visitor, validDraft(net, DATE))).json() as {
        track_number: string;
      };
      const early = await visitor.post('/api/v1/cargo/duty_cargo_rating', { track_number: t, rating: 5 });
      expect(early.statusCode).toBe(409);
      expect((early.json() as ErrorJson).error.message).toBe(O.ratingNotAllowed);
      await setCargoState(ctx.database.db, t, 'released');
      expect((await visitor.get(`/api/v1/cargo/duty_cargo_rating?track_number=${t}`)).json()).toEqual({
        rating: null,
        can_rate: true,
      });
      for (const rating of [0, 6, 3.5, '5']) {
        const bad = await visitor.post('/api/v1/cargo/duty_cargo_rating', { track_number: t, rating });
        expect(bad.statusCode, String(rating)).toBe(400);
      }
      const long = await visitor.post('/api/v1/cargo/duty_cargo_rating', {
        track_number: t,
        rating: 4,
        comment: 'ы'.repeat(1001),
      });
      expect(long.statusCode).toBe(400);
      const ok = await visitor.post('/api/v1/cargo/duty_cargo_rating', {
        track_number: t,
        rating: 4,
        comment: '  Быстро и аккуратно  ',
      });
      expect(ok.statusCode).toBe(201);
      expect(ok.json()).toMatchObject({ track_number: t, rating: 4, comment: 'Быстро и аккуратно' });
      const twice = await visitor.post('/api/v1/cargo/duty_cargo_rating', { track_number: t, rating: 5 });
      expect(twice.statusCode).toBe(409);
      expect((twice.json() as ErrorJson).error.message).toBe(O.ratingExists);
      const got = (await visitor.get(`/api/v1/cargo/duty_cargo_rating?track_number=${t}`)).json() as {
        rating: { rating: number };
        can_rate: boolean;
      };
      expect(got.rating.rating).toBe(4);
      expect(got.can_rate).toBe(false);
      const actions = (await visitor.get(`/api/v1/cargo_lk/available_actions?tracknumber=${t}`)).json() as {
        actions: { code: string }[];
      };
      expect(actions.actions.map((x) => x.code)).toEqual(['repeat', 'favorite']);
    });

    it('favourite toggles; driver info only once a driver is assigned', async () => {
      const visitor = await anonymous();
      const { track_number: t } = (await createOrder(visitor, validDraft(net, DATE))).json() as {
        track_number: string;
      };
      const on = await visitor.post(`/api/v1/duty_favorite_cargo?track_number=${t}`);
      expect(on.json()).toEqual({ track_number: t, favorite: true });
      const list = CargoListResponseSchema.parse((await visitor.get('/api/v1/cargo/cargo')).json());
      expect(list.items.find((i) => i.track_number === t)?.favorite).toBe(true);
      expect((await visitor.post(`/api/v1/duty_favorite_cargo?track_number=${t}`)).json()).toEqual({
        track_number: t,
        favorite: false,
      });
      const none = await visitor.get(`/api/v1/duty_driver_info?track_number=${t}`);
      expect(none.statusCode).toBe(404);
      expect((none.json() as ErrorJson).error.message).toBe(O.driverNotAssigned);
      await setCargoState(ctx.database.db, t, 'pickup', {
        driverName: 'Сергей Волков',
        driverPhone: '+79161112233',
        vehicleModel: 'ГАЗель Next',
        vehiclePlate: 'А123ВС 777',
        driverAssignedAt: new Date(),
      });
      const driver = await visitor.get(`/api/v1/duty_driver_info?track_number=${t}`);
      expect(driver.json()).toEqual({
        track_number: t,
        name: 'Сергей Волков',
        phone: '+7 (916) 111-22-33',
        vehicle_model: 'ГАЗель Next',
        vehicle_plate: 'А123ВС 777',
      });
    });

    it('malformed track numbers and bad list queries are 4xx, never 500', async () => {
      const visitor = await anonymous();
      for (const url of [
        '/api/v1/cargo/get_current_cargo?tracknumber=abc',
        '/api/v1/cargo/get_current_cargo',
        '/api/v1/cargo/payment_status?track_number=MG-0000-00001',
        '/api/v1/cargo/cargo?limit=1000',
        '/api/v1/cargo/cargo?skip=-1',
        '/api/v1/cargo/cargo?cargo_statuses=nope',
        '/api/v1/cargo/cargo?start_date=2026-02-30',
        '/api/v1/cargo/cargo?start_date=2026-03-02&end_date=2026-03-01',
        '/api/v1/cargo/cargo?exclude_closed=maybe',
      ]) {
        const res = await visitor.get(url);
        expect(res.statusCode, url).toBe(400);
      }
      const checksum = await visitor.get('/api/v1/cargo/get_current_cargo?tracknumber=MG-2611-04271');
      expect((checksum.json() as ErrorJson).error.fields?.tracknumber).toBe(O.trackChecksum);
    });
  });

  describe('the list', () => {
    it('filters, sorts, pages and keeps to the caller', async () => {
      const visitor = await anonymous();
      const made: string[] = [];
      const weights = [10, 50, 30, 200, 80];
      for (const weight of weights) {
        clock.advance(60_000);
        const res = await createOrder(
          visitor,
          validDraft(net, DATE, (d) => ({
            ...d,
            cargo: { ...d.cargo, weight },
            contacts: {
              ...d.contacts,
              recipient: { ...d.contacts.recipient, name: weight === 200 ? 'ООО «Сибирь»' : 'Анна Смирнова' },
            },
          })),
        );
        made.push((res.json() as { track_number: string }).track_number);
      }
      clock.advance(60_000);
      await setCargoState(ctx.database.db, made[0]!, 'released', {}, clock.now());
      clock.advance(60_000);
      await setCargoState(ctx.database.db, made[1]!, 'in_transit', {}, clock.now());
      const list = async (query: string) => {
        const res = await visitor.get(`/api/v1/cargo/cargo?${query}`);
        expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
        return CargoListResponseSchema.parse(res.json()).items.map((i) => i.track_number);
      };
      expect(await list('')).toEqual([...made].reverse());
      expect(await list('sort_by_date=true&reverse_sort_by=true')).toEqual([...made].reverse());
      expect(await list('sort_by_date=true')).toEqual(made);
      const byPrice = await list('sort_by_price=true');
      expect(byPrice[0]).toBe(made[0]);
      expect(byPrice.at(-1)).toBe(made[3]);
      expect(await list('sort_by_status_date=true&reverse_sort_by=true&limit=2')).toEqual([made[1], made[0]]);
      expect(await list('exclude_closed=true')).not.toContain(made[0]);
      expect(await list('cargo_statuses=released&cargo_statuses=in_transit')).toEqual([made[1], made[0]]);
      expect(await list('cargo_statuses=released')).toEqual([made[0]]);
      expect(await list(`tracknumber=${made[2]}`)).toEqual([made[2]]);
      expect(await list(`tracknumber=${made[2]!.slice(3, 7)}`)).toContain(made[2]);
      expect(await list('recipient=сибирь')).toEqual([made[3]]);
      expect(await list('sender=петров&limit=2&skip=1')).toEqual([made[3], made[2]]);
      expect(await list('city_departure=моск')).toHaveLength(5);
      expect(await list('city_delivery=Казань')).toEqual([]);
      const today = toIsoDate(clock.now())!;
      expect(await list(`start_date=${today}&end_date=${today}`)).toHaveLength(5);
      expect(await list(`start_date=${addCalendarDays(today, 1)}`)).toEqual([]);
      expect(await list(`end_date=${addCalendarDays(today, -1)}`)).toEqual([]);
      const page = CargoListResponseSchema.parse((await visitor.get('/api/v1/cargo/cargo?limit=2')).json());
      expect(page.has_more).toBe(true);
      const item = page.items[0]!;
      expect(item.status_name).toBe('Заявка оформлена');
      expect(item.price_text).toMatch(/₽$/);
      expect(item.city_departure).toBe('Москва');
    });
  });

  describe('public tracking', () => {
    it('strangers see status, route and timeline with names and phones masked; the owner sees all', async () => {
      const visitor = await anonymous();
      const { track_number: t } = (await createOrder(visitor, validDraft(net, DATE))).json() as {
        track_number: string;
      };
      const stranger = await anonymous();
      const res = await stranger.get(`/api/v1/tracking/${t}`);
      expect(res.statusCode).toBe(200);
      const body = TrackingResponseSchema.parse(res.json());
      expect(body.is_owner).toBe(false);
      expect(body.sender).toEqual({ name: 'И*** П***', phone: '+7 (9**) ***-**-01' });
      expect(body.recipient).toEqual({ name: 'А*** С***', phone: '+7 (9**) ***-**-33' });
      expect(body.price_text).toBeNull();
      expect(body.departure.city?.name).toBe('Москва');
      expect(body.departure.address).toBeNull();
      expect(body.history[0]).toMatchObject({ status: 'created', city: 'Москва' });
      expect(body.planned_arrival_text).toMatch(/2026 г\.$/);
      expect(res.body).not.toContain('Петров');
      expect(res.body).not.toContain('123-45-01');

      const own = TrackingResponseSchema.parse((await visitor.get(`/api/v1/tracking/${t}`)).json());
      expect(own.is_owner).toBe(true);
      expect(own.sender).toEqual({ name: 'Иван Петров', phone: '+7 (900) 123-45-01' });
      expect(own.price_text).toMatch(/₽$/);
      // Typed loosely, found all the same.
      const loose = await stranger.get(`/api/v1/tracking/${encodeURIComponent(t.toLowerCase().replace(/-/g, ' '))}`);
      expect(loose.statusCode).toBe(200);
    });

    it('an unknown or malformed number is 404 with a clear message', async () => {
      const visitor = await anonymous();
      const unknown = await visitor.get('/api/v1/tracking/MG-2611-04270');
      expect(unknown.statusCode).toBe(404);
      expect((unknown.json() as ErrorJson).error.message).toBe(O.trackNotFound('MG-2611-04270'));
      const garbage = await visitor.get(`/api/v1/tracking/${encodeURIComponent('<script>')}`);
      expect(garbage.statusCode).toBe(404);
      expect((garbage.json() as ErrorJson).error.message).toContain('не найден');
    });

    it('lookups are rate limited per IP with a Russian 429', async () => {
      const ip = nextIp();
      const hit = () => ctx.app.inject({ method: 'GET', url: '/api/v1/tracking/MG-2611-04270', remoteAddress: ip });
      for (let i = 0; i < 30; i += 1) expect((await hit()).statusCode).toBe(404);
      const limited = await hit();
      expect(limited.statusCode).toBe(429);
      expect((limited.json() as ErrorJson).error.message).toBe(O.tooManyLookups);
      const elsewhere = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/tracking/MG-2611-04270',
        remoteAddress: nextIp(),
      });
      expect(elsewhere.statusCode).toBe(404);
    });
  });

  it('every orders call is in the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/requests/request_create',
        '/api/v1/requests/draft',
        '/api/v1/cargo/cargo',
        '/api/v1/cargo/get_current_cargo',
        '/api/v1/cargo/payment_status',
        '/api/v1/cargo_lk/available_actions',
        '/api/v1/cargo_lk/cancel',
        '/api/v1/cargo_lk/change_contacts',
        '/api/v1/cargo/duty_cargo_rating',
        '/api/v1/duty_favorite_cargo',
        '/api/v1/duty_driver_info',
        '/api/v1/tracking/{track_number}',
      ]),
    );
  });

  describe('account deletion', () => {
    it('anonymises the participants of the user’s cargo', async () => {
      const { visitor, user } = await signUp(ctx);
      const { track_number: t } = (await createOrder(visitor, validDraft(net, DATE))).json() as {
        track_number: string;
      };
      const deleted = await visitor.call('DELETE', '/api/v1/user/account', {
        password: PASSWORD,
        confirmation: 'УДАЛИТЬ',
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
      const [row] = await ctx.database.db.select().from(cargos).where(eq(cargos.trackNumber, t));
      expect(row?.ownerUserId).toBe(user.id);
      expect(row?.senderName).toBeNull();
      expect(row?.sender.name).toBeNull();
      expect(row?.sender.phone).toBeNull();
      expect(row?.recipient.phone).toBeNull();
      expect(row?.anonymizedAt).not.toBeNull();
      const tracked = TrackingResponseSchema.parse((await (await anonymous()).get(`/api/v1/tracking/${t}`)).json());
      expect(tracked.sender).toEqual({ name: '', phone: '' });
    });
  });

  async function sessionOf(visitor: Visitor): Promise<string | null> {
    const token = visitor.cookie?.split('=')[1];
    if (!token) return null;
    const { hashToken } = await import('../auth/session.service');
    const { sessions } = await import('@freight/db');
    const [row] = await ctx.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    return row?.id ?? null;
  }
});
