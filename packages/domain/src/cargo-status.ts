import { ORDERS_TEXTS } from './texts/orders';

/*
 * The cargo status model (issue 7): one main status plus independent flags (paid, paid storage,
 * partial release) and a full history. The status set is the canonical one of Russian LTL
 * carriers (docs/decisions/008-track-numbers.md lists it with the track-number format):
 *
 *   Заявка оформлена → Ожидает сдачи на терминал | Забор груза → Принят к перевозке → В пути →
 *   Прибыл на терминал → (Доставляется до адреса) → Выдан;  plus Отменён, Возврат, Проблема с доставкой.
 */

export const CARGO_STATUS_CODES = [
  'created',
  'awaiting_dropoff',
  'pickup',
  'accepted',
  'in_transit',
  'arrived',
  'out_for_delivery',
  'released',
  'cancelled',
  'returned',
  'problem',
] as const;
export type CargoStatus = (typeof CARGO_STATUS_CODES)[number];

/** The status a new cargo starts with. */
export const INITIAL_CARGO_STATUS: CargoStatus = 'created';

/** Statuses after which nothing more happens to the cargo (exclude_closed hides them). */
export const CLOSED_CARGO_STATUSES: readonly CargoStatus[] = ['released', 'cancelled', 'returned'];

/** Statuses in which the client may still cancel the request (the cargo is not accepted yet). */
export const CANCELLABLE_CARGO_STATUSES: readonly CargoStatus[] = ['created', 'awaiting_dropoff', 'pickup'];

/**
 * Allowed transitions of the main status. Проблема с доставкой can be raised from any open
 * status and resolved back into the flow; a door delivery that failed goes back to the terminal.
 */
export const CARGO_STATUS_TRANSITIONS: Readonly<Record<CargoStatus, readonly CargoStatus[]>> = {
  created: ['awaiting_dropoff', 'pickup', 'cancelled', 'problem'],
  awaiting_dropoff: ['accepted', 'cancelled', 'problem'],
  pickup: ['accepted', 'cancelled', 'problem'],
  accepted: ['in_transit', 'returned', 'problem'],
  in_transit: ['arrived', 'returned', 'problem'],
  arrived: ['out_for_delivery', 'released', 'returned', 'problem'],
  out_for_delivery: ['released', 'arrived', 'returned', 'problem'],
  released: [],
  cancelled: [],
  returned: [],
  problem: ['accepted', 'in_transit', 'arrived', 'out_for_delivery', 'released', 'returned', 'cancelled'],
};

export function isCargoStatus(value: string): value is CargoStatus {
  return (CARGO_STATUS_CODES as readonly string[]).includes(value);
}

/** A status as stored: a code this version does not know is answered as a problem, never passed on as free text. */
export function cargoStatusOf(value: string): CargoStatus {
  return isCargoStatus(value) ? value : 'problem';
}

/** Russian label of a status: `created` → «Заявка оформлена». */
export function cargoStatusLabel(status: CargoStatus): string {
  return ORDERS_TEXTS.status[status];
}

/** Whether the cargo is finished (released, cancelled or returned). */
export function isClosedCargoStatus(status: CargoStatus): boolean {
  return CLOSED_CARGO_STATUSES.includes(status);
}

export function canTransition(from: CargoStatus, to: CargoStatus): boolean {
  return CARGO_STATUS_TRANSITIONS[from].includes(to);
}

/** The status options of the order list filter, in the order of the flow. */
export const CARGO_STATUS_OPTIONS: readonly { id: CargoStatus; name: string }[] = CARGO_STATUS_CODES.map((id) => ({
  id,
  name: cargoStatusLabel(id),
}));

/** The independent flags next to the main status. */
export interface CargoFlags {
  paid: boolean;
  paidStorage: boolean;
  partialRelease: boolean;
}

/** What the owner may do with a cargo right now. */
export const CARGO_ACTION_CODES = ['cancel', 'rate', 'change_contacts', 'repeat', 'driver_info', 'favorite'] as const;
export type CargoActionCode = (typeof CARGO_ACTION_CODES)[number];

export interface CargoActionFacts {
  status: CargoStatus;
  /** The owner already rated the delivery. */
  rated: boolean;
  driverAssigned: boolean;
  /** The caller's role may act on the cargo (team.ts 'cargo.manage'); default true. */
  canManage?: boolean;
  /** The caller's role may place orders (team.ts 'cargo.create', for «repeat»); default true. */
  canCreate?: boolean;
}

/**
 * The actions of `cargo_lk/available_actions`, in display order: cancel before acceptance;
 * rate once after release; change contacts while the cargo is not finished; see the driver
 * while one is assigned and the cargo is open; repeat and favourite always.
 */
export function availableCargoActions(facts: CargoActionFacts): CargoActionCode[] {
  const actions: CargoActionCode[] = [];
  // A team member who may only look (an accountant) sees the cargo and its driver, nothing to change.
  const manage = facts.canManage ?? true;
  if (manage && CANCELLABLE_CARGO_STATUSES.includes(facts.status)) actions.push('cancel');
  if (manage && facts.status === 'released' && !facts.rated) actions.push('rate');
  if (manage && !isClosedCargoStatus(facts.status)) actions.push('change_contacts');
  if (facts.driverAssigned && !isClosedCargoStatus(facts.status)) actions.push('driver_info');
  if (facts.canCreate ?? true) actions.push('repeat');
  if (manage) actions.push('favorite');
  return actions;
}

/** Rating of a delivered cargo: whole stars 1–5 and an optional comment up to this long. */
export const CARGO_RATING_MIN = 1;
export const CARGO_RATING_MAX = 5;
export const CARGO_RATING_COMMENT_MAX_LENGTH = 1000;
