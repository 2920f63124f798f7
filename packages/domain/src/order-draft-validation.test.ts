import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import {
  createOrderDraft,
  orderDraftReducer,
  participantType,
  serializeDraft,
  stepOfPath,
  validateShipment,
  type OrderDraft,
  type OrderDraftAction,
} from './order-draft';
import {
  firstInvalidStep,
  isPlausibleCompanyName,
  isPlausiblePersonName,
  validateOrderDraft,
} from './order-draft-validation';
import { restoreDraft } from './order-draft-schema';

const M = MESSAGES.orderDraft;
const MOSCOW = { fias_id: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5', name: 'Москва' };
const NOVOSIBIRSK = { fias_id: '8dea00e3-9aab-4d8e-887c-ef2aaa546456', name: 'Новосибирск' };

const run = (...actions: OrderDraftAction[]) => actions.reduce(orderDraftReducer, createOrderDraft());

/** A draft that passes every step. */
function completeDraft(): OrderDraft {
  return run(
    { type: 'destination/update', patch: { city_departure: MOSCOW, city_delivery: NOVOSIBIRSK } },
    { type: 'cargo/selectTab', tab: 'multiple' },
    { type: 'cargo/update', patch: { quantity: 3, length: 120, width: 80, height: 100, weight: 450 } },
    { type: 'time/update', block: 'departure', patch: { date: '2026-12-01', timeFrom: '09:00', timeTo: '18:00' } },
    { type: 'contacts/update', participant: 'sender', patch: { name: 'Иванов Иван', phone: '+7 900 000-00-01' } },
    { type: 'contacts/update', participant: 'recipient', patch: { name: 'Петров Пётр', phone: '89001234567' } },
    { type: 'transportation/select', id: 'auto' },
    { type: 'consent/set', value: true },
  );
}

describe('services and contacts in the draft', () => {
  it('has defaults: nothing declared, floor 1, inside the ring, empty contacts', () => {
    const draft = createOrderDraft();
    expect(draft.services).toEqual({
      declaredValue: null,
      fragile: false,
      crate: false,
      departureLoading: false,
      departureFloor: 1,
      departureLift: false,
      deliveryLoading: false,
      deliveryFloor: 1,
      deliveryLift: false,
      departureKm: 0,
      deliveryKm: 0,
    });
    expect(draft.contacts.sender).toEqual({ name: '', phone: '', email: '', inn: '', kpp: '' });
    expect(draft.contacts).not.toBe(createOrderDraft().contacts);
  });

  it.each([
    [{ departureFloor: 0 }, 'departureFloor', 1],
    [{ departureFloor: 250 }, 'departureFloor', 100],
    [{ deliveryFloor: 3.7 }, 'deliveryFloor', 3],
    [{ deliveryFloor: Number.NaN }, 'deliveryFloor', 1],
    [{ departureKm: -5 }, 'departureKm', 0],
    [{ deliveryKm: 900 }, 'deliveryKm', 500],
    [{ deliveryKm: 12.5 }, 'deliveryKm', 12.5],
    [{ declaredValue: -1 }, 'declaredValue', null],
    [{ declaredValue: 5e9 }, 'declaredValue', 100_000_000],
    [{ declaredValue: 150_000 }, 'declaredValue', 150_000],
  ] as const)('clamps services %j', (patch, key, expected) => {
    const draft = run({ type: 'services/update', patch });
    expect(draft.services[key]).toBe(expected);
  });

  it('cleans participant details as typed', () => {
    const draft = run({
      type: 'contacts/update',
      participant: 'payer',
      patch: { name: '  ООО   «Ромашка»', email: ' a b@c.ru ', inn: '77-07 083 893', kpp: '77a701001x' },
    });
    expect(draft.contacts.payer).toEqual({
      name: 'ООО «Ромашка»',
      phone: '',
      email: 'ab@c.ru',
      inn: '7707083893',
      kpp: '77A701001',
    });
    expect(draft.contacts.sender.name).toBe('');
  });

  it('survives serialisation, and a broken section falls back alone', () => {
    const draft = completeDraft();
    expect(restoreDraft(serializeDraft(draft))).toEqual(draft);
    const broken = JSON.parse(serializeDraft(draft));
    broken.draft.services.departureFloor = 'высокий';
    const restored = restoreDraft(JSON.stringify(broken));
    expect(restored.services).toEqual(createOrderDraft().services);
    expect(restored.contacts).toEqual(draft.contacts);
  });
});

describe('validateOrderDraft', () => {
  it('accepts a complete draft', () => {
    expect(validateOrderDraft(completeDraft(), undefined, { today: '2026-11-22' })).toEqual({});
    expect(firstInvalidStep(completeDraft())).toBeNull();
  });

  it('checks only the steps asked', () => {
    const empty = createOrderDraft();
    expect(validateOrderDraft(empty, ['route'])).toEqual({
      'destination.city_departure': M.cityDepartureRequired,
      'destination.city_delivery': M.cityDeliveryRequired,
    });
    expect(firstInvalidStep(empty)).toBe('route');
    expect(Object.keys(validateOrderDraft(empty)).map(stepOfPath)).toContain('participants');
  });

  it('validateShipment is its route and cargo part (what the calculator checks)', () => {
    const empty = createOrderDraft();
    expect(validateShipment(empty)).toEqual(validateOrderDraft(empty, ['route', 'cargo']));
    expect(validateShipment(empty, ['cargo'])).toEqual(validateOrderDraft(empty, ['cargo']));
    expect(Object.keys(validateShipment(empty)).map(stepOfPath)).toEqual(expect.arrayContaining(['route', 'cargo']));
    expect(validateShipment(completeDraft())).toEqual({});
  });

  it('route: same city and missing door addresses', () => {
    const draft = run(
      { type: 'destination/update', patch: { city_departure: MOSCOW, city_delivery: { ...MOSCOW } } },
      { type: 'destination/update', patch: { departure_type: 'address', delivery_type: 'address' } },
    );
    expect(validateOrderDraft(draft, ['route'])).toEqual({
      'destination.city_delivery': M.sameCity,
      'destination.departure_address': M.departureAddressRequired,
      'destination.delivery_address': M.deliveryAddressRequired,
    });
  });

  it.each([
    [{ weight: null }, { 'cargo.weight': M.weightRequired }],
    [{ weight: 0.001 }, { 'cargo.weight': M.weightRange }],
    [{ weight: 25_000 }, { 'cargo.weight': M.weightRange }],
    [{ length: 2000 }, { 'cargo.length': M.dimensionRange }],
    [{ length: 0.5 }, { 'cargo.length': M.dimensionRange }],
    [
      { length: null, width: null, height: null },
      { 'cargo.length': M.sizeRequired, 'cargo.width': M.sizeRequired, 'cargo.height': M.sizeRequired },
    ],
    [{ length: null, width: null, height: null, volume: 2 }, {}],
    [{ length: null, width: null, height: null, volume: 95 }, { 'cargo.volume': M.volumeRange }],
  ] as const)('cargo %j', (patch, expected) => {
    const draft = orderDraftReducer(completeDraft(), { type: 'cargo/update', patch });
    expect(validateOrderDraft(draft, ['cargo'])).toEqual(expected);
  });

  it.each([
    [{ date: null }, { 'time.departure.date': M.departureDateRequired }],
    [{ date: '2026-11-20' }, { 'time.departure.date': M.dateInPast }],
    [{ date: '2026-12-05' }, { 'time.departure.date': M.dateNotWorking }],
    [{ date: '2027-01-04' }, { 'time.departure.date': M.dateNotWorking }],
    [{ timeFrom: null }, { 'time.departure.timeFrom': M.timeRequired }],
    [{ timeTo: null }, { 'time.departure.timeTo': M.timeRequired }],
    [{ timeFrom: null, timeTo: null }, { 'time.departure.timeFrom': M.timeRequired }],
    [{ timeFrom: '18:00', timeTo: '09:00' }, { 'time.departure.timeTo': M.timeOrder }],
    [{ timeFrom: '09:00', timeTo: '10:30' }, { 'time.departure.timeTo': M.timeWindowTooShort }],
    [{ breakFrom: '13:00', breakTo: '14:00' }, {}],
    [{ breakFrom: '13:00' }, { 'time.departure.breakTo': M.breakToRequired }],
    [{ breakTo: '14:00' }, { 'time.departure.breakFrom': M.breakFromRequired }],
    [{ breakFrom: '14:00', breakTo: '13:00' }, { 'time.departure.breakTo': M.breakOrder }],
    [{ breakFrom: '08:00', breakTo: '09:30' }, { 'time.departure.breakFrom': M.breakOutside }],
    [{ breakFrom: '17:30', breakTo: '19:00' }, { 'time.departure.breakTo': M.breakOutside }],
  ] as const)('departure time %j', (patch, expected) => {
    const draft = orderDraftReducer(completeDraft(), { type: 'time/update', block: 'departure', patch });
    expect(validateOrderDraft(draft, ['time'], { today: '2026-11-22' })).toEqual(expected);
  });

  it('delivery block is checked only when a delivery date was chosen', () => {
    let draft = orderDraftReducer(completeDraft(), { type: 'time/setDeliveryDateChosen', value: true });
    expect(validateOrderDraft(draft, ['time'])).toEqual({
      'time.delivery.date': M.deliveryDateRequired,
      'time.delivery.timeFrom': M.timeRequired,
    });
    draft = orderDraftReducer(draft, {
      type: 'time/update',
      block: 'delivery',
      patch: { date: '2026-11-30', timeFrom: '10:00', timeTo: '17:00' },
    });
    expect(validateOrderDraft(draft, ['time'])).toEqual({ 'time.delivery.date': M.deliveryBeforeDeparture });
    draft = orderDraftReducer(draft, { type: 'time/update', block: 'delivery', patch: { date: null } });
    expect(draft.time.isDeliveryDateChosen).toBe(false);
    expect(validateOrderDraft(draft, ['time'])).toEqual({});
  });

  it('participants: names, phones, e-mails', () => {
    const draft = run(
      { type: 'contacts/update', participant: 'sender', patch: { phone: '12345', email: 'не почта' } },
      { type: 'participants/update', patch: { recipientType: 'legal' } },
    );
    expect(validateOrderDraft(draft, ['participants'])).toEqual({
      'contacts.sender.name': M.nameRequired,
      'contacts.sender.phone': MESSAGES.phone.invalid,
      'contacts.sender.email': MESSAGES.text.emailInvalid,
      'contacts.recipient.name': M.companyNameRequired,
      'contacts.recipient.phone': M.contactRequired,
      'contacts.recipient.inn': MESSAGES.identifiers.innRequired,
      'contacts.recipient.kpp': MESSAGES.identifiers.kppRequired,
    });
  });

  it.each(['x', 'Х', '12345', 'Иван 2', '—', '..', 'Петров 3-й'])('a person’s name %j is refused', (name) => {
    expect(isPlausiblePersonName(name)).toBe(false);
    const draft = run({ type: 'contacts/update', participant: 'sender', patch: { name, phone: '+79001234567' } });
    expect(validateOrderDraft(draft, ['participants'])['contacts.sender.name']).toBe(M.nameInvalid);
  });

  it.each(['Иванов Иван Петрович', 'Анна-Мария Д’Аламбер', 'ИП Иванов И. И.', 'Ли', 'John Smith', 'ООО «Сибирь»'])(
    'a person’s name %j is accepted',
    (name) => expect(isPlausiblePersonName(name)).toBe(true),
  );

  it('an organisation’s name needs two letters and may hold digits and quotes', () => {
    expect(isPlausibleCompanyName('ООО «Ромашка-2000»')).toBe(true);
    expect(isPlausibleCompanyName('1С')).toBe(false);
    expect(isPlausibleCompanyName('12345')).toBe(false);
  });

  it('participants: ИНН/КПП of a company and an entrepreneur, third-party payer', () => {
    let draft = orderDraftReducer(completeDraft(), {
      type: 'participants/update',
      patch: { payer: 'third_party', payerType: 'legal', customer: 'third_party', customerType: 'entrepreneur' },
    });
    const errors = validateOrderDraft(draft, ['participants']);
    expect(Object.keys(errors).sort()).toEqual([
      'contacts.customer.inn',
      'contacts.customer.name',
      'contacts.customer.phone',
      'contacts.payer.inn',
      'contacts.payer.kpp',
      'contacts.payer.name',
      'contacts.payer.phone',
    ]);
    draft = [
      {
        participant: 'payer',
        patch: { name: 'ООО «Ромашка»', phone: '+79000000002', inn: '7707083893', kpp: '770701001' },
      },
      { participant: 'customer', patch: { name: 'ИП Сидоров', phone: '+79000000003', inn: '7707083893' } },
    ].reduce((d, a) => orderDraftReducer(d, { type: 'contacts/update', ...a } as OrderDraftAction), draft);
    expect(validateOrderDraft(draft, ['participants'])).toEqual({
      'contacts.customer.inn': MESSAGES.identifiers.innFormat,
    });
    draft = orderDraftReducer(draft, {
      type: 'contacts/update',
      participant: 'customer',
      patch: { inn: '500100732259' },
    });
    expect(validateOrderDraft(draft, ['participants'])).toEqual({});
  });

  it('payment: a transportation type is required; non-cash needs a company payer', () => {
    let draft = orderDraftReducer(completeDraft(), { type: 'transportation/select', id: null });
    draft = orderDraftReducer(draft, { type: 'payment/select', paymentType: 'non_cash' });
    expect(validateOrderDraft(draft, ['payment'])).toEqual({
      transportationType: M.transportationRequired,
      paymentType: M.nonCashNeedsCompany,
    });
    draft = orderDraftReducer(draft, {
      type: 'participants/update',
      patch: { payer: 'recipient', recipientType: 'legal' },
    });
    expect(participantType(draft, 'payer')).toBe('legal');
    expect(validateOrderDraft(draft, ['payment'])).toEqual({ transportationType: M.transportationRequired });
  });

  it.each([
    ['destination.city_delivery', 'route'],
    ['cargo.weight', 'cargo'],
    ['packageItems', 'cargo'],
    ['time.delivery.date', 'time'],
    ['contacts.payer.inn', 'participants'],
    ['promocode', 'payment'],
    ['transportationType', 'payment'],
    ['consent', 'review'],
  ] as const)('stepOfPath(%s) = %s', (path, step) => {
    expect(stepOfPath(path)).toBe(step);
  });
});

describe('personal-data consent in the draft (152-FZ)', () => {
  const unticked = () => orderDraftReducer(completeDraft(), { type: 'consent/set', value: false });

  it('is unticked in a new draft, and the review step refuses the draft until it is ticked', () => {
    expect(createOrderDraft().consent).toBe(false);
    expect(validateOrderDraft(unticked(), ['review'])).toEqual({ consent: MESSAGES.common.pdConsentRequired });
    expect(validateOrderDraft(unticked(), undefined, { today: '2026-11-22' })).toEqual({
      consent: 'Необходимо согласие на обработку персональных данных',
    });
    expect(firstInvalidStep(unticked())).toBe('review');
    // The earlier steps do not care: «Далее» works without it.
    expect(validateOrderDraft(unticked(), ['route', 'cargo', 'time', 'participants', 'payment'])).toEqual({});
    expect(validateOrderDraft(completeDraft(), ['review'])).toEqual({});
  });

  it('survives serialisation like the rest of the draft; a draft saved before it existed restores unticked', () => {
    expect(restoreDraft(serializeDraft(completeDraft())).consent).toBe(true);
    const old = JSON.parse(serializeDraft(completeDraft()));
    delete old.draft.consent;
    expect(restoreDraft(JSON.stringify(old))).toEqual(unticked());
    old.draft.consent = 'да';
    expect(restoreDraft(JSON.stringify(old)).consent).toBe(false);
  });

  it('consent/set ticks and unticks; a reset unticks', () => {
    const ticked = orderDraftReducer(createOrderDraft(), { type: 'consent/set', value: true });
    expect(ticked.consent).toBe(true);
    expect(orderDraftReducer(ticked, { type: 'consent/set', value: true })).toBe(ticked);
    expect(orderDraftReducer(ticked, { type: 'reset' }).consent).toBe(false);
  });
});
