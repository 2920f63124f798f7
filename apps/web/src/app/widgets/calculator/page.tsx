import type { Metadata } from 'next';
import { MESSAGES } from '@freight/domain/messages';
import { BRAND } from '@/config/brand';
import { CalculatorSection } from '@/features/calculator/components/calculator-section';
import styles from '../widgets.module.css';

const T = MESSAGES.calculator;

export const metadata: Metadata = {
  title: { absolute: T.widgetTitle },
  description: T.pageDescription,
  robots: { index: false, follow: false },
};

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * The calculator for clients' sites (the code of POST duty_iframe points here). «Оформить
 * заявку» opens the order on our site in a new tab; the query keeps the inputs and `partner`.
 */
export default async function CalculatorWidgetPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  return (
    <>
      <h1 className={styles.title}>{T.widgetTitle}</h1>
      <CalculatorSection layout="widget" searchParams={params} />
      <p className={styles.brand}>
        <a href="/" target="_blank" rel="noopener">
          {BRAND.fullName}
        </a>
      </p>
    </>
  );
}
