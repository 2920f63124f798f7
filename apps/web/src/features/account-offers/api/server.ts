import 'server-only';
import { API_PATHS, DiscountListSchema, OfferListSchema, type DiscountList, type OfferList } from '@freight/contracts';
import { apiGet, ApiStatusError } from '@/lib/api/server';

/**
 * The user's discounts (GET /user/discounts) and offers (GET /user/offers), side by side, on the
 * visitor's behalf. A refusal is `{ kind: 'refused' }` — the page explains it; the API being down
 * throws ApiUnavailableError to the error boundary.
 */
export async function loadDiscountsAndOffers(): Promise<
  { kind: 'ok'; discounts: DiscountList; offers: OfferList } | { kind: 'refused'; status: number }
> {
  try {
    const [discounts, offers] = await Promise.all([
      apiGet(API_PATHS.discounts, DiscountListSchema),
      apiGet(API_PATHS.offers, OfferListSchema),
    ]);
    return { kind: 'ok', discounts, offers };
  } catch (error) {
    if (error instanceof ApiStatusError) return { kind: 'refused', status: error.status };
    throw error;
  }
}
