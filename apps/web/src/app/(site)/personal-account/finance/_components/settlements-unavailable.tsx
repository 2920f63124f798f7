import type { ClientProfile } from '@freight/contracts';
import { MESSAGES } from '@freight/domain/messages';
import { Link } from '@/components/ui/link';
import { Button, Hint, Panel } from '@/components/ui';
import { financeHref } from '@/features/account-finance/lib/finance-url';
import styles from '@/features/account-finance/components/finance.module.css';

const S = MESSAGES.settlements.screen;

export type SettlementsUnavailableProps =
  | {
      /** No profile of the user may see settlements. */
      reason: 'permission';
      active: Pick<ClientProfile, 'kind' | 'name' | 'role_label'>;
    }
  | {
      /** The profiles shown have no contract. */
      reason: 'no-contracts';
      active: Pick<ClientProfile, 'kind' | 'name' | 'role_label'>;
      /** Names of the profiles shown. */
      shown: readonly string[];
      /** Whether the active (individual) profile is among them. */
      personalShown: boolean;
      /** Other profiles that may see settlements: each gets a link to its view. */
      others: readonly Pick<ClientProfile, 'account_uuid' | 'name'>[];
    };

/**
 * Why there is nothing to show, never an empty screen: what settlements are, and the way to them —
 * another profile with a contract, the full-access request (which brings a company profile), or
 * the members who can change one's role.
 */
export function SettlementsUnavailable(props: SettlementsUnavailableProps) {
  return (
    <Panel aria-labelledby="finance-about-h" data-testid="finance-unavailable">
      <h2 id="finance-about-h">{props.reason === 'permission' ? S.noPermissionTitle : S.aboutTitle}</h2>
      <p>{S.aboutText}</p>
      {props.reason === 'permission' ? (
        props.active.kind === 'legal' ? (
          <p>{S.noPermissionText(props.active.name, props.active.role_label)}</p>
        ) : null
      ) : (
        <>
          {props.personalShown ? <p>{S.personalText}</p> : null}
          {props.shown.map((name) => (
            <p key={name}>{S.noContractsText(name)}</p>
          ))}
          {props.others.length > 0 ? (
            <>
              <Hint>{S.switchHint}</Hint>
              <div className={styles.switchList}>
                {props.others.map((other) => (
                  <Button
                    key={other.account_uuid}
                    as={Link}
                    href={financeHref({ account: other.account_uuid })}
                    appearance="secondary"
                  >
                    {S.profileLink(other.name)}
                  </Button>
                ))}
              </div>
            </>
          ) : null}
        </>
      )}
      <Hint>{S.accessHint}</Hint>
      <Button as={Link} href="/personal-account/access" appearance="secondary">
        {S.accessLink}
      </Button>
    </Panel>
  );
}
