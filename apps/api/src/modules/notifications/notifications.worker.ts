import { DEFAULT_TIME_ZONE, normalizePhone, trackingPath } from '@freight/domain';
import {
  cargoStatusEmail,
  cargoStatusSms,
  cargoStatusTelegram,
  isNotificationEvent,
  notificationChannelsFor,
  quietHoursDeferral,
  type NotificationChannel,
  type NotificationEvent,
  type NotificationPreferences,
  type NotificationRecipient,
} from '@freight/domain/notifications';
import type { Database } from '@freight/db';
import type { CargoStatusChanged } from '../jobs/cargo-events';
import type { JobQueue } from '../jobs/job-queue';
import { enqueueCappedEmail } from '../messaging/sms-policy';
import * as repo from './notifications.repository';
import { preferencesOf, type NotificationsDeps } from './notifications.service';
import { signUnsubscribe } from './unsubscribe-token';

/*
 * The job of queue `notify.cargo_status` (one per status change, sent in the change's
 * transaction): tells the cargo's owner — and, when the owner chose so, the sender and the
 * recipient named in the order — on the channels they chose for the new status.
 *
 * No duplicates: every message is claimed in notification_deliveries under the unique key
 * (history entry, channel, kind of recipient) in the transaction that queues it, so a job run
 * twice (a retry after a crash, a second worker) sends nothing new; and a status that repeats the
 * last one that recipient hears about on that channel (В пути → Проблема → В пути with problem
 * notices off, under the current settings) is recorded as `duplicate` and not sent again.
 */

export const NOTIFY_CARGO_STATUS_QUEUE = 'notify.cargo_status';

/** Status e-mails to one address per hour at most (kind `notice:cargo_status`, as the back-office notices). */
export const STATUS_EMAILS_PER_RECIPIENT_HOUR = 10;

const NOTICE_KIND = 'notice:cargo_status';

interface Addressee {
  kind: NotificationRecipient;
  phone: string | null;
  email: string | null;
  /** The linked Telegram chat (the owner only). */
  chatId: string | null;
  /** The IANA zone of the person's city, for the SMS quiet hours. */
  timeZone: string;
}

/**
 * Who may hear about the cargo: the owner (a verified, not deleted account: its phone, e-mail
 * and linked chat) and the order's sender and recipient (their phones and e-mails as typed, not
 * after the owner's account was erased). Each takes the zone of their own city: the sender the
 * departure city, the recipient the delivery city, the owner the city of the role they ordered
 * as (customer_role «recipient»: delivery; otherwise departure).
 */
async function addressees(db: Database, cargo: repo.CargoForNotice): Promise<Addressee[]> {
  const departure = cargo.departureZone || DEFAULT_TIME_ZONE;
  const delivery = cargo.deliveryZone || DEFAULT_TIME_ZONE;
  const list: Addressee[] = [];
  if (cargo.ownerUserId !== null) {
    const user = await repo.findNotifiableUser(db, cargo.ownerUserId);
    if (user) {
      const link = await repo.findActiveLink(db, user.id);
      list.push({
        kind: 'owner',
        phone: user.phone,
        email: user.email,
        chatId: link?.chatId ?? null,
        timeZone: cargo.customerRole === 'recipient' ? delivery : departure,
      });
    }
  }
  if (list.length === 0 || cargo.anonymizedAt !== null) return list;
  list.push(
    { kind: 'sender', phone: cargo.sender.phone, email: cargo.sender.email, chatId: null, timeZone: departure },
    {
      kind: 'recipient',
      phone: cargo.recipient.phone,
      email: cargo.recipient.email,
      chatId: null,
      timeZone: delivery,
    },
  );
  return list;
}

function addressOf(who: Addressee, channel: NotificationChannel): string | null {
  switch (channel) {
    case 'sms':
      return who.phone ? normalizePhone(who.phone) : null;
    case 'email':
      return who.email?.trim().toLowerCase() || null;
    case 'telegram':
      return who.chatId;
  }
}

/**
 * The last status before this change that this recipient heard about on `channel` (the newest
 * earlier history entry whose status has the channel on), or null. Read from the history, not from
 * what the jobs sent, so jobs that run out of order still agree.
 */
function announcedBefore(
  earlier: readonly string[],
  preferences: NotificationPreferences,
  recipient: NotificationRecipient,
  channel: NotificationChannel,
): string | null {
  return (
    earlier.find(
      (status) =>
        isNotificationEvent(status) && notificationChannelsFor(preferences, status, recipient).includes(channel),
    ) ?? null
  );
}

/**
 * Does one `notify.cargo_status` job. All messages of the change are queued in one transaction
 * with their delivery records; a throw rolls everything back and the queue retries the job.
 */
export async function notifyCargoStatus(deps: NotificationsDeps, event: CargoStatusChanged): Promise<void> {
  if (!isNotificationEvent(event.to)) return;
  const status: NotificationEvent = event.to;
  const cargo = await repo.findCargoForNotice(deps.db, event.cargoId);
  if (!cargo) return;
  const people = await addressees(deps.db, cargo);
  const owner = people.find((p) => p.kind === 'owner');
  if (!owner || cargo.ownerUserId === null) return;
  const ownerId = cargo.ownerUserId;
  const preferences: NotificationPreferences = await preferencesOf(deps.db, ownerId);
  const place = event.officeId !== null ? await repo.findOfficeAddress(deps.db, event.officeId) : null;
  const at = new Date(event.at);
  const message = {
    trackNumber: cargo.trackNumber,
    status,
    at,
    place,
    trackingUrl: `${deps.publicOrigin}${trackingPath(cargo.trackNumber)}`,
  };
  const now = deps.clock();

  await deps.db.transaction(async (raw) => {
    const tx = raw as unknown as Database;
    await repo.lockCargoNotices(tx, cargo.id);
    const earlier = await repo.statusesBefore(tx, cargo.id, event.historyId);
    // One message per address and channel, whoever it is for (a sender who is also the owner).
    const reached = new Set<string>();
    for (const who of people) {
      for (const channel of notificationChannelsFor(preferences, status, who.kind)) {
        const address = addressOf(who, channel);
        if (!address || reached.has(`${channel}:${address}`)) continue;
        reached.add(`${channel}:${address}`);
        if (channel === 'email' && who.kind !== 'owner' && (await repo.isEmailOptedOut(tx, address))) continue;
        const key = { historyId: event.historyId, cargoId: cargo.id, channel, recipientKind: who.kind };
        const repeated = announcedBefore(earlier, preferences, who.kind, channel) === status;
        const id = await repo.claimDelivery(tx, { ...key, status, outcome: repeated ? 'duplicate' : 'queued' });
        if (id === null || repeated) continue;

        if (channel === 'sms') {
          const body = cargoStatusSms(message);
          const notBefore = deps.quietHours ? quietHoursDeferral(now, who.timeZone) : null;
          const outcome = await deps.sms.send(tx, {
            to: address,
            body,
            bodyRedacted: body,
            kind: NOTICE_KIND,
            ip: null,
            ...(notBefore ? { notBefore } : {}),
          });
          if (outcome.sent) await repo.setDeliveryOutcome(tx, id, 'queued', outcome.outboxId);
          else await repo.setDeliveryOutcome(tx, id, outcome.reason, null);
        } else if (channel === 'email') {
          const token = signUnsubscribe(
            deps.unsubscribeKey,
            who.kind === 'owner' ? { kind: 'user', userId: ownerId } : { kind: 'email', email: address },
          );
          const query = who.kind === 'owner' ? `token=${token}&event=${status}` : `token=${token}`;
          const unsubscribeUrl = `${deps.publicOrigin}/unsubscribe?${query}`;
          const mail = cargoStatusEmail({
            ...message,
            reader: who.kind,
            unsubscribeUrl,
            settingsUrl: who.kind === 'owner' ? `${deps.publicOrigin}/personal-account/settings` : null,
          });
          // The link changes the person's settings: it is not kept once the e-mail is sent.
          const bodyRedacted = mail.body.replace(unsubscribeUrl, `${deps.publicOrigin}/unsubscribe`);
          const queued = await enqueueCappedEmail(
            tx,
            deps.outbox,
            { to: address, subject: mail.subject, body: mail.body, bodyRedacted, kind: NOTICE_KIND },
            { perRecipientHour: deps.emailsPerRecipientHour, now },
          );
          if (!queued) await repo.setDeliveryOutcome(tx, id, 'capped', null);
        } else {
          const body = cargoStatusTelegram(message);
          const outboxId = await deps.outbox.enqueue(
            { channel: 'telegram', to: address, body, bodyRedacted: body, kind: NOTICE_KIND },
            tx,
          );
          await repo.setDeliveryOutcome(tx, id, 'queued', outboxId);
        }
      }
    }
  });
  deps.outbox.wake();
}

/**
 * Registers the worker of `notify.cargo_status` on the job queue (before the queue starts). Each
 * job is retried by the queue on a throw (a lost database, a failed insert); what was already
 * queued for the change is never queued twice.
 */
export function registerNotificationWorkers(jobs: JobQueue, deps: NotificationsDeps): void {
  jobs.work<CargoStatusChanged>(NOTIFY_CARGO_STATUS_QUEUE, (job) => notifyCargoStatus(deps, job.data));
}
