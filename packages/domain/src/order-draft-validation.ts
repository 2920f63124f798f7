import { getInnError, getKppError, getLegalInnError } from './identifiers';
import {
  MIN_TIME_WINDOW_MINUTES,
  ORDER_STEP_VALUES,
  participantType,
  participantsToFill,
  validateShipment,
  type OrderDraft,
  type OrderStep,
  type TimeBlock,
  type ValidateOrderDraftOptions,
} from './order-draft';
import { isValidPhone } from './phone';
import { RU_PRODUCTION_CALENDAR } from './production-calendar';
import { isValidEmail } from './text';
import { IDENTIFIERS_TEXTS } from './texts/identifiers';
import { ORDER_DRAFT_TEXTS } from './texts/order-draft';
import { PHONE_TEXTS } from './texts/phone';
import { TEXT_TEXTS } from './texts/text';
import { COMMON_TEXTS } from './texts/common';

/*
 * The whole check of an order draft. The route and cargo part lives in order-draft.ts
 * (`validateShipment`), so the calculator does not carry the participant, identifier and
 * calendar rules to the browser (issue #9 budget).
 */

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

function validateTimeBlock(
  block: TimeBlock,
  prefix: string,
  errors: Record<string, string>,
  options: ValidateOrderDraftOptions,
): void {
  const M = ORDER_DRAFT_TEXTS;
  const calendar = options.calendar ?? RU_PRODUCTION_CALENDAR;
  if (block.date) {
    if (options.today && block.date < options.today) errors[`${prefix}.date`] = M.dateInPast;
    else if (!calendar.isWorkingDay(block.date)) errors[`${prefix}.date`] = M.dateNotWorking;
  }
  // Each message stands under the field it is about.
  if (!block.timeFrom || !block.timeTo) {
    errors[`${prefix}.${block.timeFrom ? 'timeTo' : 'timeFrom'}`] = M.timeRequired;
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
    if (!block.breakFrom) errors[`${prefix}.breakFrom`] = M.breakFromRequired;
    else if (!block.breakTo) errors[`${prefix}.breakTo`] = M.breakToRequired;
    else if (minutes(block.breakTo) <= minutes(block.breakFrom)) errors[`${prefix}.breakTo`] = M.breakOrder;
    else if (minutes(block.breakFrom) < from) errors[`${prefix}.breakFrom`] = M.breakOutside;
    else if (minutes(block.breakTo) > to) errors[`${prefix}.breakTo`] = M.breakOutside;
  }
}

function validateTime(draft: OrderDraft, errors: Record<string, string>, options: ValidateOrderDraftOptions): void {
  const M = ORDER_DRAFT_TEXTS;
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

const LETTER = /\p{L}/gu;
const DIGIT = /\p{Nd}/u;

/**
 * Whether `name` reads as a person's name (ФИО, «ИП Иванов И. И.»): at least two letters and no
 * digits — not «x», not «12345». Punctuation is left alone: people type «ООО «Сибирь»» here too.
 */
export function isPlausiblePersonName(name: string): boolean {
  const trimmed = name.trim();
  return !DIGIT.test(trimmed) && (trimmed.match(LETTER)?.length ?? 0) >= 2;
}

/** Whether `name` reads as an organisation's name: at least two letters (digits and quotes allowed). */
export function isPlausibleCompanyName(name: string): boolean {
  return (name.trim().match(LETTER)?.length ?? 0) >= 2;
}

function validateParticipants(draft: OrderDraft, errors: Record<string, string>): void {
  const M = ORDER_DRAFT_TEXTS;
  for (const key of participantsToFill(draft)) {
    const details = draft.contacts[key];
    const type = participantType(draft, key);
    const at = (field: string) => `contacts.${key}.${field}`;
    if (!details.name.trim()) errors[at('name')] = type === 'legal' ? M.companyNameRequired : M.nameRequired;
    else if (type === 'legal' ? !isPlausibleCompanyName(details.name) : !isPlausiblePersonName(details.name)) {
      errors[at('name')] = type === 'legal' ? M.companyNameInvalid : M.nameInvalid;
    }
    if (!details.phone.trim()) errors[at('phone')] = M.contactRequired;
    else if (!isValidPhone(details.phone)) errors[at('phone')] = PHONE_TEXTS.invalid;
    if (details.email.trim() && !isValidEmail(details.email)) errors[at('email')] = TEXT_TEXTS.emailInvalid;
    if (type === 'legal') {
      const innError = getLegalInnError(details.inn);
      if (innError) errors[at('inn')] = innError;
      const kppError = getKppError(details.kpp);
      if (kppError) errors[at('kpp')] = kppError;
    } else if (type === 'entrepreneur') {
      const innError = getInnError(details.inn) ?? (details.inn.length === 12 ? null : IDENTIFIERS_TEXTS.innFormat);
      if (innError) errors[at('inn')] = innError;
    }
  }
}

function validatePayment(draft: OrderDraft, errors: Record<string, string>): void {
  const M = ORDER_DRAFT_TEXTS;
  if (!draft.transportationType) errors['transportationType'] = M.transportationRequired;
  if (draft.paymentType === 'non_cash' && participantType(draft, 'payer') === 'individual') {
    errors['paymentType'] = M.nonCashNeedsCompany;
  }
}

/**
 * Checks a draft before moving on from a step or submitting it. Returns Russian messages keyed by
 * draft path ('destination.city_departure', 'cargo.weight', 'time.departure.date',
 * 'contacts.sender.phone', 'transportationType', 'consent'); an empty object means valid. Only
 * `steps` are checked (default: all). The review step needs the personal-data consent ticked,
 * for every client, verified or not: it covers the third parties' data typed into the order.
 * The server runs the same function before creating a request.
 */
export function validateOrderDraft(
  draft: OrderDraft,
  steps: readonly OrderStep[] = ORDER_STEP_VALUES,
  options: ValidateOrderDraftOptions = {},
): Record<string, string> {
  const errors = validateShipment(draft, steps);
  if (steps.includes('time')) validateTime(draft, errors, options);
  if (steps.includes('participants')) validateParticipants(draft, errors);
  if (steps.includes('payment')) validatePayment(draft, errors);
  if (steps.includes('review') && draft.consent !== true) errors['consent'] = COMMON_TEXTS.pdConsentRequired;
  return errors;
}

/** The first step with an error, or null when the whole draft is valid. */
export function firstInvalidStep(draft: OrderDraft, options: ValidateOrderDraftOptions = {}): OrderStep | null {
  for (const step of ORDER_STEP_VALUES) {
    if (Object.keys(validateOrderDraft(draft, [step], options)).length > 0) return step;
  }
  return null;
}
