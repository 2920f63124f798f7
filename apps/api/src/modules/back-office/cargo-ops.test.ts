import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  BoCargoDetailsSchema,
  BoCargoListSchema,
  BoOfficeListSchema,
  type BoCargoDetails,
} from '@freight/contracts/back-office-cargo';
import { API_PATHS, TrackingResponseSchema } from '@freight/contracts';
import {
  cargoStatusHistory,
  cargos,
  clientProfiles,
  outbox,
  securityAlerts,
  smsSends,
  staffAuditLog,
  users,
  attachLegalProfile,
} from '@freight/db';
import {
  BULK_STATUS_MAX_CARGOS,
  MESSAGES,
  RU_PRODUCTION_CALENDAR,
  addWorkingDays,
  formatDateTime,
  phonePrefix,
  toIsoDate,
  type CargoStatus,
  type OrderDraft,
} from '@freight/domain';
import { cargoStatusNotification } from '@freight/domain/cargo-notification';
import { BACK_OFFICE_CARGO_TEXTS } from '@freight/domain/texts/back-office-cargo';
import { NOTICE_SMS_PER_PHONE_HOUR } from '../messaging/sms-policy';
import { createTestContext, type TestContext } from '../../test/helpers';
import { staffSession, type TestStaff } from '../../test/staff';
import { signUp } from '../auth/identity-test-kit';
import { createOrder, loadNetwork, validDraft, type NetworkRefs } from '../orders/orders-test-kit';

type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string> } };
const E = BACK_OFFICE_CARGO_TEXTS.errors;
const ORIGIN = 'https://magistral.example';
const BO = '/api/v1/back-office';
const label = (status: CargoStatus) => MESSAGES.orders.status[status];

describe('back-office: cargo operations', () => {
  let ctx: TestContext;
  let net: NetworkRefs;
  let operator: TestStaff;
  let date: string;

  beforeAll(async () => {
    // Status notices have their own cap (NOTICE_SMS_PER_PHONE_HOUR), outside the budgets of codes.
    ctx = await createTestContext({ PUBLIC_ORIGIN: ORIGIN });
    net = await loadNetwork(ctx.database.db);
    operator = await staffSession(ctx, 'operator');
    date = addWorkingDays(toIsoDate(new Date())!, 1, RU_PRODUCTION_CALENDAR);
  });
  afterAll(async () => ctx.close());

  type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  function call(staff: TestStaff | null, method: Method, url: string, payload?: unknown) {
    return ctx.app.inject({
      method,
      url,
      headers: staff ? (method === 'GET' ? { cookie: staff.cookie } : staff.headers) : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  }
  const json = <T = ErrorJson>(res: LightMyRequestResponse) => res.json() as T;
  function ok(res: LightMyRequestResponse): BoCargoDetails {
    expect(res.statusCode, res.body).toBe(200);
    return BoCargoDetailsSchema.parse(res.json());
  }
  const setStatus = (track: string, body: Record<string, unknown>, staff = operator) =>
    call(staff, 'POST', `${BO}/cargos/${track}/status`, body);

  /** A verified client (optionally with a confirmed e-mail) and a cargo they ordered. */
  /** The client wants an SMS and an e-mail of every status (by default SMS come for three of them). */
  async function everyStatusBySmsAndEmail(owner: Awaited<ReturnType<typeof signUp>>) {
    const settings = await owner.visitor.get(API_PATHS.notificationSettings);
    expect(settings.statusCode, settings.body).toBe(200);
    const { preferences } = settings.json() as { preferences: { events: Record<string, Record<string, boolean>> } };
    for (const channels of Object.values(preferences.events)) Object.assign(channels, { sms: true, email: true });
    const saved = await owner.visitor.call('PUT', API_PATHS.notificationSettings, preferences);
    expect(saved.statusCode, saved.body).toBe(200);
  }
  async function clientWithCargo(options: { email?: string; patch?: (d: OrderDraft) => OrderDraft } = {}) {
    const owner = await signUp(ctx, { name: 'Ольга Клиентова' });
    if (options.email) {
      await ctx.database.db.update(users).set({ email: options.email }).where(eq(users.id, owner.user.id));
    }
    await everyStatusBySmsAndEmail(owner);
    const track = await orderAs(owner.visitor, options.patch);
    return { owner, track };
  }
  async function orderAs(
    visitor: Awaited<ReturnType<typeof signUp>>['visitor'],
    patch?: (d: OrderDraft) => OrderDraft,
  ) {
    const res = await createOrder(visitor, validDraft(net, date, patch));
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { track_number: string }).track_number;
  }
  async function cargoRow(track: string) {
    const [row] = await ctx.database.db.select().from(cargos).where(eq(cargos.trackNumber, track));
    return row!;
  }
  async function historyOf(track: string) {
    const row = await cargoRow(track);
    return ctx.database.db
      .select()
      .from(cargoStatusHistory)
      .where(eq(cargoStatusHistory.cargoId, row.id))
      .orderBy(asc(cargoStatusHistory.at), asc(cargoStatusHistory.id));
  }
  /** Status notices queued for `to` (outbox rows, oldest first), once the notification jobs are done. */
  async function notices(to: string) {
    await ctx.app.jobs.drain(['notify.cargo_status']);
    return ctx.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, to), eq(outbox.kind, 'notice:cargo_status')))
      .orderBy(asc(outbox.id));
  }
  async function office(q: string) {
    const res = await call(operator, 'GET', `${BO}/offices?q=${encodeURIComponent(q)}`);
    expect(res.statusCode, res.body).toBe(200);
    const first = BoOfficeListSchema.parse(res.json()).items.find((o) => o.kind === 'terminal');
    if (!first) throw new Error(`no terminal for ${q}`);
    return first;
  }

  it('moves a cargo through every status to «Выдан»: each step in the public tracking, one SMS and one e-mail per change', async () => {
    const { owner, track } = await clientWithCargo({ email: 'olga@example.ru' });
    const moscow = await office('Москва');
    const nsk = await office('Новосибирск');
    expect(moscow.city).toBe('Москва');

    const steps: [CargoStatus, typeof moscow | null, string | undefined][] = [
      ['awaiting_dropoff', null, undefined],
      ['accepted', moscow, 'Принято 2 места'],
      ['in_transit', moscow, undefined],
      ['arrived', nsk, undefined],
      ['released', nsk, 'Выдан по доверенности'],
    ];
    for (const [index, [status, where, comment]] of steps.entries()) {
      const page = ok(
        await setStatus(track, { status, ...(where ? { office_id: where.id } : {}), ...(comment ? { comment } : {}) }),
      );
      expect(page.status).toBe(status);
      expect(page.status_label).toBe(label(status));
      const last = page.history.at(-1)!;
      expect(last).toMatchObject({ status, status_label: label(status), comment: comment ?? null });
      expect(last.staff?.id).toBe(operator.id);
      expect(last.office?.id ?? null).toBe(where?.id ?? null);

      // The public tracking page shows every step so far, with the office's city.
      const tracking = await ctx.app.inject({ method: 'GET', url: `/api/v1/tracking/${track}` });
      expect(tracking.statusCode, tracking.body).toBe(200);
      const history = TrackingResponseSchema.parse(tracking.json()).history;
      expect(history.map((h) => h.status)).toEqual(['created', ...steps.slice(0, index + 1).map(([s]) => s)]);
      expect(history.at(-1)!.city).toBe(where?.city ?? null);

      // Exactly one SMS (and one e-mail) per change, naming the status, the place and the link.
      const sms = (await notices(owner.phone.stored)).filter((m) => m.channel === 'sms');
      expect(sms).toHaveLength(index + 1);
      const expected = cargoStatusNotification({
        trackNumber: track,
        status,
        at: new Date(last.at),
        place: where?.address ?? null,
        trackingUrl: `${ORIGIN}/tracking/${track}`,
      });
      expect(sms.at(-1)!.body).toBe(expected.sms);
      const mails = await notices('olga@example.ru');
      expect(mails).toHaveLength(index + 1);
      expect(mails.at(-1)).toMatchObject({ channel: 'email', subject: expected.emailSubject });
      // The letter names the status and the link, and carries its unsubscribe link (issue 18).
      expect(mails.at(-1)!.body).toContain(`Статус вашего груза ${track} изменился: ${label(status)}.`);
      expect(mails.at(-1)!.body).toContain(`${ORIGIN}/tracking/${track}`);
      expect(mails.at(-1)!.body).toContain(`${ORIGIN}/unsubscribe?token=`);
    }
    expect(steps.at(-1)![0]).toBe('released');
    const done = ok(await call(operator, 'GET', `${BO}/cargos/${track}`));
    expect(done).toMatchObject({ status: 'released', status_label: 'Выдан', closed: true, next_statuses: [] });
    expect(done.can_cancel).toBe(false);

    // The SMS are really delivered by the outbox's jobs (a night run's SMS wait for the morning).
    await ctx.app.outbox.flush({ includeDeferred: true });
    const recorded = ctx.app.outbox.transports.recorder!.list().filter((m) => m.to === owner.phone.stored);
    expect(recorded.filter((m) => m.kind === 'notice:cargo_status')).toHaveLength(steps.length);
  });

  it('refuses a forbidden jump and the same status again with 409 and the exact message; nothing changes', async () => {
    const { owner, track } = await clientWithCargo();
    const jump = await setStatus(track, { status: 'arrived' });
    expect(jump.statusCode).toBe(409);
    expect(json(jump).error).toMatchObject({
      code: 'CONFLICT',
      message: MESSAGES.backOffice.errors.transitionForbidden('Заявка оформлена', 'Прибыл на терминал'),
    });
    expect(json(jump).error.message).toBe('Нельзя перевести груз из статуса «Заявка оформлена» в «Прибыл на терминал»');

    ok(await setStatus(track, { status: 'awaiting_dropoff' }));
    const again = await setStatus(track, { status: 'awaiting_dropoff' });
    expect(again.statusCode).toBe(409);
    expect(json(again).error.message).toBe(E.sameStatus('Ожидает сдачи на терминал'));

    expect((await historyOf(track)).map((h) => h.status)).toEqual(['created', 'awaiting_dropoff']);
    expect((await cargoRow(track)).status).toBe('awaiting_dropoff');
    expect(await notices(owner.phone.stored)).toHaveLength(1);
  });

  it('answers bad input with 400 in Russian: unknown office, bad or future date, a date before the last entry, unknown status', async () => {
    const { track } = await clientWithCargo();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ status: 'awaiting_dropoff', office_id: 999_999 }, 'office_id', E.officeUnknown],
      [{ status: 'awaiting_dropoff', at: '31.02.2026 10:00' }, 'at', E.atInvalid],
      [{ status: 'awaiting_dropoff', at: new Date(Date.now() + 60 * 60_000).toISOString() }, 'at', E.atInFuture],
      [{ status: 'teleported' }, 'status', E.statusInvalid],
      [{ status: 'awaiting_dropoff', comment: 'я'.repeat(501) }, 'comment', E.commentTooLong],
    ];
    for (const [body, field, message] of cases) {
      const res = await setStatus(track, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(res).error.code).toBe('VALIDATION_FAILED');
      expect(json(res).error.fields?.[field]).toBe(message);
    }
    const [created] = await historyOf(track);
    const early = await setStatus(track, {
      status: 'awaiting_dropoff',
      at: new Date(created!.at.getTime() - 60_000).toISOString(),
    });
    expect(early.statusCode).toBe(400);
    expect(json(early).error.fields?.at).toBe(E.atBeforeLast(formatDateTime(created!.at)));

    // A moment a little ahead (a terminal's clock) and one in the past are both fine.
    const soon = new Date(Date.now() + 2 * 60_000);
    expect(ok(await setStatus(track, { status: 'awaiting_dropoff', at: soon.toISOString() })).status_changed_at).toBe(
      soon.toISOString(),
    );
    expect((await historyOf(track)).map((h) => h.status)).toEqual(['created', 'awaiting_dropoff']);

    const unknown = await call(operator, 'GET', `${BO}/cargos/MG-0000-00000`);
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).error.message).toBe(E.cargoNotFound('MG-0000-00000'));
  });

  it('sets the flags (paid stamps paid_at) and writes the audit log with before and after', async () => {
    const { track } = await clientWithCargo();
    const paid = ok(await call(operator, 'PATCH', `${BO}/cargos/${track}/flags`, { paid: true, paid_storage: true }));
    expect(paid.flags).toEqual({ paid: true, paid_storage: true, partial_release: false });
    expect(paid.paid_at).not.toBeNull();
    const partial = ok(
      await call(operator, 'PATCH', `${BO}/cargos/${track}/flags`, { partial_release: true, paid: false }),
    );
    expect(partial.flags).toEqual({ paid: false, paid_storage: true, partial_release: true });
    expect(partial.paid_at).toBeNull();

    const empty = await call(operator, 'PATCH', `${BO}/cargos/${track}/flags`, {});
    expect(empty.statusCode).toBe(400);
    expect(json(empty).error.fields?._).toBe(E.flagsEmpty);

    const audit = await ctx.database.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.entityType, 'cargo'), eq(staffAuditLog.entityId, track)))
      .orderBy(asc(staffAuditLog.id));
    expect(audit.map((a) => a.action)).toEqual(['cargo.flags', 'cargo.flags']);
    expect(audit[0]).toMatchObject({
      staffId: operator.id,
      before: { paid: false, paid_storage: false, partial_release: false, paid_at: null },
      after: { paid: true, paid_storage: true, partial_release: false, paid_at: paid.paid_at },
    });
    expect(audit[1]!.after).toMatchObject({ paid: false, partial_release: true, paid_at: null });
  });

  it('assigns a driver (phone and plate normalised), refuses a bad plate or phone, removes the driver; not once closed', async () => {
    const { track } = await clientWithCargo();
    const driver = {
      name: 'Сергей Водителев',
      phone: '8 (912) 345-67-89',
      vehicle_model: 'ГАЗель Next',
      vehicle_plate: 'a 123 bc 77',
    };
    const bad = await call(operator, 'PUT', `${BO}/cargos/${track}/driver`, {
      ...driver,
      phone: '12345',
      vehicle_plate: 'Я123ЯЯ',
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error.fields).toMatchObject({
      phone: MESSAGES.phone.invalid,
      vehicle_plate: E.plateInvalid,
    });

    const page = ok(await call(operator, 'PUT', `${BO}/cargos/${track}/driver`, driver));
    expect(page.driver).toMatchObject({
      name: 'Сергей Водителев',
      phone: '+7 (912) 345-67-89',
      vehicle_model: 'ГАЗель Next',
      vehicle_plate: 'А123ВС77',
    });
    expect((await cargoRow(track)).driverPhone).toBe('+79123456789');

    expect(ok(await call(operator, 'DELETE', `${BO}/cargos/${track}/driver`)).driver).toBeNull();
    const none = await call(operator, 'DELETE', `${BO}/cargos/${track}/driver`);
    expect(none.statusCode).toBe(409);
    expect(json(none).error.message).toBe(E.driverNotAssigned);

    ok(await call(operator, 'POST', `${BO}/cargos/${track}/cancel`, { reason: 'Клиент передумал' }));
    const closed = await call(operator, 'PUT', `${BO}/cargos/${track}/driver`, driver);
    expect(closed.statusCode).toBe(409);
    expect(json(closed).error.message).toBe(E.cargoClosed);

    const actions = await ctx.database.db
      .select({ action: staffAuditLog.action, before: staffAuditLog.before, after: staffAuditLog.after })
      .from(staffAuditLog)
      .where(eq(staffAuditLog.entityId, track))
      .orderBy(asc(staffAuditLog.id));
    expect(actions.map((a) => a.action)).toEqual(['cargo.driver.assign', 'cargo.driver.remove', 'cargo.cancel']);
    expect(actions[0]!.after).toMatchObject({ vehicle_plate: 'А123ВС77', phone: '+79123456789' });
    expect(actions[1]!.before).toMatchObject({ name: 'Сергей Водителев' });
  });

  it('cancels with a reason (history comment, the client notified); refuses after acceptance and a too short reason', async () => {
    const { owner, track } = await clientWithCargo();
    const short = await call(operator, 'POST', `${BO}/cargos/${track}/cancel`, { reason: '  а ' });
    expect(short.statusCode).toBe(400);
    expect(json(short).error.fields?.reason).toBe(E.reasonLength);

    const page = ok(await call(operator, 'POST', `${BO}/cargos/${track}/cancel`, { reason: 'Клиент   передумал' }));
    expect(page.status).toBe('cancelled');
    expect(page.history.at(-1)).toMatchObject({ status: 'cancelled', comment: 'Клиент передумал' });
    expect(page.history.at(-1)!.staff?.id).toBe(operator.id);
    const sms = await notices(owner.phone.stored);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain(`груз ${track} — Отменён.`);

    const second = await clientWithCargo();
    ok(await setStatus(second.track, { status: 'awaiting_dropoff' }));
    ok(await setStatus(second.track, { status: 'accepted' }));
    const late = await call(operator, 'POST', `${BO}/cargos/${second.track}/cancel`, { reason: 'Поздно' });
    expect(late.statusCode).toBe(409);
    expect(json(late).error.message).toBe(E.cancelNotAllowed('Принят к перевозке'));
    expect((await cargoRow(second.track)).status).toBe('accepted');
  });

  it('bulk: one cargo that cannot move refuses all three and changes nothing; then all move, one history row and one SMS each', async () => {
    const owner = await signUp(ctx, { name: 'Пётр Оптовиков' });
    await everyStatusBySmsAndEmail(owner);
    const tracks = [await orderAs(owner.visitor), await orderAs(owner.visitor), await orderAs(owner.visitor)];
    const moscow = await office('Москва');
    for (const track of tracks) ok(await setStatus(track, { status: 'awaiting_dropoff' }));
    ok(await setStatus(tracks[2]!, { status: 'accepted' }));
    const before = await notices(owner.phone.stored);

    const refused = await call(operator, 'POST', `${BO}/cargos/bulk_status`, {
      tracks,
      status: 'accepted',
      office_id: moscow.id,
    });
    expect(refused.statusCode).toBe(409);
    expect(json(refused).error).toMatchObject({
      code: 'CONFLICT',
      message: E.bulkRefused(1),
      fields: { [tracks[2]!]: E.bulkSame },
    });
    expect(Object.keys(json(refused).error.fields!)).toEqual([tracks[2]]);

    const unknown = await call(operator, 'POST', `${BO}/cargos/bulk_status`, {
      tracks: [tracks[0], 'MG-0000-00000', 'abc'],
      status: 'accepted',
    });
    expect(unknown.statusCode).toBe(409);
    expect(json(unknown).error.fields).toEqual({ 'MG-0000-00000': E.bulkUnknown, abc: E.bulkUnknown });

    const forbidden = await call(operator, 'POST', `${BO}/cargos/bulk_status`, { tracks, status: 'released' });
    expect(json(forbidden).error.fields).toEqual({
      [tracks[0]!]: E.bulkForbidden('Ожидает сдачи на терминал'),
      [tracks[1]!]: E.bulkForbidden('Ожидает сдачи на терминал'),
      [tracks[2]!]: E.bulkForbidden('Принят к перевозке'),
    });

    for (const track of tracks) expect((await historyOf(track)).length).toBe(track === tracks[2] ? 3 : 2);
    expect(await notices(owner.phone.stored)).toHaveLength(before.length);

    const done = await call(operator, 'POST', `${BO}/cargos/bulk_status`, {
      tracks: [tracks[0], tracks[1], tracks[0]!.toLowerCase()],
      status: 'accepted',
      office_id: moscow.id,
      comment: 'Приняты одной машиной',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ changed: 2 });
    for (const track of tracks.slice(0, 2)) {
      const history = await historyOf(track);
      expect(history.map((h) => h.status)).toEqual(['created', 'awaiting_dropoff', 'accepted']);
      expect(history.at(-1)).toMatchObject({
        officeId: moscow.id,
        comment: 'Приняты одной машиной',
        staffId: operator.id,
      });
    }
    const after = await notices(owner.phone.stored);
    expect(after).toHaveLength(before.length + 2);
    expect(
      after
        .slice(-2)
        .map((m) => m.body.split(' — ')[0])
        .sort(),
    ).toEqual(
      tracks
        .slice(0, 2)
        .map((t) => `«Магистраль»: груз ${t}`)
        .sort(),
    );
    const audit = await ctx.database.db
      .select({ entityId: staffAuditLog.entityId })
      .from(staffAuditLog)
      .where(eq(staffAuditLog.action, 'cargo.bulk_status'));
    expect(audit.map((a) => a.entityId).sort()).toEqual(tracks.slice(0, 2).sort());
  });

  it('refuses a bulk over the limit or without tracks with 400', async () => {
    const many = Array.from({ length: BULK_STATUS_MAX_CARGOS + 1 }, () => 'MG-0000-00000');
    const tooMany = await call(operator, 'POST', `${BO}/cargos/bulk_status`, { tracks: many, status: 'accepted' });
    expect(tooMany.statusCode).toBe(400);
    expect(json(tooMany).error.fields?.tracks).toBe(E.tooManyTracks(BULK_STATUS_MAX_CARGOS));
    expect(E.tooManyTracks(200)).toBe('За один раз можно изменить статус не больше чем у 200 грузов');
    const none = await call(operator, 'POST', `${BO}/cargos/bulk_status`, { tracks: [], status: 'accepted' });
    expect(none.statusCode).toBe(400);
    expect(json(none).error.fields?.tracks).toBe(E.tracksRequired);
  });

  it('finds cargos by track (whole, start, any case), by phone in any format, by ИНН; pages and sorts', async () => {
    const inn = String(7_701_000_000 + (process.pid % 100_000));
    const company = await signUp(ctx, { name: 'Директор Компании' });
    const { profileId } = await attachLegalProfile(
      ctx.database.db,
      { name: 'ООО «Поиск»', inn, kpp: '770101001' },
      company.user.id,
    );
    const [profile] = await ctx.database.db
      .select({ uuid: clientProfiles.accountUuid })
      .from(clientProfiles)
      .where(eq(clientProfiles.id, profileId));
    expect(
      (await company.visitor.post('/api/v1/user/change_profile', { account_uuid: profile!.uuid })).statusCode,
    ).toBe(200);
    const companyTrack = await orderAs(company.visitor);
    const senderInn = '500100732259';
    const { owner, track } = await clientWithCargo({
      patch: (d) => ({
        ...d,
        participants: { ...d.participants, senderType: 'entrepreneur' },
        contacts: {
          ...d.contacts,
          sender: { name: 'ИП Сидоров', phone: '+7 (903) 777-66-55', email: '', inn: senderInn, kpp: '' },
        },
      }),
    });

    const find = async (query: string) => {
      const res = await call(operator, 'GET', `${BO}/cargos?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return BoCargoListSchema.parse(res.json());
    };
    const tracksOf = async (q: string) => (await find(`q=${encodeURIComponent(q)}`)).items.map((i) => i.track_number);

    expect(await tracksOf(track)).toEqual([track]);
    expect(await tracksOf(track.toLowerCase().replace('mg', 'мг'))).toEqual([track]);
    expect(await tracksOf(track.slice(0, 9))).toContain(track);
    // The owner's account phone, typed another way.
    const digits = owner.phone.stored.slice(2);
    expect(
      await tracksOf(`8 ${digits.slice(0, 3)} ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`),
    ).toEqual([track]);
    // A participant's phone.
    expect(await tracksOf('89037776655')).toContain(track);
    // ИНН of a participant, and of the owner profile.
    const bySenderInn = await tracksOf(senderInn);
    expect(bySenderInn).toContain(track);
    expect(await tracksOf(inn)).toEqual([companyTrack]);
    // Text that is neither finds nothing; a status filter narrows.
    expect(await tracksOf('Сидоров')).toEqual([]);
    const row = (await find(`q=${track}`)).items[0]!;
    expect(row).toMatchObject({
      track_number: track,
      status: 'created',
      status_label: 'Заявка оформлена',
      city_departure: 'Москва',
      city_delivery: 'Новосибирск',
      sender_name: 'ИП Сидоров',
      recipient_name: 'Анна Смирнова',
      owner: {
        name: 'Ольга Клиентова',
        phone: `+7 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`,
      },
    });
    expect((await find(`q=${track}&status=released`)).items).toEqual([]);

    // Without q: the newest first, server paging with the total.
    const first = await find('per_page=2');
    expect(first.items).toHaveLength(2);
    expect(first.total).toBeGreaterThanOrEqual(2);
    expect(first.items[0]!.track_number).toBe(track);
    const second = await find('per_page=2&page=2');
    expect(second.items.map((i) => i.track_number)).not.toContain(track);
    const byPrice = (await find('sort=price&desc=false&per_page=100')).items.map((i) => i.price_kopecks);
    expect(byPrice).toEqual([...byPrice].sort((a, b) => a - b));

    const badSort = await call(operator, 'GET', `${BO}/cargos?sort=weight`);
    expect(badSort.statusCode).toBe(400);
    const badStatus = await call(operator, 'GET', `${BO}/cargos?status=lost`);
    expect(json(badStatus).error.fields?.status).toBe(E.statusInvalid);
  });

  it('drops the SMS, never the change, when the client’s cap of status notices is spent; codes never count', async () => {
    const { owner, track } = await clientWithCargo();
    const phone = owner.phone.stored;
    const now = new Date();
    const rows = (kind: string, n: number) =>
      Array.from({ length: n }, () => ({ phone, prefix: phonePrefix(phone)!, ip: null, kind, createdAt: now }));
    // The phone's budget for codes is spent: status notices do not care (and do not spend it further).
    await ctx.database.db.insert(smsSends).values(rows('code:sign_in', 40));
    ok(await setStatus(track, { status: 'awaiting_dropoff' }));
    expect(await notices(phone)).toHaveLength(1);
    // The notices' own hourly cap is spent: the change is made, the SMS is not sent.
    await ctx.database.db.insert(smsSends).values(rows('notice:cargo_status', NOTICE_SMS_PER_PHONE_HOUR));
    const page = ok(await setStatus(track, { status: 'accepted' }));
    expect(page.status).toBe('accepted');
    expect(await notices(phone)).toHaveLength(1);
    // The back-office sees why: an alert of its own kind, with the notices' limit.
    const [alert] = await ctx.database.db
      .select()
      .from(securityAlerts)
      .where(eq(securityAlerts.kind, 'sms_budget_notice'));
    expect(alert?.details).toMatchObject({ limit: NOTICE_SMS_PER_PHONE_HOUR, count: NOTICE_SMS_PER_PHONE_HOUR + 1 });
  });

  it('role matrix: operator and admin act, the client manager only looks, the content editor and clients are refused', async () => {
    const { track } = await clientWithCargo();
    const other = await clientWithCargo();
    const driver = { name: 'Иван Рулев', phone: '+79120001122', vehicle_model: 'Volvo FH', vehicle_plate: 'В777ОР99' };
    const reads: [Method, string][] = [
      ['GET', `${BO}/cargos`],
      ['GET', `${BO}/cargos/${track}`],
      ['GET', `${BO}/offices?q=Моск`],
    ];
    const changes: [Method, string, unknown][] = [
      ['PATCH', `${BO}/cargos/${track}/flags`, { paid: true }],
      ['PUT', `${BO}/cargos/${track}/driver`, driver],
      ['DELETE', `${BO}/cargos/${track}/driver`, undefined],
      ['POST', `${BO}/cargos/${track}/status`, { status: 'awaiting_dropoff' }],
      ['POST', `${BO}/cargos/bulk_status`, { tracks: [track], status: 'accepted' }],
      ['POST', `${BO}/cargos/${other.track}/cancel`, { reason: 'Отмена по просьбе клиента' }],
    ];
    const editor = await staffSession(ctx, 'content_editor');
    const manager = await staffSession(ctx, 'client_manager');
    const admin = await staffSession(ctx, 'admin');
    const client = await signUp(ctx);

    for (const [method, url] of reads) {
      expect((await call(editor, method, url)).statusCode, url).toBe(403);
      expect((await call(manager, method, url)).statusCode, url).toBe(200);
      expect((await call(operator, method, url)).statusCode, url).toBe(200);
      expect((await call(null, method, url)).statusCode, url).toBe(401);
      expect((await client.visitor.call('GET', url)).statusCode, url).toBe(403);
    }
    for (const [method, url, body] of changes) {
      const refusedEditor = await call(editor, method, url, body);
      expect(refusedEditor.statusCode, url).toBe(403);
      expect(json(refusedEditor).error.message).toBe(MESSAGES.backOffice.errors.forbidden);
      expect((await call(manager, method, url, body)).statusCode, url).toBe(403);
      expect((await call(null, method, url, body)).statusCode, url).toBe(401);
      const asClient = await ctx.app.inject({
        method,
        url,
        headers: { cookie: client.visitor.cookie!, origin: ctx.config.allowedOrigins[0]! },
        ...(body !== undefined ? { payload: body as object } : {}),
      });
      expect(asClient.statusCode, url).toBe(403);
      // The staff cookie without our Origin is a forged request.
      const forged = await ctx.app.inject({
        method,
        url,
        headers: { cookie: admin.cookie },
        ...(body !== undefined ? { payload: body as object } : {}),
      });
      expect(forged.statusCode, url).toBe(403);
      expect(json(forged).error.code).toBe('CSRF_REJECTED');
    }
    // Nothing of the above changed the cargo.
    expect(await cargoRow(track)).toMatchObject({ status: 'created', paid: false, driverName: null });

    // The administrator may do all of it.
    for (const [method, url, body] of changes) {
      expect((await call(admin, method, url, body)).statusCode, `${method} ${url}`).toBe(200);
    }
    expect(await cargoRow(track)).toMatchObject({ status: 'accepted', paid: true, driverName: null });
    expect((await cargoRow(other.track)).status).toBe('cancelled');
  });
});
