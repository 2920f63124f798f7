import Link from 'next/link';
import { BRAND } from '@/config/brand';
import styles from './home.module.css';

const SERVICES = [
  {
    title: 'Сборные грузы',
    text: 'Отправляйте от одной коробки до нескольких паллет: платите только за место, которое занимает ваш груз.',
  },
  {
    title: 'Забор и доставка до двери',
    text: 'Заберём груз у отправителя и привезём получателю, или сдайте и получите его на терминале.',
  },
  {
    title: 'Упаковка и страхование',
    text: 'Жёсткая обрешётка, паллетирование и стрейч-плёнка; страхование по объявленной стоимости.',
  },
  {
    title: 'Документы и отслеживание',
    text: 'Закрывающие документы для бухгалтерии и статусы груза на каждом этапе перевозки.',
  },
];

export default function HomePage() {
  return (
    <div className="container">
      <section className={styles.hero} aria-labelledby="hero-title">
        <h1 id="hero-title">{BRAND.tagline}</h1>
        <p className={styles.lead}>
          «Магистраль» с 2012 года перевозит сборные грузы для бизнеса и частных клиентов: от документов до нескольких
          тонн, от терминала или от двери.
        </p>
        <div className={styles.cta}>
          <a className={styles.primary} href={`tel:${BRAND.phone.tel}`}>
            Позвонить {BRAND.phone.display}
          </a>
          <Link className={styles.secondary} href="/offices">
            Адреса и контакты
          </Link>
        </div>
      </section>

      <section aria-labelledby="services-title" className={styles.services}>
        <h2 id="services-title">Услуги</h2>
        <ul className={styles.grid}>
          {SERVICES.map((service) => (
            <li key={service.title} className={styles.card}>
              <h3>{service.title}</h3>
              <p>{service.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
