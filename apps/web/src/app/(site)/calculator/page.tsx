import type { Metadata } from 'next';
import { MESSAGES } from '@freight/domain/messages';
import { CalculatorSection } from '@/features/calculator/components/calculator-section';
import styles from '../page-text.module.css';

const T = MESSAGES.calculator;

export const metadata: Metadata = {
  title: T.pageTitle,
  description: T.pageDescription,
  alternates: { canonical: '/calculator' },
  openGraph: { title: T.pageTitle, description: T.pageDescription, locale: 'ru_RU', type: 'website' },
};

type SearchParams = Record<string, string | string[] | undefined>;

/** The full calculator; its inputs live in the query, so a link reproduces the result. */
export default async function CalculatorPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  return (
    <div className="container">
      <h1>{T.pageTitle}</h1>
      <p className={styles.lead}>{T.pageLead}</p>
      <CalculatorSection layout="full" searchParams={params} />
    </div>
  );
}
