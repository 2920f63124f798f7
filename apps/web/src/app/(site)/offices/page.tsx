import type { Metadata } from 'next';
import { BRAND } from '@/config/brand';
import styles from '../page-text.module.css';

export const metadata: Metadata = { title: 'Адреса и контакты' };

export default function OfficesPage() {
  return (
    <div className="container">
      <article className={styles.article}>
        <h1>Адреса и контакты</h1>
        <section className={styles.card} aria-labelledby="contact-center">
          <h2 id="contact-center">Контактный центр</h2>
          <p>
            <a href={`tel:${BRAND.phone.tel}`}>{BRAND.phone.display}</a> — {BRAND.phone.note.toLowerCase()}.
          </p>
          <p>
            Заявки на перевозку: <a href={`mailto:${BRAND.orderEmail}`}>{BRAND.orderEmail}</a>
            <br />
            Поддержка клиентов: <a href={`mailto:${BRAND.supportEmail}`}>{BRAND.supportEmail}</a>
          </p>
        </section>
      </article>
    </div>
  );
}
