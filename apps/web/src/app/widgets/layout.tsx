import styles from './widgets.module.css';

/**
 * Embeddable widgets: no header, footer or support chat — a client's page frames them.
 * Only /widgets/* may be framed (frame-ancestors in src/proxy.ts).
 */
export default function WidgetsLayout({ children }: { children: React.ReactNode }) {
  return <main className={styles.widget}>{children}</main>;
}
