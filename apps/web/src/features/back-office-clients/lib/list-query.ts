import { ACCESS_QUEUE_FILTERS, type AccessQueueFilter } from '@freight/contracts/back-office-clients';
import { INBOX_STATUSES, type InboxStatus } from '@freight/domain/staff';

export type Search = Record<string, string | string[] | undefined>;

/** The first value of a query parameter, or ''. */
export const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

export const LIST_PER_PAGE = 25;

/** Page and page size of a server-paged table as the address asks for them (malformed → defaults). */
export function pageOf(search: Search): { page: number; perPage: number } {
  const perPage = Number.parseInt(one(search.per_page), 10);
  return {
    page: Math.min(10_000, Math.max(1, Number.parseInt(one(search.page), 10) || 1)),
    perPage: perPage >= 1 && perPage <= 100 ? perPage : LIST_PER_PAGE,
  };
}

export interface AccessQueueView {
  status: AccessQueueFilter;
  q: string;
  page: number;
  perPage: number;
  /** Newest first (DataTable's `sort=created_at&desc=1`); the default is oldest first. */
  desc: boolean;
}

/** The request queue as the address asks for it; no status → «На проверке». */
export function accessQueueView(search: Search): AccessQueueView {
  const status = one(search.status);
  const desc = one(search.desc);
  return {
    status: (ACCESS_QUEUE_FILTERS as readonly string[]).includes(status) ? (status as AccessQueueFilter) : 'pending',
    q: one(search.q).trim().slice(0, 200),
    ...pageOf(search),
    desc: one(search.sort) === 'created_at' && (desc === '1' || desc === 'true'),
  };
}

/** The API query of the queue (GET /api/v1/back-office/access_requests). */
export function accessQueueApiQuery(view: AccessQueueView): string {
  const params = new URLSearchParams({
    status: view.status,
    page: String(view.page),
    per_page: String(view.perPage),
    sort: view.desc ? '-created_at' : 'created_at',
  });
  if (view.q) params.set('q', view.q);
  return params.toString();
}

export type InboxTab = 'bug-reports' | 'feedback';

export interface InboxView {
  tab: InboxTab;
  status: InboxStatus | null;
  page: number;
  perPage: number;
}

/** The inbox as the address asks for it: the tab (bug reports by default) and a status filter. */
export function inboxView(search: Search): InboxView {
  const status = one(search.status);
  return {
    tab: one(search.tab) === 'feedback' ? 'feedback' : 'bug-reports',
    status: (INBOX_STATUSES as readonly string[]).includes(status) ? (status as InboxStatus) : null,
    ...pageOf(search),
  };
}

/** The API query of an inbox list. */
export function inboxApiQuery(view: InboxView): string {
  const params = new URLSearchParams({ page: String(view.page), per_page: String(view.perPage) });
  if (view.status) params.set('status', view.status);
  return params.toString();
}
