import Link from 'next/link';
import { SHELL_LABELS } from '@/features/shell/labels';
import styles from './error.module.css';

export default function NotFound() {
  return (
    <div className="container">
      <section className={styles.box}>
        <h1 className={styles.title}>{SHELL_LABELS.notFoundTitle}</h1>
        <p className={styles.subtitle}>{SHELL_LABELS.notFoundText}</p>
        <div className={styles.actions}>
          <Link className={styles.button} href="/">
            {SHELL_LABELS.goHome}
          </Link>
        </div>
      </section>
    </div>
  );
}
