'use client';

import type { Contract, SettlementReview } from '@freight/contracts/settlements';
import { formatLongDate } from '@freight/domain/dates';
import { SETTLEMENTS_TEXTS } from '@freight/domain/texts/settlements';
import { clsx } from 'clsx';
import { useRouter } from 'next/navigation';
import { useOptimistic, useTransition } from 'react';
import { Alert, Hint, MonthPicker, Panel, Select } from '@/components/ui';
import { contractFirstMonth, earlierMonth, financeHref, monthToShow, type YearMonth } from '../lib/finance-url';
import { ReviewTable } from './review-table';
import styles from './finance.module.css';

const S = SETTLEMENTS_TEXTS.screen;

export interface FinanceReviewProps {
  /** The contracts to choose from (at least one). */
  contracts: readonly Contract[];
  /** The address's `account` (kept when the contract or month changes). */
  account: string | null;
  /** The contract and month shown. */
  contractUuid: string;
  year: number;
  month: number;
  /** The current month: no later month can be chosen. */
  latest: YearMonth;
  /** The month's review, or null when the API refused it. */
  review: SettlementReview | null;
  /** Name the profile beside each contract (contracts of several profiles are listed). */
  showProfiles: boolean;
}

interface Shown {
  contract: string;
  year: number;
  month: number;
}

/**
 * «Движение по договору»: the contract and month pickers over the month's review. A choice goes
 * into the address (a new history entry, so «back» returns to the previous month) and the server
 * renders the page for it; the pickers show the choice at once, the table is dimmed until the new
 * month arrives.
 */
export function FinanceReview({
  contracts,
  account,
  contractUuid,
  year,
  month,
  latest,
  review,
  showProfiles,
}: FinanceReviewProps) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [shown, setShown] = useOptimistic<Shown>({ contract: contractUuid, year, month });
  const contract = contracts.find((c) => c.contract_uuid === shown.contract) ?? contracts[0]!;
  const earliest = earlierMonth(contractFirstMonth(contract), latest);

  const go = (next: Shown) => {
    startTransition(() => {
      setShown(next);
      router.push(financeHref({ account, ...next }), { scroll: false });
    });
  };

  const onContract = (uuid: string) => {
    const chosen = contracts.find((c) => c.contract_uuid === uuid);
    if (!chosen) return;
    // The month stays, unless the new contract began later.
    const within = monthToShow(shown, contractFirstMonth(chosen), latest);
    go({ contract: uuid, ...within });
  };

  const options = contracts.map((c) => ({
    value: c.contract_uuid,
    label:
      (showProfiles ? `${c.profile_name}: ` : '') +
      S.contractOption(c.number, formatLongDate(c.signed_on), c.kind_label),
  }));

  return (
    <Panel aria-labelledby="finance-review-h">
      <h2 id="finance-review-h">{S.reviewTitle}</h2>
      <div className={styles.controls}>
        {contracts.length > 1 ? (
          <Select
            label={S.contractLabel}
            options={options}
            value={shown.contract}
            onValueChange={onContract}
            containerClassName={styles.contractSelect}
          />
        ) : (
          <p className={styles.onlyContract}>
            <Hint as="span">{S.contractLabel}</Hint>
            <br />
            {options[0]?.label}
          </p>
        )}
        <MonthPicker
          label={S.monthLabel}
          value={{ year: shown.year, month: shown.month }}
          min={earliest}
          max={latest}
          onChange={(value) => go({ contract: shown.contract, ...value })}
        />
      </div>
      <div className={clsx(styles.reviewFrame, pending && styles.pending)} aria-busy={pending || undefined}>
        {review ? <ReviewTable review={review} /> : <Alert variant="error">{S.reviewError}</Alert>}
      </div>
    </Panel>
  );
}
