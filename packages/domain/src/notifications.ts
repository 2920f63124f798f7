import { DEFAULT_TIME_ZONE } from './constants';
import { cargoStatusLabel, type CargoStatus } from './cargo-status';
import { formatDateTime } from './dates';
import { NOTIFICATIONS_TEXTS } from './texts/notifications';

/*
 * Status notifications (issue 18): which status changes a client is told about, on which channel,
 * and who besides them; the quiet hours of SMS; the texts of each message. Pure rules: the API
 * decides where each message goes (the SMS policy, the e-mail cap, the linked Telegram chat).
 */

const M = NOTIFICATIONS_TEXTS.message;

/**
 * The statuses a client hears about: every status but «Заявка оформлена» (the client made the
 * request themselves and got its confirmation). The event of a change is the status it moved to.
 */
export const NOTIFICATION_EVENTS = [
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
] as const satisfies readonly CargoStatus[];
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export const NOTIFICATION_CHANNELS = ['sms', 'email', 'telegram'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Who a message of a cargo goes to: the account that owns it, and the people named in the order. */
export const NOTIFICATION_RECIPIENTS = ['owner', 'sender', 'recipient'] as const;
export type NotificationRecipient = (typeof NOTIFICATION_RECIPIENTS)[number];

/** Channels that reach a sender or recipient of the order (they have no linked Telegram chat). */
export const PARTICIPANT_CHANNELS: readonly NotificationChannel[] = ['sms', 'email'];

export function isNotificationEvent(value: string): value is NotificationEvent {
  return (NOTIFICATION_EVENTS as readonly string[]).includes(value);
}

/** The statuses on which SMS are on by default: the ones that ask the client to act or wait at the door. */
export const DEFAULT_SMS_EVENTS: readonly NotificationEvent[] = ['arrived', 'out_for_delivery', 'released'];

/** Whether each channel carries an event. */
export type NotificationChannels = Record<NotificationChannel, boolean>;

/**
 * A user's notification settings: per event, the channels that carry it; and whether the sender
 * and the recipient named in the user's orders are told too. The event × channel choices hold for
 * everyone notified (a participant gets SMS and e-mail only: Telegram reaches just the linked
 * account). Saved whole: NotificationPreferencesSchema (notifications-schema.ts) wants every event.
 */
export interface NotificationPreferences {
  events: Record<NotificationEvent, NotificationChannels>;
  participants: { sender: boolean; recipient: boolean };
}

/**
 * The settings of a user who never saved any: e-mail and Telegram (once linked) for every event,
 * SMS only for «Прибыл на терминал», «Доставляется до адреса» and «Выдан» (an SMS costs money and
 * wakes the phone; these three are the ones a person acts on), nobody but the account itself.
 */
export function defaultNotificationPreferences(): NotificationPreferences {
  const events = Object.fromEntries(
    NOTIFICATION_EVENTS.map((event) => [
      event,
      { sms: DEFAULT_SMS_EVENTS.includes(event), email: true, telegram: true },
    ]),
  ) as Record<NotificationEvent, NotificationChannels>;
  return { events, participants: { sender: false, recipient: false } };
}

/**
 * Settings as stored (jsonb written by an older version, or damaged) read safely: every event
 * and flag that is present and boolean is kept, anything missing takes its default. Never throws.
 */
export function readNotificationPreferences(stored: unknown): NotificationPreferences {
  const result = defaultNotificationPreferences();
  if (!stored || typeof stored !== 'object') return result;
  const { events, participants } = stored as { events?: unknown; participants?: unknown };
  if (events && typeof events === 'object') {
    for (const event of NOTIFICATION_EVENTS) {
      const channels = (events as Record<string, unknown>)[event];
      if (!channels || typeof channels !== 'object') continue;
      for (const channel of NOTIFICATION_CHANNELS) {
        const value = (channels as Record<string, unknown>)[channel];
        if (typeof value === 'boolean') result.events[event][channel] = value;
      }
    }
  }
  if (participants && typeof participants === 'object') {
    for (const who of ['sender', 'recipient'] as const) {
      const value = (participants as Record<string, unknown>)[who];
      if (typeof value === 'boolean') result.participants[who] = value;
    }
  }
  return result;
}

/**
 * The channels a message of `event` goes to, for one kind of recipient under `preferences`:
 * the owner gets every channel ticked for the event; a sender or recipient only when the owner
 * ticked them, and then SMS and e-mail of the event (never Telegram).
 */
export function notificationChannelsFor(
  preferences: NotificationPreferences,
  event: NotificationEvent,
  recipient: NotificationRecipient,
): NotificationChannel[] {
  if (recipient !== 'owner' && !preferences.participants[recipient]) return [];
  const allowed = recipient === 'owner' ? NOTIFICATION_CHANNELS : PARTICIPANT_CHANNELS;
  return allowed.filter((channel) => preferences.events[event][channel]);
}

// ---- quiet hours ---------------------------------------------------------------------------------

/** SMS are not sent from this hour (local) … */
export const QUIET_HOURS_START = 22;
/** … until this hour (local) the next morning. */
export const QUIET_HOURS_END = 8;

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

/** Wall-clock year, month, day and hour of `at` in `timeZone`, and the zone's offset from UTC there (ms). */
function wallClock(at: Date, timeZone: string) {
  let formatter = zoneFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    zoneFormatters.set(timeZone, formatter);
  }
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of formatter.formatToParts(at)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const year = parts.year ?? 1970;
  const month = parts.month ?? 1;
  const day = parts.day ?? 1;
  const hour = parts.hour ?? 0;
  const asUtc = Date.UTC(year, month - 1, day, hour, parts.minute ?? 0, parts.second ?? 0);
  // Seconds only: the formatter drops milliseconds.
  const offsetMs = asUtc - Math.floor(at.getTime() / 1000) * 1000;
  return { year, month, day, hour, offsetMs };
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * When an SMS due at `now` may be sent to a phone in `timeZone` (IANA): null when it is not in the
 * quiet hours (22:00 to 08:00 on the local wall clock; 22:00 is quiet, 08:00 is not), else the next
 * 08:00 there — the same morning after midnight, the next one before it. An unknown zone falls
 * back to Moscow time. Offsets come from Intl, so a zone with daylight saving gets the 08:00 of
 * that day's offset; Russia's zones have none since 2014.
 */
export function quietHoursDeferral(now: Date, timeZone: string): Date | null {
  const zone = isKnownTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  const local = wallClock(now, zone);
  if (local.hour >= QUIET_HOURS_END && local.hour < QUIET_HOURS_START) return null;
  const dayShift = local.hour >= QUIET_HOURS_START ? 1 : 0;
  const morningWall = Date.UTC(local.year, local.month - 1, local.day + dayShift, QUIET_HOURS_END);
  let morning = new Date(morningWall - local.offsetMs);
  // A zone that changed its offset overnight: take the offset in force at that morning.
  const there = wallClock(morning, zone);
  if (there.offsetMs !== local.offsetMs) morning = new Date(morningWall - there.offsetMs);
  return morning;
}

// ---- the messages ----------------------------------------------------------------------------------

export interface CargoStatusMessageInput {
  trackNumber: string;
  status: CargoStatus;
  /** When the status was set. */
  at: Date;
  /** The office where it happened, as its address reads, or null. */
  place: string | null;
  /** The absolute link to the public tracking page of the cargo. */
  trackingUrl: string;
}

export interface CargoStatusEmailInput extends CargoStatusMessageInput {
  /** Who reads it: the owner («вашего груза») or a sender/recipient named in the order. */
  reader: NotificationRecipient;
  /** The unsubscribe link (an owner: for this event; a participant: for the address). */
  unsubscribeUrl: string;
  /** The owner's settings page (absolute), or null for a participant (they have no account here). */
  settingsUrl: string | null;
}

const placeOf = (place: string | null) => place?.trim() || null;

/** The SMS of a status change: one line with the track link. */
export function cargoStatusSms(input: CargoStatusMessageInput): string {
  return M.sms(input.trackNumber, cargoStatusLabel(input.status), placeOf(input.place), input.trackingUrl);
}

/** The Telegram message of a status change: short, the track link on its own line. */
export function cargoStatusTelegram(input: CargoStatusMessageInput): string {
  return M.telegram(input.trackNumber, cargoStatusLabel(input.status), placeOf(input.place), input.trackingUrl);
}

/**
 * The e-mail of a status change: subject and plain-text body with the moment (Moscow time, like
 * every date of the site), the place, the tracking link and, at the end, the unsubscribe link.
 */
export function cargoStatusEmail(input: CargoStatusEmailInput): { subject: string; body: string } {
  const label = cargoStatusLabel(input.status);
  const place = placeOf(input.place);
  const lead =
    input.reader === 'owner'
      ? M.emailOwnerLead(input.trackNumber, label)
      : M.emailParticipantLead(input.trackNumber, label, input.reader);
  const facts = [M.emailWhen(formatDateTime(input.at)), ...(place ? [M.emailWhere(place)] : [])];
  const footer = [
    input.reader === 'owner'
      ? M.emailUnsubscribeEvent(label, input.unsubscribeUrl)
      : M.emailUnsubscribeAddress(input.unsubscribeUrl),
    ...(input.settingsUrl ? [M.emailSettings(input.settingsUrl)] : []),
  ];
  const body = [
    M.emailGreeting,
    '',
    lead,
    ...facts,
    '',
    M.emailTrack(input.trackingUrl),
    '',
    M.emailSignature,
    '',
    '—',
    ...footer,
  ].join('\n');
  return { subject: M.emailSubject(input.trackNumber, label), body };
}
