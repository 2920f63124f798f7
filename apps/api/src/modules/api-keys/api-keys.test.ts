import { API_KEYS_TEXTS } from '@freight/domain/texts/api-keys';
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  API_PATHS,
  ApiKeyListSchema,
  CargoDetailsSchema,
  CargoListResponseSchema,
  CreatedApiKeySchema,
  RequestCreateResponseSchema,
  type ApiKey,
} from '@freight/contracts';
import { apiKeys, attachLegalProfile, cargos, cities, clientProfiles, consents, profileMembers } from '@freight/db';
import {
  API_KEYS_PER_PROFILE,
  API_KEY_PATTERN,
  MESSAGES,
  RU_PRODUCTION_CALENDAR,
  addWorkingDays,
  draftToCalculatorRequest,
  serializeDraft,
  toIsoDate,
  type ApiKeyScope,
} from '@freight/domain';
import { loadConfig } from '../../config/env';
import { loggerOptions } from '../../logger';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../test/helpers';
import { nextIp, signUp, testClock } from '../auth/identity-test-kit';
import { createOrder, idempotencyKey, loadNetwork, validDraft, type NetworkRefs } from '../orders/orders-test-kit';

type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string> } };
const K = API_KEYS_TEXTS;
const UNAUTHORIZED_BODY = { error: { code: 'UNAUTHORIZED', message: MESSAGES.common.unauthorized } };

describe('client API keys (issue 18)', () => {
  let ctx: TestContext;
  let net: NetworkRefs;
  // Sessions expire by the real time: the clock starts now and only moves forward.
  const clock = testClock(Date.now());
  const DATE = addWorkingDays(toIsoDate(new Date())!, 1, RU_PRODUCTION_CALENDAR);
  /** Everything the API logged, at the most talkative level. */
  const logged: string[] = [];
  /** Every secret handed out; none may ever reach the log. */
  const secrets: string[] = [];

  type Client = Awaited<ReturnType<typeof signUp>>;
  let anna: Client; // owner of «Ромашка»
  let vera: Client; // administrator of «Ромашка»
  let pyotr: Client; // shipping manager of «Ромашка»: no integrations.manage
  let boris: Client; // owner of «Чужая»
  const romashka = { id: 0, uuid: '' };
  const foreign = { id: 0, uuid: '' };
  let annaPersonalUuid: string;
  let borisKey: ApiKey;

  let innCounter = 0;
  async function createCompany(userId: number, name: string) {
    innCounter += 1;
    const inn = String(7_700_000_000 + innCounter * 17 + (process.pid % 17));
    const { profileId } = await attachLegalProfile(ctx.database.db, { name, inn, kpp: '770101001' }, userId);
    const [row] = await ctx.database.db
      .select({ uuid: clientProfiles.accountUuid })
      .from(clientProfiles)
      .where(eq(clientProfiles.id, profileId));
    return { id: profileId, uuid: row!.uuid };
  }

  const createKey = (who: Client, body: Record<string, unknown>) => who.visitor.post(API_PATHS.apiKeys, body);
  const listKeys = (who: Client, accountUuid: string) =>
    who.visitor.get(`${API_PATHS.apiKeys}?account_uuid=${accountUuid}`);
  const revokeKey = (who: Client, id: string) => who.visitor.call('DELETE', `${API_PATHS.apiKeys}?id=${id}`);

  /** A new key of `profile` made by `who` through the API; its secret is remembered for the log check. */
  async function newKey(who: Client, accountUuid: string, scopes: ApiKeyScope[], name = 'Интеграция') {
    const res = await createKey(who, { account_uuid: accountUuid, name, scopes });
    expect(res.statusCode, res.body).toBe(201);
    const created = CreatedApiKeySchema.parse(res.json());
    secrets.push(created.secret);
    return created;
  }

  /** A call as an integrator's program: the key, no cookie, no Origin or Sec-Fetch-Site. */
  const withKey = (
    secret: string,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> =>
    ctx.app.inject({
      method,
      url,
      remoteAddress: nextIp(),
      headers: { authorization: `Bearer ${secret}`, 'user-agent': 'integration/1.0', ...options.headers },
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
    });

  const keyRow = async (uuid: string) =>
    (await ctx.database.db.select().from(apiKeys).where(eq(apiKeys.uuid, uuid)))[0]!;

  beforeAll(async () => {
    const logConfig = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'trace' });
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logged.push(String(chunk));
        done();
      },
    });
    ctx = await createTestContext(
      {},
      {
        clock: clock.now,
        logger: loggerOptions(logConfig, stream),
        // What a developer chasing a bug might add: every request's headers and the request itself
        // logged whole once answered (refusals included). The key must stay out of the log all the
        // same (logger.ts redaction).
        beforeReady: (app) => {
          app.addHook('onResponse', async (request) => {
            request.log.info({ headers: request.headers, req: request }, 'diagnostic dump');
          });
        },
      },
    );
    net = await loadNetwork(ctx.database.db);
    anna = await signUp(ctx, { name: 'Анна Соколова' });
    vera = await signUp(ctx, { name: 'Вера Админова' });
    pyotr = await signUp(ctx, { name: 'Пётр Отправкин' });
    boris = await signUp(ctx, { name: 'Борис Чужой' });
    Object.assign(romashka, await createCompany(anna.user.id, 'ООО «Ромашка»'));
    Object.assign(foreign, await createCompany(boris.user.id, 'ООО «Чужая»'));
    await ctx.database.db.insert(profileMembers).values([
      { profileId: romashka.id, userId: vera.user.id, role: 'admin' },
      { profileId: romashka.id, userId: pyotr.user.id, role: 'shipping_manager' },
    ]);
    const profile = (await anna.visitor.get(API_PATHS.profile)).json() as {
      profiles: { account_uuid: string; kind: string }[];
    };
    annaPersonalUuid = profile.profiles.find((p) => p.kind === 'individual')!.account_uuid;
    borisKey = (await newKey(boris, foreign.uuid, ['cargo:read', 'calculate'])).key;
  });
  afterAll(async () => ctx?.close());

  describe('managing keys', () => {
    it('creates a key whose secret is shown once, lists it without the secret, stores only its SHA-256', async () => {
      const res = await createKey(anna, {
        account_uuid: romashka.uuid,
        name: '  1С   склад ',
        scopes: ['requests:create', 'cargo:read', 'cargo:read'],
      });
      expect(res.statusCode).toBe(201);
      expect(res.headers['cache-control']).toBe('no-store');
      const { key, secret } = CreatedApiKeySchema.parse(res.json());
      secrets.push(secret);
      expect(secret).toMatch(API_KEY_PATTERN);
      expect(key).toMatchObject({
        name: '1С склад',
        prefix: secret.slice(0, 'mg_live_'.length + 8),
        scopes: ['cargo:read', 'requests:create'],
        created_by: 'Анна Соколова',
        last_used_at: null,
        revoked_at: null,
        rate_limit_per_minute: 120,
      });

      const listed = await listKeys(anna, romashka.uuid);
      expect(listed.statusCode).toBe(200);
      const list = ApiKeyListSchema.parse(listed.json());
      expect(list.max_keys).toBe(API_KEYS_PER_PROFILE);
      expect(list.rate_limit_per_minute).toBe(120);
      expect(list.keys.find((k) => k.id === key.id)).toEqual(key);
      // The secret is in the creating answer only: not in the list, not even its random part.
      expect(listed.body).not.toContain(secret);
      expect(listed.body).not.toContain(secret.slice(-40));

      const row = await keyRow(key.id);
      expect(row.secretHash).toBe(createHash('sha256').update(secret).digest('hex'));
      expect(JSON.stringify(row)).not.toContain(secret.slice(-40));
      expect(row).toMatchObject({ profileId: romashka.id, createdByUserId: anna.user.id });
    });

    it('revokes a key at once, and again without complaint; the revoked key is listed with the time', async () => {
      const { key, secret } = await newKey(anna, romashka.uuid, ['calculate'], 'Временный');
      expect((await withKey(secret, 'GET', API_PATHS.cargoList)).statusCode).toBe(403);
      const first = await revokeKey(anna, key.id);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ ok: true });
      const revokedAt = (await keyRow(key.id)).revokedAt;
      expect(revokedAt).not.toBeNull();
      clock.advance(1_000);
      const again = await revokeKey(vera, key.id);
      expect(again.statusCode).toBe(200);
      expect((await keyRow(key.id)).revokedAt).toEqual(revokedAt);
      const list = ApiKeyListSchema.parse((await listKeys(anna, romashka.uuid)).json());
      const listed = list.keys.find((k) => k.id === key.id)!;
      expect(listed.revoked_at).toBe(revokedAt!.toISOString());
      // Live keys come first.
      expect(list.keys.at(-1)!.revoked_at).not.toBeNull();
      expect((await withKey(secret, 'GET', API_PATHS.pricesTerms)).statusCode).toBe(401);
    });

    it.each([
      [{ name: '', scopes: ['calculate'] }, { name: K.nameRequired }],
      [{ name: ' \u200b ', scopes: ['calculate'] }, { name: K.nameRequired }],
      [{ name: 'я'.repeat(101), scopes: ['calculate'] }, { name: K.nameTooLong }],
      [{ name: 'Ключ', scopes: [] }, { scopes: K.scopesRequired }],
      [{ name: 'Ключ' }, { scopes: K.scopesRequired }],
      [{ name: 'Ключ', scopes: ['admin'] }, { 'scopes.0': K.scopeInvalid }],
      [{ name: 'Ключ', scopes: 'calculate' }, { scopes: K.scopesRequired }],
    ])('refuses %j with 400 and %j', async (body, fields) => {
      const res = await createKey(anna, { account_uuid: romashka.uuid, ...body });
      expect(res.statusCode).toBe(400);
      expect((res.json() as ErrorJson).error.fields).toEqual(fields);
    });

    it('takes a name of exactly 100 characters, refuses unknown properties, and caps live keys per profile', async () => {
      const extra = await createKey(anna, {
        account_uuid: romashka.uuid,
        name: 'Ключ',
        scopes: ['calculate'],
        secret: 'mine',
      });
      expect(extra.statusCode).toBe(400);
      expect(Object.keys((extra.json() as ErrorJson).error.fields ?? {})).toEqual(['secret']);

      const company = await createCompany(anna.user.id, 'ООО «Много ключей»');
      const hundred = await newKey(anna, company.uuid, ['calculate'], 'я'.repeat(100));
      expect(hundred.key.name).toHaveLength(100);
      const rows = Array.from({ length: API_KEYS_PER_PROFILE - 1 }, (_, i) => ({
        publicId: `Cap${String(i).padStart(5, '0')}`,
        secretHash: createHash('sha256').update(`cap-${i}`).digest('hex'),
        profileId: company.id,
        createdByUserId: anna.user.id,
        name: `Ключ ${i}`,
        scopes: ['calculate'],
      }));
      await ctx.database.db.insert(apiKeys).values(rows);
      const over = await createKey(anna, { account_uuid: company.uuid, name: 'Лишний', scopes: ['calculate'] });
      expect(over.statusCode).toBe(409);
      expect(over.json()).toEqual({ error: { code: 'API_KEYS_LIMIT', message: K.tooManyKeys } });
      // A revoked key frees its place.
      expect((await revokeKey(anna, hundred.key.id)).statusCode).toBe(200);
      await newKey(anna, company.uuid, ['calculate'], 'Вместо отозванного');
    });

    it('is for members with integrations.manage: another member 403, someone else’s profile or key 404, nobody 401', async () => {
      const body = { account_uuid: romashka.uuid, name: 'Свой ключ', scopes: ['cargo:read'] };
      // The shipping manager is a member without the permission.
      expect((await listKeys(pyotr, romashka.uuid)).statusCode).toBe(403);
      const refused = await createKey(pyotr, body);
      expect(refused.statusCode).toBe(403);
      expect((refused.json() as ErrorJson).error.message).toBe(MESSAGES.team.forbidden);
      const annas = (await newKey(anna, romashka.uuid, ['calculate'], 'Чужими руками')).key;
      expect((await revokeKey(pyotr, annas.id)).statusCode).toBe(403);
      expect((await keyRow(annas.id)).revokedAt).toBeNull();
      // The administrator may, like the owner.
      expect((await listKeys(vera, romashka.uuid)).statusCode).toBe(200);

      // Someone else's profile and key: 404, as if they did not exist.
      expect((await listKeys(anna, foreign.uuid)).statusCode).toBe(404);
      expect((await createKey(anna, { ...body, account_uuid: foreign.uuid })).statusCode).toBe(404);
      const foreignRevoke = await revokeKey(anna, borisKey.id);
      expect(foreignRevoke.statusCode).toBe(404);
      expect((foreignRevoke.json() as ErrorJson).error.message).toBe(K.keyNotFound);
      expect((await keyRow(borisKey.id)).revokedAt).toBeNull();
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
        expect((await revokeKey(anna, id)).statusCode).toBe(404);
      }

      // Not signed in.
      const nobody = await ctx.app.inject({ method: 'GET', url: `${API_PATHS.apiKeys}?account_uuid=${romashka.uuid}` });
      expect(nobody.statusCode).toBe(401);
    });
  });

  describe('calls with a key', () => {
    let full: { key: ApiKey; secret: string };
    let personalTrack: string;
    let keyTrack: string;

    beforeAll(async () => {
      full = await newKey(anna, romashka.uuid, ['cargo:read', 'requests:create', 'calculate'], 'Всё');
      // Anna's own order through the site: her personal profile's, which the company's key never sees.
      const own = await createOrder(anna.visitor, validDraft(net, DATE));
      expect(own.statusCode, own.body).toBe(201);
      personalTrack = RequestCreateResponseSchema.parse(own.json()).track_number;
    });

    it('requests:create makes an order of the key’s profile as its creator, without CSRF headers, SMS or draft loss', async () => {
      const saved = await anna.visitor.call('PUT', API_PATHS.orderDraft, {
        draft: JSON.parse(serializeDraft(validDraft(net, DATE))),
      });
      expect(saved.statusCode).toBe(200);
      const key = idempotencyKey();
      const res = await withKey(full.secret, 'POST', API_PATHS.requestCreate, {
        body: { draft: validDraft(net, DATE) },
        headers: { 'idempotency-key': key },
      });
      expect(res.statusCode, res.body).toBe(201);
      const created = RequestCreateResponseSchema.parse(res.json());
      // No SMS or e-mail for an order a program placed (the account phone would get one per order).
      expect(created.notification).toBeNull();
      keyTrack = created.track_number;
      const [row] = await ctx.database.db.select().from(cargos).where(eq(cargos.trackNumber, keyTrack));
      expect(row).toMatchObject({ ownerProfileId: romashka.id, ownerUserId: anna.user.id, ownerSessionId: null });
      const [consent] = await ctx.database.db.select().from(consents).where(eq(consents.id, row!.consentId!));
      expect(consent).toMatchObject({ userId: anna.user.id, sessionId: null, channel: 'order' });
      // The wizard's draft of the creator is still there.
      const draft = (await anna.visitor.get(API_PATHS.orderDraft)).json() as { draft: unknown };
      expect(draft.draft).not.toBeNull();
      // The same Idempotency-Key replays the first answer.
      const replay = await withKey(full.secret, 'POST', API_PATHS.requestCreate, {
        body: { draft: validDraft(net, DATE) },
        headers: { 'idempotency-key': key },
      });
      expect(replay.statusCode).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json()).toEqual(res.json());
    });

    it('cargo:read sees the cargos of the key’s profile only: list, card and payment status', async () => {
      const list = await withKey(full.secret, 'GET', `${API_PATHS.cargoList}?all_profiles=true`);
      expect(list.statusCode, list.body).toBe(200);
      const tracks = CargoListResponseSchema.parse(list.json()).items.map((item) => item.track_number);
      expect(tracks).toEqual([keyTrack]);
      const named = await withKey(full.secret, 'GET', `${API_PATHS.cargoList}?owner_id_profile=${romashka.uuid}`);
      expect(CargoListResponseSchema.parse(named.json()).items.map((item) => item.track_number)).toEqual([keyTrack]);
      // Another profile of the same user is not the key's: 404, as for a profile not one's own.
      const other = await withKey(full.secret, 'GET', `${API_PATHS.cargoList}?owner_id_profile=${annaPersonalUuid}`);
      expect(other.statusCode).toBe(404);

      const card = await withKey(full.secret, 'GET', `${API_PATHS.currentCargo}?tracknumber=${keyTrack}`);
      expect(card.statusCode).toBe(200);
      expect(CargoDetailsSchema.parse(card.json()).track_number).toBe(keyTrack);
      const payment = await withKey(full.secret, 'GET', `${API_PATHS.paymentStatus}?track_number=${keyTrack}`);
      expect(payment.statusCode).toBe(200);
      expect(payment.json()).toMatchObject({ track_number: keyTrack, paid: false });
      // Anna's personal order is hers, but not the key's.
      const personal = await withKey(full.secret, 'GET', `${API_PATHS.currentCargo}?tracknumber=${personalTrack}`);
      expect(personal.statusCode).toBe(404);
      // Boris's key sees nothing of «Ромашка».
      const borisSecret = secrets[0]!;
      const foreignCard = await withKey(borisSecret, 'GET', `${API_PATHS.currentCargo}?tracknumber=${keyTrack}`);
      expect(foreignCard.statusCode).toBe(404);
      expect(
        CargoListResponseSchema.parse((await withKey(borisSecret, 'GET', API_PATHS.cargoList)).json()).items,
      ).toEqual([]);
    });

    it('calculate opens the public calculator calls, cross-site headers or not', async () => {
      const [from] = await ctx.database.db.select({ id: cities.id }).from(cities).where(eq(cities.name, 'Москва'));
      const [to] = await ctx.database.db.select({ id: cities.id }).from(cities).where(eq(cities.name, 'Новосибирск'));
      const terms = await withKey(
        full.secret,
        'GET',
        `${API_PATHS.pricesTerms}?city_from_fias_id=${from!.id}&city_to_fias_id=${to!.id}&is_logged=true`,
      );
      expect(terms.statusCode, terms.body).toBe(200);
      expect(terms.headers['x-ratelimit-limit']).toBe('120');
      // No ambient credential, so no CSRF question: another site's headers change nothing.
      const full1 = await withKey(full.secret, 'POST', API_PATHS.fullCalculator, {
        body: draftToCalculatorRequest(validDraft(net, DATE)),
        headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      });
      expect(full1.statusCode, full1.body).toBe(200);
    });

    it('writes last_used_at at most once a minute', async () => {
      const { key, secret } = await newKey(anna, romashka.uuid, ['calculate'], 'Часы');
      expect((await keyRow(key.id)).lastUsedAt).toBeNull();
      await withKey(secret, 'POST', API_PATHS.fullCalculator, {
        body: draftToCalculatorRequest(validDraft(net, DATE)),
      });
      const first = (await keyRow(key.id)).lastUsedAt;
      expect(first).toEqual(clock.now());
      clock.advance(30_000);
      await withKey(secret, 'POST', API_PATHS.fullCalculator, {
        body: draftToCalculatorRequest(validDraft(net, DATE)),
      });
      expect((await keyRow(key.id)).lastUsedAt).toEqual(first);
      clock.advance(31_000);
      await withKey(secret, 'POST', API_PATHS.fullCalculator, {
        body: draftToCalculatorRequest(validDraft(net, DATE)),
      });
      expect((await keyRow(key.id)).lastUsedAt).toEqual(clock.now());
      const listed = ApiKeyListSchema.parse((await listKeys(anna, romashka.uuid)).json()).keys.find(
        (k) => k.id === key.id,
      );
      expect(listed!.last_used_at).toBe(clock.now().toISOString());
    });

    it('answers 401 with one body and no detail to an unknown, malformed, wrong, revoked or orphaned key', async () => {
      const revoked = await newKey(anna, romashka.uuid, ['cargo:read'], 'Отозванный');
      await revokeKey(anna, revoked.key.id);
      // A key of an administrator who has left the company stops working with her.
      const left = await newKey(vera, romashka.uuid, ['cargo:read'], 'Ушедшая');
      await ctx.database.db
        .delete(profileMembers)
        .where(and(eq(profileMembers.profileId, romashka.id), eq(profileMembers.userId, vera.user.id)));
      const wrongSecret = `${full.secret.slice(0, -1)}${full.secret.endsWith('a') ? 'b' : 'a'}`;
      const unknown = `mg_live_ZZZZZZZZ_${'A'.repeat(40)}`;
      const headers = [
        `Bearer ${unknown}`,
        `Bearer ${wrongSecret}`,
        `Bearer ${revoked.secret}`,
        `Bearer ${left.secret}`,
        'Bearer mg_live_short',
        'bearer  ',
        'Bearer',
        `Bearer ${full.secret} extra`,
      ];
      const bodies = new Set<string>();
      for (const authorization of headers) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: API_PATHS.cargoList,
          remoteAddress: nextIp(),
          headers: { authorization },
        });
        expect(res.statusCode, authorization).toBe(401);
        expect(res.headers['www-authenticate']).toBe('Bearer realm="api"');
        bodies.add(res.body);
      }
      expect([...bodies].map((body) => JSON.parse(body))).toEqual([UNAUTHORIZED_BODY]);
      // Other schemes are not keys (a staging site's Basic auth passes through a proxy, say): ignored.
      for (const authorization of [`Basic ${Buffer.from('anna:password').toString('base64')}`, full.secret]) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: `${API_PATHS.cargoList}`,
          remoteAddress: nextIp(),
          headers: { authorization },
        });
        // Nobody signed in: the cargo list's own 401, without the Bearer challenge.
        expect(res.statusCode).toBe(401);
        expect(res.headers['www-authenticate']).toBeUndefined();
        const withCookie = await anna.visitor.get(API_PATHS.cargoList, { authorization });
        expect(withCookie.statusCode).toBe(200);
      }
      // A state-changing call with a bad key is the same 401 (the CSRF check does not answer first).
      const post = await withKey(unknown, 'POST', API_PATHS.requestCreate, {
        body: { draft: validDraft(net, DATE) },
        headers: { 'idempotency-key': idempotencyKey() },
      });
      expect(post.statusCode).toBe(401);
      expect(post.json()).toEqual(UNAUTHORIZED_BODY);
      await ctx.database.db
        .insert(profileMembers)
        .values({ profileId: romashka.id, userId: vera.user.id, role: 'admin' });
    });

    it('answers 403 beyond the key’s scopes and on every call keys are not for', async () => {
      const calc = await newKey(anna, romashka.uuid, ['calculate'], 'Только расчёт');
      const list = await withKey(calc.secret, 'GET', API_PATHS.cargoList);
      expect(list.statusCode).toBe(403);
      expect(list.json()).toEqual({
        error: { code: 'API_KEY_SCOPE_MISSING', message: K.scopeMissing(K.scopes['cargo:read']) },
      });
      const create = await withKey(calc.secret, 'POST', API_PATHS.requestCreate, {
        body: { draft: validDraft(net, DATE) },
        headers: { 'idempotency-key': idempotencyKey() },
      });
      expect(create.statusCode).toBe(403);
      expect((create.json() as ErrorJson).error.code).toBe('API_KEY_SCOPE_MISSING');

      const outside: [string, 'GET' | 'POST' | 'DELETE', string][] = [
        ['keys', 'GET', `${API_PATHS.apiKeys}?account_uuid=${romashka.uuid}`],
        ['new key', 'POST', API_PATHS.apiKeys],
        ['revoke', 'DELETE', `${API_PATHS.apiKeys}?id=${full.key.id}`],
        ['user', 'GET', API_PATHS.userInfo],
        ['logout', 'POST', API_PATHS.logout],
        ['draft', 'GET', API_PATHS.orderDraft],
        ['cancel', 'POST', `${API_PATHS.cancelCargo}?tracknumber=${keyTrack}`],
        ['team', 'GET', `${API_PATHS.team}?account_uuid=${romashka.uuid}`],
      ];
      for (const [what, method, url] of outside) {
        const res = await withKey(full.secret, method, url, method === 'GET' ? {} : { body: {} });
        expect(res.statusCode, what).toBe(403);
        expect(res.json(), what).toEqual({ error: { code: 'API_KEY_NOT_ALLOWED', message: K.notForKeys } });
      }
      expect((await keyRow(full.key.id)).revokedAt).toBeNull();

      // A creator demoted to accountant keeps cargo:read (cargo.view) but no longer places orders.
      const demoted = await newKey(vera, romashka.uuid, ['cargo:read', 'requests:create'], 'Вера');
      await ctx.database.db
        .update(profileMembers)
        .set({ role: 'accountant' })
        .where(and(eq(profileMembers.profileId, romashka.id), eq(profileMembers.userId, vera.user.id)));
      expect((await withKey(demoted.secret, 'GET', API_PATHS.cargoList)).statusCode).toBe(200);
      const order = await withKey(demoted.secret, 'POST', API_PATHS.requestCreate, {
        body: { draft: validDraft(net, DATE) },
        headers: { 'idempotency-key': idempotencyKey() },
      });
      expect(order.statusCode).toBe(403);
      expect(order.json()).toEqual({ error: { code: 'FORBIDDEN', message: MESSAGES.team.forbidden } });
    });

    it('counts each key’s calls per minute: 429 with Retry-After beyond its limit, other keys unaffected', async () => {
      const limited = await newKey(anna, romashka.uuid, ['cargo:read'], 'Лимит');
      await ctx.database.db.update(apiKeys).set({ rateLimitPerMinute: 3 }).where(eq(apiKeys.uuid, limited.key.id));
      for (let i = 0; i < 3; i += 1) {
        const ok = await withKey(limited.secret, 'GET', API_PATHS.cargoList);
        expect(ok.statusCode).toBe(200);
        expect(ok.headers['x-ratelimit-limit']).toBe('3');
        expect(ok.headers['x-ratelimit-remaining']).toBe(String(2 - i));
      }
      // From another address too: the limit is the key's, not the address's.
      const over = await withKey(limited.secret, 'GET', API_PATHS.cargoList);
      expect(over.statusCode).toBe(429);
      expect(over.json()).toEqual({ error: { code: 'TOO_MANY_REQUESTS', message: MESSAGES.common.tooManyRequests } });
      expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect((await withKey(full.secret, 'GET', API_PATHS.cargoList)).statusCode).toBe(200);
      const listed = ApiKeyListSchema.parse((await listKeys(anna, romashka.uuid)).json()).keys;
      expect(listed.find((k) => k.id === limited.key.id)!.rate_limit_per_minute).toBe(3);
    });
  });

  describe('credentials and CSRF', () => {
    let secret: string;
    beforeAll(async () => {
      secret = (await newKey(anna, romashka.uuid, ['cargo:read', 'calculate'], 'Смешанный')).secret;
    });

    it('refuses the session cookie and a key in one request with 400 (a cross-site one is 403 by CSRF first)', async () => {
      const expected = { error: { code: 'AMBIGUOUS_CREDENTIALS', message: K.ambiguousCredentials } };
      const get = await anna.visitor.get(API_PATHS.cargoList, { authorization: `Bearer ${secret}` });
      expect(get.statusCode).toBe(400);
      expect(get.json()).toEqual(expected);
      // The visitor's POST carries our Origin: CSRF passes, the mix does not.
      const post = await anna.visitor.post(API_PATHS.fullCalculator, draftToCalculatorRequest(validDraft(net, DATE)), {
        authorization: `Bearer ${secret}`,
      });
      expect(post.statusCode).toBe(400);
      expect(post.json()).toEqual(expected);
      // Even with a key that is not valid: nothing is looked up.
      const bogus = await anna.visitor.get(API_PATHS.cargoList, { authorization: 'Bearer nonsense' });
      expect(bogus.statusCode).toBe(400);
      const forged = await ctx.app.inject({
        method: 'POST',
        url: API_PATHS.fullCalculator,
        remoteAddress: nextIp(),
        headers: { cookie: anna.visitor.cookie!, authorization: `Bearer ${secret}` },
        payload: draftToCalculatorRequest(validDraft(net, DATE)) as object,
      });
      expect(forged.statusCode).toBe(403);
      expect((forged.json() as ErrorJson).error.code).toBe('CSRF_REJECTED');
    });

    it('keeps the CSRF rule for cookies: a cookie POST without Origin is still refused', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: API_PATHS.fullCalculator,
        remoteAddress: nextIp(),
        headers: { cookie: anna.visitor.cookie! },
        payload: draftToCalculatorRequest(validDraft(net, DATE)) as object,
      });
      expect(res.statusCode).toBe(403);
      const withOrigin = await ctx.app.inject({
        method: 'POST',
        url: API_PATHS.fullCalculator,
        remoteAddress: nextIp(),
        headers: { cookie: anna.visitor.cookie!, origin: TEST_ORIGIN },
        payload: draftToCalculatorRequest(validDraft(net, DATE)) as object,
      });
      expect(withOrigin.statusCode).toBe(200);
    });
  });

  it('the OpenAPI document describes the bearer scheme and the calls a key may make', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: API_PATHS.openapi });
    const doc = res.json() as {
      components: { securitySchemes: Record<string, Record<string, unknown>> };
      paths: Record<
        string,
        Record<string, { security?: Record<string, string[]>[]; responses: Record<string, unknown> }>
      >;
    };
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const bearer = { bearerAuth: [] };
    for (const [path, method] of [
      [API_PATHS.cargoList, 'get'],
      [API_PATHS.currentCargo, 'get'],
      [API_PATHS.paymentStatus, 'get'],
      [API_PATHS.requestCreate, 'post'],
    ] as const) {
      const operation = doc.paths[path]![method]!;
      expect(operation.security, path).toEqual([{ sessionCookie: [] }, bearer]);
      expect(Object.keys(operation.responses), path).toEqual(expect.arrayContaining(['401', '403', '429']));
    }
    // The calculator stays public: anonymous, or with a key.
    expect(doc.paths[API_PATHS.pricesTerms]!.get!.security).toEqual([{}, bearer]);
    expect(doc.paths[API_PATHS.fullCalculator]!.post!.security).toEqual([{}, bearer]);
    // Keys are managed with the session only.
    expect(doc.paths[API_PATHS.apiKeys]!.get!.security ?? []).not.toContainEqual(bearer);
    expect(doc.paths[API_PATHS.apiKeys]!.post!.responses).toHaveProperty('201');
  });

  it('never writes a key to the log, whatever the call answered', async () => {
    const lines = logged
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    // Key calls were logged (200, 401, 403, 429 among them): the check below has something to read.
    const keyCalls = lines.filter((line) => line.msg === 'request' && line.route === API_PATHS.cargoList);
    const dumps = lines.filter((line) => line.msg === 'diagnostic dump');
    expect(
      dumps.filter((line) => (line.headers as Record<string, unknown>).authorization === '[скрыто]').length,
    ).toBeGreaterThan(40);
    expect(new Set(keyCalls.map((line) => line.statusCode))).toEqual(new Set([200, 400, 401, 403, 404, 429]));
    expect(secrets.length).toBeGreaterThan(10);
    const text = logged.join('');
    for (const secret of secrets) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(secret.slice(-40));
    }
  });
});
