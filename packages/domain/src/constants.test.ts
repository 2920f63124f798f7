import { describe, expect, it } from 'vitest';
import * as constants from './constants';
import * as domain from './index';
import { MESSAGES } from './messages';
import { DEFAULT_ORDER_LIST_SORT } from './order-list-sort';

describe('section 9 constants', () => {
  it.each<[keyof typeof constants, unknown]>([
    ['BUG_REPORT_MAX_FILES', 10],
    ['BUG_REPORT_MAX_FILE_BYTES', 1_073_741_824],
    ['BUG_REPORT_CONTACT_MAX_LENGTH', 50],
    ['BUG_REPORT_ALLOWED_MIME_TYPES', ['image/jpeg', 'image/png']],
    ['PHONE_MAX_DIGITS', 11],
    ['PHONE_NATIONAL_DIGITS', 10],
    ['MOBILE_BREAKPOINT_PX', 992],
    ['PRICE_MIN_WEIGHT_OR_VOLUME', 0.01],
    ['DOCUMENT_PRESET', { length: 31, width: 25, height: 1, weight: 2 }],
    ['DEFAULT_THEME', 'dark'],
    ['THEMES', ['dark', 'light']],
    ['PROGRESS_BAR_HEIGHT_PX', 4],
    ['BRAND_COLOR', '#007041'],
    ['SUPPORT_WIDGET_DELAY_MS', 5000],
    ['ALERT_CLOSE_ANIMATION_MS', 150],
    ['DEFAULT_DEBOUNCE_MS', 500],
    ['DEFAULT_IMAGE_QUALITY', 75],
    ['DATE_FORMAT', 'D-M-YYYY'],
    ['DATE_TIME_FORMAT', 'D-M-YYYY HH:mm:ss'],
    ['COPYRIGHT_START_YEAR', 2012],
    ['EMAIL_MAX_LENGTH', 320],
    ['URL_MAX_LENGTH', 2048],
    ['STRIPPABLE_SPECIAL_CHARS', '!@#$%^&*+'],
  ])('%s = %j', (name, value) => {
    expect(constants[name]).toEqual(value);
  });

  it('sorts the order list newest first by default', () => {
    expect(DEFAULT_ORDER_LIST_SORT).toBe('newest');
  });

  it('keeps product-specific storage keys', () => {
    expect(constants.THEME_STORAGE_KEY).toMatch(/^magistral\./);
    expect(constants.COOKIE_NOTICE_LEGACY_STORAGE_KEY).toMatch(/^magistral\./);
    expect(constants.COOKIE_NOTICE_COOKIE).toMatch(/^magistral_/);
  });
});

describe('MESSAGES', () => {
  it('keeps the existing common and shell keys', () => {
    expect(MESSAGES.common.required).toBe('Обязательное поле');
    expect(MESSAGES.shell).toMatchObject({
      errorTitle: 'Произошла ошибка',
      errorSubtitle: 'Попробуйте зайти позже',
      maintenance: 'На данный момент проводятся технические работы',
      maintenanceRetry: 'Пробуем подключиться снова…',
      reportBug: 'Сообщить об ошибке',
      loading: 'Загрузка',
    });
  });

  it('builds the footer lines with the years and the rating', () => {
    expect(MESSAGES.shell.footer.copyright(2012, 2027)).toBe('© 2012–2027 ООО «Магистраль». Все права защищены.');
    expect(MESSAGES.shell.footer.ratingPrefix).toBe('Рейтинг');
  });

  it('has no blank text anywhere', () => {
    const walk = (value: unknown): string[] =>
      typeof value === 'string'
        ? [value]
        : typeof value === 'function'
          ? []
          : Object.values(value as object).flatMap(walk);
    for (const text of walk(MESSAGES)) expect(text.trim()).not.toBe('');
  });
});

describe('index', () => {
  it.each([
    ['isValidPhone'],
    ['formatPhone'],
    ['formatPhoneAsYouType'],
    ['normalizePhone'],
    ['PhoneSchema'],
    ['cleanText'],
    ['cleanedString'],
    ['containsUrl'],
    ['EmailSchema'],
    ['createBugReportSchema'],
    ['selectCargoTab'],
    ['shipmentVolume'],
    ['orderDraftReducer'],
    ['serializeDraft'],
    ['restoreDraft'],
    ['SerializedOrderDraftSchema'],
    ['orderListReducer'],
    ['buildCargoListQuery'],
    ['mergeById'],
    ['toPriceAmount'],
    ['transitionUploadItem'],
    ['getUploadErrorText'],
    ['formatDate'],
    ['formatDateTime'],
    ['formatLongDate'],
    ['addWorkingDays'],
    ['createCalendar'],
    ['weekdayCalendar'],
    ['formatRub'],
    ['pluralize'],
    ['isValidInn'],
    ['KppSchema'],
    ['OgrnSchema'],
    ['getDisplayName'],
    ['resolveFooterLink'],
    ['MESSAGES'],
    ['ORDER_LIST_SORT_OPTIONS'],
  ])('re-exports %s', (name) => {
    expect(domain).toHaveProperty(name);
  });
});
