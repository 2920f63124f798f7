import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import {
  distanceKm,
  formatCount,
  formatLongDate,
  formatNumber,
  formatRub,
  MESSAGES,
  resolveFooterLink,
  routeCalculatorQuery,
  cityRefOf,
  SAME_DAY_LAST_BOOKING_HOUR,
} from '@freight/domain';
import type { AdditionalService } from '@freight/contracts';
import { Island } from '@/components/island';
import { MapView } from '@/components/map/lazy-map-view';
import { BRAND } from '@/config/brand';
import { webEnv } from '@/config/env';
import { CalculatorSection } from '@/features/calculator/components/calculator-section';
import { NewsCard, NewsIllustration } from '@/features/news/components/news-card';
import { loadHomeData } from './_components/home-data';
import { PromoConditions } from './_components/promo-conditions';
import { TrackForm } from './_components/track-form';
import { WidgetRequestForm } from './_components/widget-request-form';
import styles from './_components/home.module.css';

const L = MESSAGES.home;

export const metadata: Metadata = {
  title: { absolute: `${BRAND.siteName} — перевозка сборных грузов по России` },
  description:
    'Транспортная компания «Магистраль»: перевозка сборных грузов между городами России с 2012 года. Терминалы в каждом федеральном округе, забор и доставка до двери, отслеживание груза.',
  alternates: { canonical: '/' },
  openGraph: {
    title: `${BRAND.siteName} — перевозка сборных грузов по России`,
    description: 'Сборные грузы по России: терминалы, забор и доставка до двери, страхование, отслеживание.',
    locale: 'ru_RU',
    type: 'website',
  },
};

function servicePrice(service: AdditionalService): string {
  if (service.price_unit === 'percent') return L.percentOfValue(formatNumber(service.price_kopecks / 100, 2));
  if (service.price_kopecks === 0) return L.free;
  return `${formatRub(service.price_kopecks)} ${L.servicePrice[service.price_unit]}`;
}

/** The home page; its calculator keeps its inputs in the address, like /calculator. */
export default async function HomePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [data, params] = await Promise.all([loadHomeData(), searchParams]);
  const origin = data.popular?.[0];
  const directions = origin
    ? data.popular!.slice(1, 9).map((to) => ({ to, km: Math.round(distanceKm(origin, to)) }))
    : [];
  const districts = new Map<string, NonNullable<typeof data.network>['cities']>();
  for (const city of data.network?.cities ?? []) {
    districts.set(city.federal_district, [...(districts.get(city.federal_district) ?? []), city]);
  }
  const map = webEnv.map;

  return (
    <div className="container">
      <section className={styles.hero} aria-labelledby="hero-title">
        <div className={styles.heroText}>
          <h1 id="hero-title">{BRAND.tagline}</h1>
          <p className={styles.lead}>{L.heroLead}</p>
          <Island>
            <TrackForm />
          </Island>
          {/* What the calculator beside it does not say: how soon, where, and what the price is made of. */}
          <ul className={styles.heroFacts} aria-label={L.factsLabel}>
            <li>{L.factSameDay(SAME_DAY_LAST_BOOKING_HOUR)}</li>
            {data.network && (
              <li>
                {L.factNetwork(
                  formatCount(data.network.totals.cities, MESSAGES.plural.city),
                  formatCount(data.network.totals.subdivisions, MESSAGES.plural.point),
                )}
              </li>
            )}
            <li>{L.factTracking}</li>
          </ul>
          <section className={styles.priceParts} aria-labelledby="price-parts-title">
            <h2 id="price-parts-title">{L.priceTitle}</h2>
            <p>{L.priceLead}</p>
            <dl>
              <div>
                <dt>{L.priceFreight}</dt>
                <dd>{L.priceFreightNote}</dd>
              </div>
              <div>
                <dt>{L.priceDoor}</dt>
                <dd>{L.priceDoorNote}</dd>
              </div>
              <div>
                <dt>{L.priceExtras}</dt>
                <dd>{L.priceExtrasNote}</dd>
              </div>
            </dl>
          </section>
        </div>
        {/* The price calculator, compact: the same component as /calculator (data-slot="calculator"). */}
        <section
          id="calculator"
          className={styles.calculator}
          aria-labelledby="calculator-title"
          data-slot="calculator"
        >
          <h2 id="calculator-title">{L.calculatorTitle}</h2>
          <Island>
            <CalculatorSection layout="compact" searchParams={params} />
          </Island>
        </section>
      </section>

      {origin && directions.length > 0 && (
        <section className={styles.section} aria-labelledby="directions-title">
          <h2 id="directions-title">{L.directionsTitle}</h2>
          <ul className={styles.directions}>
            {directions.map(({ to, km }) => (
              <li key={to.id}>
                <Link href={`/calculator?${routeCalculatorQuery(cityRefOf(origin), cityRefOf(to)).toString()}`}>
                  <span className={styles.route}>
                    {origin.name} → {to.name}
                  </span>
                  <span className={styles.distance}>{formatNumber(km)} км</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      {data.promotions && data.promotions.length > 0 && (
        <section className={styles.section} aria-labelledby="promotions-title">
          <h2 id="promotions-title">{L.promotionsTitle}</h2>
          <ul className={styles.cards}>
            {data.promotions.map((promo) => (
              <li key={promo.id} className={`${styles.card} ${styles.promo}`}>
                <NewsIllustration src={promo.image_url} />
                {promo.discount_percent !== null && (
                  <span className={styles.discount}>−{promo.discount_percent} %</span>
                )}
                <h3>{promo.title}</h3>
                <p>{promo.description}</p>
                {/* The code's conditions and dates come from the row the pricing enforces (issue 21). */}
                {promo.promo_code && promo.promo_conditions ? (
                  <>
                    <PromoConditions code={promo.promo_code} conditions={promo.promo_conditions} />
                    <p className={styles.muted}>{promo.terms}</p>
                  </>
                ) : promo.auto_conditions ? (
                  // An automatic promotion: its conditions are the rule the pricing applies.
                  <>
                    <p data-testid="auto-promo-conditions">{promo.auto_conditions}.</p>
                    <p className={styles.muted}>{promo.terms}</p>
                  </>
                ) : (
                  <p className={styles.muted}>
                    {promo.terms} <time dateTime={promo.ends_on}>{L.until(formatLongDate(promo.ends_on))}</time>
                  </p>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}

      {data.news && data.news.items.length > 0 && (
        <section className={styles.section} aria-labelledby="news-title">
          <div className={styles.sectionHead}>
            <h2 id="news-title">{L.newsTitle}</h2>
            <Link href="/news">{L.allNews}</Link>
          </div>
          <ul className={styles.cards} data-testid="home-news">
            {data.news.items.map((item) => (
              <li key={item.id}>
                <NewsCard item={item} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      )}

      {(data.transport || data.services) && (
        <section className={styles.section} aria-labelledby="services-title">
          <h2 id="services-title">{L.servicesTitle}</h2>
          {data.transport && (
            <ul className={styles.cards} aria-label={L.transportTitle}>
              {data.transport.map((t) => (
                <li key={t.id} className={styles.card}>
                  <h3>{t.name}</h3>
                  <p>{t.description}</p>
                </li>
              ))}
            </ul>
          )}
          {data.services && (
            <ul className={styles.serviceList}>
              {data.services.map((s) => (
                <li key={s.id}>
                  <span>
                    <strong>{s.name}.</strong> {s.description}
                  </span>
                  <span className={styles.price}>{servicePrice(s)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      {data.network && (
        <section className={styles.section} aria-labelledby="network-title">
          <div className={styles.sectionHead}>
            <h2 id="network-title">{L.networkTitle}</h2>
            <Link href="/offices">{L.allOffices}</Link>
          </div>
          <p className={styles.stats}>
            <span>{formatCount(data.network.totals.cities, MESSAGES.plural.city)}</span>
            <span>{formatCount(data.network.totals.subdivisions, MESSAGES.plural.point)}</span>
            <span>{formatCount(data.network.totals.regions, MESSAGES.plural.region)}</span>
          </p>
          {map && (
            <div className={styles.networkMap}>
              <MapView
                label={L.networkMapLabel}
                tileUrl={map.tileUrl}
                attribution={map.attribution}
                points={data.network.cities.map((c) => ({
                  id: c.id,
                  lat: c.lat,
                  lon: c.lon,
                  title: c.name,
                  subtitle: formatCount(c.subdivisions_count, MESSAGES.plural.point),
                  href: `/offices?city=${c.id}`,
                  major: c.has_terminal,
                }))}
              />
            </div>
          )}
          <div className={styles.districts}>
            {[...districts].map(([district, list]) => (
              <section key={district} aria-label={L.citiesIn(district)}>
                <h3>{L.citiesIn(district)}</h3>
                <p>
                  {list
                    .sort((a, b) => a.name.localeCompare(b.name, 'ru'))
                    .map((c, index) => (
                      <span key={c.id}>
                        {index > 0 && ', '}
                        {/* A plain link: dozens of these, none prefetched, none worth hydrating a
                            client <Link> for (issue #19, main-thread work). */}
                        <a href={`/offices?city=${c.id}`}>{c.name}</a>
                      </span>
                    ))}
                </p>
              </section>
            ))}
          </div>
        </section>
      )}

      {data.integration && data.integration.length > 0 && (
        <section className={styles.section} aria-labelledby="integration-title">
          <h2 id="integration-title">{L.integrationTitle}</h2>
          <ul className={styles.cards}>
            {data.integration.map((item) => {
              const { href } = resolveFooterLink(item.url);
              return (
                <li key={item.id} className={styles.card}>
                  <h3>
                    <a href={href}>{item.title}</a>
                  </h3>
                  <p>{item.description}</p>
                </li>
              );
            })}
          </ul>
          <div id="integration-widget" className={styles.widget}>
            <h3>{L.widgetTitle}</h3>
            <p>{L.widgetText}</p>
            <Island>
              <WidgetRequestForm />
            </Island>
          </div>
        </section>
      )}
    </div>
  );
}
