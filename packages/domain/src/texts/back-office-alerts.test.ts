import { describe, expect, it } from 'vitest';
import {
  formatPhonePrefix,
  securityAlertDetails,
  securityAlertLabel,
  securityAlertSubject,
} from './back-office-alerts';

describe('security alerts in Russian', () => {
  it.each([
    ['sms_budget_phone', 'Исчерпан лимит SMS на номер'],
    ['sms_budget_prefix', 'Исчерпан лимит SMS на префикс номера'],
    ['sms_budget_ip', 'Исчерпан лимит SMS с одного IP-адреса'],
    ['sms_budget_global', 'Исчерпан общий лимит SMS'],
    ['captcha_conversion', 'Упала доля подтверждённых SMS-кодов'],
    ['disk_full', 'Сигнал «disk_full»'],
  ])('%s is called «%s»', (kind, label) => {
    expect(securityAlertLabel(kind)).toBe(label);
  });

  it.each([
    ['sms_budget_phone', 'phone:ab12', { masked_phone: '+7 (9**) ***-**-01' }, 'Номер +7 (9**) ***-**-01'],
    ['sms_budget_phone', 'phone:ab12', { masked_phone: '+79161234501' }, 'Один номер'],
    ['sms_budget_prefix', 'prefix:+7916555', { prefix: '+7916555' }, 'Номера +7 (916) 555-XX-XX'],
    ['sms_budget_prefix', 'prefix:+7916555', {}, 'Номера +7 (916) 555-XX-XX'],
    ['sms_budget_ip', 'ip:203.0.113.7', { ip: '203.0.113.7' }, 'IP-адрес 203.0.113.7'],
    ['sms_budget_ip', 'ip:2001:db8::1', {}, 'IP-адрес 2001:db8::1'],
    ['sms_budget_global', 'global', {}, 'Все SMS сайта'],
    ['captcha_conversion', 'global', {}, 'Весь сайт'],
    ['captcha_conversion', 'ip:198.51.100.4', {}, 'IP-адрес 198.51.100.4'],
    ['disk_full', 'volume:/data', {}, 'volume:/data'],
    ['disk_full', 'phone:ab12', {}, ''],
  ])('%s at %s with %j is about «%s»', (kind, scope, details, subject) => {
    expect(securityAlertSubject(kind, scope, details)).toBe(subject);
  });

  it.each<[string, string, Record<string, unknown>, string[]]>([
    [
      'sms_budget_phone',
      'phone:ab12',
      { limit: 5, count: 5, window_minutes: 60, sms_kind: 'code:sign_in', masked_phone: '+7 (9**) ***-**-01', hits: 1 },
      ['Лимит: 5 SMS в час, отправлено 5.', 'Последний запрос: код для входа.', 'Номер: +7 (9**) ***-**-01.'],
    ],
    [
      'sms_budget_prefix',
      'prefix:+7916555',
      { limit: 20, count: 20, window_minutes: 60, sms_kind: 'order_created', prefix: '+7916555', hits: 2 },
      [
        'Лимит: 20 SMS в час, отправлено 20.',
        'Последний запрос: подтверждение заявки.',
        'Префикс: +7 (916) 555-XX-XX.',
        'Сработал 2 раза.',
      ],
    ],
    [
      'sms_budget_ip',
      'ip:203.0.113.7',
      { limit: 10, count: 10, window_minutes: 30, sms_kind: 'team_invitation', ip: '203.0.113.7', hits: 5 },
      [
        'Лимит: 10 SMS за 30 минут, отправлено 10.',
        'Последний запрос: приглашение в команду.',
        'IP-адрес: 203.0.113.7.',
        'Сработал 5 раз.',
      ],
    ],
    [
      'sms_budget_global',
      'global',
      { limit: 1000, count: 1000, window_minutes: 1, sms_kind: 'notice:cargo_status', hits: 21 },
      [
        'Лимит: 1\u00a0000 SMS за 1 минуту, отправлено 1\u00a0000.',
        'Последний запрос: уведомление о статусе груза.',
        'Сработал 21 раз.',
      ],
    ],
    [
      'sms_budget_phone',
      'phone:ab12',
      { limit: 5, sms_kind: 'code:teleport', masked_phone: '+79161234501', phone: '+79161234501' },
      ['Лимит: 5 SMS в час.', 'Последний запрос: «code:teleport».'],
    ],
    [
      'captcha_conversion',
      'ip:198.51.100.4',
      { sent: 22, verified: 3, threshold: 0.3, window: '1h', hits: 3 },
      [
        'За час отправлено 22 кода, подтверждено 3 (14\u00a0%).',
        'Порог: 30\u00a0%; ниже него код выдаётся только после проверки «я не робот».',
        'IP-адрес: 198.51.100.4.',
        'Сработал 3 раза.',
      ],
    ],
    ['captcha_conversion', 'global', { sent: 0, verified: 0 }, ['За час отправлено 0 кодов, подтверждено 0.']],
    ['sms_budget_global', 'global', { limit: 'много', count: null, hits: '7' }, []],
    ['disk_full', 'volume:/data', { hits: 2 }, ['Сработал 2 раза.']],
  ])('%s at %s: %j reads as %j', (kind, scope, details, lines) => {
    expect(securityAlertDetails(kind, scope, details)).toEqual(lines);
  });

  it('never prints a whole phone number, whatever the details hold', () => {
    const details = { masked_phone: '+79161234501', phone: '+79161234501', limit: 5, count: 5 };
    const text = [
      securityAlertSubject('sms_budget_phone', 'phone:ab12', details),
      ...securityAlertDetails('sms_budget_phone', 'phone:ab12', details),
    ].join(' ');
    expect(text.replace(/\D/g, '')).not.toContain('9161234501');
  });

  it.each([
    ['+7916555', '+7 (916) 555-XX-XX'],
    ['+7999000', '+7 (999) 000-XX-XX'],
    ['something', 'something'],
  ])('prefix %s reads %s', (prefix, shown) => {
    expect(formatPhonePrefix(prefix)).toBe(shown);
  });
});
