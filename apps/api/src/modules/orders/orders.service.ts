import {
  CANCELLABLE_CARGO_STATUSES,
  MESSAGES,
  PAYMENT_TYPES,
  ORDER_DRAFT_VERSION,
  PD_CONSENT,
  SerializedOrderDraftSchema,
  availableCargoActions,
  cargoStatusLabel,
  checkTrackNumber,
  draftForServer,
  formatLongDate,
  formatPhoneSpaced,
  formatRub,
  isCargoStatus,
  isClosedCargoStatus,
  maskName,
  maskPhone,
  restoreDraft,
  shipmentView,
  type CargoStatus,
  type SerializedOrderDraft,
  type ProfilePermission,
  PROFILE_PERMISSIONS,
  ROLE_PERMISSIONS,
  roleCan,
} from '@freight/domain';
import type {
  AvailableActions,
  CargoDetails,
  CargoListItem,
  CargoListQuery,
  CargoListResponse,
  DraftResponse,
  PaymentStatus,
  TrackingResponse,
} from '@freight/contracts';
import type { CargoParticipantData, Database } from '@freight/db';
import { AppError } from '../../errors/app-error';
import type { SessionRow } from '../auth/session.repository';
import { findTransportationTypeName } from '../catalog/catalog.repository';
import { recordConsent } from '../consents/consent.service';
import type { Outbox } from '../messaging/outbox.service';
import type { SmsPolicy } from '../messaging/sms-policy';
import { findMembership } from '../profiles/profiles.repository';
import { profileNotFound, requireMembership, requirePermission } from '../profiles/profiles.service';
import * as repo from './orders.repository';
import type { CargoRow, Owner } from './orders.repository';

const O = MESSAGES.orders;

export interface OrdersDeps {
  db: Database;
  outbox: Outbox;
  /** The SMS policy: the confirmation SMS goes through it (decision 010). */
  sms: SmsPolicy;
  /** Order confirmation e-mails per address per hour (ORDER_EMAILS_PER_RECIPIENT_HOUR). */
  orderEmailsPerRecipientHour: number;
  clock: () => Date;
  /** Origin of the site, for the tracking link in the confirmation. */
  publicOrigin: string;
}

/** A call made with an API key (modules/api-keys): the key's creator, acting for the key's profile only. */
export interface KeyCaller {
  kind: 'api_key';
  userId: number;
  profileId: number;
}

/** Who calls: the session of the cookie, an API key, or nobody. */
export type OrdersCaller = SessionRow | KeyCaller | null;

/**
 * The owner behind a caller: a session's user when signed in, else the anonymous session
 * itself; a key's creator pinned to the key's profile.
 */
export function ownerOf(caller: OrdersCaller): Owner | null {
  if (!caller) return null;
  if ('kind' in caller) return { kind: 'user', userId: caller.userId, profileId: caller.profileId };
  return caller.userId !== null ? { kind: 'user', userId: caller.userId } : { kind: 'session', sessionId: caller.id };
}

export function requireOwner(session: OrdersCaller): Owner {
  const owner = ownerOf(session);
  if (!owner) throw new AppError('UNAUTHORIZED', 401, MESSAGES.common.unauthorized);
  return owner;
}

/**
 * Whether `owner` may see the cargo as its owner: a member of the cargo's profile, or the
 * anonymous session that created it.
 */
export async function isOwnedBy(
  db: Database,
  row: Pick<CargoRow, 'ownerUserId' | 'ownerSessionId' | 'ownerProfileId'>,
  owner: Owner | null,
): Promise<boolean> {
  if (!owner) return false;
  if (owner.kind === 'session') return row.ownerUserId === null && row.ownerSessionId === owner.sessionId;
  if (row.ownerProfileId === null) return false;
  return (await findMembership(db, owner.userId, row.ownerProfileId)) !== null;
}

const notFound = () => new AppError('NOT_FOUND', 404, O.cargoNotFound);

/**
 * The caller's cargo by track number; anything else (someone else's, unknown) is 404. With a
 * `permission`, a team member whose role does not allow it gets 403 (an anonymous session owns
 * its cargo wholly).
 */
export async function requireOwnedCargo(
  db: Database,
  owner: Owner,
  trackNumber: string,
  permission?: ProfilePermission,
): Promise<CargoRow> {
  const row = await repo.findOwnedCargo(db, owner, trackNumber);
  if (!row) throw notFound();
  if (permission && owner.kind === 'user' && row.ownerProfileId !== null) {
    const membership = await findMembership(db, owner.userId, row.ownerProfileId);
    if (!membership) throw notFound();
    requirePermission(membership, permission);
  }
  return row;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const status = (row: { status: string }) => row.status as CargoStatus;

function flags(row: Pick<CargoRow, 'paid' | 'paidStorage' | 'partialRelease'>) {
  return { paid: row.paid, paid_storage: row.paidStorage, partial_release: row.partialRelease };
}

/** The start of every cargo answer (list item and details): identity, main status, flags, dates. */
function cargoHead(
  row: Pick<
    CargoRow,
    | 'id'
    | 'trackNumber'
    | 'status'
    | 'statusChangedAt'
    | 'closed'
    | 'createdAt'
    | 'paid'
    | 'paidStorage'
    | 'partialRelease'
  >,
) {
  return {
    id: row.id,
    track_number: row.trackNumber,
    status: status(row),
    status_name: cargoStatusLabel(status(row)),
    status_changed_at: row.statusChangedAt.toISOString(),
    closed: row.closed,
    flags: flags(row),
    created_at: row.createdAt.toISOString(),
  };
}

// ---- drafts -------------------------------------------------------------------------------------------

/** Whether a stored draft payload carries the personal-data consent. */
function hasConsent(payload: unknown): boolean {
  const parsed = SerializedOrderDraftSchema.safeParse(payload);
  return parsed.success && parsed.data.draft.consent;
}

function toDraftResponse(row: { payload: unknown; updatedAt: Date } | null): DraftResponse {
  if (!row) return { draft: null, updated_at: null };
  const parsed = SerializedOrderDraftSchema.safeParse(row.payload);
  // A draft saved by an older shape is restored section by section, never handed out broken.
  const stored = parsed.success ? parsed.data.draft : restoreDraft(JSON.stringify(row.payload));
  // A row saved before the consent rule (docs/architecture.md, consent) is answered by it too.
  return {
    draft: { version: ORDER_DRAFT_VERSION, draft: draftForServer(stored) },
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function getDraft(deps: OrdersDeps, session: SessionRow | null): Promise<DraftResponse> {
  return toDraftResponse(await repo.findDraft(deps.db, requireOwner(session)));
}

/**
 * PUT /requests/draft: stores what `draftForServer` keeps (152-FZ) — without `draft.consent` the
 * participants' details and the door addresses of natural persons are dropped before anything is
 * written — and answers the stored draft. A save that brings the consent to a draft that had none
 * records it (PD_CONSENT, channel `order_draft`) in the same transaction, as the proof that the
 * personal data now kept was agreed to; later saves with the tick record nothing more.
 */
export async function putDraft(
  deps: OrdersDeps,
  session: SessionRow | null,
  input: SerializedOrderDraft,
  client: { ip: string | null; userAgent: string | null },
): Promise<DraftResponse> {
  const owner = requireOwner(session);
  const payload: SerializedOrderDraft = { version: ORDER_DRAFT_VERSION, draft: draftForServer(input.draft) };
  const updatedAt = await deps.db.transaction(async (rawTx) => {
    const tx = rawTx as unknown as Database;
    // Locked: a save racing this one on the same row waits, and then sees the tick this one stored.
    const before = await repo.findDraft(tx, owner, { lock: true });
    if (payload.draft.consent && !(before && hasConsent(before.payload))) {
      await recordConsent(tx, {
        document: PD_CONSENT,
        channel: 'order_draft',
        sessionId: session?.id ?? null,
        userId: session?.userId ?? null,
        ...client,
      });
    }
    return repo.saveDraft(tx, owner, payload, deps.clock());
  });
  return toDraftResponse({ payload, updatedAt });
}

export async function deleteDraft(deps: OrdersDeps, session: SessionRow | null): Promise<void> {
  await repo.deleteDraft(deps.db, requireOwner(session));
}

// ---- the list ---------------------------------------------------------------------------------------------

/** Moscow has been UTC+3 all year since 2014: list dates are the carrier's calendar days. */
const dayStart = (isoDate: string) => new Date(`${isoDate}T00:00:00+03:00`);
const DAY_MS = 86_400_000;

/**
 * Which profiles' cargos a list shows (issue 15): `owner_id_profile` (an account_uuid of one of
 * the user's profiles; someone else's is 404), else every profile of the user with
 * `all_profiles=true`, else the active profile. An anonymous session sees its own orders; an API
 * key the orders of its profile.
 */
export async function listProfileScope(
  db: Database,
  owner: Owner,
  query: Pick<CargoListQuery, 'all_profiles' | 'owner_id_profile'>,
): Promise<repo.CargoListFilter['profileIds']> {
  if (owner.kind === 'session') return undefined;
  if (owner.profileId !== undefined) {
    // An API key sees its own profile only: naming another one is 404, as a profile not one's own.
    if (query.owner_id_profile) {
      const named = await requireMembership(db, owner.userId, query.owner_id_profile, 'owner_id_profile');
      if (named.profileId !== owner.profileId) throw profileNotFound('owner_id_profile');
    }
    return [owner.profileId];
  }
  if (query.owner_id_profile) {
    return [(await requireMembership(db, owner.userId, query.owner_id_profile, 'owner_id_profile')).profileId];
  }
  if (query.all_profiles) return undefined;
  // Resolved inside the list's own statement (bench:cargo: one round trip per page).
  return { activeOf: owner.userId };
}

/**
 * The list's filter and order from its query (shared by the list and its export): unknown
 * statuses are 400, a complete track number is matched exactly, no sort flag means newest first.
 */
export function cargoListFilter(
  owner: Owner,
  query: Omit<CargoListQuery, 'skip' | 'limit'>,
  profileIds?: repo.CargoListFilter['profileIds'],
) {
  const unknown = query.cargo_statuses.filter((s) => !isCargoStatus(s));
  if (unknown.length > 0) {
    throw new AppError('VALIDATION_FAILED', 400, MESSAGES.common.validationFailed, {
      cargo_statuses: MESSAGES.orderList.queryInvalid,
    });
  }
  const track = query.tracknumber ? checkTrackNumber(query.tracknumber) : null;
  const sortBy = query.sort_by_price ? 'price' : query.sort_by_status_date ? 'status_date' : 'date';
  // No sort flag at all: newest first, the list's default.
  const anyFlag = query.sort_by_date || query.sort_by_price || query.sort_by_status_date;
  return {
    owner,
    profileIds,
    tracknumber: track?.ok ? track.value : query.tracknumber?.toUpperCase(),
    exactTrack: track?.ok ?? false,
    sender: query.sender,
    recipient: query.recipient,
    cityDeparture: query.city_departure,
    cityDelivery: query.city_delivery,
    from: query.start_date ? dayStart(query.start_date) : undefined,
    to: query.end_date ? new Date(dayStart(query.end_date).getTime() + DAY_MS) : undefined,
    statuses: [...new Set(query.cargo_statuses)],
    excludeClosed: query.exclude_closed,
    favoriteOnly: query.favorite,
    sortBy,
    descending: anyFlag ? query.reverse_sort_by : true,
  } satisfies Omit<repo.CargoListFilter, 'skip' | 'limit'>;
}

export async function listCargo(
  deps: OrdersDeps,
  session: OrdersCaller,
  query: CargoListQuery,
): Promise<CargoListResponse> {
  const owner = requireOwner(session);
  const rows = await repo.listCargo(deps.db, {
    ...cargoListFilter(owner, query, await listProfileScope(deps.db, owner, query)),
    skip: query.skip,
    limit: query.limit,
  });
  const items: CargoListItem[] = rows.map((row) => ({
    ...cargoHead(row),
    city_departure: row.cityDepartureName,
    city_delivery: row.cityDeliveryName,
    sender_name: row.senderName,
    recipient_name: row.recipientName,
    price_kopecks: row.priceKopecks,
    price_text: formatRub(row.priceKopecks),
    payment_type: row.paymentType as CargoListItem['payment_type'],
    planned_arrival_date: row.plannedArrivalDate,
    quantity: row.quantity,
    weight: row.weightKg,
    volume: row.volumeM3,
    favorite: Boolean(row.favorite),
  }));
  return { items, skip: query.skip, limit: query.limit, has_more: items.length === query.limit };
}

// ---- one cargo --------------------------------------------------------------------------------------------

function participant(data: CargoParticipantData | null) {
  if (!data) return null;
  return {
    type: data.type,
    name: data.name,
    phone: data.phone ? formatPhoneSpaced(data.phone) : null,
    email: data.email,
    inn: data.inn,
    kpp: data.kpp,
  };
}

async function routePoints(db: Database, row: CargoRow, full: boolean) {
  const view = shipmentView(row);
  const offices = await repo.findOffices(
    db,
    [view.departure.office_id, view.delivery.office_id].filter((id): id is number => id !== null),
  );
  const point = (side: 'departure' | 'delivery', cityId: number) => {
    const { type, city, office_id: officeId, address } = view[side];
    const office = officeId !== null ? offices.get(officeId) : undefined;
    return {
      type,
      city: { id: cityId, name: city.name },
      office: office ? { id: office.id, name: office.name } : null,
      address: full ? (type === 'address' ? address : (office?.address ?? null)) : null,
    };
  };
  return { departure: point('departure', row.cityDepartureId), delivery: point('delivery', row.cityDeliveryId) };
}

async function history(db: Database, cargoId: number) {
  const rows = await repo.findHistory(db, cargoId);
  return rows.map((h) => ({
    status: h.status as CargoStatus,
    status_name: cargoStatusLabel(h.status as CargoStatus),
    at: h.at.toISOString(),
    office: h.officeId !== null ? { id: h.officeId, name: h.officeName ?? '', city: h.cityName ?? '' } : null,
    comment: h.comment,
  }));
}

export async function getCurrentCargo(
  deps: OrdersDeps,
  session: OrdersCaller,
  trackNumber: string,
): Promise<CargoDetails> {
  const owner = requireOwner(session);
  const row = await requireOwnedCargo(deps.db, owner, trackNumber);
  const view = shipmentView(row);
  const [points, timeline, favorite, rating, transportName, membership] = await Promise.all([
    routePoints(deps.db, row, true),
    history(deps.db, row.id),
    repo.isFavorite(deps.db, row.id),
    repo.findRating(deps.db, row.id),
    findTransportationTypeName(deps.db, view.transportation_type),
    owner.kind === 'user' && row.ownerProfileId !== null
      ? findMembership(deps.db, owner.userId, row.ownerProfileId)
      : null,
  ]);
  return {
    ...cargoHead(row),
    ...points,
    planned_dispatch_date: row.plannedDispatchDate,
    planned_arrival_date: row.plannedArrivalDate,
    cargo: view.cargo,
    cargo_type: view.cargo_type,
    // The name is the catalogue's (GET duty_transportation/transportation_type), never a copy.
    transportation_type: { code: view.transportation_type, name: transportName ?? view.transportation_type },
    payment_type: row.paymentType as CargoDetails['payment_type'],
    payer: row.payerRole,
    sender: participant(row.sender)!,
    recipient: participant(row.recipient)!,
    payer_participant: participant(row.payer),
    customer_participant: participant(row.customer),
    price_kopecks: row.priceKopecks,
    price_text: formatRub(row.priceKopecks),
    lines: row.priceLines,
    history: timeline,
    driver_assigned: row.driverAssignedAt !== null,
    favorite,
    rating: rating?.rating ?? null,
    owner_profile: membership
      ? {
          account_uuid: membership.accountUuid,
          name: membership.kind === 'legal' ? membership.name : MESSAGES.team.personalProfileName,
          kind: membership.kind,
        }
      : null,
    permissions: membership ? [...ROLE_PERMISSIONS[membership.role]] : [...PROFILE_PERMISSIONS],
  };
}

export async function paymentStatus(
  deps: OrdersDeps,
  session: OrdersCaller,
  trackNumber: string,
): Promise<PaymentStatus> {
  const row = await requireOwnedCargo(deps.db, requireOwner(session), trackNumber);
  const due = row.paid || status(row) === 'cancelled' ? 0 : row.priceKopecks;
  return {
    track_number: row.trackNumber,
    paid: row.paid,
    paid_storage: row.paidStorage,
    payment_type: row.paymentType,
    payment_type_name: PAYMENT_TYPES.find((p) => p.value === row.paymentType)?.label ?? row.paymentType,
    price_kopecks: row.priceKopecks,
    price_text: formatRub(row.priceKopecks),
    due_kopecks: due,
    due_text: formatRub(due),
    paid_at: iso(row.paidAt),
  };
}

export async function availableActions(
  deps: OrdersDeps,
  session: SessionRow | null,
  trackNumber: string,
): Promise<AvailableActions> {
  const owner = requireOwner(session);
  const row = await requireOwnedCargo(deps.db, owner, trackNumber);
  const [rating, favorite, membership] = await Promise.all([
    repo.findRating(deps.db, row.id),
    repo.isFavorite(deps.db, row.id),
    owner.kind === 'user' && row.ownerProfileId !== null
      ? findMembership(deps.db, owner.userId, row.ownerProfileId)
      : null,
  ]);
  const codes = availableCargoActions({
    status: status(row),
    rated: rating !== null,
    driverAssigned: row.driverAssignedAt !== null,
    canManage: membership ? roleCan(membership.role, 'cargo.manage') : true,
    canCreate: membership ? roleCan(membership.role, 'cargo.create') : true,
  });
  return {
    track_number: row.trackNumber,
    status: status(row),
    actions: codes.map((code) => ({
      code,
      name: code === 'favorite' && favorite ? O.actions.unfavorite : O.actions[code],
    })),
  };
}

export async function cancelCargo(deps: OrdersDeps, session: SessionRow | null, trackNumber: string) {
  const row = await requireOwnedCargo(deps.db, requireOwner(session), trackNumber, 'cargo.manage');
  const changed = await deps.db.transaction(async (tx) =>
    repo.changeStatus(
      tx as unknown as Database,
      row.id,
      CANCELLABLE_CARGO_STATUSES,
      'cancelled',
      deps.clock(),
      O.cancelComment,
    ),
  );
  if (!changed) throw new AppError('CONFLICT', 409, O.cancelNotAllowed);
  return { track_number: row.trackNumber, status: 'cancelled' as const, status_name: cargoStatusLabel('cancelled') };
}

/**
 * Changes the sender's or recipient's contacts while the cargo is not finished (the carrier's
 * drivers and terminals read them from here). The new details are someone's personal data: the
 * consent (the body's `consent: true`, checked by the schema) is recorded in the same
 * transaction and the cargo links to it from then on. Answers the updated cargo.
 */
export async function changeContacts(
  deps: OrdersDeps,
  session: SessionRow | null,
  trackNumber: string,
  input: { participant: 'sender' | 'recipient'; name: string; phone: string; email?: string | undefined },
  client: { ip: string | null; userAgent: string | null },
): Promise<CargoDetails> {
  const owner = requireOwner(session);
  const row = await requireOwnedCargo(deps.db, owner, trackNumber, 'cargo.manage');
  if (isClosedCargoStatus(status(row))) throw new AppError('CONFLICT', 409, O.contactsNotAllowed);
  const current = row[input.participant];
  const next: CargoParticipantData = {
    ...current,
    name: input.name,
    phone: input.phone,
    email: input.email === undefined ? current.email : input.email || null,
  };
  await deps.db.transaction(async (rawTx) => {
    const tx = rawTx as unknown as Database;
    const consentId = await recordConsent(tx, {
      document: PD_CONSENT,
      channel: 'cargo_contacts',
      sessionId: session?.id ?? null,
      userId: session?.userId ?? null,
      ...client,
    });
    // Closed meanwhile: the error rolls the consent back with the change that did not happen.
    const changed = await repo.updateParticipant(tx, row.id, input.participant, next, consentId);
    if (!changed) throw new AppError('CONFLICT', 409, O.contactsNotAllowed);
  });
  return getCurrentCargo(deps, session, row.trackNumber);
}

// ---- rating, favourite, driver ---------------------------------------------------------------------------------

function ratingBody(trackNumber: string, rating: { rating: number; comment: string | null; createdAt: Date }) {
  return {
    track_number: trackNumber,
    rating: rating.rating,
    comment: rating.comment,
    created_at: rating.createdAt.toISOString(),
  };
}

export async function getRating(deps: OrdersDeps, session: SessionRow | null, trackNumber: string) {
  const row = await requireOwnedCargo(deps.db, requireOwner(session), trackNumber);
  const rating = await repo.findRating(deps.db, row.id);
  return {
    rating: rating ? ratingBody(row.trackNumber, rating) : null,
    can_rate: rating === null && status(row) === 'released',
  };
}

export async function rateCargo(
  deps: OrdersDeps,
  session: SessionRow | null,
  input: { track_number: string; rating: number; comment: string | null },
) {
  const owner = requireOwner(session);
  const row = await requireOwnedCargo(deps.db, owner, input.track_number, 'cargo.manage');
  if (status(row) !== 'released') throw new AppError('CONFLICT', 409, O.ratingNotAllowed);
  const inserted = await repo.insertRating(deps.db, {
    cargoId: row.id,
    userId: owner.kind === 'user' ? owner.userId : null,
    rating: input.rating,
    comment: input.comment,
    createdAt: deps.clock(),
  });
  if (!inserted) throw new AppError('CONFLICT', 409, O.ratingExists);
  return ratingBody(row.trackNumber, inserted);
}

export async function toggleFavorite(deps: OrdersDeps, session: SessionRow | null, trackNumber: string) {
  const row = await requireOwnedCargo(deps.db, requireOwner(session), trackNumber, 'cargo.manage');
  const favorite = await repo.toggleFavorite(deps.db, row.id, deps.clock());
  return { track_number: row.trackNumber, favorite };
}

export async function driverInfo(deps: OrdersDeps, session: SessionRow | null, trackNumber: string) {
  const row = await requireOwnedCargo(deps.db, requireOwner(session), trackNumber);
  if (row.driverAssignedAt === null || !row.driverName || !row.driverPhone) {
    throw new AppError('NOT_FOUND', 404, O.driverNotAssigned);
  }
  return {
    track_number: row.trackNumber,
    name: row.driverName,
    phone: formatPhoneSpaced(row.driverPhone),
    vehicle_model: row.vehicleModel,
    vehicle_plate: row.vehiclePlate,
  };
}

// ---- public tracking -----------------------------------------------------------------------------------------

/**
 * Public tracking: status, flags, timeline with office cities, route and planned arrival for
 * anyone who knows the number; names and phones masked and addresses and price hidden unless
 * the caller owns the cargo. An unknown or malformed number is 404 with a clear message.
 */
export async function tracking(
  deps: OrdersDeps,
  session: SessionRow | null,
  rawTrackNumber: string,
): Promise<TrackingResponse> {
  const check = checkTrackNumber(rawTrackNumber);
  const shown = rawTrackNumber.trim().slice(0, 40);
  if (!check.ok) throw new AppError('NOT_FOUND', 404, O.trackNotFound(shown || '—'));
  const row = await repo.findCargoByTrack(deps.db, check.value);
  if (!row) throw new AppError('NOT_FOUND', 404, O.trackNotFound(check.value));
  const owner = await isOwnedBy(deps.db, row, ownerOf(session));
  const [points, timeline] = await Promise.all([routePoints(deps.db, row, owner), history(deps.db, row.id)]);
  const measures = shipmentView(row).cargo;
  const person = (data: CargoParticipantData) =>
    owner
      ? { name: data.name ?? '', phone: data.phone ? formatPhoneSpaced(data.phone) : '' }
      : { name: maskName(data.name), phone: maskPhone(data.phone) };
  return {
    track_number: row.trackNumber,
    is_owner: owner,
    status: status(row),
    status_name: cargoStatusLabel(status(row)),
    status_changed_at: row.statusChangedAt.toISOString(),
    closed: isClosedCargoStatus(status(row)),
    flags: flags(row),
    created_at: row.createdAt.toISOString(),
    ...points,
    planned_arrival_date: row.plannedArrivalDate,
    planned_arrival_text: row.plannedArrivalDate ? formatLongDate(row.plannedArrivalDate) : null,
    cargo: { quantity: measures.quantity, weight: measures.weight, volume: measures.volume },
    sender: person(row.sender),
    recipient: person(row.recipient),
    price_text: owner ? formatRub(row.priceKopecks) : null,
    history: timeline.map((h) => ({
      status: h.status,
      status_name: h.status_name,
      at: h.at,
      city: h.office?.city ?? null,
      office: h.office?.name ?? null,
    })),
  };
}
