import { cargoStatusLabel, type CargoStatus } from './cargo-status';
import { formatDateTime } from './dates';
import { BACK_OFFICE_CARGO_TEXTS } from './texts/back-office-cargo';

const N = BACK_OFFICE_CARGO_TEXTS.notification;

export interface CargoStatusNotificationInput {
  trackNumber: string;
  status: CargoStatus;
  /** When the status was set (shown in Moscow time, like every date of the site). */
  at: Date;
  /** The office where it happened, as its address reads («Москва, ул. …, д. 5»), or null. */
  place: string | null;
  /** The absolute link to the public tracking page of the cargo. */
  trackingUrl: string;
}

export interface CargoStatusNotification {
  sms: string;
  emailSubject: string;
  emailBody: string;
}

/**
 * The client's notice of a status change: one SMS line («Магистраль»: груз MG-… — Прибыл на
 * терминал (Москва, …). Отследить: https://…) and an e-mail with the same facts and the moment
 * of the change. Pure: the caller decides where they go (the SMS policy, the e-mail cap).
 */
export function cargoStatusNotification(input: CargoStatusNotificationInput): CargoStatusNotification {
  const label = cargoStatusLabel(input.status);
  const place = input.place?.trim() || null;
  return {
    sms: N.sms(input.trackNumber, label, place, input.trackingUrl),
    emailSubject: N.emailSubject(input.trackNumber, label),
    emailBody: N.emailBody(input.trackNumber, label, formatDateTime(input.at), place, input.trackingUrl),
  };
}
