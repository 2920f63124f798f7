import { createHash } from 'node:crypto';
import {
  INITIAL_CARGO_STATUS,
  MESSAGES,
  cargoStatusLabel,
  apiFieldsToDraftPaths,
  draftToCalculatorRequest,
  shipmentRecord,
  toDraftPath,
  formatLongDate,
  formatPhoneSpaced,
  formatRub,
  generateTrackNumber,
  normalizePhone,
  PD_CONSENT,
  participantType,
  participantsToFill,
  toIsoDate,
  trackingPath,
  validateOrderDraft,
  type CalculatorRequest,
  type OrderDraft,
  type ParticipantKey,
} from '@freight/domain';
import {
  FullCalculatorRequestSchema,
  type FullCalculatorResponse,
  type RequestCreateResponse,
} from '@freight/contracts';
import { defaultContractFor, type CargoParticipantData, type Database } from '@freight/db';
import { AppError } from '../../errors/app-error';
import { findActiveUserById, type UserRow } from '../auth/identity.repository';
import { recordConsent } from '../consents/consent.service';
import { enqueueCappedEmail } from '../messaging/sms-policy';
import { fullCalculation } from '../pricing/pricing.service';
import * as repo from './orders.repository';
import type { Owner } from './orders.repository';
import { requireOwner, type OrdersCaller, type OrdersDeps } from './orders.service';
import { profileForNewCargo } from '../profiles/profiles.service';

const O = MESSAGES.orders;

/** Where a request came from: recorded with the personal-data consent (152-FZ proof of consent). */
export interface RequestClient {
  ip: string | null;
  userAgent: string | null;
}

/** What request_create answers: the status and the JSON body (a replay gives the first ones). */
export interface CreateResult {
  status: number;
  body: unknown;
  replayed: boolean;
}

/** JSON with object keys sorted, so the same body always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body), 'utf8').digest('hex');
}

function replay(row: repo.IdempotencyRow, hash: string): CreateResult {
  if (row.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED', 422, O.idempotencyKeyMismatch);
  if (row.state !== 'done' || row.responseStatus === null) {
    throw new AppError('CONFLICT', 409, O.idempotencyInFlight, undefined, { 'retry-after': '2' });
  }
  return { status: row.responseStatus, body: row.responseBody, replayed: true };
}

// ---- turning a draft into an order --------------------------------------------------------------------

/** Error fields of the pricing API onto draft paths: the shipment's one mapper (domain). */
function mapFields(fields: Record<string, string> | undefined): Record<string, string> {
  const mapped = apiFieldsToDraftPaths(fields);
  return { ...mapped.rest, ...mapped.fields };
}

// The cargo import (cargo-import.ts) maps one field at a time.
export { toDraftPath };

const invalid = (fields: Record<string, string>, status = 400) =>
  new AppError('VALIDATION_FAILED', status, MESSAGES.common.validationFailed, fields);

/** A verified client's empty sender details come from their profile. */
function prefillSender(draft: OrderDraft, user: UserRow | null): OrderDraft {
  if (!user) return draft;
  const sender = draft.contacts.sender;
  return {
    ...draft,
    contacts: {
      ...draft.contacts,
      sender: {
        ...sender,
        name: sender.name.trim() || (user.name ?? ''),
        phone: sender.phone.trim() || (user.phone ?? ''),
        email: sender.email.trim() || (user.email ?? ''),
      },
    },
  };
}

function participantData(draft: OrderDraft, key: ParticipantKey): CargoParticipantData {
  const details = draft.contacts[key];
  const type = participantType(draft, key);
  const company = type !== 'individual';
  return {
    type,
    name: details.name.trim() || null,
    phone: normalizePhone(details.phone) ?? (details.phone.trim() || null),
    email: details.email.trim() || null,
    inn: company ? details.inn.trim() || null : null,
    kpp: type === 'legal' ? details.kpp.trim() || null : null,
  };
}

/** Payer and customer: the sender's or recipient's details, or their own as a third party. */
function roleParticipant(draft: OrderDraft, key: 'payer' | 'customer'): CargoParticipantData {
  const role = draft.participants[key];
  if (role === 'third_party') return participantData(draft, key);
  return { ...participantData(draft, role), type: participantType(draft, key) };
}

export interface PreparedOrder {
  draft: OrderDraft;
  /** The full-calculation body the price was computed from (after the contracts schema). */
  request: CalculatorRequest;
  price: FullCalculatorResponse;
  dispatchDate: string;
  arrivalDate: string;
  departureOfficeId: number | null;
  deliveryOfficeId: number | null;
  user: UserRow | null;
}

async function officeId(
  db: Database,
  ref: { id: string } | null,
  cityId: number,
  path: string,
  fields: Record<string, string>,
): Promise<number | null> {
  if (!ref) return null;
  const id = /^\d{1,9}$/.test(ref.id) ? Number(ref.id) : NaN;
  const offices = Number.isNaN(id) ? new Map() : await repo.findOfficesInCity(db, [id], cityId);
  if (!offices.has(id)) {
    fields[path] = O.officeUnknown;
    return null;
  }
  return id;
}

/**
 * Validates the draft with the wizard's own rules (the verified client's sender filled from the
 * profile first), prices it again with the pricing engine, and resolves the terminals. Throws
 * 400 with fields keyed by draft path, or 404/422 from pricing mapped the same way.
 */
export async function prepareOrder(deps: OrdersDeps, owner: Owner, input: OrderDraft): Promise<PreparedOrder> {
  const now = deps.clock();
  const user = owner.kind === 'user' ? await findActiveUserById(deps.db, owner.userId) : null;
  const draft = prefillSender(input, user?.isVerified ? user : null);
  const errors = validateOrderDraft(draft, undefined, { today: toIsoDate(now) ?? undefined });
  if (!normalizePhone(draft.contacts.sender.phone)) {
    errors['contacts.sender.phone'] ??= O.senderPhoneRequired;
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);

  const request = draftToCalculatorRequest(draft);
  if (!request) throw invalid({ 'cargo.weight': O.cargoMeasuresRequired });
  const parsed = FullCalculatorRequestSchema.safeParse(request);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[issue.path.join('.')] ??= issue.message;
    throw invalid(mapFields(fields));
  }
  let price: FullCalculatorResponse;
  try {
    price = await fullCalculation(
      { db: deps.db, now, userId: user?.isVerified ? user.id : null },
      { ...parsed.data, is_logged: Boolean(user?.isVerified) },
    );
  } catch (error) {
    if (error instanceof AppError) {
      throw new AppError(error.code, error.statusCode, error.message, mapFields(error.fields), error.headers);
    }
    throw error;
  }
  if (draft.promocode && price.promocode_error) {
    throw invalid({ promocode: O.promoUnavailable(price.promocode_error) }, 422);
  }
  const fields: Record<string, string> = {};
  const departureOfficeId = await officeId(
    deps.db,
    draft.destination.departure_type === 'warehouse' ? draft.destination.subdivision_departure : null,
    price.city_from.id,
    'destination.subdivision_departure',
    fields,
  );
  const deliveryOfficeId = await officeId(
    deps.db,
    draft.destination.delivery_type === 'warehouse' ? draft.destination.subdivision_delivery : null,
    price.city_to.id,
    'destination.subdivision_delivery',
    fields,
  );
  if (Object.keys(fields).length > 0) throw invalid(fields);

  // The plan is the full calculation's: its body carries the chosen pick-up and delivery dates
  // (draftToCalculatorRequest), so what the review showed is what is stored (planArrival).
  return {
    draft,
    request: parsed.data,
    price,
    dispatchDate: price.dispatch_date,
    arrivalDate: price.arrival_date,
    departureOfficeId,
    deliveryOfficeId,
    user,
  };
}

/**
 * Sends the order confirmation (decision 010) and says where it went. By SMS only to a phone
 * proven by a code — the signed-in verified client's own account phone — through the SMS policy
 * (Russian mobile numbers, hourly budgets); the sender phone typed into the order never gets
 * one. Otherwise (an anonymous order, or the SMS refused) by e-mail when there is an address
 * (the account's, else the sender's), at most `orderEmailsPerRecipientHour` per address per
 * hour. Otherwise nothing: the done page is the confirmation.
 */
async function sendConfirmation(
  tx: Database,
  deps: OrdersDeps,
  input: {
    draft: OrderDraft;
    user: UserRow | null;
    trackNumber: string;
    priceKopecks: number;
    ip: string | null;
  },
  now: Date,
): Promise<RequestCreateResponse['notification']> {
  const { draft, trackNumber } = input;
  const user = input.user?.isVerified ? input.user : null;
  const url = `${deps.publicOrigin}${trackingPath(trackNumber)}`;
  const accountPhone = user?.phone ? normalizePhone(user.phone) : null;
  if (accountPhone) {
    const text = O.confirmationSms(trackNumber, url);
    const sms = await deps.sms.send(tx, {
      to: accountPhone,
      body: text,
      bodyRedacted: text,
      kind: 'order_created',
      ip: input.ip,
    });
    if (sms.sent) return { channel: 'sms', to: formatPhoneSpaced(accountPhone) };
  }
  const email = user?.email ?? (draft.contacts.sender.email.trim() || null);
  if (email) {
    const text = O.confirmationEmail(trackNumber, formatRub(input.priceKopecks), url);
    const queued = await enqueueCappedEmail(
      tx,
      deps.outbox,
      {
        to: email,
        subject: O.confirmationEmailSubject(trackNumber),
        body: text,
        bodyRedacted: text,
        kind: 'order_created',
      },
      { perRecipientHour: deps.orderEmailsPerRecipientHour, now },
    );
    if (queued) return { channel: 'email', to: email };
  }
  return null;
}

const TRACK_ATTEMPTS = 10;

async function insertWithTrackNumber(db: Database, values: Omit<repo.CargoInsertRow, 'trackNumber'>) {
  for (let attempt = 0; attempt < TRACK_ATTEMPTS; attempt += 1) {
    const row = await repo.insertCargo(db, { ...values, trackNumber: generateTrackNumber() });
    if (row) return row;
  }
  throw new Error('No free track number after several attempts');
}

/** How an order is created besides request_create itself (the import of a file, issue #14). */
export interface CreateRequestOptions {
  /** Send the confirmation SMS / e-mail (default true; the import sends none per row). */
  notify?: boolean;
  /** Keep the wizard's draft (default false: a created order replaces it). */
  keepDraft?: boolean;
}

/**
 * POST request_create. Idempotency (Stripe / brandur): a key already completed for this caller
 * replays its first answer, or 422 when the body differs. A new key is claimed inside the
 * transaction that creates the cargo: a concurrent duplicate's insert waits on the unique index
 * until the first commits, then finds the finished key and replays it, so 20 identical
 * submissions create exactly one cargo. A failed attempt (validation, exhausted promo code)
 * rolls back with its key, so the client may fix the order and retry with the same key.
 * Every order needs `draft.consent` (validateOrderDraft, field `consent`); the consent is
 * recorded in the transaction that creates the cargo and linked from it, so a replay records none.
 */
export async function createRequest(
  deps: OrdersDeps,
  session: OrdersCaller,
  key: string,
  body: { draft: OrderDraft },
  client: RequestClient,
  options: CreateRequestOptions = {},
): Promise<CreateResult> {
  const owner = requireOwner(session);
  const scope = repo.ownerScope(owner);
  const hash = requestHash(body);
  const existing = await repo.findIdempotencyKey(deps.db, scope, key);
  if (existing) return replay(existing, hash);

  const prepared = await prepareOrder(deps, owner, body.draft);
  const now = deps.clock();
  let outcome: { created: RequestCreateResponse } | { replayOf: repo.IdempotencyRow | null };
  try {
    outcome = await deps.db.transaction(async (rawTx) => {
      const tx = rawTx as unknown as Database;
      await repo.setLockTimeout(tx, 10_000);
      if (!(await repo.claimIdempotencyKey(tx, scope, key, hash, now))) {
        return { replayOf: await repo.findIdempotencyKey(tx, scope, key) };
      }
      const consentId = await recordConsent(tx, {
        document: PD_CONSENT,
        channel: 'order',
        // A call with an API key has no session: the consent is the key's creator's.
        sessionId: session && !('kind' in session) ? session.id : null,
        userId: session?.userId ?? null,
        ...client,
      });
      const created = await createCargo(tx, deps, owner, prepared, now, consentId, client.ip, options.notify ?? true);
      await repo.completeIdempotencyKey(tx, scope, key, 201, created, now);
      if (!options.keepDraft) await repo.deleteDraft(tx, owner);
      return { created };
    });
  } catch (error) {
    if (repo.isLockTimeout(error)) {
      throw new AppError('CONFLICT', 409, O.idempotencyInFlight, undefined, { 'retry-after': '2' });
    }
    throw error;
  }
  if ('replayOf' in outcome) {
    if (!outcome.replayOf) throw new AppError('CONFLICT', 409, O.idempotencyInFlight);
    return replay(outcome.replayOf, hash);
  }
  deps.outbox.wake();
  return { status: 201, body: outcome.created, replayed: false };
}

async function createCargo(
  tx: Database,
  deps: OrdersDeps,
  owner: Owner,
  prepared: PreparedOrder,
  now: Date,
  consentId: number,
  ip: string | null,
  notify: boolean,
): Promise<RequestCreateResponse> {
  const { draft, price, user } = prepared;
  let promoCodeId: number | null = null;
  if (draft.promocode && price.lines.some((line) => line.code === 'promocode')) {
    const used = await repo.usePromoCode(tx, draft.promocode);
    // Used up between the price and this insert (the last use went to a concurrent order).
    if (!used) {
      throw invalid(
        { promocode: O.promoUnavailable(MESSAGES.pricing.promoExhausted(draft.promocode.toUpperCase())) },
        422,
      );
    }
    promoCodeId = used.id;
  }
  const sender = participantData(draft, 'sender');
  const recipient = participantData(draft, 'recipient');
  const customer = roleParticipant(draft, 'customer');
  // The shipment columns come from the priced request: what is stored is what was priced.
  const shipment = shipmentRecord(prepared.request, draft, {
    cityFrom: price.city_from,
    cityTo: price.city_to,
    departureOfficeId: prepared.departureOfficeId,
    deliveryOfficeId: prepared.deliveryOfficeId,
  });
  const payer = roleParticipant(draft, 'payer');
  // An API key's order belongs to the key's profile; a session user's is chosen by its parties.
  const ownerProfileId =
    owner.kind === 'user' ? (owner.profileId ?? (await profileForNewCargo(tx, owner.userId, [payer, customer]))) : null;
  // A bank-transfer order of a known profile is charged to the profile's default contract (issue 16).
  const contractId =
    draft.paymentType === 'non_cash' && ownerProfileId !== null
      ? await defaultContractFor(tx, ownerProfileId, toIsoDate(now)!)
      : null;
  const row = await insertWithTrackNumber(tx, {
    ownerUserId: owner.kind === 'user' ? owner.userId : null,
    ownerProfileId,
    contractId,
    ownerSessionId: owner.kind === 'session' ? owner.sessionId : null,
    status: INITIAL_CARGO_STATUS,
    statusChangedAt: now,
    ...shipment,
    paymentType: draft.paymentType,
    payerRole: draft.participants.payer,
    customerRole: draft.participants.customer,
    sender,
    recipient,
    payer,
    customer,
    senderName: sender.name,
    recipientName: recipient.name,
    details: { ...shipment.details, time: draft.time, filled: participantsToFill(draft) },
    priceKopecks: price.total_kopecks,
    priceLines: price.lines,
    vatKopecks: price.vat_kopecks,
    promoCodeId,
    plannedDispatchDate: prepared.dispatchDate,
    plannedArrivalDate: prepared.arrivalDate,
    consentId,
    createdAt: now,
  });
  await repo.insertHistory(tx, [
    {
      cargoId: row.id,
      status: INITIAL_CARGO_STATUS,
      at: now,
      officeId: prepared.departureOfficeId,
      comment: O.createdComment,
    },
  ]);
  const notification = notify
    ? await sendConfirmation(
        tx,
        deps,
        { draft, user, trackNumber: row.trackNumber, priceKopecks: price.total_kopecks, ip },
        now,
      )
    : null;
  return {
    track_number: row.trackNumber,
    status: INITIAL_CARGO_STATUS,
    status_name: cargoStatusLabel(INITIAL_CARGO_STATUS),
    price_kopecks: price.total_kopecks,
    price_text: formatRub(price.total_kopecks),
    lines: price.lines,
    vat_kopecks: price.vat_kopecks,
    vat_included: price.vat_included,
    promocode_error: price.promocode_error,
    transportation_type: { code: price.transportation_type.code, name: price.transportation_type.name },
    terms: price.terms,
    dispatch_date: prepared.dispatchDate,
    arrival_date: prepared.arrivalDate,
    arrival_date_text: formatLongDate(prepared.arrivalDate),
    ...(price.arrival_note ? { arrival_note: price.arrival_note } : {}),
    city_from: { id: price.city_from.id, name: price.city_from.name },
    city_to: { id: price.city_to.id, name: price.city_to.name },
    created_at: now.toISOString(),
    tracking_path: trackingPath(row.trackNumber),
    notification,
  };
}
