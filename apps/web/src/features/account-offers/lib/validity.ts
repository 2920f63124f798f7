import type { Discount } from '@freight/contracts/commercial';
import { formatLongDate, toIsoDate } from '@freight/domain/dates';
import { COMMERCIAL_TEXTS } from '@freight/domain/texts/commercial';

const S = COMMERCIAL_TEXTS.offersScreen;

export type DiscountState = keyof typeof S.discountStates;

/**
 * Where a discount stands on `today` (YYYY-MM-DD, Moscow): pricing applies it now (the API's
 * `applies_now`, or today within its dates), it starts later, or it has ended.
 */
export function discountState(
  discount: Pick<Discount, 'valid_from' | 'valid_to' | 'applies_now'>,
  today: string,
): DiscountState {
  if (discount.applies_now) return 'active';
  const from = discount.valid_from ? toIsoDate(discount.valid_from) : null;
  const to = discount.valid_to ? toIsoDate(discount.valid_to) : null;
  if (from && today < from) return 'upcoming';
  if (to && today > to) return 'expired';
  return 'active';
}

/** «с 1 марта 2026 г. по 31 мая 2026 г.», «с 1 марта 2026 г., бессрочно», «по 31 мая 2026 г.», «бессрочно». */
export function validityText(validFrom: string | null, validTo: string | null): string {
  if (validFrom && validTo) return S.validFromTo(formatLongDate(validFrom), formatLongDate(validTo));
  if (validFrom) return S.validFrom(formatLongDate(validFrom));
  if (validTo) return S.validTo(formatLongDate(validTo));
  return S.validForever;
}

/** Whether an offer's last day is before `today`. */
export function offerExpired(validTo: string, today: string): boolean {
  const to = toIsoDate(validTo);
  return to !== null && to < today;
}

/** Whether an offer's first day is after `today`. */
export function offerNotStarted(validFrom: string, today: string): boolean {
  const from = toIsoDate(validFrom);
  return from !== null && from > today;
}
