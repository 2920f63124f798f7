'use client';

import { useId } from 'react';
import { CALCULATOR_TEXTS } from '@freight/domain/texts/calculator';
import { formatRub } from '@freight/domain/money';
import type { OrderDraft } from '@freight/domain/order-draft';
import { Alert, Button } from '@/components/ui';
import type { CalculationResult } from '../lib/calculation';
import { orderHref } from '../lib/draft-glue';
import styles from './calculator.module.css';

const T = CALCULATOR_TEXTS;

export type CalculationStatus = 'idle' | 'pending' | 'done' | 'error';

/** Skeleton rows in the empty state: the same height as a typical answer (three types, four lines). */
const SKELETON_ROWS = [0, 1, 2];

/**
 * The live result. Its box has a reserved minimum height and the previous numbers stay while a
 * new calculation runs (dimmed, with «Пересчитываем…» in a corner that takes no space), so
 * typing never moves the layout. The total is announced politely when a calculation finishes.
 */
export function ResultPanel({
  draft,
  status,
  result,
  error,
  onSelectType,
  onRetry,
  compact,
  newTab,
  headingLevel,
  footer,
}: {
  draft: OrderDraft;
  status: CalculationStatus;
  result: CalculationResult | null;
  error: string | null;
  onSelectType: (code: string) => void;
  onRetry: () => void;
  compact: boolean;
  /** Order links open a new tab (the widget lives in a client's iframe). */
  newTab: boolean;
  headingLevel: 2 | 3;
  footer: React.ReactNode;
}) {
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const SubHeading = headingLevel === 2 ? 'h3' : 'h4';
  const pending = status === 'pending';
  /** «Пересчитываем…» over the numbers already shown; a first price shimmers its skeleton instead. */
  const recalculating = pending && result !== null;
  const breakdown = result?.breakdown ?? null;
  const selected = breakdown?.transportation_type.code ?? null;
  const lines = breakdown ? (
    <ul className={styles.lines}>
      {breakdown.lines.map((line, index) => (
        <li key={`${line.code}-${index}`} data-code={line.code}>
          <span className={styles.lineTitle}>{line.title}</span>
          <span className={styles.lineAmount}>{formatRub(line.amount_kopecks)}</span>
          <span className={styles.lineExplanation}>{line.explanation}</span>
        </li>
      ))}
    </ul>
  ) : null;
  const announce =
    status === 'done' && breakdown
      ? T.totalAnnounce(breakdown.transportation_type.name, breakdown.total_text, breakdown.arrival_date_text)
      : status === 'error' && error
        ? error
        : '';

  return (
    <section
      className={`${styles.result} ${compact ? styles.resultCompact : ''}`}
      aria-labelledby={titleId}
      aria-busy={pending}
      data-state={status}
      data-testid="calculator-result"
    >
      <div className={styles.resultHead}>
        <Heading id={titleId} className={styles.resultTitle}>
          {T.resultTitle}
        </Heading>
        <span className={styles.pending} data-visible={recalculating} aria-hidden={!recalculating}>
          {T.recalculating}
        </span>
      </div>
      <p className={styles.srOnly} aria-live="polite" aria-atomic="true">
        {announce}
      </p>

      {status === 'error' && error ? (
        <Alert variant="error">
          <p className={styles.errorText}>{error}</p>
          <Button appearance="secondary" onClick={onRetry}>
            {T.retry}
          </Button>
        </Alert>
      ) : null}

      {!result && status !== 'error' ? (
        <div className={styles.empty}>
          <p>{pending ? T.calculating : T.resultEmpty}</p>
          <ul className={styles.skeleton} aria-hidden="true">
            {SKELETON_ROWS.map((row) => (
              <li key={row} />
            ))}
          </ul>
        </div>
      ) : null}

      {result && status !== 'error' ? (
        <div className={styles.resultBody} data-stale={pending}>
          <fieldset className={styles.types}>
            <legend className={styles.typesLegend}>{T.typesLabel}</legend>
            {result.prices.prices.map((price) => {
              const code = price.transportation_type.code;
              const isSelected = code === selected;
              return (
                <div key={code} className={styles.type} data-selected={isSelected} data-testid={`type-${code}`}>
                  <label className={styles.typeChoice}>
                    <input
                      type="radio"
                      name="calculator-type"
                      value={code}
                      checked={isSelected}
                      onChange={() => onSelectType(code)}
                    />
                    <span className={styles.typeName}>{price.transportation_type.name}</span>
                    <span className={styles.typePrice}>
                      {price.personal ? <span className={styles.badge}>{T.personalPrice}</span> : null}
                      {/* The chosen type shows the full total, services included; the others their base price. */}
                      {isSelected && breakdown ? breakdown.total_text : price.price_text}
                    </span>
                    <span className={styles.typeTerms}>
                      {T.terms}: {price.terms}
                    </span>
                    <span className={styles.typeDate} data-testid={`arrival-${code}`}>
                      {T.arrivalOn(price.arrival_date_text)}
                    </span>
                  </label>
                  <Button
                    href={orderHref(draft, code)}
                    appearance={isSelected ? 'primary' : 'secondary'}
                    className={styles.orderButton}
                    aria-label={T.orderFor(price.transportation_type.name)}
                    {...(newTab ? { target: '_blank', rel: 'noopener' } : {})}
                  >
                    {T.order}
                  </Button>
                </div>
              );
            })}
          </fieldset>
          {breakdown && result.prices.prices.length > 1 ? <p className={styles.caption}>{T.otherTypesNote}</p> : null}

          {result.prices.unavailable.length > 0 ? (
            <div className={styles.unavailable}>
              <SubHeading className={styles.smallTitle}>{T.unavailableTitle}</SubHeading>
              <ul>
                {result.prices.unavailable.map((item) => (
                  <li key={item.code}>
                    <span>{item.name}</span> — {item.reason}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}

          {breakdown ? (
            <div className={styles.breakdown} data-testid="calculator-breakdown">
              {compact ? (
                <details className={styles.linesDetails}>
                  <summary>{T.breakdownTitle(breakdown.transportation_type.name)}</summary>
                  {lines}
                </details>
              ) : (
                <>
                  <SubHeading className={styles.smallTitle}>
                    {T.breakdownTitle(breakdown.transportation_type.name)}
                  </SubHeading>
                  {lines}
                </>
              )}
              <p className={styles.total}>
                <span>{T.total}</span>
                <strong data-testid="calculator-total">{breakdown.total_text}</strong>
              </p>
              <p className={styles.vat}>
                {breakdown.vat_included ? T.vatIncluded(formatRub(breakdown.vat_kopecks)) : T.vatExcluded}
                {' · '}
                {T.arrivalOn(breakdown.arrival_date_text)}
              </p>
            </div>
          ) : result.breakdownError ? (
            <p className={styles.note}>{result.breakdownError}</p>
          ) : (
            <p className={styles.note}>{T.breakdownNeedsSize}</p>
          )}
        </div>
      ) : null}
      {result ? footer : null}
    </section>
  );
}
