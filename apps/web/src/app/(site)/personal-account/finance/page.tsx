import type { SettlementPosition } from '@freight/contracts';
import { MESSAGES } from '@freight/domain/messages';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui';
import { AccountPage } from '@/features/account/components/account-page';
import { loadProfile } from '@/features/auth/api/server';
import { loadReview, loadSettlements } from '@/features/account-finance/api/server';
import { ContractList } from '@/features/account-finance/components/contract-list';
import { FinanceReview } from '@/features/account-finance/components/finance-review';
import { ProfileSelect } from '@/features/account-finance/components/profile-select';
import { ReconciliationForm } from '@/features/account-finance/components/reconciliation-form';
import { SettlementSummary } from '@/features/account-finance/components/settlement-summary';
import {
  accountsToShow,
  contractFirstMonth,
  contractToShow,
  earlierMonth,
  financeHref,
  monthOf,
  monthToShow,
  parseFinanceUrl,
} from '@/features/account-finance/lib/finance-url';
import styles from '@/features/account-finance/components/finance.module.css';
import { SettlementsUnavailable } from './_components/settlements-unavailable';

const S = MESSAGES.settlements.screen;

export const metadata: Metadata = { title: S.metaTitle, robots: { index: false } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * /personal-account/finance («Взаиморасчёты»): for the profiles whose settlements the user may see
 * (settlements.view; the active one by default), the summary of balances, the contracts, a month
 * of one contract and the reconciliation act. The address holds the profile, the contract and the
 * month (`?account&contract&year&month`), so a reload or «back» shows the same view; impossible
 * values fall back to the defaults (the default contract, the current month). Without the
 * permission, or without a contract, the page explains what settlements are and how to get them.
 */
export default async function FinancePage({ searchParams }: { searchParams: SearchParams }) {
  const url = parseFinanceUrl(await searchParams);
  const profile = await loadProfile();
  if (!profile) redirect(`/auth/sign-in?next=${encodeURIComponent(financeHref(url))}`);
  const active = profile.active_profile;
  const permitted = profile.profiles.filter((p) => p.permissions.includes('settlements.view'));

  const page = (content: ReactNode) => (
    <AccountPage title={S.title} lead={S.intro} width="wide">
      {content}
    </AccountPage>
  );

  if (permitted.length === 0) return page(<SettlementsUnavailable reason="permission" active={active} />);

  const accounts = accountsToShow(url.account, permitted, active.account_uuid);
  const profileSelect =
    permitted.length > 1 ? (
      <div className={styles.profileBar}>
        <ProfileSelect
          profiles={permitted.map((p) => ({ account_uuid: p.account_uuid, name: p.name }))}
          value={accounts.value}
          month={{ year: url.year, month: url.month }}
        />
      </div>
    ) : null;
  const data = await loadSettlements(accounts.uuids);

  if (data.kind === 'refused') {
    return page(
      <>
        {profileSelect}
        <Alert variant="error">{S.loadError}</Alert>
      </>,
    );
  }

  const contract = contractToShow(data.contracts, url.contract);
  if (!contract) {
    const shown = permitted.filter((p) => accounts.uuids.includes(p.account_uuid));
    return page(
      <>
        {profileSelect}
        <SettlementsUnavailable
          reason="no-contracts"
          active={active}
          shown={shown.map((p) => p.name)}
          personalShown={shown.some((p) => p.kind === 'individual')}
          others={permitted.filter((p) => !accounts.uuids.includes(p.account_uuid))}
        />
      </>,
    );
  }

  const today = data.summary.as_of;
  const latest = monthOf(today);
  const month = monthToShow(url, earlierMonth(contractFirstMonth(contract), latest), latest);
  const review = await loadReview(contract.contract_uuid, month.year, month.month);
  const positions = new Map<string, SettlementPosition>(
    data.summary.contracts.map((c) => [c.contract.contract_uuid, c.position]),
  );
  const showProfiles = accounts.uuids.length > 1;

  return page(
    <>
      {profileSelect}
      <SettlementSummary position={data.summary.total} asOf={today} />
      <ContractList contracts={data.contracts} positions={positions} showProfiles={showProfiles} />
      <FinanceReview
        contracts={data.contracts}
        account={url.account === null ? null : accounts.value}
        contractUuid={contract.contract_uuid}
        year={month.year}
        month={month.month}
        latest={latest}
        review={review.kind === 'ok' ? review.review : null}
        showProfiles={showProfiles}
      />
      <ReconciliationForm contractUuid={contract.contract_uuid} contractNumber={contract.number} today={today} />
    </>,
  );
}
