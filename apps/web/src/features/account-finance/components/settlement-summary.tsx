import type { SettlementPosition } from '@freight/contracts/settlements';
import { formatLongDate } from '@freight/domain/dates';
import { formatRub } from '@freight/domain/money';
import { SETTLEMENTS_TEXTS } from '@freight/domain/texts/settlements';
import { clsx } from 'clsx';
import { Hint, Panel } from '@/components/ui';
import { balanceText, balanceTone } from '../lib/balance';
import styles from './finance.module.css';

const S = SETTLEMENTS_TEXTS.screen;

/**
 * «Сводка» (GET settlements/summary, the total of the chosen profiles): balance (a debt or an
 * advance), overdue debt, what the credit limit still allows, and the next payment with its due
 * date. No client hooks: renders on the server.
 */
export function SettlementSummary({ position, asOf }: { position: SettlementPosition; asOf: string }) {
  const tone = balanceTone(position.balance_kopecks);
  return (
    <Panel aria-labelledby="finance-summary-h">
      <div className={styles.sectionHead}>
        <h2 id="finance-summary-h">{S.summaryTitle}</h2>
        <Hint flush>{S.asOf(formatLongDate(asOf))}</Hint>
      </div>
      <dl className={styles.cards}>
        <div className={clsx(styles.card, tone === 'advance' && styles.cardGood)} data-testid="summary-balance">
          <dt>{S.balance}</dt>
          <dd>
            {balanceText(position.balance_kopecks)}
            {tone === 'zero' ? <span className={styles.cardNote}>{S.settled}</span> : null}
          </dd>
        </div>
        <div
          className={clsx(styles.card, position.overdue_kopecks > 0 && styles.cardBad)}
          data-testid="summary-overdue"
        >
          <dt>{S.overdue}</dt>
          <dd>
            {position.overdue_kopecks > 0 ? (
              formatRub(position.overdue_kopecks)
            ) : (
              <span className={styles.cardQuiet}>{S.overdueNone}</span>
            )}
          </dd>
        </div>
        <div className={styles.card} data-testid="summary-credit">
          <dt>{S.creditLeft}</dt>
          <dd>
            {position.credit_limit_kopecks !== null && position.credit_left_kopecks !== null ? (
              S.creditLeftValue(formatRub(position.credit_left_kopecks), formatRub(position.credit_limit_kopecks))
            ) : (
              <span className={styles.cardQuiet}>{S.creditNone}</span>
            )}
          </dd>
        </div>
        <div className={styles.card} data-testid="summary-next">
          <dt>{S.nextPayment}</dt>
          <dd>
            {position.next_payment ? (
              S.nextPaymentValue(
                formatRub(position.next_payment.amount_kopecks),
                formatLongDate(position.next_payment.due_on),
              )
            ) : (
              <span className={styles.cardQuiet}>{S.nextPaymentNone}</span>
            )}
          </dd>
        </div>
      </dl>
    </Panel>
  );
}
