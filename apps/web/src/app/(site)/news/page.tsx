import type { Metadata } from 'next';
import { BRAND } from '@/config/brand';
import styles from '../page-text.module.css';

export const metadata: Metadata = { title: 'Новости и события' };

export default function NewsPage() {
  const telegram = BRAND.messengers.find((m) => m.id === 'telegram');
  return (
    <div className="container">
      <article className={styles.article}>
        <h1>Новости и события</h1>
        <p className={styles.lead}>
          Здесь публикуются новости компании, изменения тарифов и графиков работы терминалов.
        </p>
        {telegram && (
          <p>
            Оперативные объявления выходят в нашем <a href={telegram.url}>Telegram</a>.
          </p>
        )}
      </article>
    </div>
  );
}
