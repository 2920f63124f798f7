import type { BoCargoDetails, BoCargoParticipant } from '@freight/contracts/back-office-cargo';
import { formatDate } from '@freight/domain/dates';
import { BACK_OFFICE_CARGO_TEXTS } from '@freight/domain/texts/back-office-cargo';
import layout from '@/components/back-office/layout.module.css';
import styles from './cargo.module.css';

const T = BACK_OFFICE_CARGO_TEXTS.page;
const P = T.participants;

const dash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? T.dash : String(value);

function Participant({ title, data }: { title: string; data: BoCargoParticipant | null }) {
  if (!data) return null;
  return (
    <div>
      <h3>{title}</h3>
      <dl className={layout.dl}>
        <dt>{P.name}</dt>
        <dd>{dash(data.name)}</dd>
        <dt>{P.phone}</dt>
        <dd>{data.phone ? <a href={`tel:${data.phone.replace(/[^\d+]/g, '')}`}>{data.phone}</a> : T.dash}</dd>
        <dt>{P.email}</dt>
        <dd>{dash(data.email)}</dd>
        {data.inn ? (
          <>
            <dt>{P.inn}</dt>
            <dd>{data.inn}</dd>
          </>
        ) : null}
        {data.kpp ? (
          <>
            <dt>{P.kpp}</dt>
            <dd>{data.kpp}</dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}

function point(p: BoCargoDetails['route']['departure']) {
  if (p.type === 'address') return `${p.city}, ${dash(p.address)}`;
  return p.office ? `${p.office.name} — ${p.office.address}` : p.city;
}

/** The facts of a cargo: participants, route, measures, price, the owner. */
export function CargoOverview({ cargo }: { cargo: BoCargoDetails }) {
  const m = cargo.measures;
  const dims = m.length_cm && m.width_cm && m.height_cm ? `${m.length_cm} × ${m.width_cm} × ${m.height_cm}` : null;
  return (
    <>
      <section className={`${layout.card} ${styles.wide}`} aria-labelledby="bo-cargo-participants">
        <h2 id="bo-cargo-participants">{T.sections.participants}</h2>
        <div className={styles.participants}>
          <Participant title={P.sender} data={cargo.participants.sender} />
          <Participant title={P.recipient} data={cargo.participants.recipient} />
          <Participant title={P.payer} data={cargo.participants.payer} />
          <Participant title={P.customer} data={cargo.participants.customer} />
        </div>
      </section>
      <section className={layout.card} aria-labelledby="bo-cargo-route">
        <h2 id="bo-cargo-route">{T.sections.route}</h2>
        <dl className={layout.dl}>
          <dt>{T.route.from}</dt>
          <dd>{point(cargo.route.departure)}</dd>
          <dt>{T.route.to}</dt>
          <dd>{point(cargo.route.delivery)}</dd>
          <dt>{T.route.planned}</dt>
          <dd>{cargo.planned_arrival_date ? formatDate(cargo.planned_arrival_date) : T.dash}</dd>
        </dl>
        <h2>{T.sections.cargo}</h2>
        <dl className={layout.dl}>
          <dt>{T.measures.quantity}</dt>
          <dd>{m.quantity}</dd>
          <dt>{T.measures.weight}</dt>
          <dd>{m.weight_kg}</dd>
          <dt>{T.measures.volume}</dt>
          <dd>{m.volume_m3}</dd>
          <dt>{T.measures.dimensions}</dt>
          <dd>{dash(dims)}</dd>
        </dl>
      </section>
      <section className={layout.card} aria-labelledby="bo-cargo-price">
        <h2 id="bo-cargo-price">{T.sections.price}</h2>
        <table className={styles.table}>
          <caption>{T.sections.price}</caption>
          <tbody>
            {cargo.price_lines.map((line) => (
              <tr key={line.code}>
                <td>{line.title}</td>
                <td className={styles.money}>{line.amount_text}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">{T.price.total}</th>
              <td className={styles.money}>
                <strong>{cargo.price_text}</strong>
              </td>
            </tr>
          </tbody>
        </table>
        <dl className={layout.dl}>
          <dt>{T.price.payment}</dt>
          <dd>{cargo.payment_type_label}</dd>
        </dl>
        <h2>{T.sections.owner}</h2>
        {cargo.owner_user || cargo.owner_profile ? (
          <dl className={layout.dl}>
            {cargo.owner_user ? (
              <>
                <dt>{T.owner.user}</dt>
                <dd>
                  {dash(cargo.owner_user.name)}
                  {cargo.owner_user.phone ? `, ${cargo.owner_user.phone}` : ''}
                  {cargo.owner_user.email ? `, ${cargo.owner_user.email}` : ''}
                </dd>
              </>
            ) : null}
            {cargo.owner_profile ? (
              <>
                <dt>{T.owner.profile}</dt>
                <dd>
                  {cargo.owner_profile.name}
                  {cargo.owner_profile.inn ? `, ${P.inn} ${cargo.owner_profile.inn}` : ''}
                </dd>
              </>
            ) : null}
          </dl>
        ) : (
          <p className={layout.muted}>{T.owner.none}</p>
        )}
      </section>
    </>
  );
}
