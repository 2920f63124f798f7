import { z } from 'zod';
import {
  CargoStateSchema,
  DEFAULT_CARGO,
  selectCargoTab,
  updateCargo,
  type CargoPatch,
  type CargoState,
  type CargoTab,
} from './cargo';
import { DOCUMENT_PRESET } from './constants';
import { isIsoDate, type WorkingDayCalendar } from './dates';
import { getInnError, getKppError, getLegalInnError } from './identifiers';
import { MESSAGES } from './messages';
import { isValidPhone } from './phone';
import { RU_PRODUCTION_CALENDAR } from './production-calendar';
import { cleanText, isValidEmail } from './text';

/** Where cargo is handed over or received: at our terminal (warehouse) or at an address. */
export const POINT_TYPES = [
  { value: 'warehouse', label: MESSAGES.orderDraft.pointWarehouse },
  { value: 'address', label: MESSAGES.orderDraft.pointAddress },
] as const;
export type PointType = (typeof POINT_TYPES)[number]['value'];

/** Payment types of spec section 3; cash is the default. */
export const PAYMENT_TYPES = [
  { value: 'cash', label: MESSAGES.orderDraft.paymentCash },
  { value: 'card', label: MESSAGES.orderDraft.paymentCard },
  { value: 'non_cash', label: MESSAGES.orderDraft.paymentNonCash },
] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number]['value'];

/** Who pays or orders: the sender (default), the recipient or a third party. */
export const PARTICIPANT_ROLES = [
  { value: 'sender', label: MESSAGES.orderDraft.participantSender },
  { value: 'recipient', label: MESSAGES.orderDraft.participantRecipient },
  { value: 'third_party', label: MESSAGES.orderDraft.participantThirdParty },
] as const;
export type ParticipantRole = (typeof PARTICIPANT_ROLES)[number]['value'];

/** Legal form of a participant; individual is the default. */
export const PARTICIPANT_TYPES = [
  { value: 'individual', label: MESSAGES.orderDraft.participantIndividual },
  { value: 'legal', label: MESSAGES.orderDraft.participantLegal },
  { value: 'entrepreneur', label: MESSAGES.orderDraft.participantEntrepreneur },
] as const;
export type ParticipantType = (typeof PARTICIPANT_TYPES)[number]['value'];

const values = <T extends readonly { value: string }[]>(items: T) =>
  items.map((item) => item.value) as [T[number]['value'], ...T[number]['value'][]];

/** A city as the location API returns it; `fias_id` feeds the price calculation. */
export interface CityRef {
  fias_id: string;
  name: string;
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
/** Limits of the services section; the pricing API accepts the same ranges. */
export const SERVICE_LIMITS = { declaredValueMax: 100_000_000, floorMax: 100, kmMax: 500 } as const;

/** Longest promocode we keep; the spec shows none, real codes are short. */
export const PROMOCODE_MAX_LENGTH = 50;
/** Longest address we keep (code points); matches what the address suggestions return at most. */
export const ADDRESS_MAX_LENGTH = 500;

const TIME_OF_DAY = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const timeOfDay = z.string().regex(TIME_OF_DAY).nullable();
const CityRefSchema = z.object({ fias_id: z.string().min(1), name: z.string().min(1) });
const SubdivisionRefSchema = z.object({ id: z.string().min(1), name: z.string().min(1) });

const DetailsSchema = z.object({
  name: z.string().max(PARTICIPANT_NAME_MAX_LENGTH),
  phone: z.string().max(40),
  email: z.string().max(320),
  inn: z.string().max(12),
  kpp: z.string().max(9),
});

const TimeBlockSchema = z.object({
  date: z.string().refine(isIsoDate).nullable(),
  timeFrom: timeOfDay,
  timeTo: timeOfDay,
  breakFrom: timeOfDay,
  breakTo: timeOfDay,
});

/** Shape of each section of a stored draft; restore falls back per section. */
const SECTION_SCHEMAS = {
  cargo: CargoStateSchema,
  destination: z.object({
    delivery_type: z.enum(values(POINT_TYPES)),
    departure_type: z.enum(values(POINT_TYPES)),
    onlyDelivery: z.boolean(),
    onlyDeparture: z.boolean(),
    delivery_address: z.string().max(ADDRESS_MAX_LENGTH),
    city_delivery: CityRefSchema.nullable(),
    subdivision_delivery: SubdivisionRefSchema.nullable(),
    city_departure: CityRefSchema.nullable(),
    departure_address: z.string().max(ADDRESS_MAX_LENGTH),
    subdivision_departure: SubdivisionRefSchema.nullable(),
  }),
  time: z.object({ departure: TimeBlockSchema, delivery: TimeBlockSchema, isDeliveryDateChosen: z.boolean() }),
  participants: z.object({
    payer: z.enum(values(PARTICIPANT_ROLES)),
    customer: z.enum(values(PARTICIPANT_ROLES)),
    senderType: z.enum(values(PARTICIPANT_TYPES)),
    recipientType: z.enum(values(PARTICIPANT_TYPES)),
    payerType: z.enum(values(PARTICIPANT_TYPES)),
    customerType: z.enum(values(PARTICIPANT_TYPES)),
  }),
  paymentType: z.enum(values(PAYMENT_TYPES)),
  packageItems: z.array(z.object({ id: z.string().min(1), quantity: z.number().int().positive() })),
  transportationType: z.string().min(1).nullable(),
  cargoType: z.string().min(1).nullable(),
  promocode: z.string().max(PROMOCODE_MAX_LENGTH),
  services: z.object({
    declaredValue: z.number().min(0).max(SERVICE_LIMITS.declaredValueMax).nullable(),
    fragile: z.boolean(),
    crate: z.boolean(),
    departureLoading: z.boolean(),
    departureFloor: z.number().int().min(1).max(SERVICE_LIMITS.floorMax),
    departureLift: z.boolean(),
    deliveryLoading: z.boolean(),
    deliveryFloor: z.number().int().min(1).max(SERVICE_LIMITS.floorMax),
    deliveryLift: z.boolean(),
    departureKm: z.number().min(0).max(SERVICE_LIMITS.kmMax),
    deliveryKm: z.number().min(0).max(SERVICE_LIMITS.kmMax),
  }),
  contacts: z.object({
    sender: DetailsSchema,
    recipient: DetailsSchema,
    payer: DetailsSchema,
    customer: DetailsSchema,
  }),
} satisfies { [K in keyof OrderDraft]: z.ZodType<OrderDraft[K]> };

/** Schema of a complete, well-formed order draft. */
export const OrderDraftSchema = z.object(SECTION_SCHEMAS);

/** Bumped when the draft shape changes incompatibly; an older stored draft is then discarded. */
export const ORDER_DRAFT_VERSION = 1;

/** Schema of what {@link serializeDraft} writes: `{ version: 1, draft }`. */
export const SerializedOrderDraftSchema = z.object({
  version: z.literal(ORDER_DRAFT_VERSION),
  draft: OrderDraftSchema,
});
export type SerializedOrderDraft = z.infer<typeof SerializedOrderDraftSchema>;

/** The draft as a JSON string for localStorage or the server, tagged with {@link ORDER_DRAFT_VERSION}. */
export function serializeDraft(draft: OrderDraft): string {
  const payload: SerializedOrderDraft = { version: ORDER_DRAFT_VERSION, draft };
  return JSON.stringify(payload);
}

/**
 * Restores a draft saved by {@link serializeDraft}. Garbage never reaches the UI: unparsable
 * JSON, a missing or other version, or a non-object gives the defaults; a section that fails
 * its schema (say, an unknown payment type) falls back to its default while valid sections are
 * kept; then the cargo-tab invariants are re-applied (Документы preset, quantity 1 outside
 * «Несколько мест»). Null or undefined (nothing saved) gives the defaults.
 */
export function restoreDraft(raw: string | null | undefined): OrderDraft {
  const defaults = createOrderDraft();
  if (!raw) return defaults;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return defaults;
  }
  const envelope = z.object({ version: z.literal(ORDER_DRAFT_VERSION), draft: z.record(z.string(), z.unknown()) });
  const result = envelope.safeParse(parsed);
  if (!result.success) return defaults;
  const stored = result.data.draft;
  const draft = { ...defaults } as Record<keyof OrderDraft, unknown>;
  for (const key of Object.keys(SECTION_SCHEMAS) as (keyof OrderDraft)[]) {
    const section = SECTION_SCHEMAS[key].safeParse(stored[key]);
    if (section.success) draft[key] = section.data;
  }
  return enforceCargoInvariants(draft as OrderDraft);
}

function enforceCargoInvariants(draft: OrderDraft): OrderDraft {
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
      typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.min(v, SERVICE_LIMITS.declaredValueMax) : null;
  }
  next.departureFloor = clampNumber(next.departureFloor, 1, SERVICE_LIMITS.floorMax, true, 1);
  next.deliveryFloor = clampNumber(next.deliveryFloor, 1, SERVICE_LIMITS.floorMax, true, 1);
  next.departureKm = clampNumber(next.departureKm, 0, SERVICE_LIMITS.kmMax, false, 0);
  next.deliveryKm = clampNumber(next.deliveryKm, 0, SERVICE_LIMITS.kmMax, false, 0);
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
    case 'reset':
      return createOrderDraft();
    case 'restore':
      return enforceCargoInvariants(action.draft);
  }
}

/** Steps of the order wizard, in order. */
export const ORDER_STEPS = [
  { value: 'route', label: MESSAGES.orderDraft.stepRoute },
  { value: 'cargo', label: MESSAGES.orderDraft.stepCargo },
  { value: 'time', label: MESSAGES.orderDraft.stepTime },
  { value: 'participants', label: MESSAGES.orderDraft.stepParticipants },
  { value: 'payment', label: MESSAGES.orderDraft.stepPayment },
  { value: 'review', label: MESSAGES.orderDraft.stepReview },
] as const;
export type OrderStep = (typeof ORDER_STEPS)[number]['value'];
export const ORDER_STEP_VALUES = ORDER_STEPS.map((s) => s.value) as OrderStep[];

/** Shortest pick-up or delivery window, minutes. */
export const MIN_TIME_WINDOW_MINUTES = 120;
/** Cargo limits checked before a price is asked (the pricing API has the same ones). */
export const CARGO_LIMITS = { weightMin: 0.01, weightMax: 20_000, volumeMin: 0.01, volumeMax: 80, dimensionMax: 1500 };

export interface ValidateOrderDraftOptions {
  /** Today's ISO date (the client's or the origin's); dates before it are refused. Default: not checked. */
  today?: string;
  /** Working-day calendar; default the Russian production calendar. */
  calendar?: WorkingDayCalendar;
}

/** Which step a field path belongs to ('contacts.sender.phone' → participants). */
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
    default:
      return 'payment';
  }
}

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

function validateRoute(draft: OrderDraft, errors: Record<string, string>): void {
  const M = MESSAGES.orderDraft;
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
  const M = MESSAGES.orderDraft;
  const c = draft.cargo;
  if (c.weight === null || c.weight === 0) errors['cargo.weight'] = M.weightRequired;
  else if (c.weight < CARGO_LIMITS.weightMin || c.weight > CARGO_LIMITS.weightMax)
    errors['cargo.weight'] = M.weightRange;
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
    if (v !== null && v > 0 && (v < 1 || v > CARGO_LIMITS.dimensionMax)) errors[`cargo.${key}`] = M.dimensionRange;
  }
  if (hasVolume && (c.volume! < CARGO_LIMITS.volumeMin || c.volume! > CARGO_LIMITS.volumeMax)) {
    errors['cargo.volume'] = M.volumeRange;
  }
}

function validateTimeBlock(
  block: TimeBlock,
  prefix: string,
  errors: Record<string, string>,
  options: ValidateOrderDraftOptions,
): void {
  const M = MESSAGES.orderDraft;
  const calendar = options.calendar ?? RU_PRODUCTION_CALENDAR;
  if (block.date) {
    if (options.today && block.date < options.today) errors[`${prefix}.date`] = M.dateInPast;
    else if (!calendar.isWorkingDay(block.date)) errors[`${prefix}.date`] = M.dateNotWorking;
  }
  if (!block.timeFrom || !block.timeTo) {
    errors[`${prefix}.timeFrom`] = M.timeRequired;
    return;
  }
  const from = minutes(block.timeFrom);
  const to = minutes(block.timeTo);
  if (to <= from) {
    errors[`${prefix}.timeTo`] = M.timeOrder;
    return;
  }
  if (to - from < MIN_TIME_WINDOW_MINUTES) errors[`${prefix}.timeTo`] = M.timeWindowTooShort;
  if (block.breakFrom || block.breakTo) {
    if (!block.breakFrom || !block.breakTo) {
      errors[`${prefix}.breakFrom`] = M.breakOutside;
    } else if (minutes(block.breakTo) <= minutes(block.breakFrom)) {
      errors[`${prefix}.breakTo`] = M.breakOrder;
    } else if (minutes(block.breakFrom) < from || minutes(block.breakTo) > to) {
      errors[`${prefix}.breakFrom`] = M.breakOutside;
    }
  }
}

function validateTime(draft: OrderDraft, errors: Record<string, string>, options: ValidateOrderDraftOptions): void {
  const M = MESSAGES.orderDraft;
  const { departure, delivery, isDeliveryDateChosen } = draft.time;
  if (!departure.date) errors['time.departure.date'] = M.departureDateRequired;
  validateTimeBlock(departure, 'time.departure', errors, options);
  if (isDeliveryDateChosen) {
    if (!delivery.date) errors['time.delivery.date'] = M.deliveryDateRequired;
    validateTimeBlock(delivery, 'time.delivery', errors, options);
    if (delivery.date && departure.date && delivery.date < departure.date) {
      errors['time.delivery.date'] = M.deliveryBeforeDeparture;
    }
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

function validateParticipants(draft: OrderDraft, errors: Record<string, string>): void {
  const M = MESSAGES.orderDraft;
  for (const key of participantsToFill(draft)) {
    const details = draft.contacts[key];
    const type = participantType(draft, key);
    const at = (field: string) => `contacts.${key}.${field}`;
    if (!details.name.trim()) errors[at('name')] = type === 'legal' ? M.companyNameRequired : M.nameRequired;
    if (!details.phone.trim()) errors[at('phone')] = M.contactRequired;
    else if (!isValidPhone(details.phone)) errors[at('phone')] = MESSAGES.phone.invalid;
    if (details.email.trim() && !isValidEmail(details.email)) errors[at('email')] = MESSAGES.text.emailInvalid;
    if (type === 'legal') {
      const innError = getLegalInnError(details.inn);
      if (innError) errors[at('inn')] = innError;
      const kppError = getKppError(details.kpp);
      if (kppError) errors[at('kpp')] = kppError;
    } else if (type === 'entrepreneur') {
      const innError = getInnError(details.inn) ?? (details.inn.length === 12 ? null : MESSAGES.identifiers.innFormat);
      if (innError) errors[at('inn')] = innError;
    }
  }
}

function validatePayment(draft: OrderDraft, errors: Record<string, string>): void {
  const M = MESSAGES.orderDraft;
  if (!draft.transportationType) errors['transportationType'] = M.transportationRequired;
  if (draft.paymentType === 'non_cash' && participantType(draft, 'payer') === 'individual') {
    errors['paymentType'] = M.nonCashNeedsCompany;
  }
}

/**
 * Checks a draft before moving on from a step or submitting it. Returns Russian messages keyed by
 * draft path ('destination.city_departure', 'cargo.weight', 'time.departure.date',
 * 'contacts.sender.phone', 'transportationType'); an empty object means valid. Only `steps` are
 * checked (default: all). The server runs the same function before creating a request.
 */
export function validateOrderDraft(
  draft: OrderDraft,
  steps: readonly OrderStep[] = ORDER_STEP_VALUES,
  options: ValidateOrderDraftOptions = {},
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (steps.includes('route')) validateRoute(draft, errors);
  if (steps.includes('cargo')) validateCargo(draft, errors);
  if (steps.includes('time')) validateTime(draft, errors, options);
  if (steps.includes('participants')) validateParticipants(draft, errors);
  if (steps.includes('payment')) validatePayment(draft, errors);
  return errors;
}

/** The first step with an error, or null when the whole draft is valid. */
export function firstInvalidStep(draft: OrderDraft, options: ValidateOrderDraftOptions = {}): OrderStep | null {
  for (const step of ORDER_STEP_VALUES) {
    if (Object.keys(validateOrderDraft(draft, [step], options)).length > 0) return step;
  }
  return null;
}
