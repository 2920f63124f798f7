import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { COPYRIGHT_START_YEAR, formatCount, formatNumber, MESSAGES, pluralize } from '@freight/domain';
import { API_PATHS, CountryMapResponseSchema, TransportationTypesResponseSchema } from '@freight/contracts';
import { BRAND } from '@/config/brand';
import { publicData } from '@/lib/api/public';
import styles from '../page-text.module.css';

export const metadata: Metadata = {
  title: 'О нас',
  description: `${BRAND.fullName}: перевозка сборных грузов по России с ${COPYRIGHT_START_YEAR} года, сеть терминалов во всех федеральных округах.`,
};

/** «в 1 городе», «в 79 городах». */
const CITY_PREPOSITIONAL = { one: 'городе', few: 'городах', many: 'городах', other: 'города' } as const;
const YEAR_FORMS = { one: 'год', few: 'года', many: 'лет', other: 'года' } as const;

export default async function AboutPage() {
  const [network, transport] = await Promise.all([
    publicData(API_PATHS.countryMap, CountryMapResponseSchema),
    publicData(API_PATHS.transportationTypes, TransportationTypesResponseSchema),
  ]);
  const years = new Date().getFullYear() - COPYRIGHT_START_YEAR;
  const figures = network
    ? [
        { value: formatNumber(network.totals.cities), label: pluralize(network.totals.cities, MESSAGES.plural.city) },
        {
          value: formatNumber(network.totals.terminals),
          label: pluralize(network.totals.terminals, {
            one: 'терминал',
            few: 'терминала',
            many: 'терминалов',
            other: 'терминала',
          }),
        },
        {
          value: formatNumber(network.totals.subdivisions),
          label: `${pluralize(network.totals.subdivisions, MESSAGES.plural.point)} приёма и выдачи`,
        },
        {
          value: formatNumber(network.totals.regions),
          label: `${pluralize(network.totals.regions, MESSAGES.plural.region)} России`,
        },
        { value: String(network.totals.federal_districts), label: 'федеральных округов' },
        { value: String(years), label: `${pluralize(years, YEAR_FORMS)} работы` },
      ]
    : [];
  return (
    <div className="container">
      <article className={styles.article}>
        <h1>О компании</h1>
        <p className={styles.lead}>
          {BRAND.fullName} перевозит сборные грузы по России с {COPYRIGHT_START_YEAR} года. Мы отвечаем за груз от
          приёма на терминале или у двери отправителя до выдачи получателю.
        </p>
        {figures.length > 0 && (
          <section aria-labelledby="about-figures">
            <h2 id="about-figures">Сеть в цифрах</h2>
            <ul className={styles.figures} data-testid="about-figures">
              {figures.map((f) => (
                <li key={f.label}>
                  <strong>{f.value}</strong> {f.label}
                </li>
              ))}
            </ul>
            <p>
              Адреса, часы работы и ограничения каждого пункта — на странице{' '}
              <Link href="/offices">«Адреса и контакты»</Link>.
            </p>
          </section>
        )}
        <h2>История</h2>
        <p>
          Компания начала работу в {COPYRIGHT_START_YEAR} году с одного терминала в Москве и регулярных рейсов в
          Санкт-Петербург и Нижний Новгород. Сегодня наши рейсы связывают города от Калининграда до
          Петропавловска-Камчатского, а в регионах без круглогодичного автомобильного сообщения грузы летят самолётом.
        </p>
        <h2>Что мы делаем</h2>
        <ul className={styles.list}>
          <li>перевозим сборные грузы между городами России — от одной коробки до нескольких тонн;</li>
          <li>забираем груз от двери отправителя и доставляем до двери получателя;</li>
          <li>упаковываем, страхуем по объявленной стоимости, храним на терминалах;</li>
          <li>даём клиентам личный кабинет с заявками, документами и взаиморасчётами, а разработчикам — API.</li>
        </ul>
        {transport && (
          <>
            <h2>Виды перевозки</h2>
            <ul className={styles.list}>
              {transport.map((t) => (
                <li key={t.id}>
                  <strong>{t.name}.</strong> {t.description}
                </li>
              ))}
            </ul>
          </>
        )}
        <h2>Как с нами связаться</h2>
        <p>
          Телефон: <a href={`tel:${BRAND.phone.tel}`}>{BRAND.phone.display}</a> ({BRAND.phone.note.toLowerCase()}).
          Заявки на перевозку: <a href={`mailto:${BRAND.orderEmail}`}>{BRAND.orderEmail}</a>.{' '}
          {network && <>Мы работаем в {formatCount(network.totals.cities, CITY_PREPOSITIONAL)}.</>}
        </p>
      </article>
    </div>
  );
}
