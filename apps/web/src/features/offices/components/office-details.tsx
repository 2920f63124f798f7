import { formatLongDate, formatNumber, formatPhone, MESSAGES, describeDayHours } from '@freight/domain';
import type { Subdivision } from '@freight/contracts';
import { OpenState } from './office-card';
import styles from './offices.module.css';

const L = MESSAGES.officesPage;

/** Everything about one office: contacts, hours with today's state, operations, payment, limits. */
export function OfficeDetails({ office, today }: { office: Subdivision; today: string }) {
  const upcoming = office.schedule.exceptions.filter((e) => e.date >= today);
  return (
    <div className={styles.details}>
      <section className={styles.panel} aria-labelledby="office-contacts">
        <h2 id="office-contacts">{L.contacts}</h2>
        <p className={styles.address}>{office.address}</p>
        <p>
          <a className={styles.bigPhone} href={`tel:${office.phone}`}>
            {formatPhone(office.phone)}
          </a>
        </p>
        {office.email && (
          <p>
            {L.email}: <a href={`mailto:${office.email}`}>{office.email}</a>
          </p>
        )}
        {office.directions && (
          <>
            <h3>{L.directions}</h3>
            <p>{office.directions}</p>
          </>
        )}
      </section>

      <section className={styles.panel} aria-labelledby="office-hours">
        <h2 id="office-hours">{L.hours}</h2>
        <OpenState office={office} />
        <dl className={styles.hours}>
          {office.schedule.lines.map((line) => (
            <div key={line.days}>
              <dt>{line.days}</dt>
              <dd>{line.hours}</dd>
            </div>
          ))}
          <div>
            <dt>{L.holidays}</dt>
            <dd>{L.holidayModes[office.schedule.holiday_mode]}</dd>
          </div>
        </dl>
        {upcoming.length > 0 && (
          <>
            <h3>{L.exceptions}</h3>
            <ul className={styles.plain}>
              {upcoming.map((e) => (
                <li key={e.date}>
                  {formatLongDate(e.date)}: {describeDayHours(e.hours)}
                  {e.note ? ` (${e.note.toLowerCase()})` : ''}
                </li>
              ))}
            </ul>
          </>
        )}
        <p className={styles.muted}>{L.localTime(office.city.timezone)}</p>
      </section>

      <section className={styles.panel} aria-labelledby="office-services">
        <h2 id="office-services">{L.operations}</h2>
        <ul className={styles.chips}>
          {office.operations.map((op) => (
            <li key={op}>{MESSAGES.offices.operations[op]}</li>
          ))}
        </ul>
        <h3>{L.payments}</h3>
        <p>{office.payment_methods.map((p) => MESSAGES.offices.payments[p]).join(', ')}</p>
        <h3>{L.transport}</h3>
        <p>{office.transport_types.map((t) => MESSAGES.offices.transport[t]).join(', ')}</p>
        <h3>{L.limits}</h3>
        <dl className={styles.hours}>
          <div>
            <dt>{L.weightPerPlace}</dt>
            <dd>до {formatNumber(office.limits.max_weight_per_place_kg)} кг</dd>
          </div>
          <div>
            <dt>{L.dimensions}</dt>
            <dd>
              {office.limits.max_length_cm} × {office.limits.max_width_cm} × {office.limits.max_height_cm} см
            </dd>
          </div>
          {office.limits.max_total_weight_kg !== null && (
            <div>
              <dt>{L.totalWeight}</dt>
              <dd>до {formatNumber(office.limits.max_total_weight_kg)} кг</dd>
            </div>
          )}
        </dl>
      </section>
    </div>
  );
}
