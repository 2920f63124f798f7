import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { MESSAGES, toIsoDate } from '@freight/domain';
import { MapView } from '@/components/map/map-view';
import { webEnv } from '@/config/env';
import { getOffice } from '@/features/offices/api/offices';
import { OfficeDetails } from '@/features/offices/components/office-details';
import styles from '@/features/offices/components/offices.module.css';

const L = MESSAGES.officesPage;

type Params = Promise<{ id: string }>;

async function load(id: string) {
  if (!/^\d{1,9}$/.test(id)) return null;
  return getOffice(Number(id));
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const office = await load((await params).id);
  if (!office) return { title: MESSAGES.offices.notFound };
  return {
    title: `${office.name}, ${office.city.name}`,
    description: `${MESSAGES.offices.kinds[office.kind]} «Магистрали» в городе ${office.city.name}: ${office.address}. ${office.schedule.lines
      .map((l) => `${l.days} ${l.hours}`)
      .join('; ')}.`,
  };
}

export default async function OfficePage({ params }: { params: Params }) {
  const office = await load((await params).id);
  if (!office) notFound();
  const map = webEnv.map;
  return (
    <div className="container">
      <p>
        <Link href="/offices">← {L.backToList}</Link>
      </p>
      <h1>
        {office.name}, {office.city.name}
      </h1>
      <p className={styles.lead}>
        {MESSAGES.offices.kinds[office.kind]}
        {office.is_partner ? ` · ${L.partner}` : ''} · {office.city.region}
      </p>
      <OfficeDetails office={office} today={toIsoDate(new Date(), office.city.timezone) ?? ''} />
      {map && (
        <div className={styles.officeMap}>
          <MapView
            label={L.mapLabel}
            tileUrl={map.tileUrl}
            attribution={map.attribution}
            points={[
              {
                id: office.id,
                lat: office.lat,
                lon: office.lon,
                title: office.name,
                subtitle: office.address,
                major: true,
              },
            ]}
          />
        </div>
      )}
    </div>
  );
}
