import { describe, expect, it } from 'vitest';
import {
  createOrderDraft,
  draftForServer,
  fillBlankPersonalData,
  ORDER_DRAFT_VERSION,
  orderDraftReducer,
  PAYMENT_TYPES,
  PARTICIPANT_ROLES,
  PARTICIPANT_TYPES,
  POINT_TYPES,
  serializeDraft,
  type OrderDraft,
  type OrderDraftAction,
  type ParticipantType,
  withoutPersonalData,
} from './order-draft';
import { OrderDraftSchema, restoreDraft, SerializedOrderDraftSchema } from './order-draft-schema';

const reduce = (actions: OrderDraftAction[], from: OrderDraft = createOrderDraft()) =>
  actions.reduce(orderDraftReducer, from);

describe('createOrderDraft', () => {
  it('has the spec defaults', () => {
    const draft = createOrderDraft();
    expect(draft.paymentType).toBe('cash');
    expect([draft.destination.delivery_type, draft.destination.departure_type]).toEqual(['warehouse', 'warehouse']);
    expect(draft.participants).toEqual({
      payer: 'sender',
      customer: 'sender',
      senderType: 'individual',
      recipientType: 'individual',
      payerType: 'individual',
      customerType: 'individual',
    });
    expect(draft.cargo).toMatchObject({ tab: 'single', quantity: 1, volume: null });
    expect(draft.time).toEqual({
      departure: { date: null, timeFrom: null, timeTo: null, breakFrom: null, breakTo: null },
      delivery: { date: null, timeFrom: null, timeTo: null, breakFrom: null, breakTo: null },
      isDeliveryDateChosen: false,
    });
    expect([draft.packageItems, draft.transportationType, draft.cargoType, draft.promocode]).toEqual([
      [],
      null,
      null,
      '',
    ]);
    expect(OrderDraftSchema.parse(draft)).toEqual(draft);
  });

  it('returns independent objects', () => {
    const a = createOrderDraft();
    a.time.delivery.date = '2026-01-12';
    a.cargo.length = 5;
    expect(createOrderDraft().time.delivery.date).toBeNull();
    expect(createOrderDraft().cargo.length).toBeNull();
  });

  it('labels every option in Russian', () => {
    expect(PAYMENT_TYPES.map((type) => type.label)).toEqual(['Наличные', 'Банковская карта', 'Безналичный расчёт']);
    expect(PARTICIPANT_ROLES.map((role) => role.label)).toEqual(['Отправитель', 'Получатель', 'Третье лицо']);
    expect(PARTICIPANT_TYPES.map((type) => type.label)).toEqual([
      'Физическое лицо',
      'Юридическое лицо',
      'Индивидуальный предприниматель',
    ]);
    expect(POINT_TYPES.map((type) => type.label)).toEqual(['Терминал', 'Адрес']);
  });
});

describe('orderDraftReducer', () => {
  it('applies the cargo tab rules', () => {
    const draft = reduce([
      { type: 'cargo/selectTab', tab: 'multiple' },
      { type: 'cargo/update', patch: { quantity: 4, length: 50, volume: 0.3 } },
      { type: 'cargo/selectTab', tab: 'documents' },
    ]);
    expect(draft.cargo).toEqual({
      tab: 'documents',
      quantity: 1,
      length: 31,
      width: 25,
      height: 1,
      weight: 2,
      volume: null,
    });
    const back = orderDraftReducer(draft, { type: 'cargo/selectTab', tab: 'multiple' });
    expect(back.cargo).toEqual({
      tab: 'multiple',
      quantity: 1,
      length: null,
      width: null,
      height: null,
      weight: null,
      volume: null,
    });
  });

  it('returns the same state when the current tab is re-selected', () => {
    const draft = createOrderDraft();
    expect(orderDraftReducer(draft, { type: 'cargo/selectTab', tab: 'single' })).toBe(draft);
  });

  it.each([
    ['  ул.   Ленина,  5 ', 'ул. Ленина, 5 '],
    ['\u200BMoscow, Тверская 1', 'Moscow, Тверская 1'],
    ['', ''],
    ['а'.repeat(501), 'а'.repeat(500)],
  ])('cleans the address %j as typed', (input, expected) => {
    const draft = reduce([
      { type: 'destination/update', patch: { delivery_address: input, departure_address: input } },
    ]);
    expect(draft.destination.delivery_address).toBe(expected);
    expect(draft.destination.departure_address).toBe(expected);
  });

  it('updates the rest of the destination as given', () => {
    const city = { fias_id: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5', name: 'Москва' };
    const draft = reduce([
      { type: 'destination/update', patch: { delivery_type: 'address', city_delivery: city, onlyDelivery: true } },
    ]);
    expect(draft.destination).toMatchObject({
      delivery_type: 'address',
      departure_type: 'warehouse',
      city_delivery: city,
      onlyDelivery: true,
    });
  });

  it.each<[string, OrderDraftAction[], Partial<OrderDraft['time']>]>([
    [
      'a delivery date sets the flag',
      [{ type: 'time/update', block: 'delivery', patch: { date: '2026-01-12', timeFrom: '09:00' } }],
      { isDeliveryDateChosen: true },
    ],
    [
      'clearing it resets the flag',
      [
        { type: 'time/update', block: 'delivery', patch: { date: '2026-01-12' } },
        { type: 'time/update', block: 'delivery', patch: { date: null } },
      ],
      { isDeliveryDateChosen: false },
    ],
    [
      'a time alone leaves the flag',
      [
        { type: 'time/setDeliveryDateChosen', value: true },
        { type: 'time/update', block: 'delivery', patch: { timeTo: '18:00' } },
      ],
      { isDeliveryDateChosen: true },
    ],
    [
      'a departure date does not touch it',
      [
        {
          type: 'time/update',
          block: 'departure',
          patch: { date: '2026-01-12', breakFrom: '13:00', breakTo: '14:00' },
        },
      ],
      { isDeliveryDateChosen: false },
    ],
  ])('time: %s', (_name, actions, expected) => {
    expect(reduce(actions).time).toMatchObject(expected);
  });

  it('keeps the other time fields', () => {
    const draft = reduce([
      { type: 'time/update', block: 'departure', patch: { date: '2026-01-12', timeFrom: '09:00' } },
      { type: 'time/update', block: 'departure', patch: { timeTo: '18:00' } },
    ]);
    expect(draft.time.departure).toEqual({
      date: '2026-01-12',
      timeFrom: '09:00',
      timeTo: '18:00',
      breakFrom: null,
      breakTo: null,
    });
  });

  it('sets participants, payment, transportation and cargo type', () => {
    const draft = reduce([
      { type: 'participants/update', patch: { payer: 'recipient', recipientType: 'legal' } },
      { type: 'payment/select', paymentType: 'non_cash' },
      { type: 'transportation/select', id: 'auto' },
      { type: 'cargoType/select', id: 'general' },
    ]);
    expect(draft.participants).toMatchObject({ payer: 'recipient', customer: 'sender', recipientType: 'legal' });
    expect([draft.paymentType, draft.transportationType, draft.cargoType]).toEqual(['non_cash', 'auto', 'general']);
  });

  it.each<[string, OrderDraftAction[], OrderDraft['packageItems']]>([
    ['adds', [{ type: 'packages/setQuantity', id: 'box', quantity: 2 }], [{ id: 'box', quantity: 2 }]],
    [
      'updates in place',
      [
        { type: 'packages/setQuantity', id: 'box', quantity: 2 },
        { type: 'packages/setQuantity', id: 'film', quantity: 1 },
        { type: 'packages/setQuantity', id: 'box', quantity: 5 },
      ],
      [
        { id: 'box', quantity: 5 },
        { id: 'film', quantity: 1 },
      ],
    ],
    [
      'removes at 0',
      [
        { type: 'packages/setQuantity', id: 'box', quantity: 2 },
        { type: 'packages/setQuantity', id: 'box', quantity: 0 },
      ],
      [],
    ],
    ['floors fractions', [{ type: 'packages/setQuantity', id: 'box', quantity: 2.9 }], [{ id: 'box', quantity: 2 }]],
    ['ignores NaN', [{ type: 'packages/setQuantity', id: 'box', quantity: Number.NaN }], []],
    ['ignores negatives', [{ type: 'packages/setQuantity', id: 'box', quantity: -3 }], []],
  ])('packages: %s', (_name, actions, expected) => {
    expect(reduce(actions).packageItems).toEqual(expected);
  });

  it.each([
    [' SALE 2026 ', 'SALE2026'],
    ['\u200Bпромо\u200B', 'промо'],
    ['X'.repeat(51), 'X'.repeat(50)],
    ['', ''],
  ])('cleans the promocode %j → %j', (input, expected) => {
    expect(reduce([{ type: 'promocode/set', value: input }]).promocode).toBe(expected);
  });

  it('reset gives the defaults, restore takes a draft with invariants', () => {
    const changed = reduce([{ type: 'payment/select', paymentType: 'card' }]);
    expect(orderDraftReducer(changed, { type: 'reset' })).toEqual(createOrderDraft());
    const broken = { ...createOrderDraft(), cargo: { ...createOrderDraft().cargo, quantity: 3 } };
    expect(orderDraftReducer(createOrderDraft(), { type: 'restore', draft: broken }).cargo.quantity).toBe(1);
  });
});

describe('serializeDraft / restoreDraft', () => {
  const full = reduce([
    { type: 'cargo/selectTab', tab: 'multiple' },
    { type: 'cargo/update', patch: { quantity: 3, length: 120, width: 80, height: 100, weight: 300, volume: 2.88 } },
    {
      type: 'destination/update',
      patch: {
        delivery_type: 'address',
        delivery_address: 'ул. Ленина, 5',
        city_delivery: { fias_id: 'f1', name: 'Казань' },
      },
    },
    { type: 'time/update', block: 'delivery', patch: { date: '2026-01-12', timeFrom: '09:00', timeTo: '18:00' } },
    { type: 'participants/update', patch: { customer: 'third_party', customerType: 'entrepreneur' } },
    { type: 'payment/select', paymentType: 'card' },
    { type: 'packages/setQuantity', id: 'box', quantity: 2 },
    { type: 'promocode/set', value: 'SALE' },
  ]);

  it('round-trips a full draft', () => {
    const raw = serializeDraft(full);
    expect(SerializedOrderDraftSchema.parse(JSON.parse(raw))).toEqual({ version: ORDER_DRAFT_VERSION, draft: full });
    expect(restoreDraft(raw)).toEqual(full);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['not json'],
    ['{"version":1'],
    ['null'],
    ['42'],
    ['[]'],
    ['{}'],
    ['{"version":2,"draft":{}}'],
    ['{"version":1,"draft":"x"}'],
    ['{"version":1,"draft":null}'],
  ])('falls back to defaults for %j', (raw) => {
    expect(restoreDraft(raw)).toEqual(createOrderDraft());
  });

  it('keeps valid sections and replaces broken ones', () => {
    const stored = JSON.parse(serializeDraft(full)) as { draft: Record<string, unknown> };
    stored.draft.paymentType = 'bitcoin';
    stored.draft.time = { departure: { date: '2026-02-30' } };
    stored.draft.promocode = 'Y'.repeat(51);
    const restored = restoreDraft(JSON.stringify(stored));
    expect(restored.paymentType).toBe('cash');
    expect(restored.time).toEqual(createOrderDraft().time);
    expect(restored.promocode).toBe('');
    expect(restored.cargo).toEqual(full.cargo);
    expect(restored.destination).toEqual(full.destination);
    expect(restored.participants).toEqual(full.participants);
  });

  it.each([
    [{ tab: 'single', quantity: 7 }, { quantity: 1 }],
    [
      { tab: 'documents', quantity: 1, length: 99, weight: 50, volume: 3 },
      { length: 31, width: 25, height: 1, weight: 2, volume: null },
    ],
  ])('re-applies the cargo tab invariants to %j', (cargo, expected) => {
    const stored = { version: 1, draft: { cargo: { ...createOrderDraft().cargo, ...cargo } } };
    expect(restoreDraft(JSON.stringify(stored)).cargo).toMatchObject(expected);
  });

  it('rejects invalid times and unknown enum values in the strict schema', () => {
    const bad = { ...full, time: { ...full.time, departure: { ...full.time.departure, timeFrom: '24:00' } } };
    expect(OrderDraftSchema.safeParse(bad).success).toBe(false);
  });
});

describe('personal data and the server copy (152-FZ: nothing before the consent)', () => {
  const PERSON = {
    name: 'Иван Петров',
    phone: '+7(916) 123-45-67',
    email: 'ivan@example.ru',
    inn: '500100732259',
    kpp: '',
  };
  const COMPANY = {
    name: 'ООО «Ромашка»',
    phone: '+7(495) 111-22-33',
    email: 'office@romashka.ru',
    inn: '7707083893',
    kpp: '773601001',
  };
  const typed = (senderType: ParticipantType = 'individual', recipientType: ParticipantType = 'individual') =>
    reduce([
      { type: 'destination/update', patch: { city_departure: { fias_id: 'm', name: 'Москва' } } },
      { type: 'destination/update', patch: { city_delivery: { fias_id: 'k', name: 'Казань' } } },
      {
        type: 'destination/update',
        patch: { departure_type: 'address', departure_address: 'Москва, ул. Лесная, д. 5' },
      },
      {
        type: 'destination/update',
        patch: { delivery_type: 'address', delivery_address: 'Казань, ул. Баумана, д. 1' },
      },
      { type: 'cargo/update', patch: { weight: 12, length: 50, width: 40, height: 30 } },
      { type: 'time/update', block: 'departure', patch: { date: '2026-03-02', timeFrom: '10:00', timeTo: '14:00' } },
      { type: 'services/update', patch: { fragile: true, declaredValue: 50_000 } },
      { type: 'promocode/set', value: 'START10' },
      {
        type: 'participants/update',
        patch: { payer: 'third_party', customer: 'third_party', senderType, recipientType },
      },
      { type: 'contacts/update', participant: 'sender', patch: PERSON },
      { type: 'contacts/update', participant: 'recipient', patch: { ...PERSON, name: 'Анна Смирнова' } },
      { type: 'contacts/update', participant: 'payer', patch: COMPANY },
      { type: 'contacts/update', participant: 'customer', patch: { ...PERSON, name: 'Пётр Сидоров' } },
    ]);
  const EMPTY = { name: '', phone: '', email: '', inn: '', kpp: '' };

  it('withoutPersonalData blanks every participant and the addresses of natural persons, and keeps the rest', () => {
    const draft = typed();
    const kept = withoutPersonalData(draft);
    expect(kept.contacts).toEqual({ sender: EMPTY, recipient: EMPTY, payer: EMPTY, customer: EMPTY });
    expect([kept.destination.departure_address, kept.destination.delivery_address]).toEqual(['', '']);
    expect({
      ...kept,
      contacts: draft.contacts,
      destination: {
        ...kept.destination,
        departure_address: draft.destination.departure_address,
        delivery_address: draft.destination.delivery_address,
      },
    }).toEqual(draft);
    for (const value of [
      'Иван',
      'Анна',
      'Пётр',
      'Ромашка',
      '123-45-67',
      '111-22-33',
      '@',
      '500100732259',
      '7707083893',
      '773601001',
      'Лесная',
      'Баумана',
    ]) {
      expect(serializeDraft(kept)).not.toContain(value);
    }
    expect(draft.contacts.sender.name).toBe('Иван Петров'); // the input is not touched
  });

  it.each<[ParticipantType, ParticipantType, string, string]>([
    ['individual', 'individual', '', ''],
    ['entrepreneur', 'entrepreneur', '', ''],
    ['legal', 'individual', 'Москва, ул. Лесная, д. 5', ''],
    ['individual', 'legal', '', 'Казань, ул. Баумана, д. 1'],
    ['legal', 'legal', 'Москва, ул. Лесная, д. 5', 'Казань, ул. Баумана, д. 1'],
  ])(
    'a door address is personal unless its participant is a company (sender %s, recipient %s)',
    (sender, recipient, from, to) => {
      const kept = withoutPersonalData(typed(sender, recipient)).destination;
      expect([kept.departure_address, kept.delivery_address]).toEqual([from, to]);
    },
  );

  it('draftForServer keeps everything once the consent is ticked, and strips it while it is not', () => {
    const draft = typed();
    expect(draftForServer(draft)).toEqual(withoutPersonalData(draft));
    const agreed = orderDraftReducer(draft, { type: 'consent/set', value: true });
    expect(draftForServer(agreed)).toBe(agreed);
    expect(draftForServer(orderDraftReducer(agreed, { type: 'consent/set', value: false }))).toEqual(
      withoutPersonalData(draft),
    );
  });

  it('fillBlankPersonalData fills blank participants and addresses from the other copy, never overwrites', () => {
    const local = typed();
    const server = reduce([{ type: 'cargo/update', patch: { weight: 99 } }], withoutPersonalData(local));
    const merged = fillBlankPersonalData(server, local);
    expect(merged.cargo.weight).toBe(99);
    expect(merged.contacts).toEqual(local.contacts);
    expect(merged.destination).toEqual({
      ...server.destination,
      departure_address: local.destination.departure_address,
      delivery_address: local.destination.delivery_address,
    });
    // A participant the server copy has is its own; only blank ones are filled.
    const own = orderDraftReducer(server, {
      type: 'contacts/update',
      participant: 'recipient',
      patch: { name: 'Олег' },
    });
    const filled = fillBlankPersonalData(own, local);
    expect(filled.contacts.recipient).toEqual({ ...EMPTY, name: 'Олег' });
    expect(filled.contacts.sender).toEqual(local.contacts.sender);
    // Nothing to fill: the same object.
    expect(fillBlankPersonalData(local, server)).toBe(local);
    expect(fillBlankPersonalData(server, createOrderDraft())).toBe(server);
  });
});
