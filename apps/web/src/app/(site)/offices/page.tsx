import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { redirect } from 'next/navigation';
import { formatCount, formatNumber, MESSAGES } from '@freight/domain';
import { OPERATIONS } from '@freight/contracts';
import { Alert, Pagination } from '@/components/ui';
import type { MapPoint } from '@/components/map/map-point';
import { MapView } from '@/components/map/map-view';
import { NetworkMap } from '@/components/map/network-map';
import { webEnv } from '@/config/env';
import {
  getNetworkCities,
  getNetworkMap,
  locate,
  OFFICES_PAGE_SIZE,
  searchOffices,
  type OfficePage,
} from '@/features/offices/api/offices';
import { OfficeCard } from '@/features/offices/components/office-card';
import { OfficeFilters, type OfficeFilterValues } from '@/features/offices/components/office-filters';
import styles from '@/features/offices/components/offices.module.css';
import { coordinatesParam, parseCoordinatesParam } from '@/features/offices/lib/near-point';
import { networkCityPoints } from '@/features/offices/lib/network-points';

const L = MESSAGES.officesPage;

export const metadata: Metadata = {
  title: 'Адреса и контакты',
  description:
    'Терминалы, офисы и пункты выдачи транспортной компании «Магистраль» в городах России: адреса, телефоны, часы работы, приём и выдача грузов.',
};

type SearchParams = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() ?? '';

/** The address of page `page` of this search: the filters as the form sends them, then the page. */
function pageHref(values: OfficeFilterValues, page: number) {
  const params = new URLSearchParams();
  if (values.q) params.set('q', values.q);
  if (values.city) params.set('city', values.city);
  if (values.op) params.set('op', values.op);
  if (values.near) params.set('near', values.near);
  else if (values.at) params.set('at', values.at);
  if (values.open) params.set('open', '1');
  if (values.partner) params.set('partner', '1');
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return `/offices${query ? `?${query}` : ''}`;
}

export default async function OfficesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const values: OfficeFilterValues = {
    q: one(params.q).slice(0, 100),
    city: /^\d{1,9}$/.test(one(params.city)) ? one(params.city) : '',
    op: (OPERATIONS as readonly string[]).includes(one(params.op)) ? one(params.op) : '',
    partner: one(params.partner) === '1',
    open: one(params.open) === '1',
    near: one(params.near).slice(0, 200),
    at: '',
  };
  const here = values.near ? null : parseCoordinatesParam(one(params.at));
  if (here) values.at = coordinatesParam(here.lat, here.lon);
  const page = /^\d{1,4}$/.test(one(params.page)) ? Math.max(1, Number(one(params.page))) : 1;

  // Nothing chosen yet: the map shows the whole network, a marker per city; otherwise this page's points.
  const wholeNetwork =
    !values.q && !values.city && !values.op && !values.partner && !values.open && !values.near && !here;
  let result: OfficePage | null;
  let network: Awaited<ReturnType<typeof getNetworkMap>> | null = null;
  let cities: Array<{ id: number; name: string }> = [];
  let nearPoint: Awaited<ReturnType<typeof locate>> = null;
  try {
    // The calls are independent (only the search waits for the place typed), so a page whose
    // answers are not in the cache waits for the slowest of them, not for their sum.
    const near = values.near.length >= 2 ? locate(values.near) : Promise.resolve(here ? { ...here, label: '' } : null);
    const search = near.then((point) =>
      searchOffices(
        {
          text: values.q.length >= 1 ? values.q : undefined,
          cityId: values.city || undefined,
          operation: values.op || undefined,
          partnerOnly: values.partner,
          openNow: values.open,
          near: point ?? undefined,
        },
        page,
      ),
    );
    // The form's cities and the map come from one cached answer; without it the list still works.
    [cities, network, nearPoint, result] = await Promise.all([
      getNetworkCities().catch(() => []),
      wholeNetwork ? getNetworkMap().catch(() => null) : null,
      near,
      search,
    ]);
  } catch {
    result = null;
  }

  const pages = result ? Math.ceil(result.total / OFFICES_PAGE_SIZE) : 0;
  // A page past the end (an old link, a list that got shorter): the last page of this search.
  if (result && result.offices.length === 0 && pages > 0 && page > pages) redirect(pageHref(values, pages));

  const map = webEnv.map;
  const offices = result?.offices ?? [];
  const cityHref = (id: number) => pageHref({ ...values, city: String(id) }, 1);
  const mapPoints: readonly MapPoint[] =
    wholeNetwork && network && network.cities.length > 0
      ? networkCityPoints(network.cities)
      : offices.map((o) => ({
          id: o.id,
          lat: o.lat,
          lon: o.lon,
          title: `${o.city.name}: ${o.name}`,
          subtitle: `${o.address}. ${o.open_state.text}`,
          href: `/offices/${o.id}`,
          major: o.kind === 'terminal',
          group: { key: String(o.city.id), label: o.city.name, href: cityHref(o.city.id) },
        }));
  const markersLabel =
    network && mapPoints.length > 0
      ? L.mapMarkers(
          formatCount(network.totals.cities, MESSAGES.plural.city),
          formatCount(network.totals.subdivisions, MESSAGES.plural.point),
        )
      : undefined;
  const first = (page - 1) * OFFICES_PAGE_SIZE + 1;
  return (
    <div className="container">
      <h1>{L.title}</h1>
      <p className={styles.lead}>{L.lead}</p>
      <OfficeFilters values={values} cities={cities} />

      {result === null ? (
        <Alert variant="error">{L.unavailable}</Alert>
      ) : (
        <div className={`${styles.layout} ${mapPoints.length > 0 ? styles.layoutWithMap : ''}`}>
          <section aria-labelledby="offices-results">
            <h2 id="offices-results" className="visually-hidden">
              {L.listLabel}
            </h2>
            {values.near.length >= 2 && !nearPoint && <Alert variant="warning">{L.nearNotFound}</Alert>}
            <p className={styles.summary} role="status">
              {L.found(formatCount(result.total, MESSAGES.plural.point))}
              {pages > 1 ? `, ${L.shown(formatNumber(first), formatNumber(first + offices.length - 1))}` : ''}
              {nearPoint ? `. ${nearPoint.label ? L.nearestTo(nearPoint.label) : L.nearestToYou}` : ''}
            </p>
            {offices.length === 0 ? (
              <p>{L.nothingFound}</p>
            ) : (
              <ul className={styles.list} data-testid="offices-list">
                {offices.map((office) => (
                  <OfficeCard key={office.id} office={office} />
                ))}
              </ul>
            )}
            <Pagination page={page} pages={pages} href={(n) => pageHref(values, n)} label={L.pagination} as={Link} />
          </section>
          {mapPoints.length > 0 && (
            <div className={map ? styles.mapColumn : styles.networkMapColumn}>
              {map ? (
                <MapView label={L.mapLabel} tileUrl={map.tileUrl} attribution={map.attribution} points={mapPoints} />
              ) : (
                <NetworkMap label={L.mapLabel} points={mapPoints} markersLabel={markersLabel} />
              )}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
