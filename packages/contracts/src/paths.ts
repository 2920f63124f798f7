/** Base path of every call of the spec. */
export const API_BASE = '/api/v1';

/** Paths of the calls, relative to the site origin. One home for every path string. */
export const API_PATHS = {
  health: '/api/health',
  ready: '/api/ready',
  openapi: '/api/v1/openapi.json',
  docs: '/api/docs',
  anonymousToken: '/api/v1/authorization/anonymous_token',
  dynamicContent: '/api/v1/duty_dynamic_content/dynamic_content',
  feedback: '/api/v1/user/feedback',
  // Location and content (issue 5): spec §7 "Location and content" and "Maps and other".
  dadataAddress: '/api/v1/duty_locality/dadata_address',
  cities: '/api/v1/duty_locality/cities',
  lightCities: '/api/v1/duty_locality/light_cities',
  popularCities: '/api/v1/duty_locality/popular_cities',
  countryMap: '/api/v1/duty_main_page/country_map',
  subdivisions: '/api/v1/duty_locality/subdivisions',
  subdivisionByCity: '/api/v1/duty_locality/subdivision_by_city',
  clientSelection: '/api/v1/duty_clients/client_selection',
  promotion: '/api/v1/duty_dynamic_content/promotion',
  news: '/api/v1/duty_news/news',
  holidays: '/api/v1/duty_holidays/',
  integrationMenu: '/api/v1/duty_integration_menu/',
  packages: '/api/v1/duty_packages/package',
  cargoTypes: '/api/v1/duty_cargo_types/cargo_type',
  transportationTypes: '/api/v1/duty_transportation/transportation_type',
  transportationTypeCheck: '/api/v1/duty_transportation/transportation_type_check',
  additionalServices: '/api/v1/duty_additional_services/',
  deliveryCities: '/api/v1/duty_delivery_subdivisions/city',
  deliverySubdivisions: '/api/v1/duty_delivery_subdivisions/subdivision',
  currentSubdivision: '/api/v1/duty_delivery_subdivisions/current_subdivision',
  currentCity: '/api/v1/duty_delivery_subdivisions/current_city',
  iframe: '/api/v1/duty_iframe/',
  bugReport: '/api/v1/duty_bug_report/',
  /** Followed by `/{fileId}`. */
  bugReportFiles: '/api/v1/duty_bug_report/files',
  // Identity (issue 4): spec §7 "Authentication (v2)" and the identity calls of "User".
  phoneVerificationCode: '/api/v1/user/phone/verification_code',
  phoneConfirmation: '/api/v1/authorization_v2/phone_confirmation',
  resendEmail: '/api/v1/authorization_v2/resend_email',
  emailConfirmation: '/api/v1/authorization_v2/email_confirmation',
  disposableAuthorization: '/api/v1/authorization_v2/disposable_authorization',
  registration: '/api/v1/authorization_v2/registration',
  authorization: '/api/v1/authorization_v2/authorization',
  forgotPassword: '/api/v1/authorization_v2/forgot_password',
  changePassword: '/api/v1/authorization_v2/change_password',
  resetPasswordPhone: '/api/v1/authorization_v2/reset_password_phone',
  resetPasswordEmail: '/api/v1/authorization_v2/reset_password_email',
  cookieAndObject: '/api/v1/authorization_v2/cookie-and-object',
  userInfo: '/api/v1/user/get_user_info',
  logout: '/api/v1/user/logout',
  changePhone: '/api/v1/user/phone/verification/change_phone',
  changeEmail: '/api/v1/user/email/change_email',
  changeEmailVerification: '/api/v1/user/email/verification/change_email',
  account: '/api/v1/user/account',
  profile: '/api/v1/user/profile',
  changeProfile: '/api/v1/user/change_profile',
  changeName: '/api/v1/user/change_name',
  // Full-access requests (issue 15): spec §7 «User», user/request_access.
  requestFullAccess: '/api/v1/user/request_access/request_full_access',
  requestFullAccessFiles: '/api/v1/user/request_access/request_full_access_files',
  userAccessRequests: '/api/v1/user/request_access/user_requests',
  accessRequest: '/api/v1/user/request_access/fa_request',
  /** Not in the spec: a document of a request, for its author (`?request_id&file_id`). */
  accessRequestFile: '/api/v1/user/request_access/fa_request_file',
  /** Not in the spec: the user's own sessions (ASVS 7.5.2). */
  sessions: '/api/v1/user/sessions',
  /** Not in the spec: a proof-of-work challenge for the code request (decision 011). */
  captchaChallenge: '/api/v1/captcha/challenge',
  pricesTerms: '/api/v1/requests/prices_terms_calculation',
  fullCalculator: '/api/v1/requests/full_calculator_standard',
  // Orders and cargo (issue 7): spec §7 «Calculation and orders» and «Cargo».
  requestCreate: '/api/v1/requests/request_create',
  /** Not in the spec: the order draft kept per session owner (GET, PUT). */
  orderDraft: '/api/v1/requests/draft',
  cargoList: '/api/v1/cargo/cargo',
  /** Not in the spec: the filtered list as an XLSX or CSV file (issue #14). */
  cargoExport: '/api/v1/cargo/cargo/export',
  /** Not in the spec: the import template (XLSX or CSV) and the import of orders from a file (issue #14). */
  cargoImportTemplate: '/api/v1/cargo/import/template',
  cargoImport: '/api/v1/cargo/import',
  currentCargo: '/api/v1/cargo/get_current_cargo',
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
