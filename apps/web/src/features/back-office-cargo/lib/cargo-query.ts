import { BO_CARGO_SORTS, type BoCargoSort } from '@freight/contracts/back-office-cargo';
import { isCargoStatus, type CargoStatus } from '@freight/domain/cargo-status';

type Search = Record<string, string | string[] | undefined>;

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

export interface CargoListView {
  q: string;
  status: CargoStatus | null;
  page: number;
  perPage: number;
  sort: BoCargoSort;
  desc: boolean;
}

export const CARGO_LIST_PER_PAGE = 25;

/**
 * The cargo list as the address asks for it, with anything malformed dropped (the page never
 * fails on a hand-edited address). No `sort`: newest first; with `sort`, DataTable's convention —
 * `desc=1` descending, absent ascending.
 */
export function cargoListView(search: Search): CargoListView {
  const status = one(search.status);
  const sortParam = one(search.sort);
  const sort = (BO_CARGO_SORTS as readonly string[]).includes(sortParam) ? (sortParam as BoCargoSort) : null;
  const descParam = one(search.desc);
  const perPage = Number.parseInt(one(search.per_page), 10);
  return {
    q: one(search.q).trim().slice(0, 100),
    status: isCargoStatus(status) ? status : null,
    page: Math.min(10_000, Math.max(1, Number.parseInt(one(search.page), 10) || 1)),
    perPage: perPage >= 1 && perPage <= 100 ? perPage : CARGO_LIST_PER_PAGE,
    sort: sort ?? 'created',
    desc: sort ? descParam === '1' || descParam === 'true' : true,
  };
}

/** The API query of a view (GET /api/v1/back-office/cargos). */
export function cargoListApiQuery(view: CargoListView): string {
  const params = new URLSearchParams({
    page: String(view.page),
    per_page: String(view.perPage),
    sort: view.sort,
    desc: String(view.desc),
  });
  if (view.q) params.set('q', view.q);
  if (view.status) params.set('status', view.status);
  return params.toString();
}
