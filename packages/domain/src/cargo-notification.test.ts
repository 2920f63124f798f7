import { describe, expect, it } from 'vitest';
import { cargoStatusNotification } from './cargo-notification';

describe('cargoStatusNotification', () => {
  it('names the cargo, the new status, the place and the tracking link', () => {
    const notice = cargoStatusNotification({
      trackNumber: 'MG-1234-56789',
      status: 'arrived',
      at: new Date('2026-03-02T07:05:00Z'),
      place: 'Москва, Складочная ул., д. 1',
      trackingUrl: 'https://magistral.example/tracking/MG-1234-56789',
    });
    expect(notice.sms).toBe(
      '«Магистраль»: груз MG-1234-56789 — Прибыл на терминал (Москва, Складочная ул., д. 1). Отследить: https://magistral.example/tracking/MG-1234-56789',
    );
    expect(notice.emailSubject).toBe('Груз MG-1234-56789: Прибыл на терминал');
    expect(notice.emailBody).toBe(
      'Здравствуйте!\n\nСтатус вашего груза MG-1234-56789 изменился: Прибыл на терминал.\nКогда: 2-3-2026 10:05:00\nГде: Москва, Складочная ул., д. 1\n\nСледить за грузом: https://magistral.example/tracking/MG-1234-56789\n\n«Магистраль»',
    );
  });

  it('leaves the place out when there is none', () => {
    const notice = cargoStatusNotification({
      trackNumber: 'MG-1234-56789',
      status: 'cancelled',
      at: new Date('2026-03-02T07:05:00Z'),
      place: '  ',
      trackingUrl: 'https://m.example/tracking/MG-1234-56789',
    });
    expect(notice.sms).toBe(
      '«Магистраль»: груз MG-1234-56789 — Отменён. Отследить: https://m.example/tracking/MG-1234-56789',
    );
    expect(notice.emailBody).not.toContain('Где:');
  });
});
