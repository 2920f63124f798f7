import type { DatabaseHandle } from '@freight/db';
import { invalidatePricingReference } from './reference-cache';

/** The NOTIFY channel of tariff, promo-code and discount changes. */
export const PRICE_CHANGE_CHANNEL = 'magistral_price_change';

export interface PriceChangeBus {
  /** Drops this process's pricing caches and tells every other API instance on the database to do the same. */
  announce(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Keeps the in-process pricing caches (reference-cache.ts) of every API instance true to the
 * database: a change saved in the back-office NOTIFYs `magistral_price_change`, and every
 * instance LISTENing on the same PostgreSQL (or the one PGlite) drops its caches at once. A
 * listener that lost its connection drops them again on reconnecting (it may have missed one).
 */
export async function startPriceChangeBus(
  database: DatabaseHandle,
  onError: (error: unknown) => void = () => {},
): Promise<PriceChangeBus> {
  const stopListening = await database.listen(PRICE_CHANGE_CHANNEL, () => invalidatePricingReference(database.db));
  return {
    announce: async () => {
      invalidatePricingReference(database.db);
      try {
        await database.notify(PRICE_CHANGE_CHANNEL, String(Date.now()));
      } catch (error) {
        onError(error);
        throw error;
      }
    },
    stop: stopListening,
  };
}
