import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { DraftResponseSchema } from '@freight/contracts';
import { consents, defaultMigrationsFolder, orderDrafts, sessions } from '@freight/db';
import {
  PD_CONSENT,
  RU_PRODUCTION_CALENDAR,
  addWorkingDays,
  serializeDraft,
  toIsoDate,
  withoutPersonalData,
  type OrderDraft,
  type ParticipantDetails,
  type ParticipantType,
} from '@freight/domain';
import { createTestContext, type TestContext } from '../../test/helpers';
import { PASSWORD, Visitor, nextIp, signUp, testClock } from '../auth/identity-test-kit';
import { documentSha256 } from '../consents/consent.service';
import { hashToken } from '../auth/session.service';
import { loadNetwork, validDraft, type NetworkRefs } from './orders-test-kit';

/*
 * 152-FZ (issue 20): the server's copy of the order draft holds no personal data before the
 * personal-data consent is ticked. What is checked is the order_drafts row itself (and the
 * consents rows), on PGlite and on PostgreSQL (api-pg).
 */
describe('orders: the draft keeps no personal data before the consent', () => {
  let ctx: TestContext;
  let net: NetworkRefs;
  const clock = testClock(Date.now());
  const DATE = addWorkingDays(toIsoDate(new Date())!, 1, RU_PRODUCTION_CALENDAR);

  beforeAll(async () => {
    ctx = await createTestContext({}, { clock: clock.now });
    net = await loadNetwork(ctx.database.db);
  });
  afterAll(async () => ctx.close());

  const SENDER: ParticipantDetails = {
    name: 'Иван Петров',
    phone: '+7 (900) 123-45-01',
    email: 'ivan.petrov@example.ru',
    inn: '500100732259',
    kpp: '',
  };
  const RECIPIENT: ParticipantDetails = {
    name: 'Анна Смирнова',
    phone: '8 916 555 44 33',
    email: 'anna@example.ru',
    inn: '',
    kpp: '',
  };
  const PAYER: ParticipantDetails = {
    name: 'ООО «Ромашка»',
    phone: '+7 (495) 111-22-33',
    email: 'office@romashka.example',
    inn: '7707083893',
    kpp: '773601001',
  };
  const CUSTOMER: ParticipantDetails = {
    name: 'Пётр Сидоров',
    phone: '+7 (913) 765-43-21',
    email: 'petr@example.ru',
    inn: '',
    kpp: '',
  };
  const PICKUP = 'Москва, ул. Лесная, д. 5, кв. 12';
  const DELIVERY = 'Новосибирск, Красный проспект, д. 1';
  /** Every personal value the draft below carries, as typed. */
  const PERSONAL = [
    ...[SENDER, RECIPIENT, PAYER, CUSTOMER].flatMap((p) => [p.name, p.phone, p.email, p.inn, p.kpp]),
    PICKUP,
    DELIVERY,
  ].filter((value) => value !== '');
  const EMPTY: ParticipantDetails = { name: '', phone: '', email: '', inn: '', kpp: '' };

  /** A complete draft with all four participants and both points at a door. */
  const fullDraft = (consent: boolean, patch: (d: OrderDraft) => OrderDraft = (d) => d) =>
    validDraft(net, DATE, (d) =>
      patch({
        ...d,
        destination: {
          ...d.destination,
          departure_type: 'address',
          departure_address: PICKUP,
          delivery_type: 'address',
          delivery_address: DELIVERY,
        },
        participants: { ...d.participants, payer: 'third_party', customer: 'third_party', payerType: 'legal' },
        contacts: { sender: SENDER, recipient: RECIPIENT, payer: PAYER, customer: CUSTOMER },
        services: { ...d.services, fragile: true, declaredValue: 50_000 },
        promocode: 'START10',
        consent,
      }),
    );

  const save = (visitor: Visitor, draft: OrderDraft) =>
    visitor.call('PUT', '/api/v1/requests/draft', { draft: JSON.parse(serializeDraft(draft)) });

  async function sessionOf(visitor: Visitor): Promise<string> {
    const token = visitor.cookie!.split('=')[1]!;
    const [row] = await ctx.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    return row!.id;
  }

  type Who = { visitor: Visitor; userId: number | null };
  const OWNERS: [string, () => Promise<Who>][] = [
    ['an anonymous visitor', async () => ({ visitor: await new Visitor(ctx, nextIp()).start(), userId: null })],
    [
      'a signed-in client',
      async () => {
        const { visitor, user } = await signUp(ctx);
        return { visitor, userId: user.id };
      },
    ],
  ];

  /** The order_drafts row of the visitor, as stored. */
  async function storedRow({ visitor, userId }: Who) {
    const owner =
      userId !== null ? eq(orderDrafts.userId, userId) : eq(orderDrafts.sessionId, await sessionOf(visitor));
    const rows = await ctx.database.db.select().from(orderDrafts).where(owner);
    expect(rows).toHaveLength(1);
    return rows[0]!;
  }

  async function draftConsents({ visitor, userId }: Who) {
    const owner = userId !== null ? eq(consents.userId, userId) : eq(consents.sessionId, await sessionOf(visitor));
    return ctx.database.db
      .select()
      .from(consents)
      .where(and(owner, eq(consents.channel, 'order_draft')));
  }

  describe.each(OWNERS)('for %s', (_, arrive) => {
    it('without the consent the row holds no name, phone, e-mail, ИНН, КПП or personal address; the rest is kept', async () => {
      const who = await arrive();
      const draft = fullDraft(false);
      const res = await save(who.visitor, draft);
      expect(res.statusCode, res.body).toBe(200);

      const row = await storedRow(who);
      const text = JSON.stringify(row.payload);
      for (const value of PERSONAL) expect(text, value).not.toContain(value);
      // No phone in any spelling: none of their ten digits anywhere in the row.
      for (const p of [SENDER, RECIPIENT, PAYER, CUSTOMER]) {
        expect(text.replace(/\D/g, ''), p.phone).not.toContain(p.phone.replace(/\D/g, '').slice(-10));
      }
      expect(text).not.toContain('@');
      const stored = (row.payload as { draft: OrderDraft }).draft;
      expect(stored.contacts).toEqual({ sender: EMPTY, recipient: EMPTY, payer: EMPTY, customer: EMPTY });
      expect([stored.destination.departure_address, stored.destination.delivery_address]).toEqual(['', '']);
      // Cities, terminals, cargo, dates, services, payment, promo code and the participants' roles stay.
      const { contacts: _c, destination: storedDestination, ...storedRest } = stored;
      const { contacts: _d, destination: sentDestination, ...sentRest } = draft;
      expect(storedRest).toEqual(sentRest);
      expect(storedDestination).toEqual({ ...sentDestination, departure_address: '', delivery_address: '' });

      // The answer, and a later GET, give the draft as stored.
      const answered = DraftResponseSchema.parse(res.json());
      expect(answered.draft?.draft).toEqual(stored);
      const again = DraftResponseSchema.parse((await who.visitor.get('/api/v1/requests/draft')).json());
      expect(again.draft?.draft).toEqual(stored);
      expect(again.updated_at).toBe(row.updatedAt.toISOString());
      expect(await draftConsents(who)).toEqual([]);
    });

    it('with the consent the row holds them, and the consent is recorded once; unticked, they are dropped again', async () => {
      const who = await arrive();
      await save(who.visitor, fullDraft(false));
      expect(await draftConsents(who)).toEqual([]);

      const ticked = await save(who.visitor, fullDraft(true));
      expect(ticked.statusCode, ticked.body).toBe(200);
      const row = await storedRow(who);
      expect((row.payload as { draft: OrderDraft }).draft).toEqual(fullDraft(true));
      const text = JSON.stringify(row.payload);
      for (const value of PERSONAL) expect(text, value).toContain(value);
      expect(DraftResponseSchema.parse(ticked.json()).draft?.draft).toEqual(fullDraft(true));

      const recorded = await draftConsents(who);
      expect(recorded).toHaveLength(1);
      expect(recorded[0]).toMatchObject({
        documentType: 'pd_consent',
        documentVersion: PD_CONSENT.version,
        documentSha256: documentSha256(PD_CONSENT),
        channel: 'order_draft',
        sessionId: await sessionOf(who.visitor),
        userId: who.userId,
        ip: who.visitor.ip,
        userAgent: 'vitest',
        withdrawnAt: null,
      });

      // Typing on with the tick: saved as typed, no second consent.
      const typed = fullDraft(true, (d) => ({
        ...d,
        contacts: { ...d.contacts, recipient: { ...RECIPIENT, name: 'Анна Иванова' } },
      }));
      expect((await save(who.visitor, typed)).statusCode).toBe(200);
      expect(JSON.stringify((await storedRow(who)).payload)).toContain('Анна Иванова');
      expect(await draftConsents(who)).toHaveLength(1);

      // Unticked: the personal data goes from the row.
      expect((await save(who.visitor, fullDraft(false))).statusCode).toBe(200);
      const untickedText = JSON.stringify((await storedRow(who)).payload);
      for (const value of [...PERSONAL, 'Анна Иванова']) expect(untickedText, value).not.toContain(value);

      // Ticked again: a new consent.
      await save(who.visitor, fullDraft(true));
      expect(await draftConsents(who)).toHaveLength(2);
    });
  });

  it('keeps the door address of a company (not personal data), never its details', async () => {
    const visitor = await new Visitor(ctx, nextIp()).start();
    const draft = fullDraft(false, (d) => ({
      ...d,
      participants: { ...d.participants, senderType: 'legal', recipientType: 'entrepreneur' },
    }));
    expect((await save(visitor, draft)).statusCode).toBe(200);
    const row = await storedRow({ visitor, userId: null });
    const stored = (row.payload as { draft: OrderDraft }).draft;
    expect(stored.destination.departure_address).toBe(PICKUP);
    expect(stored.destination.delivery_address).toBe('');
    expect(stored.contacts.sender).toEqual(EMPTY);
  });

  it('a row saved before the rule is answered without its personal data', async () => {
    const visitor = await new Visitor(ctx, nextIp()).start();
    const sessionId = await sessionOf(visitor);
    await ctx.database.db
      .insert(orderDrafts)
      .values({ sessionId, payload: JSON.parse(serializeDraft(fullDraft(false))), updatedAt: new Date(clock.now()) });
    const answered = DraftResponseSchema.parse((await visitor.get('/api/v1/requests/draft')).json());
    const text = JSON.stringify(answered);
    for (const value of PERSONAL) expect(text, value).not.toContain(value);
    expect(answered.draft?.draft.cargo).toEqual(fullDraft(false).cargo);
  });
  it('the tick recorded before a sign-in stays with the draft that moves to the account; no second consent', async () => {
    const { visitor: owner, phone } = await signUp(ctx);
    await owner.post('/api/v1/user/logout');
    const visitor = await new Visitor(ctx, nextIp()).start();
    const anonymousSession = await sessionOf(visitor);
    expect((await save(visitor, fullDraft(true))).statusCode).toBe(200);
    clock.advance(1000);
    const signedIn = await visitor.post('/api/v1/authorization_v2/authorization', {
      phone: phone.typed,
      password: PASSWORD,
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const answered = DraftResponseSchema.parse((await visitor.get('/api/v1/requests/draft')).json());
    expect(answered.draft?.draft).toEqual(fullDraft(true));
    // Typing on after the sign-in with the tick: the row already holds it, nothing new is recorded.
    expect(
      (
        await save(
          visitor,
          fullDraft(true, (d) => ({ ...d, promocode: 'WELCOME500' })),
        )
      ).statusCode,
    ).toBe(200);
    const recorded = await ctx.database.db
      .select()
      .from(consents)
      .where(and(eq(consents.channel, 'order_draft'), eq(consents.ip, visitor.ip)));
    expect(recorded).toHaveLength(1);
    // Recorded by the anonymous session; like its other consents it follows the visitor to the new session.
    expect(recorded[0]).toMatchObject({ userId: null, documentVersion: PD_CONSENT.version });
    expect(recorded[0]!.sessionId).not.toBe(anonymousSession);
    expect(recorded[0]!.sessionId).toBe(await sessionOf(visitor));
  });

  describe('migration 0011 cleans the rows saved before the rule', () => {
    const FILE = '0011_draft_consent_cleanup';
    const migrationSql = () => readFileSync(path.join(defaultMigrationsFolder(), `${FILE}.sql`), 'utf8');

    it('is in the journal and was applied by migrate() to this database', async () => {
      const journal = JSON.parse(
        readFileSync(path.join(defaultMigrationsFolder(), 'meta', '_journal.json'), 'utf8'),
      ) as { entries: { idx: number; tag: string; when: number }[] };
      const entry = journal.entries.find((e) => e.tag === FILE);
      expect(entry?.idx).toBe(11);
      const whens = journal.entries.map((e) => e.when);
      expect(whens).toEqual([...whens].sort((a, b) => a - b)); // drizzle applies what is newer than the last run
      const hash = createHash('sha256').update(migrationSql()).digest('hex');
      const applied = (await ctx.database.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations where hash = ${hash}`,
      )) as unknown as { rows: { n: number }[] };
      expect(applied.rows[0]?.n).toBe(1);
    });

    it('blanks participants and personal door addresses of unconsented rows, keeps the rest and consented rows', async () => {
      const withForms = (senderType: ParticipantType, recipientType: ParticipantType, consent: boolean) =>
        fullDraft(consent, (d) => ({ ...d, participants: { ...d.participants, senderType, recipientType } }));
      // Rows as an older API stored them: whatever the wizard sent, participants included.
      const cases: [string, unknown][] = [
        ['individuals', JSON.parse(serializeDraft(withForms('individual', 'individual', false)))],
        ['a company sends to an entrepreneur', JSON.parse(serializeDraft(withForms('legal', 'entrepreneur', false)))],
        ['consented', JSON.parse(serializeDraft(withForms('individual', 'individual', true)))],
        [
          'an older shape without the consent field',
          (() => {
            const { consent: _omitted, ...older } = withForms('individual', 'legal', false);
            return { version: 1, draft: older };
          })(),
        ],
        ['garbage', { version: 1, draft: 'not a draft' }],
      ];
      const ids = new Map<string, string>();
      const updatedAt = new Date('2026-01-15T10:00:00.000Z');
      for (const [name, payload] of cases) {
        const visitor = await new Visitor(ctx, nextIp()).start();
        const sessionId = await sessionOf(visitor);
        ids.set(name, sessionId);
        await ctx.database.db.insert(orderDrafts).values({ sessionId, payload, updatedAt });
      }

      await ctx.database.db.execute(sql.raw(migrationSql()));

      const rowOf = async (name: string) => {
        const [row] = await ctx.database.db
          .select()
          .from(orderDrafts)
          .where(eq(orderDrafts.sessionId, ids.get(name)!));
        expect(row?.updatedAt.toISOString()).toBe(updatedAt.toISOString()); // not touched: the browser's copy still wins
        return row!.payload as { draft: OrderDraft };
      };
      const blank = { sender: EMPTY, recipient: EMPTY, payer: EMPTY, customer: EMPTY };

      const individuals = await rowOf('individuals');
      expect(individuals.draft).toEqual(withoutPersonalData(withForms('individual', 'individual', false)));
      for (const value of PERSONAL) expect(JSON.stringify(individuals), value).not.toContain(value);

      const company = await rowOf('a company sends to an entrepreneur');
      expect(company.draft.contacts).toEqual(blank);
      expect([company.draft.destination.departure_address, company.draft.destination.delivery_address]).toEqual([
        PICKUP,
        '',
      ]);
      expect(company.draft).toEqual(withoutPersonalData(withForms('legal', 'entrepreneur', false)));

      expect((await rowOf('consented')).draft).toEqual(withForms('individual', 'individual', true));

      const older = await rowOf('an older shape without the consent field');
      expect(older.draft.contacts).toEqual(blank);
      expect([older.draft.destination.departure_address, older.draft.destination.delivery_address]).toEqual([
        '',
        DELIVERY,
      ]);

      expect(await rowOf('garbage')).toEqual({ version: 1, draft: 'not a draft' });

      // Run twice, it changes nothing more.
      await ctx.database.db.execute(sql.raw(migrationSql()));
      expect((await rowOf('individuals')).draft).toEqual(individuals.draft);
    });
  });
});
