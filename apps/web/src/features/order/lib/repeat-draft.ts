import type { CargoDetails } from '@freight/contracts/orders';
import {
  createOrderDraft,
  type OrderDraft,
  type ParticipantDetails,
  type ParticipantRole,
  type ParticipantType,
} from '@freight/domain/order-draft';
import { formatPhone } from '@freight/domain/phone';

/*
 * «Повторить заявку» (issue 14): a new draft with an earlier cargo's route, places and
 * participants. Dates, time windows, promo code and the consent are not copied — the client
 * chooses them again — and the price is calculated afresh by the wizard.
 */

type Participant = CargoDetails['sender'];

const PARTICIPANT_TYPE_VALUES: readonly string[] = ['individual', 'legal', 'entrepreneur'];
const ROLE_VALUES: readonly string[] = ['sender', 'recipient', 'third_party'];

function participantType(person: Participant | null): ParticipantType {
  return person && PARTICIPANT_TYPE_VALUES.includes(person.type) ? (person.type as ParticipantType) : 'individual';
}

function role(value: string): ParticipantRole {
  return ROLE_VALUES.includes(value) ? (value as ParticipantRole) : 'sender';
}

function details(person: Participant | null): ParticipantDetails {
  return {
    name: person?.name ?? '',
    phone: person?.phone ? formatPhone(person.phone) || person.phone : '',
    email: person?.email ?? '',
    inn: person?.inn ?? '',
    kpp: person?.kpp ?? '',
  };
}

/** A city of the cargo as the draft holds it: the API takes our numeric id where no FIAS id is at hand. */
function city(point: CargoDetails['departure']): OrderDraft['destination']['city_departure'] {
  return point.city ? { fias_id: String(point.city.id), name: point.city.name } : null;
}

function office(point: CargoDetails['departure']): OrderDraft['destination']['subdivision_departure'] {
  return point.type === 'warehouse' && point.office ? { id: String(point.office.id), name: point.office.name } : null;
}

/** The new draft for «Повторить заявку» of `cargo`. */
export function draftFromCargo(cargo: CargoDetails): OrderDraft {
  const draft = createOrderDraft();
  const m = cargo.cargo;
  const payer = role(cargo.payer);
  const customerRole: ParticipantRole = cargo.customer_participant ? 'third_party' : 'sender';
  return {
    ...draft,
    cargo: {
      ...draft.cargo,
      tab: m.quantity > 1 ? 'multiple' : 'single',
      quantity: Math.max(1, m.quantity),
      length: m.length,
      width: m.width,
      height: m.height,
      weight: m.weight,
      volume: m.length && m.width && m.height ? null : m.volume,
    },
    destination: {
      ...draft.destination,
      departure_type: cargo.departure.type,
      delivery_type: cargo.delivery.type,
      city_departure: city(cargo.departure),
      city_delivery: city(cargo.delivery),
      subdivision_departure: office(cargo.departure),
      subdivision_delivery: office(cargo.delivery),
      departure_address: cargo.departure.type === 'address' ? (cargo.departure.address ?? '') : '',
      delivery_address: cargo.delivery.type === 'address' ? (cargo.delivery.address ?? '') : '',
    },
    participants: {
      ...draft.participants,
      payer,
      customer: customerRole,
      senderType: participantType(cargo.sender),
      recipientType: participantType(cargo.recipient),
      payerType: participantType(cargo.payer_participant),
      customerType: participantType(cargo.customer_participant),
    },
    paymentType: cargo.payment_type,
    transportationType: cargo.transportation_type.code,
    contacts: {
      sender: details(cargo.sender),
      recipient: details(cargo.recipient),
      payer: payer === 'third_party' ? details(cargo.payer_participant) : details(null),
      customer: customerRole === 'third_party' ? details(cargo.customer_participant) : details(null),
    },
  };
}
