import type { CargoDetails } from '@freight/contracts/orders';
import { createOrderDraft } from '@freight/domain/order-draft';
import { describe, expect, it } from 'vitest';
import { draftFromCargo } from './repeat-draft';

const person = (name: string, phone: string, type = 'individual') => ({
  type,
  name,
  phone,
  email: null,
  inn: type === 'individual' ? null : '7701234567',
  kpp: null,
});

const cargo = {
  id: 1,
  track_number: 'MG-2600-00113',
  status: 'cancelled',
  status_name: 'Отменён',
  status_changed_at: '2026-11-20T10:00:00Z',
  closed: true,
  flags: { paid: false, paid_storage: false, partial_release: false },
  created_at: '2026-11-11T10:00:00Z',
  departure: {
    type: 'warehouse',
    city: { id: 14, name: 'Санкт-Петербург' },
    office: { id: 7, name: 'Офис «Лиговский»' },
    address: null,
  },
  delivery: { type: 'address', city: { id: 9, name: 'Казань' }, office: null, address: 'ул. Ленина, д. 12' },
  planned_dispatch_date: null,
  planned_arrival_date: null,
  cargo: { quantity: 3, weight: 375, volume: 1.55, length: null, width: null, height: null },
  cargo_type: null,
  transportation_type: { code: 'auto', name: 'Автоперевозка' },
  payment_type: 'non_cash',
  payer: 'recipient',
  sender: person('Демо Клиент', '+79000000001'),
  recipient: person('ООО «Ромашка»', '+79165551834', 'legal'),
  payer_participant: person('ООО «Ромашка»', '+79165551834', 'legal'),
  customer_participant: null,
  price_kopecks: 301700,
  price_text: '3 017 ₽',
  lines: [],
  history: [],
  driver_assigned: false,
  favorite: false,
  rating: null,
  owner_profile: null,
  permissions: [],
} as CargoDetails;

describe('draftFromCargo («Повторить заявку»)', () => {
  it('copies route, places and participants into a fresh draft', () => {
    const draft = draftFromCargo(cargo);
    expect(draft.destination).toMatchObject({
      departure_type: 'warehouse',
      delivery_type: 'address',
      city_departure: { fias_id: '14', name: 'Санкт-Петербург' },
      city_delivery: { fias_id: '9', name: 'Казань' },
      subdivision_departure: { id: '7', name: 'Офис «Лиговский»' },
      subdivision_delivery: null,
      delivery_address: 'ул. Ленина, д. 12',
      departure_address: '',
    });
    expect(draft.cargo).toMatchObject({ tab: 'multiple', quantity: 3, weight: 375, volume: 1.55 });
    expect(draft.participants).toMatchObject({ payer: 'recipient', customer: 'sender', recipientType: 'legal' });
    expect(draft.contacts.sender).toMatchObject({ name: 'Демо Клиент', phone: '+7(900) 000-00-01' });
    expect(draft.contacts.recipient).toMatchObject({ name: 'ООО «Ромашка»', inn: '7701234567' });
    expect(draft.paymentType).toBe('non_cash');
    expect(draft.transportationType).toBe('auto');
  });

  it('does not copy dates, promo code or the consent', () => {
    const draft = draftFromCargo(cargo);
    const fresh = createOrderDraft();
    expect(draft.time).toEqual(fresh.time);
    expect(draft.promocode).toBe('');
    expect(draft.consent).toBe(false);
  });
});
