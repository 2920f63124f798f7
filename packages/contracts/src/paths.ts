import { CALCULATION_PATHS } from './calculation-paths';
import { IDENTITY_PATHS } from './identity-paths';
import { SHELL_PATHS } from './shell-paths';

/** Base path of every call of the spec. */
export const API_BASE = '/api/v1';

/** Paths of the calls, relative to the site origin. One home for every path string. */
export const API_PATHS = {
  ...SHELL_PATHS,
  ...IDENTITY_PATHS,
  ...CALCULATION_PATHS,
  health: '/api/health',
  ready: '/api/ready',
  openapi: '/api/v1/openapi.json',
  docs: '/api/docs',
  dynamicContent: '/api/v1/duty_dynamic_content/dynamic_content',
  // Location and content (issue 5): spec §7 "Location and content" and "Maps and other".
  lightCities: '/api/v1/duty_locality/light_cities',
  popularCities: '/api/v1/duty_locality/popular_cities',
  countryMap: '/api/v1/duty_main_page/country_map',
  subdivisions: '/api/v1/duty_locality/subdivisions',
  subdivisionByCity: '/api/v1/duty_locality/subdivision_by_city',
  promotion: '/api/v1/duty_dynamic_content/promotion',
  news: '/api/v1/duty_news/news',
  holidays: '/api/v1/duty_holidays/',
  integrationMenu: '/api/v1/duty_integration_menu/',
  transportationTypes: '/api/v1/duty_transportation/transportation_type',
  transportationTypeCheck: '/api/v1/duty_transportation/transportation_type_check',
  additionalServices: '/api/v1/duty_additional_services/',
  deliveryCities: '/api/v1/duty_delivery_subdivisions/city',
  currentSubdivision: '/api/v1/duty_delivery_subdivisions/current_subdivision',
  currentCity: '/api/v1/duty_delivery_subdivisions/current_city',
  // Full-access requests (issue 15): spec §7 «User», user/request_access.
  requestFullAccess: '/api/v1/user/request_access/request_full_access',
  requestFullAccessFiles: '/api/v1/user/request_access/request_full_access_files',
  userAccessRequests: '/api/v1/user/request_access/user_requests',
  accessRequest: '/api/v1/user/request_access/fa_request',
  /** Not in the spec: a document of a request, for its author (`?request_id&file_id`). */
  accessRequestFile: '/api/v1/user/request_access/fa_request_file',
  // Orders and cargo (issue 7): spec §7 «Calculation and orders» and «Cargo».
  cargoList: '/api/v1/cargo/cargo',
  /** Not in the spec: the filtered list as an XLSX or CSV file (issue #14). */
  cargoExport: '/api/v1/cargo/cargo/export',
  /** Not in the spec: the import template (XLSX or CSV) and the import of orders from a file (issue #14). */
  cargoImportTemplate: '/api/v1/cargo/import/template',
  cargoImport: '/api/v1/cargo/import',
  paymentStatus: '/api/v1/cargo/payment_status',
  availableActions: '/api/v1/cargo_lk/available_actions',
  /** Not in the spec: cancel before acceptance (offered by available_actions). */
  cancelCargo: '/api/v1/cargo_lk/cancel',
  /** Not in the spec: change contacts (offered by available_actions). */
  changeContacts: '/api/v1/cargo_lk/change_contacts',
  cargoRating: '/api/v1/cargo/duty_cargo_rating/',
  favoriteCargo: '/api/v1/duty_favorite_cargo/',
  driverInfo: '/api/v1/duty_driver_info/',
  /** Not in the spec: the cargo's documents as PDF, `?tracknumber=` (issue 15). */
  documentReceipt: '/api/v1/cargo_lk/documents/receipt',
  documentInvoice: '/api/v1/cargo_lk/documents/invoice',
  documentAct: '/api/v1/cargo_lk/documents/act',
  documentLabels: '/api/v1/cargo_lk/documents/labels',
  /** Not in the spec: public tracking, followed by `/{track_number}`. */
  tracking: '/api/v1/tracking',
  // Team members of a company profile (issue 15). Not in the spec.
  team: '/api/v1/user/team',
  /** POST (invite), DELETE ?id (revoke). */
  teamInvitations: '/api/v1/user/team/invitations',
  /** PUT (change the role), DELETE ?account_uuid&user_id (remove, or leave). */
  teamMember: '/api/v1/user/team/member',
  /** GET ?token: the invitation as its recipient sees it. */
  teamInvitation: '/api/v1/user/team/invitation',
  teamAccept: '/api/v1/user/team/accept',
  // Money and numbers of a business client (issue 16).
  discounts: '/api/v1/user/discounts',
  offers: '/api/v1/user/offers',
  /** GET ?offer_id: same-origin only, idempotent. */
  takeOffer: '/api/v1/user/take_offer',
  settlementContracts: '/api/v1/user/settlements/contracts',
  settlementReview: '/api/v1/user/settlements/review',
  settlementSummary: '/api/v1/user/settlements/summary',
  /** Not in the spec: the reconciliation act (акт сверки), `?contract_uuid&date_from&date_to&format=pdf|xlsx`. */
  settlementReconciliation: '/api/v1/user/settlements/reconciliation',
  managers: '/api/v1/user/managers',
  /** Not in the spec: a manager's photo, followed by `/{manager_id}`. */
  managerPhoto: '/api/v1/user/managers/photo',
  managerRating: '/api/v1/user/duty_manager_rating/',
  analyticsNumbers: '/api/v1/user/analytics/numbers',
  analyticsNumbersDynamic: '/api/v1/user/analytics/numbers_dynamic',
  analyticsAverageNumbers: '/api/v1/user/analytics/average_numbers',
  analyticsCargo: '/api/v1/user/analytics/cargo',
  analyticsTransferParticipation: '/api/v1/user/analytics/transfer_participation',
  analyticsDeliveryType: '/api/v1/user/analytics/delivery_type',
  analyticsDirections: '/api/v1/user/analytics/directions',
  // Integrations of a client profile (issue 18). Not in the spec.
  /** GET ?account_uuid (list), POST (create; the secret is in this answer only), DELETE ?id (revoke). */
  apiKeys: '/api/v1/user/api_keys',
  /** GET ?account_uuid (list), POST (create; the signing secret is in this answer only). */
  webhooks: '/api/v1/user/webhooks',
  /** PATCH ?id (events, on/off), DELETE ?id. */
  webhookEndpoint: '/api/v1/user/webhooks/endpoint',
  /** POST { id }: a test event to one address. */
  webhookPing: '/api/v1/user/webhooks/ping',
  /** GET ?endpoint_id&page: deliveries of an address, newest first, with the receiver's answers. */
  webhookDeliveries: '/api/v1/user/webhooks/deliveries',
  /** POST { id }: «Повторить» a delivery now. */
  webhookRetry: '/api/v1/user/webhooks/deliveries/retry',
  // Status notifications (issue 18). Not in the spec.
  /** GET, PUT: the user's notification settings. */
  notificationSettings: '/api/v1/user/notification_settings',
  /** GET (status), POST (a one-time link code), DELETE (unlink). */
  telegramLink: '/api/v1/user/notification_settings/telegram',
  /** GET ?token&event (what it turns off), POST { token, event } (turn it off). No session needed. */
  unsubscribe: '/api/v1/notifications/unsubscribe',
  /** DEMO_MODE only, and only while a channel has no real provider. */
  devOutbox: '/api/dev/outbox',
} as const;
