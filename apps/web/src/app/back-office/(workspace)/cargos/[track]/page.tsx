import type { Metadata } from 'next';
import { BoCargoDetailsSchema, BoOfficeListSchema, type BoCargoDetails } from '@freight/contracts/back-office-cargo';
import { BACK_OFFICE_CARGO_TEXTS } from '@freight/domain/texts/back-office-cargo';
import { CargoStatusBadge } from '@/components/status/status-badges';
import layout from '@/components/back-office/layout.module.css';
import { BoPage } from '@/features/back-office/components/bo-page';
import { Forbidden } from '@/features/back-office/components/forbidden';
import { requireStaffPage, staffMay } from '@/features/back-office/lib/staff';
import { CancelCargo } from '@/features/back-office-cargo/components/cancel-cargo';
import { CargoFlags } from '@/features/back-office-cargo/components/cargo-flags';
import { CargoHistory } from '@/features/back-office-cargo/components/cargo-history';
import { CargoOverview } from '@/features/back-office-cargo/components/cargo-overview';
import { DriverForm } from '@/features/back-office-cargo/components/driver-form';
import { StatusForm } from '@/features/back-office-cargo/components/status-form';
import styles from '@/features/back-office-cargo/components/cargo.module.css';
import { ApiStatusError, apiGet } from '@/lib/api/server';

const T = BACK_OFFICE_CARGO_TEXTS.page;

type Params = { track: string };

/** The track of the address; a malformed escape is kept as typed (the API answers 404). */
function trackOf(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { track } = await params;
  return { title: T.cargoTitle(trackOf(track).slice(0, 40)) };
}

async function loadCargo(track: string): Promise<BoCargoDetails | null> {
  try {
    return await apiGet(`/api/v1/back-office/cargos/${encodeURIComponent(track)}`, BoCargoDetailsSchema);
  } catch (error) {
    if (error instanceof ApiStatusError && error.status === 404) return null;
    throw error;
  }
}

/**
 * /back-office/cargos/[track]: everything about one cargo, and what an operator does with it —
 * flags, the driver, the next status, the cancellation — above its full history.
 */
export default async function CargoPage({ params }: { params: Promise<Params> }) {
  const staff = await requireStaffPage();
  if (!staffMay(staff, 'cargo.view')) return <Forbidden />;
  const track = trackOf((await params).track);
  const canOperate = staffMay(staff, 'cargo.operate');
  const [cargo, offices] = await Promise.all([
    loadCargo(track),
    canOperate ? apiGet('/api/v1/back-office/offices', BoOfficeListSchema) : null,
  ]);
  const breadcrumbs = [{ href: '/back-office/cargos', label: T.breadcrumbs }];
  if (!cargo) {
    return (
      <BoPage title={T.notFoundTitle} breadcrumbs={breadcrumbs}>
        <p>{BACK_OFFICE_CARGO_TEXTS.errors.cargoNotFound(track.slice(0, 40))}</p>
      </BoPage>
    );
  }
  return (
    <BoPage
      title={
        <>
          {T.cargoTitle(cargo.track_number)}
          <span className={styles.titleBadge}>
            <CargoStatusBadge status={cargo.status} label={cargo.status_label} />
          </span>
        </>
      }
      breadcrumbs={breadcrumbs}
      lead={`${cargo.city_departure} → ${cargo.city_delivery}`}
    >
      <div className={styles.cards}>
        <CargoOverview cargo={cargo} />
        <section className={layout.card} aria-labelledby="bo-cargo-flags">
          <h2 id="bo-cargo-flags">{T.sections.flags}</h2>
          <CargoFlags track={cargo.track_number} flags={cargo.flags} paidAt={cargo.paid_at} canOperate={canOperate} />
        </section>
        <section className={layout.card} aria-labelledby="bo-cargo-driver">
          <h2 id="bo-cargo-driver">{T.sections.driver}</h2>
          <DriverForm track={cargo.track_number} driver={cargo.driver} closed={cargo.closed} canOperate={canOperate} />
        </section>
        {canOperate ? (
          <section className={layout.card} aria-labelledby="bo-cargo-status">
            <h2 id="bo-cargo-status">{T.sections.status}</h2>
            <StatusForm track={cargo.track_number} next={cargo.next_statuses} offices={offices?.items ?? []} />
            {cargo.can_cancel ? (
              <>
                <h2>{T.sections.cancel}</h2>
                <CancelCargo track={cargo.track_number} />
              </>
            ) : null}
          </section>
        ) : null}
        <CargoHistory history={cargo.history} />
      </div>
    </BoPage>
  );
}
