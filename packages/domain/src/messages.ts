import { UI_TEXTS } from './texts/ui';
import { HOME_TEXTS } from './texts/home';
import { AUTH_SCREEN_TEXTS } from './texts/auth-screen';
import { NEWS_TEXTS } from './texts/news';
import { OFFICES_PAGE_TEXTS } from './texts/offices-page';
import { SHELL_TEXTS } from './texts/shell';
import { ORDERS_TEXTS } from './texts/orders';
import { ORDER_TEXTS } from './texts/order';
import { CALCULATOR_TEXTS } from './texts/calculator';
import { COMMON_TEXTS } from './texts/common';
import { USER_TEXTS } from './texts/user';
import { AUTH_TEXTS } from './texts/auth';
import { PHONE_TEXTS } from './texts/phone';
import { TEXT_TEXTS } from './texts/text';
import { BUG_REPORT_TEXTS } from './texts/bug-report';
import { FEEDBACK_TEXTS } from './texts/feedback';
import { UPLOAD_TEXTS } from './texts/upload';
import { CARGO_TEXTS } from './texts/cargo';
import { ORDER_DRAFT_TEXTS } from './texts/order-draft';
import { ORDER_LIST_TEXTS } from './texts/order-list';
import { IDENTIFIERS_TEXTS } from './texts/identifiers';
import { ACCESS_REQUEST_TEXTS } from './texts/access-request';
import { OFFICES_TEXTS } from './texts/offices';
import { LOCATIONS_TEXTS } from './texts/locations';
import { CONTENT_TEXTS } from './texts/content';
import { CATALOG_TEXTS } from './texts/catalog';
import { PRICING_TEXTS } from './texts/pricing';
import { ARRIVAL_TEXTS } from './texts/arrival';
import { PLURAL_TEXTS } from './texts/plural';
import { DATES_TEXTS } from './texts/dates';
import { INPUT_TEXTS } from './texts/input';
import { CAPTCHA_TEXTS } from './texts/captcha';
import { ACCOUNT_ORDERS_TEXTS } from './texts/account-orders';
import { CARGO_TRANSFER_TEXTS } from './texts/cargo-transfer';
import { TEAM_TEXTS } from './texts/team';
import { ACCOUNT_TEXTS } from './texts/account';
import { DOCUMENTS_TEXTS } from './texts/documents';
import { BACK_OFFICE_TEXTS } from './texts/back-office';
import { SETTLEMENTS_TEXTS } from './texts/settlements';
import { ANALYTICS_TEXTS } from './texts/analytics';
import { COMMERCIAL_TEXTS } from './texts/commercial';
import { BO_CONTRACTS_TEXTS } from './texts/back-office-contracts';

/**
 * Every Russian text a user can see, in one catalogue. Components, schemas and
 * API errors use these constants; tests assert the exact strings.
 */
export const MESSAGES = {
  ui: UI_TEXTS,
  home: HOME_TEXTS,
  authScreen: AUTH_SCREEN_TEXTS,
  news: NEWS_TEXTS,
  officesPage: OFFICES_PAGE_TEXTS,
  orders: ORDERS_TEXTS,
  order: ORDER_TEXTS,
  calculator: CALCULATOR_TEXTS,
  common: COMMON_TEXTS,
  shell: SHELL_TEXTS,
  user: USER_TEXTS,
  /** Identity: sign-up, sign-in, codes, sessions, profile and account settings (issue 4). */
  auth: AUTH_TEXTS,
  phone: PHONE_TEXTS,
  text: TEXT_TEXTS,
  bugReport: BUG_REPORT_TEXTS,
  /** POST /user/feedback (used by packages/contracts/src/feedback.ts). */
  feedback: FEEDBACK_TEXTS,
  upload: UPLOAD_TEXTS,
  cargo: CARGO_TEXTS,
  orderDraft: ORDER_DRAFT_TEXTS,
  orderList: ORDER_LIST_TEXTS,
  identifiers: IDENTIFIERS_TEXTS,
  accessRequest: ACCESS_REQUEST_TEXTS,
  /** Team members of a client profile: roles, invitations (issue 15). */
  team: TEAM_TEXTS,
  /** The personal account's navigation, profile switcher and overview (issue 15). */
  account: ACCOUNT_TEXTS,
  /** Offices and terminals: opening state, schedules (packages/domain/src/working-hours.ts, /offices). */
  offices: OFFICES_TEXTS,
  /** Location calls: cities, subdivisions, address suggestions, transport checks. */
  locations: LOCATIONS_TEXTS,
  /** Public content: news, promotions, holidays. */
  content: CONTENT_TEXTS,
  /** Catalogs and the transportation type check. */
  catalog: CATALOG_TEXTS,
  /** Pricing engine and calculator (issue 6): line titles, explanations, errors. */
  pricing: PRICING_TEXTS,
  /** The planned arrival: why it is later than the calculator's (issue 21). */
  arrival: ARRIVAL_TEXTS,
  /** Word forms for `pluralize`: one (1, 21), few (2–4, 22), many (5–20, 25), other (fractions). */
  plural: PLURAL_TEXTS,
  dates: DATES_TEXTS,
  /** Malformed requests and the generic validation messages (zod-messages.ts, the API's input guard). */
  input: INPUT_TEXTS,
  /** Proof-of-work check before an SMS code is sent (decision 011). */
  captcha: CAPTCHA_TEXTS,
  /** Export and import of the client's orders (issue #14, cargo-transfer.ts). */
  cargoTransfer: CARGO_TRANSFER_TEXTS,
  /** The client's orders in the personal account: list, card, export and import screens (issue 14). */
  accountOrders: ACCOUNT_ORDERS_TEXTS,
  /** Shipping and financial documents of a cargo: PDFs, refusals, the card's block (issue 15). */
  documents: DOCUMENTS_TEXTS,
  backOffice: BACK_OFFICE_TEXTS,
  /** Contracts, balances, the month review and the reconciliation act (issue 16). */
  settlements: SETTLEMENTS_TEXTS,
  /** Analytics of a client's shipments (issue 16). */
  analytics: ANALYTICS_TEXTS,
  /** Discounts, offers, the personal manager and its rating (issue 16). */
  commercial: COMMERCIAL_TEXTS,
  /** The back-office's contracts and bank payments of business clients (issue 16). */
  backOfficeContracts: BO_CONTRACTS_TEXTS,
} as const;
