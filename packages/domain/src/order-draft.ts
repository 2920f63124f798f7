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
import { isIsoDate } from './dates';
import { MESSAGES } from './messages';
import { cleanText } from './text';

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
  };
}

/** Longest promocode we keep; the spec shows none, real codes are short. */
export const PROMOCODE_MAX_LENGTH = 50;
/** Longest address we keep (code points); matches what the address suggestions return at most. */
export const ADDRESS_MAX_LENGTH = 500;

const TIME_OF_DAY = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const timeOfDay = z.string().regex(TIME_OF_DAY).nullable();
const CityRefSchema = z.object({ fias_id: z.string().min(1), name: z.string().min(1) });
const SubdivisionRefSchema = z.object({ id: z.string().min(1), name: z.string().min(1) });

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

/**
 * The order-draft reducer (pure; re-selecting the current cargo tab returns the same state):
 * - cargo tab and cargo input follow the rules of `selectCargoTab` and `updateCargo`;
 * - addresses are cleaned as typed (leading space trimmed, repeated spaces collapsed, 500 code points);
 * - setting the delivery date also sets `isDeliveryDateChosen` (true for a date, false for null);
 * - a package quantity of 0 or less removes that package, a fractional one is floored;
 * - the promocode loses spaces, invisible characters and anything past 50 code points;
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
    case 'reset':
      return createOrderDraft();
    case 'restore':
      return enforceCargoInvariants(action.draft);
  }
}
