import { BACK_OFFICE_TEXTS } from './texts/back-office';

/**
 * The carrier's staff (issue 17): accounts separate from clients, each with one role. What a
 * role may do is {@link STAFF_ROLE_PERMISSIONS}; the API checks every back-office call against
 * it, and docs/back-office.md prints the same table.
 */
export const STAFF_ROLES = ['operator', 'client_manager', 'content_editor', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_PERMISSIONS = [
  /** Find cargos, open a cargo's page and history. */
  'cargo.view',
  /** Change a cargo's status, flags and driver; cancel it; bulk status changes. */
  'cargo.operate',
  /** Find clients and see their profiles, contracts and cargos. */
  'clients.view',
  /** Assign a personal manager to a client profile. */
  'clients.assign_manager',
  /** Give a company profile a contract; record its bank payments (issue 16). */
  'finance.manage',
  /** Review full-access requests (approve, ask for corrections, reject). */
  'access.review',
  /** News, promotions, footer links. */
  'content.edit',
  /** Offers and personal discounts of clients. */
  'offers.edit',
  /** Tariffs and promo codes. */
  'prices.edit',
  /** Bug reports and feedback. */
  'inbox.work',
  /** Security alerts (an SMS budget hit, a drop of code conversion): see and resolve them. */
  'alerts.work',
  /** The audit log. */
  'audit.view',
  /** Staff accounts. */
  'staff.manage',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

export const STAFF_ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly StaffPermission[]>> = {
  operator: ['cargo.view', 'cargo.operate', 'clients.view', 'access.review', 'inbox.work', 'alerts.work'],
  client_manager: [
    'cargo.view',
    'clients.view',
    'clients.assign_manager',
    'finance.manage',
    'access.review',
    'offers.edit',
    'inbox.work',
  ],
  content_editor: ['content.edit'],
  admin: STAFF_PERMISSIONS,
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

export function staffCan(role: StaffRole, permission: StaffPermission): boolean {
  return STAFF_ROLE_PERMISSIONS[role].includes(permission);
}

/** «Оператор», «Менеджер по работе с клиентами»… */
export function staffRoleLabel(role: StaffRole): string {
  return BACK_OFFICE_TEXTS.roles[role];
}

/**
 * Staff sessions are shorter than clients': 30 minutes idle, 10 hours at most (one shift). A
 * session that passed the password but not the second factor lives 5 minutes.
 */
export const STAFF_SESSION_IDLE_MS = 30 * 60 * 1000;
export const STAFF_SESSION_ABSOLUTE_MS = 10 * 60 * 60 * 1000;
export const STAFF_PENDING_SESSION_MS = 5 * 60 * 1000;

/** Wrong passwords or TOTP codes per login (and per address) before a 15-minute lock. */
export const STAFF_SIGN_IN_MAX_FAILURES = 5;
export const STAFF_SIGN_IN_LOCK_MS = 15 * 60 * 1000;

/** The issuer shown by authenticator apps. */
export const STAFF_TOTP_ISSUER = 'Магистраль · бэк-офис';

/** A bulk status change takes at most this many cargos. */
export const BULK_STATUS_MAX_CARGOS = 200;

/** Statuses of an inbox item (bug report, feedback). */
export const INBOX_STATUSES = ['new', 'in_work', 'answered'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];
