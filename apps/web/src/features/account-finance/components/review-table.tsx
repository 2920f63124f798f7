import type { LedgerEntry, SettlementReview } from '@freight/contracts/settlements';
import { formatLongDate } from '@freight/domain/dates';
import { formatRub } from '@freight/domain/money';
import { SETTLEMENTS_TEXTS } from '@freight/domain/texts/settlements';
import { clsx } from 'clsx';
import { Link } from '@/components/ui/link';
import { Hint, Table, formatMonth } from '@/components/ui';
import { balanceText } from '../lib/balance';
import { orderHref } from '../lib/finance-url';
import styles from './finance.module.css';

const S = SETTLEMENTS_TEXTS.screen;
const C = S.columns;

/** The entry's description with its track number as a link to the cargo card. */
function Description({ entry }: { entry: LedgerEntry }) {
  const track = entry.track_number;
  if (!track) return <>{entry.description}</>;
  const link = (
    <Link href={orderHref(track)} className={styles.track} aria-label={S.cargoLink(track)}>
      {track}
    </Link>
  );
  const at = entry.description.indexOf(track);
  if (at < 0) {
    return (
      <>
        {entry.description} {link}
      </>
    );
  }
  return (
    <>
      {entry.description.slice(0, at)}
      {link}
      {entry.description.slice(at + track.length)}
    </>
  );
}

/** A money cell: empty when zero (an entry is either a debit or a credit). */
function Amount({ kopecks, label }: { kopecks: number; label: string }) {
  if (kopecks === 0) return <td className={clsx(styles.amount, styles.blank)} />;
  return (
    <td className={styles.amount}>
      <span className={styles.cellLabel}>{label}</span>
      {formatRub(kopecks)}
    </td>
  );
}

/**
 * A month of a contract (GET settlements/review): the opening balance, the entries as a table —
 * date, document, description (the track number links to the cargo), debit, credit — with the
 * month's turnovers, then the closing balance. A month without entries is one sentence, not an
 * empty table. Below 640 px each row is a card with its own labels. Rendered by FinanceReview (a
 * client component: formatMonth comes from the kit's client month picker).
 */
export function ReviewTable({ review }: { review: SettlementReview }) {
  const month = formatMonth(review);
  const opening = (
    <p className={styles.balanceLine}>
      <span>{S.openingBalance(formatLongDate(review.period.from))}</span>{' '}
      <strong data-testid="opening-balance">{balanceText(review.opening_balance_kopecks)}</strong>
    </p>
  );
  const closing = (
    <p className={styles.balanceLine}>
      <span>{S.closingBalance(formatLongDate(review.period.to))}</span>{' '}
      <strong data-testid="closing-balance">{balanceText(review.closing_balance_kopecks)}</strong>
    </p>
  );

  if (review.entries.length === 0) {
    return (
      <div className={styles.review}>
        {opening}
        <p className={styles.emptyMonth} data-testid="review-empty">
          {S.emptyMonth(month)}
        </p>
        {closing}
      </div>
    );
  }

  return (
    <div className={styles.review}>
      {opening}
      <Hint>{S.debitCreditHint}</Hint>
      <Table stacked className={styles.table} data-testid="review-table">
        <caption className="visually-hidden">{S.tableCaption(month)}</caption>
        <thead>
          <tr>
            <th scope="col">{C.date}</th>
            <th scope="col">{C.document}</th>
            <th scope="col">{C.description}</th>
            <th scope="col" className={styles.amount}>
              {C.debit}
            </th>
            <th scope="col" className={styles.amount}>
              {C.credit}
            </th>
          </tr>
        </thead>
        <tbody>
          {review.entries.map((entry) => (
            <tr key={entry.id}>
              <td className={styles.date}>{formatLongDate(entry.booked_on)}</td>
              <td>
                <span className={styles.kind}>{entry.kind_label}</span>
                <span className={styles.document}>{entry.document}</span>
              </td>
              <td>
                <Description entry={entry} />
                {entry.due_on && entry.due_on !== entry.booked_on ? (
                  <span className={styles.due}>{S.dueOn(formatLongDate(entry.due_on))}</span>
                ) : null}
              </td>
              <Amount kopecks={entry.debit_kopecks} label={C.debit} />
              <Amount kopecks={entry.credit_kopecks} label={C.credit} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              {S.turnover}
            </th>
            <td className={styles.amount} data-testid="debit-total">
              <span className={styles.cellLabel}>{C.debit}</span>
              {formatRub(review.debit_total_kopecks)}
            </td>
            <td className={styles.amount} data-testid="credit-total">
              <span className={styles.cellLabel}>{C.credit}</span>
              {formatRub(review.credit_total_kopecks)}
            </td>
          </tr>
        </tfoot>
      </Table>
      {closing}
    </div>
  );
}
