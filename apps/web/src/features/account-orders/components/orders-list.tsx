'use client';

import type { CargoListItem, CargoListResponse } from '@freight/contracts/orders';
import type { ClientProfile } from '@freight/contracts/identity';
import { CARGO_STATUS_OPTIONS } from '@freight/domain/cargo-status';
import { ORDER_LIST_SORT_OPTIONS, type OrderListSort } from '@freight/domain/order-list-sort';
import {
  ALL_PROFILES,
  buildCargoListQuery,
  createOrderListState,
  orderListReducer,
  type OrderListFilters,
  type OrderListState,
} from '@freight/domain/order-list';
import {
  isOrderListFiltered,
  orderListUrlQuery,
  parseOrderListUrl,
  type OrderListUrlErrors,
  type OrderListUrlState,
} from '@freight/domain/order-list-url';
import { formatCount } from '@freight/domain/plural';
import { ACCOUNT_ORDERS_TEXTS } from '@freight/domain/texts/account-orders';
import { PLURAL_TEXTS } from '@freight/domain/texts/plural';
import { Link } from '@/components/ui/link';
import { usePathname, useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, Button, Select, TextInput, type SelectOption } from '@/components/ui';
import { Checkbox } from '@/components/ui/checkbox';
import { RecentExports } from '@/components/exports/recent-exports';
import { errorMessage, ordersApi } from '../api/orders-api';
import { lazyZodResolver, preloadSchemas } from '../lib/form';
import { CargoListCard, CargoListSkeleton } from './cargo-list-card';
import { ExportOrders } from './export-orders';
import { ImportOrders } from './import-orders';
import styles from './orders.module.css';

const T = ACCOUNT_ORDERS_TEXTS;

type ListState = OrderListState<CargoListItem>;

/** The text and date fields of the filter form; dates are '' when not set. */
interface FilterFormValues {
  tracknumber: string;
  sender: string;
  recipient: string;
  owner_id_profile: string;
  city_departure: string;
  city_delivery: string;
  start_date: string;
  end_date: string;
}

const TEXT_FIELDS = [
  'tracknumber',
  'sender',
  'recipient',
  'city_departure',
  'city_delivery',
] as const satisfies readonly (keyof FilterFormValues)[];

function toFormValues(filters: OrderListFilters): FilterFormValues {
  return {
    tracknumber: filters.tracknumber,
    sender: filters.sender,
    recipient: filters.recipient,
    owner_id_profile: filters.owner_id_profile,
    city_departure: filters.city_departure,
    city_delivery: filters.city_delivery,
    start_date: filters.start_date ?? '',
    end_date: filters.end_date ?? '',
  };
}

/** «Профиль»: the active one (the default call), each profile by name, or all of them. */
function profileFilterOptions(profiles: NonNullable<OrdersListProps['profiles']>): SelectOption[] {
  const active = profiles.find((p) => p.is_active);
  return [
    { value: '', label: T.profileActive(active?.name ?? '') },
    ...profiles.filter((p) => !p.is_active).map((p) => ({ value: p.account_uuid, label: p.name })),
    { value: ALL_PROFILES, label: T.profileAll },
  ];
}

function urlStateOf(state: ListState): OrderListUrlState {
  return {
    sort: state.sort,
    filters: state.filters,
    selectedStatuses: state.selectedStatuses as OrderListUrlState['selectedStatuses'],
  };
}

/** The list state the server rendered: the address's filters with page 0 already loaded. */
function initState(url: OrderListUrlState, page: CargoListResponse | null): ListState {
  let state = createOrderListState<CargoListItem>();
  state = orderListReducer(state, { type: 'setStatuses', statuses: CARGO_STATUS_OPTIONS });
  state = orderListReducer(state, { type: 'setSort', sort: url.sort });
  state = orderListReducer(state, { type: 'setFilters', patch: url.filters });
  state = orderListReducer(state, { type: 'setSelectedStatuses', statuses: url.selectedStatuses });
  if (page) state = orderListReducer(state, { type: 'pageLoaded', page: 0, items: page.items });
  return state;
}

export interface OrdersListProps {
  /** What the address said when the server rendered the page. */
  initialUrl: OrderListUrlState;
  /** Page 0 for that state, or null when the API refused the query. */
  initialPage: CargoListResponse | null;
  /** The user's profiles: with more than one, the list filters by profile. */
  profiles?: readonly Pick<ClientProfile, 'account_uuid' | 'name' | 'is_active'>[];
}

/**
 * The client's orders (issue 14): filters, status chips, sort and the favourites switch live in
 * the address (shareable, survive a reload, the back button walks through them); the list state
 * is the domain's `orderListReducer` — a new sort, filter or status selection goes back to page 0,
 * «Показать ещё» merges the next page by id, «Сбросить» restores the defaults. Page 0 comes
 * rendered from the server; later pages and changed filters are fetched here, with skeletons.
 */
export function OrdersList({ initialUrl, initialPage, profiles = [] }: OrdersListProps) {
  const profileOptions = useMemo(() => profileFilterOptions(profiles), [profiles]);
  const [state, dispatch] = useReducer(orderListReducer<CargoListItem>, null, () => initState(initialUrl, initialPage));
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const parsed = useMemo(() => parseOrderListUrl(new URLSearchParams(searchParams.toString())), [searchParams]);
  const [loadError, setLoadError] = useState<string | null>(initialPage ? null : T.loadError);
  const [loading, setLoading] = useState(false);
  const [retry, setRetry] = useState(0);
  const requestKey = buildCargoListQuery(state).toString();
  // The query whose answer is in `state.items` (or on its way).
  const loadedKey = useRef<string | null>(initialPage ? requestKey : null);

  // The address is the source of truth: a change (our own push, back/forward) updates the state.
  useEffect(() => {
    const next = parsed.state;
    dispatch({ type: 'setSort', sort: next.sort });
    dispatch({ type: 'setFilters', patch: next.filters });
    dispatch({ type: 'setSelectedStatuses', statuses: next.selectedStatuses });
  }, [parsed]);

  // Fetch whatever page the state asks for and nobody loaded yet.
  useEffect(() => {
    if (loadedKey.current === requestKey) return;
    loadedKey.current = requestKey;
    const controller = new AbortController();
    const page = state.page;
    setLoading(true);
    setLoadError(null);
    ordersApi
      .list(new URLSearchParams(requestKey), controller.signal)
      .then((answer) => {
        dispatch({ type: 'pageLoaded', page, items: answer.items });
        setLoading(false);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        loadedKey.current = null;
        setLoading(false);
        setLoadError(errorMessage(error));
      });
    return () => {
      controller.abort();
      if (loadedKey.current === requestKey) loadedKey.current = null;
    };
    // state.page is part of requestKey
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey, retry]);

  /** Puts a list state into the address (a new history entry); the effect above follows. */
  const navigate = useCallback(
    (next: OrderListUrlState) => {
      const query = orderListUrlQuery(next).toString();
      window.history.pushState(null, '', query ? `${pathname}?${query}` : pathname);
    },
    [pathname],
  );

  // Also rendered as the inputs' default values: the server's HTML shows the filters before hydration.
  const [initialValues] = useState(() => toFormValues(initialUrl.filters));
  const form = useForm<FilterFormValues, unknown, OrderListFilters>({
    defaultValues: initialValues,
    resolver: lazyZodResolver<FilterFormValues, OrderListFilters>('FilterFormSchema'),
  });
  const { reset } = form;
  // Back/forward: the fields show what the address says.
  useEffect(() => {
    reset(toFormValues(parsed.state.filters));
  }, [parsed, reset]);

  const current = urlStateOf(state);
  const onSubmit = form.handleSubmit((filters) =>
    navigate({
      ...current,
      filters: { ...filters, exclude_closed: current.filters.exclude_closed, favorite: current.filters.favorite },
    }),
  );
  const onReset = () => {
    dispatch({ type: 'reset' });
    reset(toFormValues(createOrderListState().filters));
    navigate(parseOrderListUrl(new URLSearchParams()).state);
  };
  const toggleStatus = (code: string) => {
    const selected = current.selectedStatuses.includes(code as never)
      ? current.selectedStatuses.filter((s) => s !== code)
      : [...current.selectedStatuses, code as never];
    navigate({ ...current, selectedStatuses: selected });
  };
  const setFlag = (key: 'exclude_closed' | 'favorite', value: boolean) =>
    navigate({ ...current, filters: { ...current.filters, [key]: value } });
  const setSort = (sort: OrderListSort) => navigate({ ...current, sort });

  // Favourite marks changed on this page (the list item is the server's copy from before).
  const [favorites, setFavorites] = useState<Readonly<Record<string, boolean>>>({});
  const onFavoriteChange = useCallback((track: string, favorite: boolean) => {
    setFavorites((known) => ({ ...known, [track]: favorite }));
  }, []);

  const errors: OrderListUrlErrors = parsed.errors;
  const activeFilters = orderListUrlQuery({ ...current, sort: 'newest' }).size;
  // Below 900 px the filters fold away; open when something is wrong in them.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const hasErrors = Object.keys(errors).length > 0 || Object.keys(form.formState.errors).length > 0;
  const showFilters = filtersOpen || hasErrors;
  const fieldError = (name: keyof FilterFormValues) => form.formState.errors[name]?.message ?? errors[name];
  const filtered = isOrderListFiltered(current);
  const replacing = loading && state.page === 0;
  const loadingMore = loading && state.page > 0;
  const listQuery = new URLSearchParams(requestKey);
  const withMarks = state.items.map((item) =>
    item.track_number in favorites ? { ...item, favorite: favorites[item.track_number]! } : item,
  );
  // Unmarking a cargo inside the «Избранные» view takes it out of what the filter shows.
  const items = state.filters.favorite ? withMarks.filter((item) => item.favorite) : withMarks;

  return (
    <div className={styles.layout}>
      <section
        className={`${styles.filters} ${showFilters ? styles.filtersOpen : ''}`}
        aria-labelledby="orders-filters-title"
      >
        <div className={styles.filtersHead}>
          <h2 id="orders-filters-title" className={styles.filtersTitle}>
            {T.filtersTitle}
            {activeFilters > 0 && <span className={styles.badge}>{activeFilters}</span>}
          </h2>
          <button
            type="button"
            className={styles.filtersToggle}
            aria-expanded={showFilters}
            aria-controls="orders-filter-form"
            onClick={() => setFiltersOpen(!showFilters)}
          >
            {showFilters ? T.filtersHide : T.filtersShow}
          </button>
        </div>
        <form
          id="orders-filter-form"
          onSubmit={onSubmit}
          onFocus={preloadSchemas}
          noValidate
          className={styles.filterForm}
        >
          <div className={styles.filterGrid}>
            {TEXT_FIELDS.map((name) => (
              <TextInput
                key={name}
                label={T.filters[name]}
                {...form.register(name)}
                defaultValue={initialValues[name]}
                maxLength={200}
                autoComplete="off"
                error={fieldError(name)}
                onValueChange={(value) => form.setValue(name, value)}
              />
            ))}
            {profileOptions.length > 2 ? (
              <Select
                label={T.filters.owner_id_profile}
                options={profileOptions}
                {...form.register('owner_id_profile')}
                defaultValue={initialValues.owner_id_profile}
                error={fieldError('owner_id_profile')}
              />
            ) : null}
            <TextInput
              label={T.filters.start_date}
              type="date"
              clearable={false}
              {...form.register('start_date')}
              defaultValue={initialValues.start_date}
              error={fieldError('start_date')}
            />
            <TextInput
              label={T.filters.end_date}
              type="date"
              clearable={false}
              {...form.register('end_date')}
              defaultValue={initialValues.end_date}
              error={fieldError('end_date')}
            />
          </div>
          <div className={styles.filterFlags}>
            <Checkbox
              label={T.filters.exclude_closed}
              checked={current.filters.exclude_closed}
              onCheckedChange={(value) => setFlag('exclude_closed', value)}
            />
            <Checkbox
              label={T.filters.favorites}
              checked={current.filters.favorite}
              onCheckedChange={(value) => setFlag('favorite', value)}
            />
          </div>
          <fieldset className={styles.statuses} aria-describedby={errors.status ? 'orders-status-error' : undefined}>
            <legend className={styles.legend}>{T.filters.statuses}</legend>
            <div className={styles.chips}>
              {state.statuses.map((status) => {
                const on = state.selectedStatuses.includes(status.id);
                return (
                  <button
                    key={status.id}
                    type="button"
                    className={`${styles.chip} ${on ? styles.chipOn : ''}`}
                    aria-pressed={on}
                    onClick={() => toggleStatus(status.id)}
                  >
                    {status.name}
                  </button>
                );
              })}
            </div>
            {errors.status && (
              <p id="orders-status-error" className={styles.fieldError} role="alert">
                {errors.status}
              </p>
            )}
          </fieldset>
          <div className={styles.formActions}>
            <Button type="submit">{T.apply}</Button>
            <Button type="button" appearance="secondary" onClick={onReset}>
              {T.reset}
            </Button>
          </div>
        </form>
      </section>

      <section className={styles.results} aria-labelledby="orders-results-title" aria-busy={loading}>
        <h2 id="orders-results-title" className="visually-hidden">
          {T.title}
        </h2>
        <div className={styles.toolbar}>
          <label className={styles.sortLabel}>
            <span>{T.filters.sort}</span>
            <select
              className={styles.select}
              value={state.sort}
              onChange={(event) => setSort(event.target.value as OrderListSort)}
            >
              {ORDER_LIST_SORT_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
          {errors.sort && (
            <p className={styles.fieldError} role="alert">
              {errors.sort}
            </p>
          )}
          <div className={styles.toolbarActions}>
            <ExportOrders listQuery={listQuery} />
            <ImportOrders
              onCreated={() => {
                loadedKey.current = null;
                setRetry((n) => n + 1);
              }}
            />
          </div>
        </div>
        <RecentExports kind="cargo_list" />

        {loadError && (
          <Alert variant="error">
            {loadError}{' '}
            <Button appearance="link" onClick={() => setRetry((n) => n + 1)}>
              {T.retry}
            </Button>
          </Alert>
        )}

        {replacing ? (
          <CargoListSkeleton count={4} />
        ) : items.length === 0 && !loadError ? (
          <div className={styles.empty} role="status" data-testid="orders-empty">
            <h3>{filtered ? T.emptyFilteredTitle : T.emptyTitle}</h3>
            <p>{filtered ? T.emptyFilteredText : T.emptyText}</p>
            {filtered ? (
              <Button appearance="secondary" onClick={onReset}>
                {T.reset}
              </Button>
            ) : (
              <Button as={Link} href="/calculator">
                {T.toCalculator}
              </Button>
            )}
          </div>
        ) : (
          <>
            <p className={styles.count} aria-live="polite">
              {T.shown(formatCount(items.length, PLURAL_TEXTS.order))}
            </p>
            <ul className={styles.list} data-testid="orders-list">
              {items.map((item) => (
                <li key={item.id}>
                  <CargoListCard item={item} onFavoriteChange={onFavoriteChange} />
                </li>
              ))}
            </ul>
            {loadingMore && <CargoListSkeleton count={2} />}
            {state.hasMore && !loadingMore && (
              <div className={styles.more}>
                <Button appearance="secondary" onClick={() => dispatch({ type: 'nextPage' })}>
                  {T.showMore}
                </Button>
              </div>
            )}
          </>
        )}
      </section>
    </div>
  );
}
