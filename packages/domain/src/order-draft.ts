import { DEFAULT_CARGO, selectCargoTab, updateCargo, type CargoPatch, type CargoState, type CargoTab } from './cargo';
import { DOCUMENT_PRESET } from './constants';
import type { WorkingDayCalendar } from './dates';
import { ORDER_DRAFT_TEXTS } from './texts/order-draft';
import { cleanText } from './text';
import { SHIPMENT_LIMITS as L } from './shipment/limits';

/** Where cargo is handed over or received: at our terminal (warehouse) or at an address. */
export const POINT_TYPES = [
  { value: 'warehouse', label: ORDER_DRAFT_TEXTS.pointWarehouse },
  { value: 'address', label: ORDER_DRAFT_TEXTS.pointAddress },
] as const;
export type PointType = (typeof POINT_TYPES)[number]['value'];

/** Payment types of spec section 3; cash is the default. */
export const PAYMENT_TYPES = [
  { value: 'cash', label: ORDER_DRAFT_TEXTS.paymentCash },
  { value: 'card', label: ORDER_DRAFT_TEXTS.paymentCard },
  { value: 'non_cash', label: ORDER_DRAFT_TEXTS.paymentNonCash },
] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number]['value'];

/** Who pays or orders: the sender (default), the recipient or a third party. */
export const PARTICIPANT_ROLES = [
  { value: 'sender', label: ORDER_DRAFT_TEXTS.participantSender },
  { value: 'recipient', label: ORDER_DRAFT_TEXTS.participantRecipient },
  { value: 'third_party', label: ORDER_DRAFT_TEXTS.participantThirdParty },
] as const;
export type ParticipantRole = (typeof PARTICIPANT_ROLES)[number]['value'];

/** Legal form of a participant; individual is the default. */
export const PARTICIPANT_TYPES = [
  { value: 'individual', label: ORDER_DRAFT_TEXTS.participantIndividual },
  { value: 'legal', label: ORDER_DRAFT_TEXTS.participantLegal },
  { value: 'entrepreneur', label: ORDER_DRAFT_TEXTS.participantEntrepreneur },
] as const;
export type ParticipantType = (typeof PARTICIPANT_TYPES)[number]['value'];

/** A city as the location API returns it; `fias_id` feeds the price calculation. */
export interface CityRef {
  fias_id: string;
  name: string;
}

/**
 * The draft's reference to a city of the location API: its FIAS id, or our own numeric id while
 * the city has none (the pricing and subdivision calls accept either).
 */
export function cityRefOf(city: { id: number; fias_id: string | null; name: string }): CityRef {
  return { fias_id: city.fias_id ?? String(city.id), name: city.name };
}

/** A terminal (subdivision) of the carrier. */
export interface SubdivisionRef {
  id: string;
  name: string;
}

export interface DestinationState {
  delivery_type: PointType;
  departure_type: PointType;
  onlyDelivery: boolean;
  onlyDeparture: boolean;
  delivery_address: string;
  city_delivery: CityRef | null;
  subdivision_delivery: SubdivisionRef | null;
  city_departure: CityRef | null;
  departure_address: string;
  subdivision_departure: SubdivisionRef | null;
}

/** One pick-up or delivery window. `date` is ISO `YYYY-MM-DD`, times are `HH:mm`; null is not chosen. */
export interface TimeBlock {
  date: string | null;
  timeFrom: string | null;
  timeTo: string | null;
  breakFrom: string | null;
  breakTo: string | null;
}

export interface TimeState {
  departure: TimeBlock;
  delivery: TimeBlock;
  /** Whether the client chose a delivery date (otherwise the carrier's term applies). */
  isDeliveryDateChosen: boolean;
}

export interface ParticipantsState {
  payer: ParticipantRole;
  customer: ParticipantRole;
  senderType: ParticipantType;
  recipientType: ParticipantType;
  payerType: ParticipantType;
  customerType: ParticipantType;
}

/** A packaging service (from GET duty_packages/package) and how many of it. */
export interface PackageItem {
  id: string;
  quantity: number;
}

/**
 * Services chosen for the order (not named by the spec; what real carriers offer): declared value
 * for insurance, handling surcharges, loading at a door point and the distance outside the ring road.
 */
export interface ServicesState {
  /** Declared value in roubles (insurance base); null when not declared. */
  declaredValue: number | null;
  fragile: boolean;
  /** A rigid crate (обрешётка) for every place. */
  crate: boolean;
  departureLoading: boolean;
  departureFloor: number;
  departureLift: boolean;
  deliveryLoading: boolean;
  deliveryFloor: number;
  deliveryLift: boolean;
  /** Km outside the ring road for a door pick-up (0 = inside). */
  departureKm: number;
  /** Km outside the ring road for a door delivery (0 = inside). */
  deliveryKm: number;
}

/** Contact details of one participant. `inn`/`kpp` matter for legal entities and entrepreneurs. */
export interface ParticipantDetails {
  /** Full name of a person, or the name of the company. */
  name: string;
  phone: string;
  email: string;
  inn: string;
  kpp: string;
}

export const PARTICIPANT_KEYS = ['sender', 'recipient', 'payer', 'customer'] as const;
export type ParticipantKey = (typeof PARTICIPANT_KEYS)[number];
export type ContactsState = Record<ParticipantKey, ParticipantDetails>;

/** The whole order draft of spec section 3. */
export interface OrderDraft {
  cargo: CargoState;
  destination: DestinationState;
  time: TimeState;
  participants: ParticipantsState;
  paymentType: PaymentType;
  packageItems: PackageItem[];
  /** Id of the chosen transportation type, or null. */
  transportationType: string | null;
  /** Id of the chosen cargo type, or null. */
  cargoType: string | null;
  promocode: string;
  services: ServicesState;
  contacts: ContactsState;
  /**
   * The consent to personal-data processing (PD_CONSENT of legal.ts) ticked on the review step:
   * the client's own data and that of the recipient, payer and customer they typed. Every order
   * needs it; the server records it with the cargo. Until it is ticked the server's copy of the
   * draft holds none of that data ({@link draftForServer}). False by default.
   */
  consent: boolean;
}

const EMPTY_TIME_BLOCK: TimeBlock = { date: null, timeFrom: null, timeTo: null, breakFrom: null, breakTo: null };

/**
 * A fresh draft with the spec's defaults: payment cash; delivery and departure at the warehouse;
 * payer and customer the sender; every participant an individual; cargo «1 место», quantity 1.
 * Returns a new object each time, so callers can never share nested state by accident.
 */
export function createOrderDraft(): OrderDraft {
  return {
    cargo: { ...DEFAULT_CARGO },
    destination: {
      delivery_type: 'warehouse',
      departure_type: 'warehouse',
      onlyDelivery: false,
      onlyDeparture: false,
      delivery_address: '',
      city_delivery: null,
      subdivision_delivery: null,
      city_departure: null,
      departure_address: '',
      subdivision_departure: null,
    },
    time: { departure: { ...EMPTY_TIME_BLOCK }, delivery: { ...EMPTY_TIME_BLOCK }, isDeliveryDateChosen: false },
    participants: {
      payer: 'sender',
      customer: 'sender',
      senderType: 'individual',
      recipientType: 'individual',
      payerType: 'individual',
      customerType: 'individual',
    },
    paymentType: 'cash',
    packageItems: [],
    transportationType: null,
    cargoType: null,
    promocode: '',
    services: { ...DEFAULT_SERVICES },
    contacts: {
      sender: { ...EMPTY_DETAILS },
      recipient: { ...EMPTY_DETAILS },
      payer: { ...EMPTY_DETAILS },
      customer: { ...EMPTY_DETAILS },
    },
    consent: false,
  };
}

export const DEFAULT_SERVICES: ServicesState = {
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
};

const EMPTY_DETAILS: ParticipantDetails = { name: '', phone: '', email: '', inn: '', kpp: '' };
/** Longest participant name we keep (code points). */
export const PARTICIPANT_NAME_MAX_LENGTH = 200;

/** Longest promocode we keep; the spec shows none, real codes are short. */
export const PROMOCODE_MAX_LENGTH = 50;
/** Longest address we keep (code points); matches what the address suggestions return at most. */
export const ADDRESS_MAX_LENGTH = 500;

/** Bumped when the draft shape changes incompatibly; an older stored draft is then discarded. */
export const ORDER_DRAFT_VERSION = 1;

/** What {@link serializeDraft} writes: `{ version: 1, draft }`. */
export interface SerializedOrderDraft {
  version: typeof ORDER_DRAFT_VERSION;
  draft: OrderDraft;
}

/** The draft as a JSON string for localStorage or the server, tagged with {@link ORDER_DRAFT_VERSION}. */
export function serializeDraft(draft: OrderDraft): string {
  const payload: SerializedOrderDraft = { version: ORDER_DRAFT_VERSION, draft };
  return JSON.stringify(payload);
}

/** Whether a participant of this legal form is a natural person (an entrepreneur is one too). */
function isNaturalPerson(type: ParticipantType): boolean {
  return type !== 'legal';
}

const isBlankDetails = (details: ParticipantDetails) => Object.values(details).every((value) => value.trim() === '');

/**
 * The draft without its personal data (152-FZ; what PD_CONSENT of legal.ts names): the details of
 * all four participants (name, phone, e-mail, ИНН, КПП — a company's too: its phone and e-mail are
 * usually a person's, and one rule for every participant is simpler to keep) and each door address
 * whose participant is a natural person (the pick-up address follows the sender's legal form, the
 * delivery address the recipient's; an entrepreneur is a natural person). Everything else — cities,
 * terminals, cargo, dates, services, payment, promo code, the participants' roles and forms — stays.
 */
export function withoutPersonalData(draft: OrderDraft): OrderDraft {
  const p = draft.participants;
  return {
    ...draft,
    destination: {
      ...draft.destination,
      departure_address: isNaturalPerson(p.senderType) ? '' : draft.destination.departure_address,
      delivery_address: isNaturalPerson(p.recipientType) ? '' : draft.destination.delivery_address,
    },
    contacts: {
      sender: { ...EMPTY_DETAILS },
      recipient: { ...EMPTY_DETAILS },
      payer: { ...EMPTY_DETAILS },
      customer: { ...EMPTY_DETAILS },
    },
  };
}

/**
 * What of a draft the server may keep (PUT /requests/draft): all of it once the personal-data
 * consent is ticked, else {@link withoutPersonalData}. The API applies it to every draft it stores
 * (the authoritative rule); the wizard sends no more than this, so the data never leaves the
 * browser before the tick. The browser's own copy keeps everything.
 */
export function draftForServer(draft: OrderDraft): OrderDraft {
  return draft.consent ? draft : withoutPersonalData(draft);
}

/**
 * `draft` with the personal data of `from` where `draft` has none: a participant whose details are
 * all blank takes `from`'s details, a blank door address takes `from`'s. For a server copy saved
 * without the consent meeting the browser's copy (changed on another device, or before a sign-in):
 * what was typed in this browser is never wiped. Returns `draft` itself when there is nothing to fill.
 */
export function fillBlankPersonalData(draft: OrderDraft, from: OrderDraft): OrderDraft {
  let contacts = draft.contacts;
  for (const key of PARTICIPANT_KEYS) {
    if (isBlankDetails(contacts[key]) && !isBlankDetails(from.contacts[key])) {
      contacts = { ...contacts, [key]: { ...from.contacts[key] } };
    }
  }
  let destination = draft.destination;
  for (const field of ['departure_address', 'delivery_address'] as const) {
    if (destination[field].trim() === '' && from.destination[field].trim() !== '') {
      destination = { ...destination, [field]: from.destination[field] };
    }
  }
  return contacts === draft.contacts && destination === draft.destination ? draft : { ...draft, contacts, destination };
}

/** Re-applies the cargo-tab invariants (Документы preset, quantity 1 outside «Несколько мест»). */
export function enforceCargoInvariants(draft: OrderDraft): OrderDraft {
  const cargo = draft.cargo;
  if (cargo.tab === 'documents') {
    return { ...draft, cargo: { ...cargo, ...DOCUMENT_PRESET, volume: null, quantity: 1 } };
  }
  return cargo.tab === 'multiple' || cargo.quantity === 1 ? draft : { ...draft, cargo: { ...cargo, quantity: 1 } };
}

/** Everything that can happen to a draft. */
export type OrderDraftAction =
  | { type: 'cargo/selectTab'; tab: CargoTab }
  | { type: 'cargo/update'; patch: CargoPatch }
  | { type: 'destination/update'; patch: Partial<DestinationState> }
  | { type: 'time/update'; block: 'departure' | 'delivery'; patch: Partial<TimeBlock> }
  | { type: 'time/setDeliveryDateChosen'; value: boolean }
  | { type: 'participants/update'; patch: Partial<ParticipantsState> }
  | { type: 'payment/select'; paymentType: PaymentType }
  | { type: 'packages/setQuantity'; id: string; quantity: number }
  | { type: 'transportation/select'; id: string | null }
  | { type: 'cargoType/select'; id: string | null }
  | { type: 'promocode/set'; value: string }
  | { type: 'services/update'; patch: Partial<ServicesState> }
  | { type: 'contacts/update'; participant: ParticipantKey; patch: Partial<ParticipantDetails> }
  | { type: 'consent/set'; value: boolean }
  | { type: 'reset' }
  | { type: 'restore'; draft: OrderDraft };

function cleanAddress(value: string): string {
  return cleanText(value, { collapseSpaces: true, trimStart: true, maxLength: ADDRESS_MAX_LENGTH });
}

function updateDestination(state: DestinationState, patch: Partial<DestinationState>): DestinationState {
  const next = { ...state, ...patch };
  if (patch.delivery_address !== undefined) next.delivery_address = cleanAddress(patch.delivery_address);
  if (patch.departure_address !== undefined) next.departure_address = cleanAddress(patch.departure_address);
  return next;
}

function clampNumber(value: number, min: number, max: number, integer: boolean, fallback: number): number {
  if (!Number.isFinite(value)) return fallback;
  const v = integer ? Math.floor(value) : value;
  return Math.min(max, Math.max(min, v));
}

function updateServices(state: ServicesState, patch: Partial<ServicesState>): ServicesState {
  const next = { ...state, ...patch };
  if ('declaredValue' in patch) {
    const v = patch.declaredValue;
    next.declaredValue =
      typeof v === 'number' && Number.isFinite(v) && v >= L.declaredValue.min ? Math.min(v, L.declaredValue.max) : null;
  }
  next.departureFloor = clampNumber(next.departureFloor, L.floor.min, L.floor.max, true, L.floor.min);
  next.deliveryFloor = clampNumber(next.deliveryFloor, L.floor.min, L.floor.max, true, L.floor.min);
  next.departureKm = clampNumber(next.departureKm, L.km.min, L.km.max, false, L.km.min);
  next.deliveryKm = clampNumber(next.deliveryKm, L.km.min, L.km.max, false, L.km.min);
  return next;
}

function updateDetails(state: ParticipantDetails, patch: Partial<ParticipantDetails>): ParticipantDetails {
  const next = { ...state };
  if (patch.name !== undefined) {
    next.name = cleanText(patch.name, {
      collapseSpaces: true,
      trimStart: true,
      maxLength: PARTICIPANT_NAME_MAX_LENGTH,
    });
  }
  if (patch.phone !== undefined) next.phone = cleanText(patch.phone, { maxLength: 40 });
  if (patch.email !== undefined) next.email = cleanText(patch.email, { allowSpaces: false, maxLength: 320 });
  if (patch.inn !== undefined) next.inn = patch.inn.replace(/\D/g, '').slice(0, 12);
  if (patch.kpp !== undefined)
    next.kpp = patch.kpp
      .replace(/[^0-9A-Za-z]/g, '')
      .toUpperCase()
      .slice(0, 9);
  return next;
}

/**
 * The order-draft reducer (pure; re-selecting the current cargo tab returns the same state):
 * - cargo tab and cargo input follow the rules of `selectCargoTab` and `updateCargo`;
 * - addresses are cleaned as typed (leading space trimmed, repeated spaces collapsed, 500 code points);
 * - setting the delivery date also sets `isDeliveryDateChosen` (true for a date, false for null);
 * - a package quantity of 0 or less removes that package, a fractional one is floored;
 * - the promocode loses spaces, invisible characters and anything past 50 code points;
 * - services are clamped to their limits (floor 1–100, km 0–500, declared value 0–100 000 000 ₽ or null);
 * - participant names are cleaned like addresses, e-mails lose spaces, ИНН keeps digits (12 at most),
 *   КПП keeps digits and Latin letters in upper case (9 at most);
 * - `reset` gives {@link createOrderDraft}; `restore` takes a draft (from {@link restoreDraft}) with
 *   the cargo-tab invariants re-applied.
 */
export function orderDraftReducer(state: OrderDraft, action: OrderDraftAction): OrderDraft {
  switch (action.type) {
    case 'cargo/selectTab': {
      const cargo = selectCargoTab(state.cargo, action.tab);
      return cargo === state.cargo ? state : { ...state, cargo };
    }
    case 'cargo/update':
      return { ...state, cargo: updateCargo(state.cargo, action.patch) };
    case 'destination/update':
      return { ...state, destination: updateDestination(state.destination, action.patch) };
    case 'time/update': {
      const block = { ...state.time[action.block], ...action.patch };
      const time = { ...state.time, [action.block]: block };
      if (action.block === 'delivery' && 'date' in action.patch) time.isDeliveryDateChosen = block.date !== null;
      return { ...state, time };
    }
    case 'time/setDeliveryDateChosen':
      return { ...state, time: { ...state.time, isDeliveryDateChosen: action.value } };
    case 'participants/update':
      return { ...state, participants: { ...state.participants, ...action.patch } };
    case 'payment/select':
      return { ...state, paymentType: action.paymentType };
    case 'packages/setQuantity': {
      const quantity = Number.isFinite(action.quantity) ? Math.floor(action.quantity) : 0;
      const others = state.packageItems.filter((item) => item.id !== action.id);
      if (quantity <= 0) return { ...state, packageItems: others };
      const exists = others.length !== state.packageItems.length;
      const packageItems = exists
        ? state.packageItems.map((item) => (item.id === action.id ? { id: item.id, quantity } : item))
        : [...state.packageItems, { id: action.id, quantity }];
      return { ...state, packageItems };
    }
    case 'transportation/select':
      return { ...state, transportationType: action.id };
    case 'cargoType/select':
      return { ...state, cargoType: action.id };
    case 'promocode/set':
      return {
        ...state,
        promocode: cleanText(action.value, { allowSpaces: false, maxLength: PROMOCODE_MAX_LENGTH }),
      };
    case 'services/update':
      return { ...state, services: updateServices(state.services, action.patch) };
    case 'contacts/update': {
      const details = updateDetails(state.contacts[action.participant], action.patch);
      return { ...state, contacts: { ...state.contacts, [action.participant]: details } };
    }
    case 'consent/set':
      return state.consent === action.value ? state : { ...state, consent: action.value };
    case 'reset':
      return createOrderDraft();
    case 'restore':
      return enforceCargoInvariants(action.draft);
  }
}

/** Steps of the order wizard, in order. */
export const ORDER_STEPS = [
  { value: 'route', label: ORDER_DRAFT_TEXTS.stepRoute },
  { value: 'cargo', label: ORDER_DRAFT_TEXTS.stepCargo },
  { value: 'time', label: ORDER_DRAFT_TEXTS.stepTime },
  { value: 'participants', label: ORDER_DRAFT_TEXTS.stepParticipants },
  { value: 'payment', label: ORDER_DRAFT_TEXTS.stepPayment },
  { value: 'review', label: ORDER_DRAFT_TEXTS.stepReview },
] as const;
export type OrderStep = (typeof ORDER_STEPS)[number]['value'];
export const ORDER_STEP_VALUES = ORDER_STEPS.map((s) => s.value) as OrderStep[];

/** Shortest pick-up or delivery window, minutes. */
export const MIN_TIME_WINDOW_MINUTES = 120;

export interface ValidateOrderDraftOptions {
  /** Today's ISO date (the client's or the origin's); dates before it are refused. Default: not checked. */
  today?: string;
  /** Working-day calendar; default the Russian production calendar. */
  calendar?: WorkingDayCalendar;
}

/** Which step a field path belongs to ('contacts.sender.phone' → participants, 'consent' → review). */
export function stepOfPath(path: string): OrderStep {
  const [section] = path.split('.');
  switch (section) {
    case 'destination':
      return 'route';
    case 'cargo':
    case 'packageItems':
    case 'cargoType':
      return 'cargo';
    case 'time':
      return 'time';
    case 'contacts':
    case 'participants':
      return 'participants';
    case 'consent':
      return 'review';
    default:
      return 'payment';
  }
}

function validateRoute(draft: OrderDraft, errors: Record<string, string>): void {
  const M = ORDER_DRAFT_TEXTS;
  const d = draft.destination;
  if (!d.city_departure) errors['destination.city_departure'] = M.cityDepartureRequired;
  if (!d.city_delivery) errors['destination.city_delivery'] = M.cityDeliveryRequired;
  if (d.city_departure && d.city_delivery && d.city_departure.fias_id === d.city_delivery.fias_id) {
    errors['destination.city_delivery'] = M.sameCity;
  }
  if (d.departure_type === 'address' && !d.departure_address.trim()) {
    errors['destination.departure_address'] = M.departureAddressRequired;
  }
  if (d.delivery_type === 'address' && !d.delivery_address.trim()) {
    errors['destination.delivery_address'] = M.deliveryAddressRequired;
  }
}

function validateCargo(draft: OrderDraft, errors: Record<string, string>): void {
  const M = ORDER_DRAFT_TEXTS;
  const c = draft.cargo;
  if (c.weight === null || c.weight === 0) errors['cargo.weight'] = M.weightRequired;
  else if (c.weight < L.weight.min || c.weight > L.weight.max) errors['cargo.weight'] = M.weightRange;
  const dims = [c.length, c.width, c.height];
  const hasDims = dims.every((v) => v !== null && v > 0);
  const hasVolume = c.volume !== null && c.volume > 0;
  if (!hasDims && !hasVolume) {
    for (const key of ['length', 'width', 'height'] as const) {
      if (c[key] === null || c[key] === 0) errors[`cargo.${key}`] = M.sizeRequired;
    }
  }
  for (const key of ['length', 'width', 'height'] as const) {
    const v = c[key];
    if (v !== null && v > 0 && (v < L.dimension.min || v > L.dimension.max)) errors[`cargo.${key}`] = M.dimensionRange;
  }
  if (hasVolume && (c.volume! < L.volume.min || c.volume! > L.volume.max)) {
    errors['cargo.volume'] = M.volumeRange;
  }
}

/** Participants whose details must be filled: sender and recipient, payer and customer when a third party. */
export function participantsToFill(draft: OrderDraft): ParticipantKey[] {
  const keys: ParticipantKey[] = ['sender', 'recipient'];
  if (draft.participants.payer === 'third_party') keys.push('payer');
  if (draft.participants.customer === 'third_party') keys.push('customer');
  return keys;
}

const TYPE_FIELD: Record<ParticipantKey, keyof ParticipantsState> = {
  sender: 'senderType',
  recipient: 'recipientType',
  payer: 'payerType',
  customer: 'customerType',
};

/** The legal form of a participant, following payer/customer to the sender or recipient they point at. */
export function participantType(draft: OrderDraft, key: ParticipantKey): ParticipantType {
  const p = draft.participants;
  if (key === 'payer' || key === 'customer') {
    const role = p[key];
    if (role === 'sender') return p.senderType;
    if (role === 'recipient') return p.recipientType;
  }
  return p[TYPE_FIELD[key]] as ParticipantType;
}

/**
 * The route and cargo checks of {@link validateOrderDraft} (order-draft-validation.ts) on their
 * own: what the calculator checks before asking for a price. Same messages, same keys; `steps`
 * picks which of the two are checked (default both).
 */
export function validateShipment(
  draft: OrderDraft,
  steps: readonly OrderStep[] = ['route', 'cargo'],
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (steps.includes('route')) validateRoute(draft, errors);
  if (steps.includes('cargo')) validateCargo(draft, errors);
  return errors;
}
