import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import type { LightMyRequestResponse } from 'fastify';
import { RequestCreateResponseSchema, type RequestCreateResponse } from '@freight/contracts';
import { attachLegalProfile, cargos, profileMembers } from '@freight/db';
import {
  MESSAGES,
  RU_PRODUCTION_CALENDAR,
  addWorkingDays,
  amountInWords,
  formatDocumentAmount,
  formatDocumentRub,
  formatLongDate,
  isValidInn,
  isValidOgrn,
  toIsoDate,
  type OrderDraft,
} from '@freight/domain';
import { DEMO_CARRIER, loadConfig } from '../../config/env';
import { createTestContext, type TestContext } from '../../test/helpers';
import { Visitor, nextIp, signUp } from '../auth/identity-test-kit';
import { createOrder, loadNetwork, setCargoState, validDraft, type NetworkRefs } from '../orders/orders-test-kit';
import { priceSummary, type CargoDocumentData } from './documents.model';
import { renderInvoice } from './finance.pdf';
import { renderReceipt } from './receipt.pdf';
import { checkDocumentAvailable } from './documents.service';
import { svgShapes, code128Svg, qrSvg } from './documents.pdf';

/*
 * Documents of a cargo (issue 15): every PDF is made for a real cargo created through the API,
 * its text is extracted (unpdf, Mozilla's PDF.js) and the facts a client relies on are read
 * back — track number, names, amounts, the total in words, VAT, the carrier's requisites.
 */

const T = MESSAGES.documents;
type ErrorJson = { error: { code: string; message: string } };

/**
 * Whitespace as one plain space: extraction splits lines, and PDF.js reads U+00A0 back as a plain
 * space (the no-break spaces themselves are checked by the domain's formatting tests).
 */
const norm = (text: string) => text.replace(/\s+/g, ' ').trim();

async function pdfText(res: LightMyRequestResponse) {
  const bytes = new Uint8Array(res.rawPayload);
  const pdf = await getDocumentProxy(bytes);
  const { totalPages, text } = await extractText(pdf, { mergePages: false });
  const pages = text.map(norm);
  return { totalPages, pages, all: pages.join(' ') };
}

/** Fictitious requisites that pass the checksums, configured as a real deployment would. */
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

const COMPANY = { name: 'ООО «Ромашка»', inn: '7720123457', kpp: '772001001' };

describe('documents: receipt, invoice, act and labels of a cargo as PDF', () => {
  let ctx: TestContext;
  let net: NetworkRefs;
  const DATE = addWorkingDays(toIsoDate(new Date())!, 1, RU_PRODUCTION_CALENDAR);
  const path = (kind: string, track: string) => `/api/v1/cargo_lk/documents/${kind}?tracknumber=${track}`;

  beforeAll(async () => {
    ctx = await createTestContext(CARRIER_ENV);
    net = await loadNetwork(ctx.database.db);
  });
  afterAll(async () => ctx.close());

  /** A cargo paid by a company (the sender is ООО «Ромашка»), three places, value declared. */
  const companyDraft = (): OrderDraft =>
    validDraft(net, DATE, (d) => ({
      ...d,
      cargo: { ...d.cargo, tab: 'multiple', quantity: 3 },
      participants: { ...d.participants, senderType: 'legal' },
      paymentType: 'non_cash',
      services: { ...d.services, declaredValue: 150_000 },
      contacts: {
        ...d.contacts,
        sender: { name: COMPANY.name, phone: '+7 (900) 123-45-01', email: '', inn: COMPANY.inn, kpp: COMPANY.kpp },
      },
    }));

  const order = async (visitor: Visitor, draft: OrderDraft): Promise<RequestCreateResponse> => {
    const res = await createOrder(visitor, draft);
    expect(res.statusCode, res.body).toBe(201);
    return RequestCreateResponseSchema.parse(res.json());
  };

  const cargoRow = async (track: string) =>
    (await ctx.database.db.select().from(cargos).where(eq(cargos.trackNumber, track)))[0]!;

  const expectPdf = (res: LightMyRequestResponse, asciiName: string, russianName: string) => {
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(russianName)}`,
    );
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  };

  it('the forwarding receipt names the carrier, parties, route, measures, services, price with VAT and the track number', async () => {
    const { visitor } = await signUp(ctx, { name: 'Иван Петров' });
    const created = await order(visitor, companyDraft());
    const track = created.track_number;
    const row = await cargoRow(track);

    const res = await visitor.get(path('receipt', track));
    expectPdf(res, `receipt-${track}.pdf`, `Экспедиторская расписка ${track}.pdf`);
    const { all, totalPages } = await pdfText(res);
    expect(totalPages).toBe(1);
    expect(all).toContain(norm(T.receipt.heading(track, formatLongDate(row.createdAt))));
    // The carrier's configured requisites, not the demo ones; no «образец» warning.
    expect(all).toContain(norm(`${CARRIER_ENV.CARRIER_NAME}, ИНН 7799999997, КПП 779901001, ОГРН 1027799999996`));
    expect(all).toContain(CARRIER_ENV.CARRIER_ADDRESS);
    expect(all).not.toContain(norm(T.demoNotice));
    expect(all).toContain(`${COMPANY.name}, ИНН ${COMPANY.inn}, КПП ${COMPANY.kpp}, тел. +7 (900) 123-45-01`);
    expect(all).toContain('Анна Смирнова, тел. +7 (916) 555-44-33');
    expect(all).toContain(`Москва: ${net.terminal('Москва').name}, `);
    expect(all).toContain(`Новосибирск: ${net.terminal('Новосибирск').name}, `);
    expect(all).toContain(`Количество мест 3`);
    expect(all).toContain(norm(T.kg(String(row.weightKg))));
    expect(all).toContain(norm(`Объявленная ценность ${formatDocumentRub(15_000_000)}`));
    for (const line of created.lines) {
      expect(all).toContain(norm(`${line.title} ${formatDocumentRub(line.amount_kopecks)}`));
    }
    // The seeded price list quotes VAT inside the price.
    expect(created.vat_included).toBe(true);
    expect(all).toContain(norm(`В том числе НДС 22 %: ${formatDocumentRub(created.vat_kopecks)}`));
    expect(all).toContain(norm(`Всего: ${formatDocumentRub(created.price_kopecks)}`));
    expect(all).toContain('Безналичный расчёт');
    expect(all).toContain(`Отслеживание груза: http://localhost:3000/tracking/${track}`);
    expect(all).toContain(T.receipt.handedOver);
    expect(all).toContain(T.receipt.accepted);
  });

  it('the invoice of a legal payer: bank requisites, lines, VAT, total in words; numbered by the track number', async () => {
    const { visitor } = await signUp(ctx);
    const created = await order(visitor, companyDraft());
    const track = created.track_number;
    const row = await cargoRow(track);

    const res = await visitor.get(path('invoice', track));
    expectPdf(res, `invoice-${track}.pdf`, `Счёт ${track}.pdf`);
    const { all } = await pdfText(res);
    const date = formatLongDate(row.createdAt);
    expect(all).toContain(norm(T.invoice.heading(track, date)));
    for (const value of [
      'ПАО «Тестбанк», г. Москва',
      'БИК 044599999',
      'Сч. № 30101810999999999999',
      'ИНН 7799999997, КПП 779901001',
      `${CARRIER_ENV.CARRIER_NAME} Сч. № 40702810999999999991 Получатель`,
    ]) {
      expect(all).toContain(value);
    }
    expect(all).toContain(`Покупатель (заказчик) ${COMPANY.name}, ИНН ${COMPANY.inn}, КПП ${COMPANY.kpp}`);
    expect(all).toContain(norm(T.invoice.basisText(track, date)));
    created.lines.forEach((line, index) => {
      const amount = norm(formatDocumentAmount(line.amount_kopecks));
      expect(all).toContain(`${index + 1} ${line.title} 1 усл. ${amount} ${amount}`);
    });
    const total = norm(formatDocumentAmount(created.price_kopecks));
    expect(all).toContain(`Итого: ${total}`);
    expect(all).toContain(norm(`В том числе НДС 22 %: ${formatDocumentAmount(created.vat_kopecks)}`));
    expect(all).toContain(`Всего к оплате: ${total}`);
    expect(all).toContain(norm(T.table.summary(created.lines.length, formatDocumentRub(created.price_kopecks))));
    expect(all).toContain(amountInWords(created.price_kopecks));
    expect(amountInWords(created.price_kopecks)).toMatch(/^[А-ЯЁ][а-яё ]+ рубл(ь|я|ей) \d\d копе(йка|йки|ек)$/);
    expect(all).toContain(norm(T.invoice.paymentPurpose(track)));
    expect(all).toContain('Руководитель');
    expect(all).toContain('Бухгалтер');
  });

  it('the act: refused before release (409), then dated the release day with the services and total in words', async () => {
    const { visitor } = await signUp(ctx);
    const created = await order(visitor, companyDraft());
    const track = created.track_number;

    const early = await visitor.get(path('act', track));
    expect(early.statusCode).toBe(409);
    expect((early.json() as ErrorJson).error.message).toBe(T.actNotReleased);
    await setCargoState(ctx.database.db, track, 'in_transit');
    expect((await visitor.get(path('act', track))).statusCode).toBe(409);

    const released = new Date('2026-03-20T09:30:00Z');
    await setCargoState(ctx.database.db, track, 'released', {}, released);
    const res = await visitor.get(path('act', track));
    expectPdf(res, `act-${track}.pdf`, `Акт ${track}.pdf`);
    const { all } = await pdfText(res);
    expect(all).toContain(norm(T.act.heading(track, '20 марта 2026 г.')));
    expect(all).toContain(`Исполнитель ${CARRIER_ENV.CARRIER_NAME}, ИНН 7799999997`);
    expect(all).toContain(`Заказчик ${COMPANY.name}, ИНН ${COMPANY.inn}`);
    for (const line of created.lines) expect(all).toContain(line.title);
    expect(all).toContain(norm(`В том числе НДС 22 %: ${formatDocumentAmount(created.vat_kopecks)}`));
    expect(all).toContain(norm(`Всего: ${formatDocumentAmount(created.price_kopecks)}`));
    expect(all).toContain(norm(T.act.summary(created.lines.length, formatDocumentRub(created.price_kopecks))));
    expect(all).toContain(amountInWords(created.price_kopecks));
    expect(all).toContain(norm(T.act.statement));
  });

  it('labels: one A6 page per place with «Место N из M», the route, weight, the track number and the tracking link', async () => {
    const { visitor } = await signUp(ctx);
    const created = await order(visitor, companyDraft());
    const track = created.track_number;
    const row = await cargoRow(track);
    expect(row.quantity).toBe(3);

    const res = await visitor.get(path('labels', track));
    expectPdf(res, `labels-${track}.pdf`, `Маркировка ${track}.pdf`);
    const { totalPages, pages } = await pdfText(res);
    expect(totalPages).toBe(row.quantity);
    pages.forEach((page, index) => {
      expect(page).toContain(`Место ${index + 1} из 3`);
      expect(page).toContain(track);
      expect(page).toContain('Москва');
      expect(page).toContain('Новосибирск');
      expect(page).toContain(norm(T.labels.shipmentWeight(T.kg(String(row.weightKg)))));
      expect(page).toContain(`http://localhost:3000/tracking/${track}`);
    });
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const viewport = (await pdf.getPage(1)).getViewport({ scale: 1 });
    // A6 is 105 × 148 mm.
    expect(Math.round((viewport.width / 72) * 25.4)).toBe(105);
    expect(Math.round((viewport.height / 72) * 25.4)).toBe(148);
  });

  it('a private payer has no invoice or act (409 in Russian), but has the receipt and labels', async () => {
    const { visitor } = await signUp(ctx);
    const { track_number: track } = await order(visitor, validDraft(net, DATE));
    for (const kind of ['invoice', 'act']) {
      const res = await visitor.get(path(kind, track));
      expect(res.statusCode).toBe(409);
      expect((res.json() as ErrorJson).error.message).toBe(T.financeNotLegal);
    }
    await setCargoState(ctx.database.db, track, 'released');
    expect((await visitor.get(path('act', track))).statusCode).toBe(409);
    const receipt = await visitor.get(path('receipt', track));
    expect(receipt.statusCode).toBe(200);
    expect((await pdfText(receipt)).all).toContain('Иван Петров, тел. +7 (900) 123-45-01');
    const labels = await visitor.get(path('labels', track));
    expect((await pdfText(labels)).totalPages).toBe(1);
  });

  it('a cancelled request has no documents (409)', async () => {
    const { visitor } = await signUp(ctx);
    const { track_number: track } = await order(visitor, companyDraft());
    expect((await visitor.post(`/api/v1/cargo_lk/cancel?tracknumber=${track}`)).statusCode).toBe(200);
    for (const kind of ['receipt', 'invoice', 'act', 'labels']) {
      const res = await visitor.get(path(kind, track));
      expect(res.statusCode).toBe(409);
      expect((res.json() as ErrorJson).error.message).toBe(T.cancelled);
    }
  });

  it('someone else’s or an unknown cargo is 404; no session is 401; a malformed number is 400', async () => {
    const { visitor: owner } = await signUp(ctx);
    const { track_number: track } = await order(owner, companyDraft());
    const { visitor: stranger } = await signUp(ctx);
    const anonymous = await new Visitor(ctx, nextIp()).start();
    for (const kind of ['receipt', 'invoice', 'act', 'labels']) {
      const foreign = await stranger.get(path(kind, track));
      expect(foreign.statusCode).toBe(404);
      expect((foreign.json() as ErrorJson).error.message).toBe(MESSAGES.orders.cargoNotFound);
      expect((await anonymous.get(path(kind, track))).statusCode).toBe(404);
      expect((await owner.get(path(kind, 'MG-0000-00000'))).statusCode).toBe(404);
      const nobody = await ctx.app.inject({ method: 'GET', url: path(kind, track) });
      expect(nobody.statusCode).toBe(401);
      expect((await owner.get(path(kind, 'не номер'))).statusCode).toBe(400);
    }
  });

  it('an anonymous session downloads the documents of the order it made', async () => {
    const visitor = await new Visitor(ctx, nextIp()).start();
    const { track_number: track } = await order(visitor, companyDraft());
    const res = await visitor.get(path('invoice', track));
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect((await pdfText(res)).all).toContain(track);
  });

  it('team roles: a shipping manager gets the receipt and labels but not the invoice (403); an accountant gets the invoice', async () => {
    const owner = await signUp(ctx, { name: 'Владелец' });
    const manager = await signUp(ctx, { name: 'Менеджер' });
    const accountant = await signUp(ctx, { name: 'Бухгалтер' });
    const { profileId } = await attachLegalProfile(ctx.database.db, COMPANY, owner.user.id);
    const { track_number: track } = await order(owner.visitor, companyDraft());
    expect((await cargoRow(track)).ownerProfileId).toBe(profileId);
    await ctx.database.db.insert(profileMembers).values([
      { profileId, userId: manager.user.id, role: 'shipping_manager' },
      { profileId, userId: accountant.user.id, role: 'accountant' },
    ]);
    expect((await manager.visitor.get(path('receipt', track))).statusCode).toBe(200);
    expect((await manager.visitor.get(path('labels', track))).statusCode).toBe(200);
    const refused = await manager.visitor.get(path('invoice', track));
    expect(refused.statusCode).toBe(403);
    expect((refused.json() as ErrorJson).error.message).toBe(MESSAGES.team.forbidden);
    expect((await accountant.visitor.get(path('invoice', track))).statusCode).toBe(200);
  });
});

describe('documents: rules without a database', () => {
  const line = (code: string, amount: number) => ({ code, title: code, amount_kopecks: amount, explanation: '' });

  it.each([
    [
      'VAT inside the price',
      { priceLines: [line('freight', 1_220_000)], priceKopecks: 1_220_000, vatKopecks: 220_000 },
      [
        ['Итого:', 1_220_000],
        ['В том числе НДС 22\u00A0%:', 220_000],
        ['Всего к оплате:', 1_220_000],
      ],
    ],
    [
      'VAT added on top (a separate line)',
      {
        priceLines: [line('freight', 1_000_000), line('insurance', 50_000), line('vat', 231_000)],
        priceKopecks: 1_281_000,
        vatKopecks: 231_000,
      },
      [
        ['Итого без НДС:', 1_050_000],
        ['НДС 22\u00A0%:', 231_000],
        ['Всего к оплате:', 1_281_000],
      ],
    ],
    [
      'no VAT',
      { priceLines: [line('freight', 500_000)], priceKopecks: 500_000, vatKopecks: 0 },
      [
        ['Итого:', 500_000],
        ['Без НДС', null],
        ['Всего к оплате:', 500_000],
      ],
    ],
  ])('price summary: %s', (_name, data, rows) => {
    const summary = priceSummary(data, 22);
    expect(summary.items.map((i) => i.code)).not.toContain('vat');
    expect(summary.rows.map((r) => [r.label, r.amountKopecks])).toEqual(rows);
  });

  it('a carrier without a rate names none', () => {
    const data = { priceLines: [line('freight', 1_220_000)], priceKopecks: 1_220_000, vatKopecks: 220_000 };
    expect(priceSummary(data, 0).rows[1]!.label).toBe('В том числе НДС:');
  });

  const payer = (inn: string | null) => ({
    type: inn ? 'legal' : 'individual',
    name: 'П',
    phone: null,
    email: null,
    inn,
    kpp: null,
  });

  it.each([
    ['receipt', 'created', null, null],
    ['labels', 'in_transit', null, null],
    ['invoice', 'created', COMPANY.inn, null],
    ['invoice', 'created', null, T.financeNotLegal],
    ['act', 'arrived', COMPANY.inn, T.actNotReleased],
    ['act', 'released', COMPANY.inn, null],
    ['act', 'released', null, T.financeNotLegal],
    ['receipt', 'cancelled', null, T.cancelled],
    ['invoice', 'cancelled', COMPANY.inn, T.cancelled],
  ] as const)('%s of a %s cargo, payer ИНН %s → %s', (kind, status, inn, refusal) => {
    const check = () => checkDocumentAvailable(kind, { status, payer: payer(inn) });
    if (refusal) expect(check).toThrow(refusal);
    else expect(check).not.toThrow();
  });

  it('demo requisites are printed while CARRIER_INN is unset, pass the checksums and are marked as a sample', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.carrier).toMatchObject({ ...DEMO_CARRIER, vatRatePercent: 22, demo: true });
    expect(isValidInn(DEMO_CARRIER.inn)).toBe(true);
    expect(isValidOgrn(DEMO_CARRIER.ogrn)).toBe(true);
  });

  it('with the demo requisites every document says it is a sample; door points print the address; VAT on top', async () => {
    const data: CargoDocumentData = {
      carrier: { ...DEMO_CARRIER, vatRatePercent: 20, demo: true },
      trackNumber: 'MG-2611-04217',
      status: 'created',
      createdAt: new Date('2026-05-12T09:00:00Z'),
      statusChangedAt: new Date('2026-05-12T09:00:00Z'),
      departure: { city: 'Москва', type: 'address', office: null, address: 'г. Москва, ул. Тверская, д. 1' },
      delivery: {
        city: 'Казань',
        type: 'warehouse',
        office: { name: 'Терминал Казань', address: 'ул. Складская, 5' },
        address: null,
      },
      quantity: 1,
      weightKg: 2,
      volumeM3: 0.01,
      dimensionsCm: null,
      cargoType: null,
      transportName: 'Экспресс',
      declaredValueKopecks: null,
      plannedDispatchDate: null,
      plannedArrivalDate: null,
      sender: { typeLabel: 'Физическое лицо', name: 'Иван', phone: null, email: null, inn: null, kpp: null },
      recipient: { typeLabel: 'Физическое лицо', name: 'Анна', phone: null, email: null, inn: null, kpp: null },
      payer: {
        typeLabel: 'Юридическое лицо',
        name: COMPANY.name,
        phone: null,
        email: null,
        inn: COMPANY.inn,
        kpp: null,
      },
      paymentTypeLabel: 'Безналичный расчёт',
      paid: true,
      priceKopecks: 4_230_000,
      priceLines: [line('Перевозка', 3_525_000), line('vat', 705_000)],
      vatKopecks: 705_000,
      trackingUrl: 'http://localhost:3000/tracking/MG-2611-04217',
    };
    const text = async (bytes: Buffer) => {
      const pdf = await getDocumentProxy(new Uint8Array(bytes));
      return norm((await extractText(pdf, { mergePages: true })).text);
    };
    const receipt = await text(await renderReceipt(data, new Date()));
    expect(receipt).toContain(norm(T.demoNotice));
    expect(receipt).toContain('Откуда Москва: г. Москва, ул. Тверская, д. 1');
    expect(receipt).toContain('Куда Казань: Терминал Казань, ул. Складская, 5');
    expect(receipt).toContain('Объявленная ценность не объявлена');
    expect(receipt).toContain('Статус оплаты оплачено');
    const invoice = await text(await renderInvoice(data, new Date()));
    expect(invoice).toContain(norm(T.demoNotice));
    expect(invoice).toContain(`ИНН ${DEMO_CARRIER.inn}`);
    expect(invoice).toContain(DEMO_CARRIER.bankName);
    expect(invoice).toContain(norm(`Итого без НДС: ${formatDocumentAmount(3_525_000)}`));
    expect(invoice).toContain(norm(`НДС 20 %: ${formatDocumentAmount(705_000)}`));
    expect(invoice).toContain(norm(`Всего к оплате: ${formatDocumentAmount(4_230_000)}`));
    expect(invoice).toContain('Сорок две тысячи триста рублей 00 копеек');
    expect(invoice).not.toContain('1 vat');
  });

  it('a real ИНН needs the rest of the requisites; malformed ones stop the start', () => {
    expect(() => loadConfig({ CARRIER_INN: '7799999997' })).toThrow(/CARRIER_BANK_ACCOUNT: required when CARRIER_INN/);
    expect(() => loadConfig({ ...CARRIER_ENV, CARRIER_INN: '7799999990' })).toThrow(/CARRIER_INN/);
    expect(() => loadConfig({ ...CARRIER_ENV, CARRIER_BANK_BIK: '12345' })).toThrow(/CARRIER_BANK_BIK/);
    const config = loadConfig({ ...CARRIER_ENV, CARRIER_BANK_ACCOUNT: '4070 2810 9999 9999 9991' });
    expect(config.carrier).toMatchObject({ inn: '7799999997', account: '40702810999999999991', demo: false });
  });

  it('barcodes are vector paths: Code 128 bars and a QR outline', () => {
    const bars = svgShapes(code128Svg('MG-2611-04217'));
    expect(bars.shapes.length).toBeGreaterThan(0);
    expect(bars.shapes.every((s) => s.stroke !== null && s.strokeWidth > 0)).toBe(true);
    const qr = svgShapes(qrSvg('http://localhost:3000/tracking/MG-2611-04217'));
    expect(qr.width).toBe(qr.height);
    expect(qr.shapes).toHaveLength(1);
    expect(qr.shapes[0]!.evenOdd).toBe(true);
  });
});
