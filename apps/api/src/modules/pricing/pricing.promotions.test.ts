import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  FullCalculatorResponseSchema,
  PricesTermsResponseSchema,
  RequestCreateResponseSchema,
  type FullCalculatorResponse,
} from '@freight/contracts';
import { attachLegalProfile, bookCargoStatus, cargos, contracts, ledgerEntries, promotions } from '@freight/db';
import { draftToCalculatorRequest, draftToPricesTermsQuery, formatRub, type OrderDraft } from '@freight/domain';
import { createTestContext, type TestContext } from '../../test/helpers';
import { Visitor, nextIp, signUp, testClock } from '../auth/identity-test-kit';
import { createOrder, loadNetwork, validDraft, type NetworkRefs } from '../orders/orders-test-kit';
import { invalidatePricingReference } from './reference-cache';

/*
 * Issue 21 «promises kept»: the seeded promotion «Бесплатный забор груза в декабре» (rule in
 * promotion_rules: pick-up 1–31 December 2026, from Москва, Санкт-Петербург, Екатеринбург, from
 * 200 kg or 1 m³) is applied by the one pricing function behind the calculator, the wizard's
 * review and request_create. The clock is the test's: Thursday 26 November 2026, 10:00 in Moscow.
 */
describe('automatic promotions: the free December pick-up', () => {
  let ctx: TestContext;
  let net: NetworkRefs;
  const clock = testClock(Date.parse('2026-11-26T07:00:00Z'));
  const TITLE = 'Акция «Бесплатный забор груза в декабре»';

  beforeAll(async () => {
    ctx = await createTestContext({}, { clock: clock.now });
    net = await loadNetwork(ctx.database.db);
  });
  afterAll(async () => ctx.close());

  const visitor = () => new Visitor(ctx, nextIp()).start();

  /** 200 kg (0.576 m³) picked up at a Moscow door on `date`, to Novosibirsk. */
  const doorDraft = (date: string, patch: (d: OrderDraft) => OrderDraft = (d) => d) =>
    validDraft(net, date, (d) =>
      patch({
        ...d,
        destination: { ...d.destination, departure_type: 'address', departure_address: 'Москва, ул. Тверская, 7' },
        cargo: { ...d.cargo, weight: 200 },
      }),
    );

  /** The wizard's review: exactly the body it posts. */
  async function review(draft: OrderDraft): Promise<FullCalculatorResponse> {
    const res = await (
      await visitor()
    ).post('/api/v1/requests/full_calculator_standard', draftToCalculatorRequest(draft));
    expect(res.statusCode, res.body).toBe(200);
    return FullCalculatorResponseSchema.parse(res.json());
  }

  const line = (price: { lines: { code: string; title: string; amount_kopecks: number }[] }, code: string) =>
    price.lines.find((l) => l.code === code);

  it('a pick-up planned for 1 December: the pick-up comes back as its own line, the total is lower by exactly it', async () => {
    const november = await review(doorDraft('2026-11-27'));
    const december = await review(doorDraft('2026-12-01'));
    const pickup = line(december, 'pickup')!;
    expect(pickup.amount_kopecks).toBeGreaterThan(0);
    expect(line(november, 'pickup')!.amount_kopecks).toBe(pickup.amount_kopecks);
    expect(line(november, 'free_pickup')).toBeUndefined();
    expect(line(december, 'free_pickup')).toEqual({
      code: 'free_pickup',
      title: TITLE,
      amount_kopecks: -pickup.amount_kopecks,
      explanation: `${TITLE}: забор груза от двери бесплатно, −${formatRub(pickup.amount_kopecks)}`,
    });
    expect(december.total_kopecks).toBe(november.total_kopecks - pickup.amount_kopecks);
    expect(december.subtotal_kopecks).toBe(november.subtotal_kopecks);
    // VAT is inside the price: the lines add up to the total.
    expect(december.lines.reduce((sum, l) => sum + l.amount_kopecks, 0)).toBe(december.total_kopecks);
  });

  const dims = (length: number, width: number, height: number, weight: number) => (d: OrderDraft) => ({
    ...d,
    cargo: { ...d.cargo, weight, length, width, height },
  });

  it.each([
    ['199 kg, 0.576 m³', '2026-12-01', dims(120, 80, 60, 199), false],
    ['50 kg, 0.99 m³', '2026-12-01', dims(99, 100, 100, 50), false],
    ['50 kg, 1 m³', '2026-12-01', dims(100, 100, 100, 50), true],
    ['200 kg on 31 December', '2026-12-31', (d: OrderDraft) => d, true],
    ['200 kg on 30 November', '2026-11-30', (d: OrderDraft) => d, false],
    ['200 kg on 1 January', '2027-01-01', (d: OrderDraft) => d, false],
    [
      '200 kg from Kazan',
      '2026-12-01',
      (d: OrderDraft) => ({
        ...d,
        destination: {
          ...d.destination,
          city_departure: { fias_id: net.city('Казань').fias_id, name: 'Казань' },
          subdivision_departure: net.terminal('Казань'),
          departure_address: 'Казань, ул. Баумана, 1',
        },
      }),
      false,
    ],
    [
      '200 kg from Yekaterinburg',
      '2026-12-01',
      (d: OrderDraft) => ({
        ...d,
        destination: {
          ...d.destination,
          city_departure: { fias_id: net.city('Екатеринбург').fias_id, name: 'Екатеринбург' },
          subdivision_departure: net.terminal('Екатеринбург'),
          departure_address: 'Екатеринбург, ул. Ленина, 1',
        },
      }),
      true,
    ],
    [
      '200 kg handed in at the terminal (no door pick-up)',
      '2026-12-01',
      (d: OrderDraft) => ({ ...d, destination: { ...d.destination, departure_type: 'warehouse' as const } }),
      false,
    ],
  ])('%s → free pick-up: %s', async (_name, date, patch, free) => {
    const price = await review(doorDraft(date, patch));
    const pickup = line(price, 'pickup');
    expect(line(price, 'free_pickup')?.amount_kopecks).toBe(free ? -pickup!.amount_kopecks : undefined);
  });

  it('the calculator (prices_terms) plans the pick-up for the earliest dispatch: free from 1 December on', async () => {
    const prices = async () => {
      const query = draftToPricesTermsQuery(doorDraft('2026-12-01'))!;
      expect(query.get('from_address')).toBeTruthy();
      const terminal = new URLSearchParams(query);
      terminal.delete('from_address');
      const get = async (q: URLSearchParams) => {
        const res = await (await visitor()).get(`/api/v1/requests/prices_terms_calculation?${q.toString()}`);
        expect(res.statusCode, res.body).toBe(200);
        return PricesTermsResponseSchema.parse(res.json()).prices.find((p) => p.transportation_type.code === 'auto')!;
      };
      return { door: await get(query), terminal: await get(terminal) };
    };
    const november = await prices();
    expect(november.door.dispatch_date).toBe('2026-11-26');
    const pickup = line(await review(doorDraft('2026-11-27')), 'pickup')!.amount_kopecks;
    expect(november.door.price_kopecks - november.terminal.price_kopecks).toBe(pickup);
    // Wednesday 2 December, 10:00 in Moscow.
    clock.advance(6 * 86_400_000);
    try {
      const december = await prices();
      expect(december.door.dispatch_date).toBe('2026-12-02');
      expect(december.door.price_kopecks).toBe(november.door.price_kopecks - pickup);
      expect(december.door.price_kopecks).toBe(december.terminal.price_kopecks);
    } finally {
      clock.advance(-6 * 86_400_000);
    }
  });

  it('request_create stores the line: the order costs exactly the pick-up less, as its review said', async () => {
    const client = await visitor();
    const create = async (draft: OrderDraft) => {
      const res = await createOrder(client, draft);
      expect(res.statusCode, res.body).toBe(201);
      return RequestCreateResponseSchema.parse(res.json());
    };
    const november = await create(doorDraft('2026-11-27'));
    const draft = doorDraft('2026-12-01');
    const shown = await review(draft);
    const december = await create(draft);
    const pickup = line(december, 'pickup')!.amount_kopecks;
    expect(line(december, 'free_pickup')).toMatchObject({ title: TITLE, amount_kopecks: -pickup });
    expect(december.lines).toEqual(shown.lines);
    expect(december.price_kopecks).toBe(shown.total_kopecks);
    expect(december.price_kopecks).toBe(november.price_kopecks - pickup);
    const [stored] = await ctx.database.db.select().from(cargos).where(eq(cargos.trackNumber, december.track_number));
    expect(stored!.priceKopecks).toBe(december.price_kopecks);
    expect(stored!.priceLines).toEqual(december.lines);
  });

  it('a contract books no pick-up charge for a free pick-up; the charges add up to the price', async () => {
    const owner = await signUp(ctx, { name: 'Ольга Договорова' });
    const company = { name: 'ООО «Декабрь»', inn: '7707083893', kpp: '773001001' };
    const { profileId } = await attachLegalProfile(ctx.database.db, company, owner.user.id);
    await ctx.database.db.insert(contracts).values({
      profileId,
      number: 'А-12',
      signedOn: '2026-01-01',
      kind: 'prepayment',
      validFrom: '2026-01-01',
      isDefault: true,
    });
    const res = await createOrder(
      owner.visitor,
      doorDraft('2026-12-01', (d) => ({
        ...d,
        paymentType: 'non_cash',
        participants: { ...d.participants, senderType: 'legal' as const },
        contacts: { ...d.contacts, sender: { ...company, phone: '+7 (900) 123-45-01', email: '' } },
      })),
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = RequestCreateResponseSchema.parse(res.json());
    expect(line(created, 'free_pickup')).toBeDefined();
    const [cargo] = await ctx.database.db.select().from(cargos).where(eq(cargos.trackNumber, created.track_number));
    expect(cargo!.contractId).not.toBeNull();
    await bookCargoStatus(ctx.database.db, cargo!.id, 'accepted', clock.now());
    const charges = await ctx.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.cargoId, cargo!.id));
    expect(charges.map((c) => c.serviceCode)).toContain('freight');
    expect(charges.map((c) => c.serviceCode)).not.toContain('pickup');
    expect(charges.reduce((sum, c) => sum + c.amountKopecks, 0)).toBe(created.price_kopecks);
  });

  it('the rule is data: a promotion switched off in the back-office gives nothing', async () => {
    const db = ctx.database.db;
    const slug = eq(promotions.slug, 'zimnij-zabor-besplatno');
    await db.update(promotions).set({ isActive: false }).where(slug);
    invalidatePricingReference(db);
    try {
      expect(line(await review(doorDraft('2026-12-01')), 'free_pickup')).toBeUndefined();
    } finally {
      await db.update(promotions).set({ isActive: true }).where(slug);
      invalidatePricingReference(db);
    }
    expect(line(await review(doorDraft('2026-12-01')), 'free_pickup')).toBeDefined();
  });
});
