/**
 * Business constants and limits of the product spec, section 9, in one place.
 * Every other module (web, API, tests) imports them from here.
 */

/** Brand colour of the top progress bar and of primary accents. */
export const BRAND_COLOR = '#007041';

/** Height of the navigation progress bar, in CSS pixels. */
export const PROGRESS_BAR_HEIGHT_PX = 4;

/** Below this viewport width (px) the header collapses into a burger menu. */
export const MOBILE_BREAKPOINT_PX = 992;

/** Delay before the support chat widget appears, ms. */
export const SUPPORT_WIDGET_DELAY_MS = 5000;

/** Duration of the alert close animation, ms. */
export const ALERT_CLOSE_ANIMATION_MS = 150;

/** Default debounce for live inputs (calculator, search), ms. */
export const DEFAULT_DEBOUNCE_MS = 500;

/** Default quality passed to the image loader. */
export const DEFAULT_IMAGE_QUALITY = 75;

/** The footer copyright line starts with this year. */
export const COPYRIGHT_START_YEAR = 2012;

/** Themes: dark is the default. */
export const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'dark';
/** Product-specific localStorage key for the chosen theme. */
export const THEME_STORAGE_KEY = 'magistral.colorScheme';
/**
 * The accepted cookie notice is remembered in this cookie (one year), so the server renders the
 * notice only for visitors who have not accepted it: no notice popping in after hydration.
 */
export const COOKIE_NOTICE_COOKIE = 'magistral_cookie_notice';
export const COOKIE_NOTICE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** Where acceptance was kept before the cookie (read once and moved into the cookie). */
export const COOKIE_NOTICE_LEGACY_STORAGE_KEY = 'magistral.cookieNoticeAccepted';

/** Bug report limits. */
export const BUG_REPORT_MAX_FILES = 10;
/** 1 GB exactly, in bytes. */
export const BUG_REPORT_MAX_FILE_BYTES = 1_073_741_824;
export const BUG_REPORT_CONTACT_MAX_LENGTH = 50;
export const BUG_REPORT_ALLOWED_MIME_TYPES = ['image/jpeg', 'image/png'] as const;

/**
 * Largest request body, in bytes, the API takes on any call that is not a multipart upload (1 MiB).
 * The web process refuses larger bodies itself with the API's own 413, before proxying them.
 */
export const JSON_BODY_LIMIT_BYTES = 1_048_576;

/** A phone number has at most 11 digits (7 or 8 followed by 10 digits). */
export const PHONE_MAX_DIGITS = 11;

/** Weight (kg) or volume (m³) below this is sent to the price calculation as this value. */
export const PRICE_MIN_WEIGHT_OR_VOLUME = 0.01;

/** The «Документы» cargo tab preset: centimetres and kilograms. */
export const DOCUMENT_PRESET = { length: 31, width: 25, height: 1, weight: 2 } as const;

/** Generic text limits. */
export const EMAIL_MAX_LENGTH = 320;
export const URL_MAX_LENGTH = 2048;

/** Longest bug-report message we accept (code points); the spec shows none, the text travels in a query string. */
export const BUG_REPORT_TEXT_MAX_LENGTH = 2000;

/** The 10 digits after the country code of a Russian phone number. */
export const PHONE_NATIONAL_DIGITS = 10;

/** Characters the text cleaner strips when `stripSpecialChars` is on (spec section 5). */
export const STRIPPABLE_SPECIAL_CHARS = '!@#$%^&*+';

/** Date formats of spec section 9 (Russian locale, day and month without leading zeros). */
export const DATE_FORMAT = 'D-M-YYYY';
export const DATE_TIME_FORMAT = 'D-M-YYYY HH:mm:ss';

/** Time zone for dates when the caller knows no better (the carrier's head office). */
export const DEFAULT_TIME_ZONE = 'Europe/Moscow';
