import type { Metadata } from 'next';
import { BRAND } from '@/config/brand';
import styles from '../page-text.module.css';

export const metadata: Metadata = { title: 'О нас' };

export default function AboutPage() {
  return (
    <div className="container">
      <article className={styles.article}>
        <h1>О компании</h1>
        <p className={styles.lead}>
          {BRAND.fullName} перевозит сборные грузы по России с 2012 года. Мы отвечаем за груз от приёма на терминале или
          у двери отправителя до выдачи получателю.
        </p>
        <h2>Что мы делаем</h2>
        <ul className={styles.list}>
          <li>перевозим сборные грузы автомобильным транспортом между городами России;</li>
          <li>забираем груз от двери отправителя и доставляем до двери получателя;</li>
          <li>упаковываем и страхуем грузы по объявленной стоимости;</li>
          <li>даём клиентам личный кабинет с заявками, документами и взаиморасчётами.</li>
        </ul>
        <h2>Как с нами связаться</h2>
        <p>
          Телефон: <a href={`tel:${BRAND.phone.tel}`}>{BRAND.phone.display}</a> ({BRAND.phone.note.toLowerCase()}).
          Заявки на перевозку: <a href={`mailto:${BRAND.orderEmail}`}>{BRAND.orderEmail}</a>.
        </p>
      </article>
    </div>
  );
}
