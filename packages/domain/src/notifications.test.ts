import { describe, expect, it } from 'vitest';
import { CARGO_STATUS_CODES } from './cargo-status';
import {
  NOTIFICATION_EVENTS,
  cargoStatusEmail,
  cargoStatusSms,
  cargoStatusTelegram,
  defaultNotificationPreferences,
  notificationChannelsFor,
  quietHoursDeferral,
  readNotificationPreferences,
} from './notifications';
import { NotificationPreferencesSchema } from './notifications-schema';

describe('notification events and defaults', () => {
  it('are every cargo status but «Заявка оформлена»', () => {
    expect([...NOTIFICATION_EVENTS].sort()).toEqual(CARGO_STATUS_CODES.filter((s) => s !== 'created').sort());
  });

  it('default to e-mail and Telegram for every event, SMS for arrival, door delivery and release, nobody else', () => {
    const prefs = defaultNotificationPreferences();
    expect(NotificationPreferencesSchema.parse(prefs)).toEqual(prefs);
    for (const event of NOTIFICATION_EVENTS) {
      expect(prefs.events[event].email, event).toBe(true);
      expect(prefs.events[event].telegram, event).toBe(true);
    }
    const sms = NOTIFICATION_EVENTS.filter((event) => prefs.events[event].sms);
    expect(sms).toEqual(['arrived', 'out_for_delivery', 'released']);
    expect(prefs.participants).toEqual({ sender: false, recipient: false });
  });

  it('returns a fresh object each time (callers may change it)', () => {
    const a = defaultNotificationPreferences();
    a.events.arrived.sms = false;
    expect(defaultNotificationPreferences().events.arrived.sms).toBe(true);
  });

  it.each([
    ['nothing stored', null],
    ['a string', 'garbage'],
    ['an empty object', {}],
  ])('reads %s as the defaults', (_name, stored) => {
    expect(readNotificationPreferences(stored)).toEqual(defaultNotificationPreferences());
  });

  it('keeps stored booleans and fills what is missing or malformed with the defaults', () => {
    const read = readNotificationPreferences({
      events: { in_transit: { sms: true, email: false }, arrived: { sms: 'yes' }, unknown: { sms: true } },
      participants: { recipient: true },
    });
    expect(read.events.in_transit).toEqual({ sms: true, email: false, telegram: true });
    expect(read.events.arrived).toEqual({ sms: true, email: true, telegram: true });
    expect(read.participants).toEqual({ sender: false, recipient: true });
    expect(NotificationPreferencesSchema.safeParse(read).success).toBe(true);
  });

  it('refuses a body without every event, with an unknown event or channel, or with a non-boolean', () => {
    const prefs = defaultNotificationPreferences();
    const { in_transit: _dropped, ...missing } = prefs.events;
    expect(NotificationPreferencesSchema.safeParse({ ...prefs, events: missing }).success).toBe(false);
    expect(
      NotificationPreferencesSchema.safeParse({
        ...prefs,
        events: { ...prefs.events, created: { sms: true, email: true, telegram: true } },
      }).success,
    ).toBe(false);
    expect(
      NotificationPreferencesSchema.safeParse({
        ...prefs,
        events: { ...prefs.events, arrived: { sms: true, email: true, telegram: true, push: true } },
      }).success,
    ).toBe(false);
    expect(
      NotificationPreferencesSchema.safeParse({
        ...prefs,
        events: { ...prefs.events, arrived: { sms: 'true', email: true, telegram: true } },
      }).success,
    ).toBe(false);
  });
});

describe('notificationChannelsFor', () => {
  const prefs = defaultNotificationPreferences();
  prefs.events.in_transit = { sms: true, email: false, telegram: true };
  prefs.participants.recipient = true;

  it.each([
    ['owner', 'in_transit', ['sms', 'telegram']],
    ['owner', 'arrived', ['sms', 'email', 'telegram']],
    ['owner', 'accepted', ['email', 'telegram']],
    ['recipient', 'in_transit', ['sms']],
    ['recipient', 'arrived', ['sms', 'email']],
    ['sender', 'arrived', []],
  ] as const)('%s, %s → %j', (recipient, event, channels) => {
    expect(notificationChannelsFor(prefs, event, recipient)).toEqual(channels);
  });
});

describe('quietHoursDeferral (22:00–08:00 on the local clock)', () => {
  it.each([
    // zone, moment (UTC), expected (UTC) or null
    ['Europe/Moscow', '2026-03-10T18:59:59Z', null], // 21:59:59 MSK
    ['Europe/Moscow', '2026-03-10T19:00:00Z', '2026-03-11T05:00:00.000Z'], // 22:00 MSK → 08:00 MSK
    ['Europe/Moscow', '2026-03-10T21:30:00Z', '2026-03-11T05:00:00.000Z'], // 00:30 MSK, same morning
    ['Europe/Moscow', '2026-03-11T04:59:59Z', '2026-03-11T05:00:00.000Z'], // 07:59:59 MSK
    ['Europe/Moscow', '2026-03-11T05:00:00Z', null], // 08:00 MSK is not quiet
    ['Asia/Novosibirsk', '2026-03-10T15:00:00Z', '2026-03-11T01:00:00.000Z'], // 22:00 +07 → 08:00 +07
    ['Asia/Novosibirsk', '2026-03-10T14:59:00Z', null], // 21:59 +07
    ['Asia/Novosibirsk', '2026-03-10T19:00:00Z', '2026-03-11T01:00:00.000Z'], // 02:00 +07
    ['Asia/Vladivostok', '2026-03-10T12:00:00Z', '2026-03-10T22:00:00.000Z'], // 22:00 +10 → 08:00 +10
    ['Asia/Vladivostok', '2026-03-10T21:00:00Z', '2026-03-10T22:00:00.000Z'], // 07:00 +10
    ['Asia/Vladivostok', '2026-03-10T22:00:00Z', null], // 08:00 +10
    ['Europe/Kaliningrad', '2026-03-10T20:00:00Z', '2026-03-11T06:00:00.000Z'], // 22:00 +02 → 08:00 +02
    ['Europe/Kaliningrad', '2026-03-10T19:59:00Z', null], // 21:59 +02
    // Month and year ends roll over.
    ['Europe/Moscow', '2026-12-31T20:00:00Z', '2027-01-01T05:00:00.000Z'], // 23:00 MSK on 31 December
    ['Asia/Vladivostok', '2026-02-28T13:00:00Z', '2026-02-28T22:00:00.000Z'], // 23:00 +10 on 28 February → 1 March
    // Summer: the Russian zones keep their offset.
    ['Europe/Moscow', '2026-07-01T19:30:00Z', '2026-07-02T05:00:00.000Z'],
  ])('%s at %s → %s', (zone, at, expected) => {
    const result = quietHoursDeferral(new Date(at), zone);
    expect(result === null ? null : result.toISOString()).toBe(expected);
  });

  it('takes the offset of the morning in a zone with daylight saving (Europe/Berlin, the night of 29 March 2026)', () => {
    // 23:00 CET (UTC+1) on 28 March; at 08:00 on 29 March Berlin is on CEST (UTC+2): 06:00Z.
    expect(quietHoursDeferral(new Date('2026-03-28T22:00:00Z'), 'Europe/Berlin')?.toISOString()).toBe(
      '2026-03-29T06:00:00.000Z',
    );
  });

  it('falls back to Moscow time for an unknown zone', () => {
    expect(quietHoursDeferral(new Date('2026-03-10T19:00:00Z'), 'Mars/Olympus')?.toISOString()).toBe(
      '2026-03-11T05:00:00.000Z',
    );
  });
});

describe('message templates', () => {
  const input = {
    trackNumber: 'MG-1234-56789',
    status: 'in_transit' as const,
    at: new Date('2026-03-02T07:05:00Z'),
    place: 'Москва, Складочная ул., д. 1',
    trackingUrl: 'https://magistral.example/tracking/MG-1234-56789',
  };

  it('SMS: one line with the place and the tracking link', () => {
    expect(cargoStatusSms(input)).toBe(
      '«Магистраль»: груз MG-1234-56789 — В пути (Москва, Складочная ул., д. 1). Отследить: https://magistral.example/tracking/MG-1234-56789',
    );
  });

  it('Telegram: short, the link on its own line; no place line without a place', () => {
    expect(cargoStatusTelegram(input)).toBe(
      'Груз MG-1234-56789: В пути\nМосква, Складочная ул., д. 1\nhttps://magistral.example/tracking/MG-1234-56789',
    );
    expect(cargoStatusTelegram({ ...input, place: ' ' })).toBe(
      'Груз MG-1234-56789: В пути\nhttps://magistral.example/tracking/MG-1234-56789',
    );
  });

  it('e-mail to the owner: the moment in Moscow time, the unsubscribe link for the event and the settings link', () => {
    const mail = cargoStatusEmail({
      ...input,
      reader: 'owner',
      unsubscribeUrl: 'https://magistral.example/unsubscribe?token=t&event=in_transit',
      settingsUrl: 'https://magistral.example/personal-account/settings',
    });
    expect(mail.subject).toBe('Груз MG-1234-56789: В пути');
    expect(mail.body).toBe(
      [
        'Здравствуйте!',
        '',
        'Статус вашего груза MG-1234-56789 изменился: В пути.',
        'Когда: 2-3-2026 10:05:00 (мск)',
        'Где: Москва, Складочная ул., д. 1',
        '',
        'Следить за грузом: https://magistral.example/tracking/MG-1234-56789',
        '',
        '«Магистраль»',
        '',
        '—',
        'Не хотите получать письма о статусе «В пути»? Отписаться: https://magistral.example/unsubscribe?token=t&event=in_transit',
        'Настроить уведомления: https://magistral.example/personal-account/settings',
      ].join('\n'),
    );
  });

  it('e-mail to a recipient named in the order: their role, an address-wide unsubscribe, no settings link', () => {
    const mail = cargoStatusEmail({
      ...input,
      place: null,
      reader: 'recipient',
      unsubscribeUrl: 'https://magistral.example/unsubscribe?token=e',
      settingsUrl: null,
    });
    expect(mail.body).toContain('Статус груза MG-1234-56789, в котором вы указаны получателем, изменился: В пути.');
    expect(mail.body).not.toContain('Где:');
    expect(mail.body).not.toContain('Настроить уведомления');
    expect(mail.body.endsWith('Отписаться: https://magistral.example/unsubscribe?token=e')).toBe(true);
  });
});
