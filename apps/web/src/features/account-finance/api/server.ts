import 'server-only';
import {
  API_PATHS,
  ContractListSchema,
  SettlementReviewSchema,
  SettlementSummarySchema,
  type Contract,
  type SettlementReview,
  type SettlementSummary,
} from '@freight/contracts';
import { apiGet, ApiStatusError } from '@/lib/api/server';

export type Refused = { kind: 'refused'; status: number };

/**
 * The contracts and the summary of balances of the chosen profiles, read side by side on the
 * visitor's behalf. A refusal (403 without settlements.view, 404 for a profile not theirs) is
 * `{ kind: 'refused' }`; the API being down throws to the error boundary.
 */
export async function loadSettlements(
  accountUuids: readonly string[],
): Promise<{ kind: 'ok'; contracts: Contract[]; summary: SettlementSummary } | Refused> {
  const accounts = encodeURIComponent(accountUuids.join(','));
  try {
    const [list, summary] = await Promise.all([
      apiGet(`${API_PATHS.settlementContracts}?account_uuid=${accounts}`, ContractListSchema),
      apiGet(`${API_PATHS.settlementSummary}?account_uuid=${accounts}`, SettlementSummarySchema),
    ]);
    return { kind: 'ok', contracts: list.contracts, summary };
  } catch (error) {
    if (error instanceof ApiStatusError) return { kind: 'refused', status: error.status };
    throw error;
  }
}

/** One month of a contract: opening balance, entries, turnovers, closing balance. */
export async function loadReview(
  contractUuid: string,
  year: number,
  month: number,
): Promise<{ kind: 'ok'; review: SettlementReview } | Refused> {
  const query = new URLSearchParams({ contract_uuid: contractUuid, year: String(year), month: String(month) });
  try {
    return { kind: 'ok', review: await apiGet(`${API_PATHS.settlementReview}?${query}`, SettlementReviewSchema) };
  } catch (error) {
    if (error instanceof ApiStatusError) return { kind: 'refused', status: error.status };
    throw error;
  }
}
