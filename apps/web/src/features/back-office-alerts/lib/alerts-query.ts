import { SECURITY_ALERT_FILTERS, type SecurityAlertFilter } from '@freight/domain/texts/back-office-alerts';

export type Search = Record<string, string | string[] | undefined>;

/** The first value of a query parameter, or ''. */
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

export const ALERTS_PER_PAGE = 25;

export interface AlertsView {
  status: SecurityAlertFilter;
  page: number;
  perPage: number;
}

/** The alert list as the address asks for it: open alerts by default; malformed values → defaults. */
export function alertsView(search: Search): AlertsView {
  const status = one(search.status);
  const perPage = Number.parseInt(one(search.per_page), 10);
  return {
    status: (SECURITY_ALERT_FILTERS as readonly string[]).includes(status) ? (status as SecurityAlertFilter) : 'open',
    page: Math.min(10_000, Math.max(1, Number.parseInt(one(search.page), 10) || 1)),
    perPage: perPage >= 1 && perPage <= 100 ? perPage : ALERTS_PER_PAGE,
  };
}

/** The API query of the list (GET /api/v1/back-office/security_alerts). */
export function alertsApiQuery(view: AlertsView): string {
  return new URLSearchParams({
    status: view.status,
    page: String(view.page),
    per_page: String(view.perPage),
  }).toString();
}
