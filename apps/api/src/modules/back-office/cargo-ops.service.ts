import {
  MESSAGES,
  PAYMENT_TYPES,
  canTransition,
  cargoStatusLabel,
  cargoStatusOf,
  checkTrackNumber,
  formatDateTime,
  formatPhoneSpaced,
  formatRub,
  isClosedCargoStatus,
  type CargoStatus,
} from '@freight/domain';
import { checkStatusAt, nextCargoStatuses, parseCargoSearch } from '@freight/domain/back-office-cargo';
import { emitCargoStatusChanged, emitInvoiceIssued, wakeCargoEventQueues } from '../jobs/cargo-events';
import type { JobQueue } from '../jobs/job-queue';
import { BACK_OFFICE_CARGO_TEXTS } from '@freight/domain/texts/back-office-cargo';
import type {
  BoBulkStatusBodySchema,
  BoCancelBodySchema,
  BoCargoDetails,
  BoCargoFlagsBodySchema,
  BoCargoList,
  BoCargoListItem,
  BoCargoListQuery,
  BoCargoParticipant,
  BoDriverBodySchema,
  BoOfficeList,
  BoStatusChangeBodySchema,
} from '@freight/contracts/back-office-cargo';
import { bookCargoStatus, type CargoParticipantData, type Database } from '@freight/db';
import type { z } from 'zod';
import { AppError } from '../../errors/app-error';
import type { Outbox } from '../messaging/outbox.service';
import type { SmsPolicy } from '../messaging/sms-policy';
import { findCargoByTrack, insertHistory } from '../orders/orders.repository';
import * as repo from './cargo-ops.repository';
import type { CargoRow } from './cargo-ops.repository';

const E = BACK_OFFICE_CARGO_TEXTS.errors;

/**
 * Status e-mails per address per hour (kind `cargo_status`): a bulk change over one client's many
 * cargos must not flood their mailbox; the SMS budgets of decision 010 cap the SMS the same way.
 */
export const CARGO_STATUS_EMAILS_PER_RECIPIENT_HOUR = 10;

export interface CargoOpsDeps {
  db: Database;
  clock: () => Date;
  outbox: Outbox;
  /** The one door for SMS (decision 010): mobile numbers only, hourly budgets. */
  sms: SmsPolicy;
  /** Origin of the public site, for the tracking link in notifications. */
  publicOrigin: string;
  statusEmailsPerRecipientHour: number;
  /** Cargo events for notifications and webhooks, sent in the change's transaction (issue 18). */
  jobs: JobQueue;
}

export interface AuditInput {
  action: string;
  entityType: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
}

/** Who acts: the staff member (history rows name them) and their audit writer. */
export interface CargoActor {
  staffId: number;
  /** Appends an audit entry inside the transaction `tx` of the change. */
  audit(tx: Database, entry: AuditInput): Promise<void>;
}

type StatusChangeBody = z.output<typeof BoStatusChangeBodySchema>;
type FlagsBody = z.output<typeof BoCargoFlagsBodySchema>;
type DriverBody = z.output<typeof BoDriverBodySchema>;
type CancelBody = z.output<typeof BoCancelBodySchema>;
type BulkBody = z.output<typeof BoBulkStatusBodySchema>;

const statusOf = (row: { status: string }): CargoStatus => cargoStatusOf(row.status);
const iso = (date: Date | null) => (date ? date.toISOString() : null);
const phoneText = (phone: string | null) => (phone ? formatPhoneSpaced(phone) : null);

const validation = (fields: Record<string, string>) =>
  new AppError('VALIDATION_FAILED', 400, MESSAGES.common.validationFailed, fields);
const conflict = (message: string, fields?: Record<string, string>) => new AppError('CONFLICT', 409, message, fields);

function notFound(raw: string): AppError {
  const shown = raw.trim().slice(0, 40) || '—';
  return new AppError('NOT_FOUND', 404, E.cargoNotFound(shown));
}

/** The canonical track number of a path parameter, or 404 (a malformed one cannot exist). */
function canonicalTrack(raw: string): string {
  const check = checkTrackNumber(raw);
  if (!check.ok) throw notFound(raw);
  return check.value;
}

async function requireCargo(db: Database, raw: string): Promise<CargoRow> {
  const row = await findCargoByTrack(db, canonicalTrack(raw));
  if (!row) throw notFound(raw);
  return row;
}

/** Locks one cargo for the rest of the transaction, or 404. */
async function lockCargo(tx: Database, trackNumber: string): Promise<CargoRow> {
  const [row] = await repo.lockCargos(tx, [trackNumber]);
  if (!row) throw notFound(trackNumber);
  return row;
}

async function requireOffice(db: Database, officeId: number | null | undefined) {
  if (officeId === null || officeId === undefined) return null;
  const office = await repo.findOffice(db, officeId);
  if (!office) throw validation({ office_id: E.officeUnknown });
  return office;
}

type Office = NonNullable<Awaited<ReturnType<typeof repo.findOffice>>>;

// ---- reading ----------------------------------------------------------------------------------------------

function flags(row: Pick<CargoRow, 'paid' | 'paidStorage' | 'partialRelease'>) {
  return { paid: row.paid, paid_storage: row.paidStorage, partial_release: row.partialRelease };
}

function listItem(
  row: Pick<
    repo.StaffCargoListRow,
    | 'trackNumber'
    | 'status'
    | 'closed'
    | 'createdAt'
    | 'statusChangedAt'
    | 'cityDepartureName'
    | 'cityDeliveryName'
    | 'senderName'
    | 'recipientName'
    | 'priceKopecks'
    | 'paid'
    | 'paidStorage'
    | 'partialRelease'
  >,
  owner: { name: string | null; phone: string | null; profileName: string | null },
): BoCargoListItem {
  const status = statusOf(row);
  return {
    track_number: row.trackNumber,
    status,
    status_label: cargoStatusLabel(status),
    closed: row.closed,
    created_at: row.createdAt.toISOString(),
    status_changed_at: row.statusChangedAt.toISOString(),
    city_departure: row.cityDepartureName,
    city_delivery: row.cityDeliveryName,
    sender_name: row.senderName,
    recipient_name: row.recipientName,
    owner: { name: owner.name, phone: phoneText(owner.phone), profile_name: owner.profileName },
    price_kopecks: row.priceKopecks,
    price_text: formatRub(row.priceKopecks),
    flags: flags(row),
  };
}

/**
 * GET cargos: the staff search over every client's cargos. `q` is read by parseCargoSearch (track
 * number or its start, phone, ИНН); text that is none of these finds nothing.
 */
export async function listCargos(deps: CargoOpsDeps, query: BoCargoListQuery): Promise<BoCargoList> {
  const search = query.q ? parseCargoSearch(query.q) : null;
  if (query.q && !search) return { items: [], total: 0, page: query.page, per_page: query.per_page };
  const { rows, total } = await repo.searchCargos(deps.db, {
    search,
    status: query.status,
    sort: query.sort,
    descending: query.desc,
    offset: (query.page - 1) * query.per_page,
    limit: query.per_page,
  });
  return {
    items: rows.map((row) =>
      listItem(row, { name: row.ownerName, phone: row.ownerPhone, profileName: row.profileName }),
    ),
    total,
    page: query.page,
    per_page: query.per_page,
  };
}

function participant(data: CargoParticipantData | null): BoCargoParticipant | null {
  if (!data) return null;
  return {
    type: data.type,
    name: data.name,
    phone: phoneText(data.phone),
    email: data.email,
    inn: data.inn,
    kpp: data.kpp,
  };
}

async function details(db: Database, row: CargoRow): Promise<BoCargoDetails> {
  const status = statusOf(row);
  const officeIds = [row.departureOfficeId, row.deliveryOfficeId].filter((id): id is number => id !== null);
  const [owner, history, offices] = await Promise.all([
    repo.findOwner(db, row.ownerUserId, row.ownerProfileId),
    repo.findStaffHistory(db, row.id),
    repo.findOfficesById(db, officeIds),
  ]);
  const officeRef = (id: number | null) => {
    const office = id !== null ? offices.get(id) : undefined;
    return office ? { id: office.id, name: office.name, address: office.address, city: office.city } : null;
  };
  const driverAssigned = row.driverAssignedAt !== null && row.driverName !== null && row.driverPhone !== null;
  return {
    ...listItem(row, {
      name: owner.user?.name ?? null,
      phone: owner.user?.phone ?? null,
      profileName: owner.profile?.name ?? null,
    }),
    id: row.id,
    route: {
      departure: {
        type: row.departureType,
        city: row.cityDepartureName,
        office: officeRef(row.departureOfficeId),
        address: row.departureAddress,
      },
      delivery: {
        type: row.deliveryType,
        city: row.cityDeliveryName,
        office: officeRef(row.deliveryOfficeId),
        address: row.deliveryAddress,
      },
    },
    planned_dispatch_date: row.plannedDispatchDate,
    planned_arrival_date: row.plannedArrivalDate,
    measures: {
      quantity: row.quantity,
      weight_kg: row.weightKg,
      volume_m3: row.volumeM3,
      length_cm: row.lengthCm,
      width_cm: row.widthCm,
      height_cm: row.heightCm,
    },
    cargo_type: row.cargoType,
    transportation_type: row.transportationType,
    payment_type: row.paymentType,
    payment_type_label: PAYMENT_TYPES.find((p) => p.value === row.paymentType)?.label ?? row.paymentType,
    payer_role: row.payerRole,
    customer_role: row.customerRole,
    participants: {
      sender: participant(row.sender)!,
      recipient: participant(row.recipient)!,
      payer: participant(row.payer),
      customer: participant(row.customer),
    },
    price_lines: row.priceLines.map((line) => ({
      code: line.code,
      title: line.title,
      amount_kopecks: line.amount_kopecks,
      amount_text: formatRub(line.amount_kopecks),
      explanation: line.explanation,
    })),
    vat_kopecks: row.vatKopecks,
    paid_at: iso(row.paidAt),
    driver: driverAssigned
      ? {
          name: row.driverName!,
          phone: formatPhoneSpaced(row.driverPhone),
          vehicle_model: row.vehicleModel,
          vehicle_plate: row.vehiclePlate,
          assigned_at: row.driverAssignedAt!.toISOString(),
        }
      : null,
    owner_user: owner.user
      ? {
          id: owner.user.id,
          name: owner.user.name,
          phone: phoneText(owner.user.phone),
          email: owner.user.email,
          verified: owner.user.isVerified,
        }
      : null,
    owner_profile: owner.profile
      ? {
          id: owner.profile.id,
          account_uuid: owner.profile.accountUuid,
          kind: owner.profile.kind,
          name: owner.profile.name,
          inn: owner.profile.inn,
          kpp: owner.profile.kpp,
        }
      : null,
    anonymized: row.anonymizedAt !== null,
    history: history.map((h) => {
      const hStatus = statusOf(h);
      return {
        id: h.id,
        status: hStatus,
        status_label: cargoStatusLabel(hStatus),
        at: h.at.toISOString(),
        office:
          h.officeId !== null
            ? { id: h.officeId, name: h.officeName ?? '', address: h.officeAddress ?? '', city: h.cityName ?? '' }
            : null,
        comment: h.comment,
        staff: h.staffId !== null ? { id: h.staffId, name: h.staffName ?? '' } : null,
      };
    }),
    next_statuses: nextCargoStatuses(status),
    can_cancel: canTransition(status, 'cancelled'),
  };
}

/** GET cargos/:track: the cargo page. */
export async function getCargo(deps: CargoOpsDeps, track: string): Promise<BoCargoDetails> {
  return details(deps.db, await requireCargo(deps.db, track));
}

/** The office picker lists at most this many offices (the whole network fits). */
const OFFICE_PICKER_LIMIT = 500;

/** GET offices: the office picker (active offices, by city). */
export async function listOffices(deps: CargoOpsDeps, q: string | undefined): Promise<BoOfficeList> {
  const rows = await repo.listOffices(deps.db, q, OFFICE_PICKER_LIMIT);
  return {
    items: rows.map((r) => ({ id: r.id, code: r.code, name: r.name, address: r.address, city: r.city, kind: r.kind })),
  };
}

// ---- status changes -------------------------------------------------------------------------------------------

interface Transition {
  to: CargoStatus;
  at: Date;
  office: Office | null;
  comment: string | null;
  action: string;
}

/** Why a locked cargo may not go to `to` now (409 message), or null. */
function refusal(row: CargoRow, to: CargoStatus): string | null {
  const from = statusOf(row);
  if (from === to) return E.sameStatus(cargoStatusLabel(to));
  if (!canTransition(from, to)) {
    return MESSAGES.backOffice.errors.transitionForbidden(cargoStatusLabel(from), cargoStatusLabel(to));
  }
  return null;
}

/** One status change of a locked cargo: status, history row, charges, audit entry, and its events (notices, webhooks). */
async function applyTransition(
  tx: Database,
  deps: CargoOpsDeps,
  actor: CargoActor,
  row: CargoRow,
  change: Transition,
): Promise<void> {
  const from = statusOf(row);
  if (!(await repo.updateStatus(tx, row.id, from, change.to, change.at))) throw conflict(E.statusChangedMeanwhile);
  // The contract's charges (or a cancelled prepaid cargo's credit note) in the same transaction (issue 16).
  const booked = await bookCargoStatus(tx, row.id, change.to, change.at);
  const [historyId] = await insertHistory(tx, [
    {
      cargoId: row.id,
      status: change.to,
      at: change.at,
      officeId: change.office?.id ?? null,
      comment: change.comment,
      staffId: actor.staffId,
    },
  ]);
  await actor.audit(tx, {
    action: change.action,
    entityType: 'cargo',
    entityId: row.trackNumber,
    before: { status: from, status_changed_at: row.statusChangedAt.toISOString() },
    after: {
      status: change.to,
      status_changed_at: change.at.toISOString(),
      office_id: change.office?.id ?? null,
      comment: change.comment,
    },
  });
  // The change as an event for notifications and webhooks: jobs that exist only if this commits.
  const at = change.at.toISOString();
  await emitCargoStatusChanged(deps.jobs, tx, {
    cargoId: row.id,
    trackNumber: row.trackNumber,
    historyId: historyId!,
    from,
    to: change.to,
    at,
    officeId: change.office?.id ?? null,
  });
  if (booked.charged > 0 && booked.contractId !== null) {
    await emitInvoiceIssued(deps.jobs, tx, {
      cargoId: row.id,
      trackNumber: row.trackNumber,
      contractId: booked.contractId,
      amountKopecks: booked.chargedKopecks,
      historyId: historyId!,
      at,
    });
  }
}

function transaction<T>(deps: CargoOpsDeps, work: (tx: Database) => Promise<T>): Promise<T> {
  return deps.db.transaction(async (tx) => work(tx as unknown as Database));
}

/**
 * POST cargos/:track/status. Refused with 409: the same status again, or a move the transitions
 * do not allow; with 400: an unknown office, a moment more than 5 minutes ahead or before the
 * last history entry. The check and the change happen under the cargo's row lock.
 */
export async function changeStatus(
  deps: CargoOpsDeps,
  actor: CargoActor,
  track: string,
  body: StatusChangeBody,
): Promise<BoCargoDetails> {
  const trackNumber = (await requireCargo(deps.db, track)).trackNumber;
  const office = await requireOffice(deps.db, body.office_id);
  const now = deps.clock();
  const at = body.at ? new Date(body.at) : now;
  await transaction(deps, async (tx) => {
    const row = await lockCargo(tx, trackNumber);
    const refused = refusal(row, body.status);
    if (refused) throw conflict(refused);
    const lastAt = (await repo.lastHistoryAt(tx, [row.id])).get(row.id) ?? null;
    const timing = checkStatusAt(at, now, lastAt);
    if (timing === 'future') throw validation({ at: E.atInFuture });
    if (timing === 'before_last') throw validation({ at: E.atBeforeLast(formatDateTime(lastAt)) });
    await applyTransition(tx, deps, actor, row, {
      to: body.status,
      at,
      office,
      comment: body.comment ?? null,
      action: 'cargo.status',
    });
  });
  wakeCargoEventQueues(deps.jobs);
  return getCargo(deps, trackNumber);
}

/** POST cargos/:track/cancel: only where the transitions allow «Отменён»; the reason is the history comment. */
export async function cancelCargo(
  deps: CargoOpsDeps,
  actor: CargoActor,
  track: string,
  body: CancelBody,
): Promise<BoCargoDetails> {
  const trackNumber = (await requireCargo(deps.db, track)).trackNumber;
  await transaction(deps, async (tx) => {
    const row = await lockCargo(tx, trackNumber);
    const from = statusOf(row);
    if (!canTransition(from, 'cancelled')) throw conflict(E.cancelNotAllowed(cargoStatusLabel(from)));
    const now = deps.clock();
    const lastAt = (await repo.lastHistoryAt(tx, [row.id])).get(row.id) ?? null;
    await applyTransition(tx, deps, actor, row, {
      to: 'cancelled',
      // A status dated a few minutes ahead stays before the cancellation in the history.
      at: lastAt && lastAt > now ? lastAt : now,
      office: null,
      comment: body.reason,
      action: 'cargo.cancel',
    });
  });
  wakeCargoEventQueues(deps.jobs);
  return getCargo(deps, trackNumber);
}

/**
 * POST cargos/bulk_status: all or nothing. Every track is checked under its row lock first; if
 * any is unknown or cannot move, nothing changes and the 409 names each refused track in
 * `fields` with the reason. Otherwise each cargo gets its own history row, audit entry and
 * notice, in one transaction. Tracks listed twice count once.
 */
export async function bulkStatus(deps: CargoOpsDeps, actor: CargoActor, body: BulkBody): Promise<{ changed: number }> {
  const office = await requireOffice(deps.db, body.office_id);
  const wanted = new Map<string, string>();
  const fields: Record<string, string> = {};
  for (const raw of body.tracks) {
    const check = checkTrackNumber(raw);
    if (check.ok) wanted.set(check.value, raw);
    else fields[raw.trim().slice(0, 40) || '—'] = E.bulkUnknown;
  }
  const changed = await transaction(deps, async (tx) => {
    const rows = await repo.lockCargos(tx, [...wanted.keys()]);
    const found = new Set(rows.map((r) => r.trackNumber));
    for (const track of wanted.keys()) if (!found.has(track)) fields[track] = E.bulkUnknown;
    for (const row of rows) {
      const from = statusOf(row);
      if (from === body.status) fields[row.trackNumber] = E.bulkSame;
      else if (!canTransition(from, body.status)) fields[row.trackNumber] = E.bulkForbidden(cargoStatusLabel(from));
    }
    const refused = Object.keys(fields).length;
    if (refused > 0) throw conflict(E.bulkRefused(refused), fields);
    const lastAt = await repo.lastHistoryAt(
      tx,
      rows.map((r) => r.id),
    );
    const now = deps.clock();
    for (const row of rows) {
      const last = lastAt.get(row.id);
      await applyTransition(tx, deps, actor, row, {
        to: body.status,
        at: last && last > now ? last : now,
        office,
        comment: body.comment ?? null,
        action: 'cargo.bulk_status',
      });
    }
    return rows.length;
  });
  wakeCargoEventQueues(deps.jobs);
  return { changed };
}

// ---- flags and driver ---------------------------------------------------------------------------------------------

/** PATCH cargos/:track/flags: the flags given change; «paid» stamps `paid_at` (and clears it when undone). */
export async function setFlags(
  deps: CargoOpsDeps,
  actor: CargoActor,
  track: string,
  body: FlagsBody,
): Promise<BoCargoDetails> {
  const trackNumber = (await requireCargo(deps.db, track)).trackNumber;
  await transaction(deps, async (tx) => {
    const row = await lockCargo(tx, trackNumber);
    const patch: repo.FlagsPatch = {};
    if (body.paid !== undefined && body.paid !== row.paid) {
      patch.paid = body.paid;
      patch.paidAt = body.paid ? deps.clock() : null;
    }
    if (body.paid_storage !== undefined) patch.paidStorage = body.paid_storage;
    if (body.partial_release !== undefined) patch.partialRelease = body.partial_release;
    const before = { ...flags(row), paid_at: iso(row.paidAt) };
    const after = {
      paid: patch.paid ?? row.paid,
      paid_storage: patch.paidStorage ?? row.paidStorage,
      partial_release: patch.partialRelease ?? row.partialRelease,
      paid_at: patch.paidAt !== undefined ? iso(patch.paidAt) : iso(row.paidAt),
    };
    if (JSON.stringify(before) === JSON.stringify(after)) return;
    await repo.updateFlags(tx, row.id, patch);
    await actor.audit(tx, { action: 'cargo.flags', entityType: 'cargo', entityId: row.trackNumber, before, after });
  });
  return getCargo(deps, trackNumber);
}

function driverOf(row: CargoRow) {
  return {
    name: row.driverName,
    phone: row.driverPhone,
    vehicle_model: row.vehicleModel,
    vehicle_plate: row.vehiclePlate,
    assigned_at: iso(row.driverAssignedAt),
  };
}

/** PUT cargos/:track/driver: assigns (or replaces) the driver of an open cargo. */
export async function assignDriver(
  deps: CargoOpsDeps,
  actor: CargoActor,
  track: string,
  body: DriverBody,
): Promise<BoCargoDetails> {
  const trackNumber = (await requireCargo(deps.db, track)).trackNumber;
  await transaction(deps, async (tx) => {
    const row = await lockCargo(tx, trackNumber);
    if (isClosedCargoStatus(statusOf(row))) throw conflict(E.cargoClosed);
    const values: repo.DriverValues = {
      driverName: body.name,
      driverPhone: body.phone,
      vehicleModel: body.vehicle_model,
      vehiclePlate: body.vehicle_plate,
      driverAssignedAt: deps.clock(),
    };
    if (!(await repo.updateDriver(tx, row.id, values))) throw conflict(E.cargoClosed);
    await actor.audit(tx, {
      action: 'cargo.driver.assign',
      entityType: 'cargo',
      entityId: row.trackNumber,
      before: driverOf(row),
      after: {
        name: values.driverName,
        phone: values.driverPhone,
        vehicle_model: values.vehicleModel,
        vehicle_plate: values.vehiclePlate,
        assigned_at: iso(values.driverAssignedAt),
      },
    });
  });
  return getCargo(deps, trackNumber);
}

/** DELETE cargos/:track/driver: removes the driver of an open cargo (409 when there is none). */
export async function removeDriver(deps: CargoOpsDeps, actor: CargoActor, track: string): Promise<BoCargoDetails> {
  const trackNumber = (await requireCargo(deps.db, track)).trackNumber;
  await transaction(deps, async (tx) => {
    const row = await lockCargo(tx, trackNumber);
    if (isClosedCargoStatus(statusOf(row))) throw conflict(E.cargoClosed);
    if (row.driverAssignedAt === null) throw conflict(E.driverNotAssigned);
    const cleared: repo.DriverValues = {
      driverName: null,
      driverPhone: null,
      vehicleModel: null,
      vehiclePlate: null,
      driverAssignedAt: null,
    };
    if (!(await repo.updateDriver(tx, row.id, cleared))) throw conflict(E.cargoClosed);
    await actor.audit(tx, {
      action: 'cargo.driver.remove',
      entityType: 'cargo',
      entityId: row.trackNumber,
      before: driverOf(row),
      after: null,
    });
  });
  return getCargo(deps, trackNumber);
}
