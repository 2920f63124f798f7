export type Search = Record<string, string | string[] | undefined>;

/** The first value of a query parameter, or ''. */
export const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

export const LIST_PER_PAGE = 25;

export interface ListView {
  page: number;
  perPage: number;
  /** The search text (trimmed, at most 100 characters, as the API takes it). */
  q: string;
}

/** Page, page size and search of a back-office list as the address asks for them (malformed → defaults). */
export function listView(search: Search): ListView {
  const perPage = Number.parseInt(one(search.per_page), 10);
  return {
    page: Math.min(10_000, Math.max(1, Number.parseInt(one(search.page), 10) || 1)),
    perPage: perPage >= 1 && perPage <= 100 ? perPage : LIST_PER_PAGE,
    q: one(search.q).trim().slice(0, 100),
  };
}

/** The API query of a list view: `page`, `per_page` and `q` when searching. */
export function listApiQuery(view: ListView): string {
  const params = new URLSearchParams({ page: String(view.page), per_page: String(view.perPage) });
  if (view.q) params.set('q', view.q);
  return params.toString();
}
