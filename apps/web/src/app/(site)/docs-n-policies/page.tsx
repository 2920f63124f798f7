import type { Metadata } from 'next';
import { formatLongDate, PD_CONSENT, PD_POLICY } from '@freight/domain';
import { BRAND } from '@/config/brand';
import styles from '../page-text.module.css';

export const metadata: Metadata = {
  title: 'Политика обработки персональных данных и cookie',
  description: `Политика ${BRAND.legalName} в отношении обработки персональных данных и использования файлов cookie (152-ФЗ).`,
};

/**
 * Published under art. 18.1 part 2 of 152-FZ: unrestricted access to the operator's policy. The
 * texts are the versioned documents of packages/domain/src/legal.ts, the very texts whose hashes
 * are stored with every consent.
 */
export default function PoliciesPage() {
  return (
    <div className="container">
      <article className={styles.article}>
        <h1>{PD_POLICY.title}</h1>
        <p className={styles.meta}>
          Редакция {PD_POLICY.version}, действует с {formatLongDate(PD_POLICY.effectiveDate)}
        </p>
        <nav aria-label="Содержание" className={styles.card}>
          <ol className={styles.list}>
            {PD_POLICY.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title.replace(/^\d+\.\s*/, '')}</a>
              </li>
            ))}
            <li>
              <a href="#consent">{PD_CONSENT.title}</a>
            </li>
          </ol>
        </nav>
        {PD_POLICY.sections.map((section) => (
          <section key={section.id} aria-labelledby={section.id}>
            <h2 id={section.id}>{section.title}</h2>
            {section.blocks.map((block, index) =>
              typeof block === 'string' ? (
                <p key={index}>{block}</p>
              ) : (
                <ul key={index} className={styles.list}>
                  {block.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ),
            )}
          </section>
        ))}
        <section aria-labelledby="consent">
          <h2 id="consent">{PD_CONSENT.title}</h2>
          <p className={styles.meta}>Редакция {PD_CONSENT.version}</p>
          <p>{PD_CONSENT.text}</p>
        </section>
      </article>
    </div>
  );
}
