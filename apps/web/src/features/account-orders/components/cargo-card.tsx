import type { CargoDetails } from '@freight/contracts/orders';
import { formatDate, formatDateTime } from '@freight/domain/dates';
import { formatNumber, formatRub } from '@freight/domain/money';
import { formatPhone } from '@freight/domain/phone';
import { formatCount } from '@freight/domain/plural';
import { ACCOUNT_ORDERS_TEXTS } from '@freight/domain/texts/account-orders';
import { PLURAL_TEXTS } from '@freight/domain/texts/plural';
import { Link } from '@/components/ui/link';
import { CargoStatusBadge } from '@/components/status/status-badges';
import { Button } from '@/components/ui';
import type { CargoCardData } from '../api/server';
import { CancelCargo, ChangeContacts } from './cargo-actions';
import { CargoDocuments } from './cargo-documents';
import { FavoriteToggle } from './favorite-toggle';
import { RateCargo } from './rate-cargo';
import styles from './orders.module.css';

const T = ACCOUNT_ORDERS_TEXTS;

type Point = CargoDetails['departure'];
type Participant = CargoDetails['sender'];

function RoutePoint({ title, point }: { title: string; point: Point }) {
  return (
    <div className={styles.point}>
      <span className={styles.muted}>{title}</span>
      <strong>{point.city?.name ?? '—'}</strong>
      <span>{point.type === 'address' ? T.doorAddress : T.terminal}</span>
      {point.office && <span className={styles.muted}>{point.office.name}</span>}
      {point.address && <span className={styles.muted}>{point.address}</span>}
    </div>
  );
}

function phoneText(phone: string | null): string | null {
  if (!phone) return null;
  return formatPhone(phone) || phone;
}

function ParticipantFact({ title, person }: { title: string; person: Participant | null }) {
  if (!person) return null;
  return (
    <div>
      <dt>{title}</dt>
      <dd>{person.name ?? '—'}</dd>
      {person.phone && <dd className={styles.nowrap}>{phoneText(person.phone)}</dd>}
      {person.email && <dd>{person.email}</dd>}
      {person.inn && <dd>ИНН {person.inn}</dd>}
    </div>
  );
}

/**
 * The cargo card (issue 14): status and timeline with offices and times, route, places, weight
 * and volume, the price fixed at creation with its lines, the payment status, and what the owner
 * may do now — as `cargo_lk/available_actions` says.
 */
export function CargoCard({ data }: { data: CargoCardData }) {
  const { cargo, payment, actions, rating, driver } = data;
  const can = new Set(actions?.actions.map((a) => a.code) ?? []);
  const history = [...cargo.history].reverse();
  const m = cargo.cargo;
  const dims =
    m.length && m.width && m.height
      ? `${formatNumber(m.length)} × ${formatNumber(m.width)} × ${formatNumber(m.height)} см`
      : null;

  return (
    <>
      <header className={styles.cardHeader}>
        <div>
          <h1>
            {T.cardTitlePrefix} <span className={styles.nowrap}>{cargo.track_number}</span>
          </h1>
          <p className={styles.cardStatus}>
            <CargoStatusBadge status={cargo.status} label={cargo.status_name} />
            <span className={styles.muted}>{formatDateTime(cargo.status_changed_at)}</span>
          </p>
        </div>
        <FavoriteToggle track={cargo.track_number} favorite={cargo.favorite} />
      </header>

      <div className={styles.cardPage}>
        <div className={styles.column}>
          <section className={styles.panel} aria-labelledby="card-route">
            <h2 id="card-route">{T.routeTitle}</h2>
            <div className={styles.route}>
              <RoutePoint title={T.from} point={cargo.departure} />
              <span className={styles.arrow} aria-hidden="true">
                →
              </span>
              <RoutePoint title={T.to} point={cargo.delivery} />
            </div>
            <dl className={styles.facts}>
              <div>
                <dt>{T.created}</dt>
                <dd>{formatDateTime(cargo.created_at)}</dd>
              </div>
              {cargo.planned_dispatch_date && (
                <div>
                  <dt>{T.plannedDispatch}</dt>
                  <dd>{formatDate(cargo.planned_dispatch_date)}</dd>
                </div>
              )}
              {cargo.planned_arrival_date && (
                <div>
                  <dt>{T.plannedArrival}</dt>
                  <dd>{formatDate(cargo.planned_arrival_date)}</dd>
                </div>
              )}
              <div>
                <dt>{T.transport}</dt>
                <dd>{cargo.transportation_type.name}</dd>
              </div>
              {cargo.owner_profile && (
                <div>
                  <dt>{T.ownerProfile}</dt>
                  <dd data-testid="cargo-profile">{cargo.owner_profile.name}</dd>
                </div>
              )}
            </dl>
          </section>

          <section className={styles.panel} aria-labelledby="card-cargo">
            <h2 id="card-cargo">{T.cargoTitle}</h2>
            <dl className={styles.facts}>
              <div>
                <dt>{T.places}</dt>
                <dd>{formatCount(m.quantity, PLURAL_TEXTS.place)}</dd>
              </div>
              <div>
                <dt>{T.weight}</dt>
                <dd>{T.weightValue(formatNumber(m.weight))}</dd>
              </div>
              <div>
                <dt>{T.volume}</dt>
                <dd>{T.volumeValue(formatNumber(m.volume, 3))}</dd>
              </div>
              {dims && (
                <div>
                  <dt>{T.dimensions}</dt>
                  <dd>{dims}</dd>
                </div>
              )}
              {cargo.cargo_type && (
                <div>
                  <dt>{T.cargoType}</dt>
                  <dd>{cargo.cargo_type}</dd>
                </div>
              )}
            </dl>
          </section>

          <section className={styles.panel} aria-labelledby="card-timeline">
            <h2 id="card-timeline">{T.timeline}</h2>
            <ol className={styles.timeline}>
              {history.map((entry, i) => (
                <li key={`${entry.status}-${entry.at}`} className={i === 0 ? styles.current : undefined}>
                  <strong>{entry.status_name}</strong>
                  <span className={styles.muted}>
                    {formatDateTime(entry.at)}
                    {entry.office ? ` · ${entry.office.city}, ${entry.office.name}` : ''}
                  </span>
                  {entry.comment && <p className={styles.muted}>{entry.comment}</p>}
                </li>
              ))}
            </ol>
          </section>

          <section className={styles.panel} aria-labelledby="card-participants">
            <h2 id="card-participants">{T.participantsTitle}</h2>
            <dl className={styles.participants}>
              <ParticipantFact title={T.sender} person={cargo.sender} />
              <ParticipantFact title={T.recipient} person={cargo.recipient} />
              <ParticipantFact title={T.payer} person={cargo.payer_participant} />
              <ParticipantFact title={T.customer} person={cargo.customer_participant} />
            </dl>
          </section>
        </div>

        <div className={styles.column}>
          <section className={styles.panel} aria-labelledby="card-price">
            <h2 id="card-price">{T.priceTitle}</h2>
            <p className={styles.muted}>{T.priceFixed}</p>
            <ul className={styles.lines}>
              {cargo.lines.map((line) => (
                <li key={line.code}>
                  <span>{line.title}</span>
                  <span>{formatRub(line.amount_kopecks)}</span>
                </li>
              ))}
            </ul>
            <p className={styles.total}>
              <span>{T.priceTotal}</span>
              <span>{cargo.price_text}</span>
            </p>
          </section>

          <section className={styles.panel} aria-labelledby="card-payment">
            <h2 id="card-payment">{T.paymentTitle}</h2>
            {payment ? (
              <dl className={styles.facts}>
                <div>
                  <dt>{T.paymentType}</dt>
                  <dd>{payment.payment_type_name}</dd>
                </div>
                <div>
                  <dt>{T.paymentTitle}</dt>
                  <dd className={payment.paid ? styles.paid : undefined}>
                    {payment.paid
                      ? payment.paid_at
                        ? T.paymentPaid(formatDate(payment.paid_at))
                        : T.paymentPaidNoDate
                      : T.paymentDue(payment.due_text)}
                  </dd>
                </div>
                {payment.paid_storage && (
                  <div>
                    <dt>{T.paidStorage}</dt>
                    <dd>✓</dd>
                  </div>
                )}
              </dl>
            ) : (
              <p className={styles.muted}>{T.paymentUnavailable}</p>
            )}
          </section>

          <CargoDocuments cargo={cargo} />

          {driver && (
            <section className={styles.panel} aria-labelledby="card-driver">
              <h2 id="card-driver">{T.driverTitle}</h2>
              <dl className={styles.facts}>
                <div>
                  <dt>{T.driverTitle}</dt>
                  <dd>{driver.name}</dd>
                  <dd>
                    <a className={styles.nowrap} href={`tel:${driver.phone.replace(/[^\d+]/g, '')}`}>
                      {phoneText(driver.phone)}
                    </a>
                  </dd>
                </div>
                {(driver.vehicle_model || driver.vehicle_plate) && (
                  <div>
                    <dt>{T.driverVehicle}</dt>
                    <dd>{[driver.vehicle_model, driver.vehicle_plate].filter(Boolean).join(', ')}</dd>
                  </div>
                )}
              </dl>
            </section>
          )}

          {(can.has('rate') || rating?.rating) && (
            <section className={styles.panel} aria-labelledby="card-rating">
              <h2 id="card-rating">{T.ratingTitle}</h2>
              <RateCargo track={cargo.track_number} rated={rating?.rating?.rating ?? null} />
            </section>
          )}

          <section className={styles.panel} aria-labelledby="card-actions">
            <h2 id="card-actions">{T.actionsTitle}</h2>
            <div className={styles.actions}>
              {can.has('repeat') && (
                <Button as={Link} href={`/order/repeat/${encodeURIComponent(cargo.track_number)}`}>
                  {T.repeat}
                </Button>
              )}
              {can.has('change_contacts') && <ChangeContacts track={cargo.track_number} cargo={cargo} />}
              <CancelCargo track={cargo.track_number} cancellable={can.has('cancel')} />
            </div>
          </section>
        </div>
      </div>
    </>
  );
}
