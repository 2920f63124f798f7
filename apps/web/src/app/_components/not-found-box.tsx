import { MESSAGES } from '@freight/domain/messages';
import Link from 'next/link';
import styles from './status-box.module.css';

export interface NotFoundBoxProps {
  /** What was not found («Новость не найдена»); the generic «Страница не найдена» by default. */
  title?: string;
  text?: string;
  /** The way back to the list the missing item belongs to, shown before «На главную». */
  back?: { href: string; label: string };
}

/**
 * The Russian 404 box: shown by the root 404 (inside its own shell), by notFound() in (site),
 * and by the entity pages' own not-found files (a news item, an office, a cargo) with their
 * own title and a link back to their list.
 */
export function NotFoundBox({
  title = MESSAGES.shell.notFoundTitle,
  text = MESSAGES.shell.notFoundText,
  back,
}: NotFoundBoxProps = {}) {
  return (
    <div className="container">
      <section className={styles.box}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.subtitle}>{text}</p>
        <div className={styles.actions}>
          {back ? (
            <Link className={styles.button} href={back.href}>
              {back.label}
            </Link>
          ) : null}
          <Link className={back ? styles.link : styles.button} href="/">
            {MESSAGES.shell.goHome}
          </Link>
        </div>
      </section>
    </div>
  );
}
