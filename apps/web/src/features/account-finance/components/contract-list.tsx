import type { Contract, SettlementPosition } from '@freight/contracts/settlements';
import { formatLongDate } from '@freight/domain/dates';
import { formatRub } from '@freight/domain/money';
import { formatCount } from '@freight/domain/plural';
import { PLURAL_TEXTS } from '@freight/domain/texts/plural';
import { SETTLEMENTS_TEXTS } from '@freight/domain/texts/settlements';
import { Badge, Hint, Panel } from '@/components/ui';
import { balanceText } from '../lib/balance';
import styles from './finance.module.css';

const S = SETTLEMENTS_TEXTS.screen;

/** «Кредитный лимит 500 000 ₽, отсрочка платежа 30 дней», or how a prepayment contract works. */
function terms(contract: Contract): string {
  if (contract.kind !== 'postpayment') return S.prepaymentTerms;
  const parts = [
    contract.credit_limit_kopecks !== null ? S.creditLimit(formatRub(contract.credit_limit_kopecks)) : null,
    contract.payment_term_days !== null
      ? S.paymentTerm(formatCount(contract.payment_term_days, PLURAL_TEXTS.day))
      : null,
  ].filter((part): part is string => part !== null);
  return parts.join(', ');
}

export interface ContractListProps {
  contracts: readonly Contract[];
  /** Each contract's position today, by contract_uuid (from the summary), when known. */
  positions: ReadonlyMap<string, SettlementPosition>;
  /** Name the profile of each contract (several profiles are shown). */
  showProfiles: boolean;
}

/**
 * «Договоры»: number and date, kind, credit limit and payment term, validity, the badges «Действует»
 * / «Не действует» and «Основной», and the balance under each. No client hooks.
 */
export function ContractList({ contracts, positions, showProfiles }: ContractListProps) {
  const hasDefault = contracts.some((c) => c.is_default);
  return (
    <Panel aria-labelledby="finance-contracts-h">
      <h2 id="finance-contracts-h">{S.contractsTitle}</h2>
      <ul className={styles.contracts}>
        {contracts.map((contract) => {
          const position = positions.get(contract.contract_uuid);
          return (
            <li key={contract.contract_uuid} className={styles.contract} data-testid="contract">
              <div className={styles.contractHead}>
                <h3>
                  {S.contractTitle(contract.number)}{' '}
                  <span className={styles.contractDate}>{S.contractSigned(formatLongDate(contract.signed_on))}</span>
                </h3>
                <p className={styles.badges}>
                  <Badge tone={contract.is_active ? 'success' : 'neutral'} size="s">
                    {contract.is_active ? S.active : S.inactive}
                  </Badge>
                  {contract.is_default ? (
                    <Badge tone="info" size="s">
                      {S.isDefault}
                    </Badge>
                  ) : null}
                </p>
              </div>
              {showProfiles ? <Hint flush>{contract.profile_name}</Hint> : null}
              <p>
                <strong>{contract.kind_label}</strong> · {terms(contract)}
              </p>
              <Hint flush>
                {S.validity(
                  formatLongDate(contract.valid_from),
                  contract.valid_to ? formatLongDate(contract.valid_to) : null,
                )}
              </Hint>
              {position ? (
                <p>
                  <Hint as="span">{S.contractBalance}:</Hint> <strong>{balanceText(position.balance_kopecks)}</strong>
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      {hasDefault && contracts.length > 1 ? <Hint>{S.defaultHint}</Hint> : null}
    </Panel>
  );
}
