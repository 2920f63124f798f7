import { MESSAGES } from '@freight/domain/messages';
import Link from 'next/link';
import styles from './status-box.module.css';

/** The Russian 404 box: shown by the root 404 (inside its own shell) and by notFound() in (site). */
export function NotFoundBox() {
  return (
    <div className="container">
      <section className={styles.box}>
        <h1 className={styles.title}>{MESSAGES.shell.notFoundTitle}</h1>
        <p className={styles.subtitle}>{MESSAGES.shell.notFoundText}</p>
        <div className={styles.actions}>
          <Link className={styles.button} href="/">
            {MESSAGES.shell.goHome}
          </Link>
        </div>
      </section>
    </div>
  );
}
