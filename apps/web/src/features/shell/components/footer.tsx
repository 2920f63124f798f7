import { MESSAGES } from '@freight/domain/messages';
import { Link } from '@/components/ui/link';
import {
  COPYRIGHT_START_YEAR,
  FOOTER_CATEGORIES,
  FOOTER_ONLINE_SERVICES_CATEGORY,
  resolveFooterLink,
  type FooterCategory,
} from '@freight/domain';
import type { FooterLink } from '@freight/contracts';
import { BRAND } from '@/config/brand';
import styles from './footer.module.css';

function PhoneCallIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.46.57 3.6a1 1 0 0 1-.25 1Z"
        fill="currentColor"
      />
    </svg>
  );
}

function FooterLinkItem({ link }: { link: FooterLink }) {
  const { href, external } = resolveFooterLink(link.url);
  if (external) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className={styles.link}>
        {link.name}
        <span className="visually-hidden"> (откроется в новой вкладке)</span>
      </a>
    );
  }
  return (
    // Prefetched on intent (the kit's default): the footer is on every page, with many links.
    <Link href={href} className={styles.link}>
      {link.name}
    </Link>
  );
}

/**
 * Footer of spec §2: the five categories of dynamic links from the database, the fixed
 * «Обратная связь» anchor in «Онлайн сервисы», contacts, messengers, social links, the
 * directory rating and © 2012–current year (the cookie notice is rendered by the shell). `links` is null when the
 * API could not be reached: the rest of the footer still renders.
 */
export function Footer({ links, year }: { links: FooterLink[] | null; year: number }) {
  const categories = Object.entries(FOOTER_CATEGORIES).map(([key, title]) => {
    const category = Number(key) as FooterCategory;
    return { category, title, items: (links ?? []).filter((l) => l.category === category) };
  });

  return (
    <footer className={styles.footer} data-testid="site-footer">
      <div className={`container ${styles.grid}`}>
        {links === null ? (
          <p className={styles.unavailable} role="status">
            {MESSAGES.shell.footer.linksUnavailable}
          </p>
        ) : (
          categories.map(({ category, title, items }) => (
            <section key={category} className={styles.column} aria-labelledby={`footer-cat-${category}`}>
              <h2 id={`footer-cat-${category}`} className={styles.heading}>
                {title}
              </h2>
              <ul className={styles.list}>
                {items.map((link) => (
                  <li key={link.id}>
                    <FooterLinkItem link={link} />
                  </li>
                ))}
                {category === FOOTER_ONLINE_SERVICES_CATEGORY && (
                  <li>
                    <a href="#feedback" className={styles.link} data-testid="footer-feedback">
                      {MESSAGES.shell.footer.feedback}
                    </a>
                  </li>
                )}
              </ul>
            </section>
          ))
        )}

        <section className={`${styles.column} ${styles.contacts}`} aria-labelledby="footer-contacts">
          <h2 id="footer-contacts" className={styles.heading}>
            {MESSAGES.shell.footer.contacts}
          </h2>
          <a className={styles.phone} href={`tel:${BRAND.phone.tel}`}>
            <PhoneCallIcon />
            <span>{BRAND.phone.display}</span>
          </a>
          <p className={styles.muted}>{BRAND.phone.note}</p>
          <p className={styles.emailLine}>
            <span className={styles.muted}>{MESSAGES.shell.footer.orderEmail}: </span>
            <a href={`mailto:${BRAND.orderEmail}`} className={styles.link}>
              {BRAND.orderEmail}
            </a>
          </p>
          <ul className={styles.chips} aria-label={MESSAGES.shell.footer.messengers}>
            {[...BRAND.messengers, ...BRAND.social].map((item) => (
              <li key={item.id}>
                <a href={item.url} target="_blank" rel="noopener noreferrer" className={styles.chip}>
                  {item.name}
                </a>
              </li>
            ))}
          </ul>
          <a className={styles.rating} href={BRAND.directoryRating.url} target="_blank" rel="noopener noreferrer">
            {/* The link's name is its visible text («4,8 Яндекс Карты более 1 200 отзывов») after a
                hidden «Рейтинг»: WCAG 2.5.3, label in name. The stars are decoration. */}
            <span className="visually-hidden">{MESSAGES.shell.footer.ratingPrefix} </span>
            <span className={styles.ratingValue}>{BRAND.directoryRating.rating}</span>
            <span className={styles.ratingStars} aria-hidden="true">
              ★★★★★
            </span>
            <span className={styles.ratingText}>
              {BRAND.directoryRating.directory}
              <br />
              {BRAND.directoryRating.reviews}
            </span>
          </a>
        </section>
      </div>
      <div className={`container ${styles.bottom}`}>
        <p className={styles.copyright}>{MESSAGES.shell.footer.copyright(COPYRIGHT_START_YEAR, year)}</p>
      </div>
    </footer>
  );
}
