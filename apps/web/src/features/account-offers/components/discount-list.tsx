import type { DiscountList as DiscountListData } from '@freight/contracts/commercial';
import { formatNumber } from '@freight/domain/money';
import { COMMERCIAL_TEXTS } from '@freight/domain/texts/commercial';
import { Link } from '@/components/ui/link';
import { Badge, type BadgeTone, Button, Hint, Panel } from '@/components/ui';
import { discountState, type DiscountState, validityText } from '../lib/validity';
import styles from './offers.module.css';

const S = COMMERCIAL_TEXTS.offersScreen;

/** A discount in force stands out in green, a coming one in blue, an expired one grey. */
const DISCOUNT_TONE: Record<DiscountState, BadgeTone> = {
  active: 'success',
  upcoming: 'info',
  expired: 'neutral',
};

export interface DiscountListProps {
  data: DiscountListData;
  /** YYYY-MM-DD (Moscow): what «действует сейчас» is measured against. */
  today: string;
  /** Names of the user's profiles by account_uuid (a discount may be for one of them). */
  profileNames: Readonly<Record<string, string>>;
}

/**
 * «Ваши скидки»: every discount pricing knows for the user — its percent, conditions, validity
 * and whether it applies today — and the sentence saying how they combine. No client code.
 */
export function DiscountList({ data, today, profileNames }: DiscountListProps) {
  return (
    <Panel aria-labelledby="discounts-h" data-testid="discounts">
      <h2 id="discounts-h">{S.discountsTitle}</h2>
      {data.discounts.length === 0 ? (
        <>
          <h3 className={styles.emptyTitle}>{S.discountsEmptyTitle}</h3>
          <Hint>{S.discountsEmptyText}</Hint>
          <Button as={Link} href="/personal-account/manager" appearance="secondary">
            {S.toManager}
          </Button>
        </>
      ) : (
        <ul className={styles.list}>
          {data.discounts.map((discount) => {
            const key = discount.account_uuid ? `${discount.id}-${discount.account_uuid}` : discount.id;
            const state = discountState(discount, today);
            const percent = formatNumber(discount.percent, 2);
            const profileName = discount.account_uuid ? profileNames[discount.account_uuid] : undefined;
            const whom = [
              discount.account_uuid === null ? S.forEveryOrder : profileName ? S.forProfile(profileName) : null,
              discount.source === 'offer' ? S.fromOffer : null,
            ].filter((part): part is string => part !== null);
            return (
              // An offer's discount comes once per profile that took it: id and profile together are unique.
              <li key={key} className={styles.card} data-testid={`discount-${key}`}>
                <p className={styles.percent} aria-label={S.percentLabel(percent)}>
                  {S.percentOff(percent)}
                </p>
                <div className={styles.cardHead}>
                  <h3>{discount.title}</h3>
                  <Badge tone={DISCOUNT_TONE[state]} size="s" data-state={state}>
                    {S.discountStates[state]}
                  </Badge>
                </div>
                <dl className={styles.facts}>
                  <dt>{S.conditions}</dt>
                  <dd>{discount.conditions}</dd>
                  <dt>{S.validity}</dt>
                  <dd>{validityText(discount.valid_from, discount.valid_to)}</dd>
                </dl>
                {whom.length > 0 ? <Hint flush>{whom.join(' · ')}</Hint> : null}
              </li>
            );
          })}
        </ul>
      )}
      {data.rule ? <p className={styles.rule}>{data.rule}</p> : null}
    </Panel>
  );
}
