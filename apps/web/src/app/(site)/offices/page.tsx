import type { Metadata } from 'next';
import { formatCount, MESSAGES } from '@freight/domain';
import { OPERATIONS, type Subdivision } from '@freight/contracts';
import { Alert } from '@/components/ui';
import { MapView } from '@/components/map/map-view';
import { webEnv } from '@/config/env';
import { getNetworkCities, locate, searchOffices } from '@/features/offices/api/offices';
import { OfficeCard } from '@/features/offices/components/office-card';
import { OfficeFilters, type OfficeFilterValues } from '@/features/offices/components/office-filters';
import styles from '@/features/offices/components/offices.module.css';

const L = MESSAGES.officesPage;

export const metadata: Metadata = {
  title: 'Адреса и контакты',
  description:
    'Терминалы, офисы и пункты выдачи транспортной компании «Магистраль» в городах России: адреса, телефоны, часы работы, приём и выдача грузов.',
};

type SearchParams = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() ?? '';

export default async function OfficesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const values: OfficeFilterValues = {
    q: one(params.q).slice(0, 100),
    city: /^\d{1,9}$/.test(one(params.city)) ? one(params.city) : '',
    op: (OPERATIONS as readonly string[]).includes(one(params.op)) ? one(params.op) : '',
    partner: one(params.partner) === '1',
    near: one(params.near).slice(0, 200),
  };

  let offices: Subdivision[] | null;
  let cities: Array<{ id: number; name: string }> = [];
  let nearPoint: Awaited<ReturnType<typeof locate>> = null;
  try {
    [cities, nearPoint] = await Promise.all([
      getNetworkCities().then((list) => [...list].sort((a, b) => a.name.localeCompare(b.name, 'ru'))),
      values.near.length >= 2 ? locate(values.near) : Promise.resolve(null),
    ]);
    offices = await searchOffices({
      text: values.q.length >= 1 ? values.q : undefined,
      cityId: values.city || undefined,
      operation: values.op || undefined,
      partnerOnly: values.partner,
      near: nearPoint ?? undefined,
    });
  } catch {
    offices = null;
  }

  const map = webEnv.map;
  return (
    <div className="container">
      <h1>{L.title}</h1>
      <p className={styles.lead}>{L.lead}</p>
      <OfficeFilters values={values} cities={cities} />

      {offices === null ? (
        <Alert variant="error">{L.unavailable}</Alert>
      ) : (
        <div className={`${styles.layout} ${map ? styles.layoutWithMap : ''}`}>
          <section aria-labelledby="offices-results">
            <h2 id="offices-results" className="visually-hidden">
              {L.listLabel}
            </h2>
            {values.near.length >= 2 && !nearPoint && <Alert variant="warning">{L.nearNotFound}</Alert>}
            <p className={styles.summary} role="status">
              {L.found(formatCount(offices.length, MESSAGES.plural.point))}
              {nearPoint ? `. ${L.nearestTo(nearPoint.label)}` : ''}
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
          </section>
          {map && offices.length > 0 && (
            <div className={styles.mapColumn}>
              <MapView
                label={L.mapLabel}
                tileUrl={map.tileUrl}
                attribution={map.attribution}
                points={offices.map((o) => ({
                  id: o.id,
                  lat: o.lat,
                  lon: o.lon,
                  title: `${o.city.name}: ${o.name}`,
                  subtitle: `${o.address}. ${o.open_state.text}`,
                  href: `/offices/${o.id}`,
                  major: o.kind === 'terminal',
                }))}
              />
            </div>
          )}
        </div>
      )}
    </div>
  );
}
