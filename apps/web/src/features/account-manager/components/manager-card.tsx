import type { ManagerList } from '@freight/contracts/commercial';
import { formatPhoneSpaced } from '@freight/domain/masking';
import { COMMERCIAL_TEXTS } from '@freight/domain/texts/commercial';
import { initials, messengerHref } from '../lib/contact';
import { ManagerRating } from './manager-rating';
import styles from './manager.module.css';

const S = COMMERCIAL_TEXTS.managerScreen;

export type ManagerEntry = ManagerList['managers'][number];

/**
 * The personal manager of one profile: photo (or an avatar with the initials), name, phone as
 * +7 (XXX) XXX-XX-XX with a tel: link, e-mail, working hours, messenger; then the rating form.
 * Fields the back-office left empty are not shown. No client hooks (the form is a client island).
 */
export function ManagerCard({ entry, today }: { entry: ManagerEntry; today: string }) {
  const { manager } = entry;
  const headingId = `manager-${entry.account_uuid}-${manager.id}`;
  const messengerLink = manager.messenger ? messengerHref(manager.messenger) : null;
  return (
    <article className={styles.card} aria-labelledby={headingId} data-testid="manager-card">
      <div className={styles.person}>
        {manager.photo_url ? (
          // eslint-disable-next-line @next/next/no-img-element -- a private upload served by the API, no optimiser
          <img
            src={manager.photo_url}
            alt={S.photoAlt(manager.name)}
            className={styles.photo}
            width={96}
            height={96}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <span className={styles.avatar} aria-hidden="true" data-testid="manager-initials">
            {initials(manager.name)}
          </span>
        )}
        <div className={styles.who}>
          <p className={styles.profile}>{S.forProfile(entry.profile_name)}</p>
          <h2 id={headingId} className={styles.name}>
            {manager.name}
          </h2>
        </div>
      </div>
      <dl className={styles.contacts}>
        {manager.phone ? (
          <div>
            <dt>{S.phone}</dt>
            <dd>
              <a href={`tel:${manager.phone}`} className={styles.contactLink}>
                {formatPhoneSpaced(manager.phone)}
              </a>
            </dd>
          </div>
        ) : null}
        {manager.email ? (
          <div>
            <dt>{S.email}</dt>
            <dd>
              <a href={`mailto:${manager.email}`} className={styles.contactLink}>
                {manager.email}
              </a>
            </dd>
          </div>
        ) : null}
        {manager.work_hours ? (
          <div>
            <dt>{S.workHours}</dt>
            <dd>{manager.work_hours}</dd>
          </div>
        ) : null}
        {manager.messenger ? (
          <div>
            <dt>{S.messenger}</dt>
            <dd>
              {messengerLink ? (
                <a href={messengerLink} className={styles.contactLink} target="_blank" rel="noopener noreferrer">
                  {manager.messenger}
                </a>
              ) : (
                manager.messenger
              )}
            </dd>
          </div>
        ) : null}
      </dl>
      <section className={styles.rate} aria-labelledby={`${headingId}-rate`}>
        <h3 id={`${headingId}-rate`}>{S.rateTitle}</h3>
        <ManagerRating
          accountUuid={entry.account_uuid}
          managerId={manager.id}
          rated={entry.rating_this_month}
          today={today}
        />
      </section>
    </article>
  );
}
