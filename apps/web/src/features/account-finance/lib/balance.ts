import { formatRub } from '@freight/domain/money';
import { SETTLEMENTS_TEXTS } from '@freight/domain/texts/settlements';

const S = SETTLEMENTS_TEXTS.screen;

/**
 * A balance in words (kopecks; positive is the client's debt, negative an advance):
 * 1250000 → «Задолженность 12 500 ₽», -300000 → «Аванс 3 000 ₽», 0 → «0 ₽».
 */
export function balanceText(kopecks: number): string {
  if (kopecks > 0) return S.debt(formatRub(kopecks));
  if (kopecks < 0) return S.advance(formatRub(-kopecks));
  return formatRub(0);
}

/** How a balance should look: a debt warns, an advance is good news, zero is neutral. */
export function balanceTone(kopecks: number): 'debt' | 'advance' | 'zero' {
  if (kopecks > 0) return 'debt';
  if (kopecks < 0) return 'advance';
  return 'zero';
}
