import { formatNumber } from '../money';
import { formatCount, type PluralForms } from '../plural';

/**
 * Texts of the back-office's security alerts (issue 20: «an alert in the log and the back-office
 * when a budget is hit»): what each alert kind is called, a readable account of its details, and
 * the screen. Imported by deep path `@freight/domain/texts/back-office-alerts`.
 */

/** The list's filter: open alerts (the default), resolved ones, or all. */
export const SECURITY_ALERT_FILTERS = ['open', 'resolved', 'all'] as const;
export type SecurityAlertFilter = (typeof SECURITY_ALERT_FILTERS)[number];

/** An alert is open until an operator resolves it; the next occurrence opens a new one. */
export const SECURITY_ALERT_STATUSES = ['open', 'resolved'] as const;
export type SecurityAlertStatus = (typeof SECURITY_ALERT_STATUSES)[number];

/** Longest comment to a resolution (code points). */
export const SECURITY_ALERT_COMMENT_MAX_LENGTH = 2000;

const TIMES: PluralForms = { one: 'раз', few: 'раза', many: 'раз' };
const CODES: PluralForms = { one: 'код', few: 'кода', many: 'кодов' };
/** After «за»: за 1 минуту, за 2 минуты, за 5 минут. */
const MINUTES: PluralForms = { one: 'минуту', few: 'минуты', many: 'минут' };

export const BO_ALERTS_TEXTS = {
  /** What each `security_alerts.kind` is called. */
  kinds: {
    sms_budget_phone: 'Исчерпан лимит SMS на номер',
    sms_budget_notice: 'Исчерпан лимит уведомлений о статусе на номер',
    sms_budget_prefix: 'Исчерпан лимит SMS на префикс номера',
    sms_budget_ip: 'Исчерпан лимит SMS с одного IP-адреса',
    sms_budget_global: 'Исчерпан общий лимит SMS',
    captcha_conversion: 'Упала доля подтверждённых SMS-кодов',
  } as Record<string, string>,
  /** A kind nobody has named yet. */
  unknownKind: (kind: string) => `Сигнал «${kind}»`,
  /** What an SMS was (`details.sms_kind`: a code purpose or a notification kind). */
  smsKinds: {
    'code:registration': 'код для регистрации',
    'code:sign_in': 'код для входа',
    'code:reset_password': 'код для восстановления пароля',
    'code:change_phone': 'код для смены номера',
    order_created: 'подтверждение заявки',
    team_invitation: 'приглашение в команду',
    inbox_answer: 'ответ на обращение',
    'notice:cargo_status': 'уведомление о статусе груза',
  } as Record<string, string>,
  subject: {
    phone: (masked: string) => `Номер ${masked}`,
    somePhone: 'Один номер',
    prefix: (pattern: string) => `Номера ${pattern}`,
    ip: (ip: string) => `IP-адрес ${ip}`,
    allSms: 'Все SMS сайта',
    wholeSite: 'Весь сайт',
  },
  details: {
    /** «Лимит: 5 SMS в час, отправлено 5.»; a window other than an hour as «за 30 минут». */
    limit: (limit: number, windowMinutes: number | null, count: number | null) => {
      const window =
        windowMinutes === null || windowMinutes === 60 ? 'в час' : `за ${formatCount(windowMinutes, MINUTES)}`;
      const sent = count === null ? '' : `, отправлено ${formatNumber(count)}`;
      return `Лимит: ${formatNumber(limit)} SMS ${window}${sent}.`;
    },
    smsKind: (label: string) => `Последний запрос: ${label}.`,
    phone: (masked: string) => `Номер: ${masked}.`,
    prefix: (pattern: string) => `Префикс: ${pattern}.`,
    ip: (ip: string) => `IP-адрес: ${ip}.`,
    conversion: (period: string, sent: number, verified: number, percent: string | null) =>
      `${period} отправлено ${formatCount(sent, CODES)}, подтверждено ${formatNumber(verified)}` +
      (percent === null ? '.' : ` (${percent}).`),
    hour: 'За час',
    period: (window: string) => `За период ${window}`,
    threshold: (percent: string) => `Порог: ${percent}; ниже него код выдаётся только после проверки «я не робот».`,
    hits: (hits: number) => `Сработал ${formatCount(hits, TIMES)}.`,
  },
  status: { open: 'Открыт', resolved: 'Закрыт' } satisfies Record<SecurityAlertStatus, string>,
  filters: { open: 'Открытые', resolved: 'Закрытые', all: 'Все' } satisfies Record<SecurityAlertFilter, string>,
  errors: {
    notFound: 'Сигнал не найден',
    alreadyResolved: 'Сигнал уже закрыт',
    filterInvalid: 'Выберите состояние: «Открытые», «Закрытые» или «Все»',
    commentTooLong: `Комментарий длиннее ${SECURITY_ALERT_COMMENT_MAX_LENGTH} символов`,
  },
  page: {
    metaTitle: 'Сигналы безопасности',
    title: 'Сигналы безопасности',
    lead:
      'Исчерпанные лимиты SMS и падение доли подтверждённых кодов. Каждый сигнал также записан в журнал сервера. ' +
      'Пока сигнал открыт, повторы только обновляют его; закройте сигнал, когда разобрались, — следующий откроет новый.',
    filter: 'Состояние',
    apply: 'Показать',
    caption: 'Сигналы безопасности',
    empty: 'Сигналов нет',
    emptyOpen: 'Открытых сигналов нет',
    columns: {
      alert: 'Сигнал',
      details: 'Подробности',
      firstSeen: 'Впервые',
      lastSeen: 'Последний раз',
      status: 'Состояние',
    },
    resolve: 'Закрыть',
    /** The accessible name of a row's «Закрыть»: which alert it closes. */
    resolveLabel: (label: string, subject: string) => `Закрыть сигнал «${label}»${subject ? `: ${subject}` : ''}`,
    resolvedAt: (date: string) => `Закрыт ${date}`,
    resolvedBy: (name: string) => `Закрыл(а): ${name}`,
    comment: (comment: string) => `Комментарий: ${comment}`,
  },
} as const;

/** «Исчерпан лимит SMS на номер»; an unknown kind as «Сигнал «kind»». */
export function securityAlertLabel(kind: string): string {
  return BO_ALERTS_TEXTS.kinds[kind] ?? BO_ALERTS_TEXTS.unknownKind(kind);
}

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/**
 * A phone only when it is already masked (`+7 (9**) ***-**-01`): an alert must never show a
 * whole number, whatever a writer put in its details.
 */
function maskedOnly(value: unknown): string | null {
  const text = str(value);
  return text && text.includes('*') ? text : null;
}

/** A number prefix `+7916555` (the number without its last 4 digits) as `+7 (916) 555-XX-XX`. */
export function formatPhonePrefix(prefix: string): string {
  const digits = /^\+7(\d{6})$/.exec(prefix)?.[1];
  return digits ? `+7 (${digits.slice(0, 3)}) ${digits.slice(3)}-XX-XX` : prefix;
}

/** A share 0…1 as whole percent with a no-break space: 0.3 → «30 %». */
const percent = (share: number) => `${formatNumber(Math.round(share * 100))}\u00a0%`;

const scopeIp = (scope: string) => (scope.startsWith('ip:') && scope.length > 3 ? scope.slice(3) : null);

/**
 * What the alert is about, in a few words: «Номер +7 (9**) ***-**-01», «Номера +7 (916) 555-XX-XX»,
 * «IP-адрес 203.0.113.7», «Все SMS сайта», «Весь сайт». A phone is shown only masked (a phone
 * alert's scope holds a hash). Empty for an unknown kind without a readable scope.
 */
export function securityAlertSubject(kind: string, scope: string, details: Record<string, unknown>): string {
  const S = BO_ALERTS_TEXTS.subject;
  const ip = str(details.ip) ?? scopeIp(scope);
  switch (kind) {
    case 'sms_budget_phone':
    case 'sms_budget_notice': {
      const masked = maskedOnly(details.masked_phone);
      return masked ? S.phone(masked) : S.somePhone;
    }
    case 'sms_budget_prefix': {
      const prefix = str(details.prefix) ?? (scope.startsWith('prefix:') ? scope.slice(7) : null);
      return prefix ? S.prefix(formatPhonePrefix(prefix)) : '';
    }
    case 'sms_budget_ip':
      return ip ? S.ip(ip) : '';
    case 'sms_budget_global':
      return S.allSms;
    case 'captcha_conversion':
      return scope === 'global' ? S.wholeSite : ip ? S.ip(ip) : '';
    default:
      return scope.startsWith('phone:') ? '' : scope;
  }
}

/**
 * The alert's details as Russian sentences, one per fact: the limit with the count and window,
 * what the last refused SMS was, the masked phone, the prefix, the IP; for a conversion drop the
 * codes sent and verified against the threshold; how many times it fired while open. Unknown or
 * malformed fields are left out; a phone is shown only masked.
 */
export function securityAlertDetails(kind: string, scope: string, details: Record<string, unknown>): string[] {
  const D = BO_ALERTS_TEXTS.details;
  const lines: string[] = [];
  if (kind.startsWith('sms_budget_')) {
    const limit = num(details.limit);
    if (limit !== null) lines.push(D.limit(limit, num(details.window_minutes), num(details.count)));
    const smsKind = str(details.sms_kind);
    if (smsKind) lines.push(D.smsKind(BO_ALERTS_TEXTS.smsKinds[smsKind] ?? `«${smsKind}»`));
    const masked = maskedOnly(details.masked_phone);
    if (masked) lines.push(D.phone(masked));
    const prefix = str(details.prefix);
    if (prefix) lines.push(D.prefix(formatPhonePrefix(prefix)));
    const ip = str(details.ip);
    if (ip) lines.push(D.ip(ip));
  } else if (kind === 'captcha_conversion') {
    const sent = num(details.sent);
    const verified = num(details.verified);
    const window = str(details.window);
    if (sent !== null && verified !== null) {
      const period = window === null || window === '1h' ? D.hour : D.period(window);
      lines.push(D.conversion(period, sent, verified, sent > 0 ? percent(verified / sent) : null));
    }
    const threshold = num(details.threshold);
    if (threshold !== null) lines.push(D.threshold(percent(threshold)));
    const ip = scopeIp(scope);
    if (ip) lines.push(D.ip(ip));
  }
  const hits = num(details.hits);
  if (hits !== null && hits > 1) lines.push(D.hits(hits));
  return lines;
}
