import { describe, expect, it } from 'vitest';
import { toIsoDate } from '@freight/domain';
import { PROMOTION_SEED } from './content';
import { PROMO_SEED } from './pricing';

/* A promotion advertises only a code the pricing knows, for as long as the code works (issue 21). */
describe('promotions and their promo codes', () => {
  it.each(PROMOTION_SEED.filter((p) => p.promoCode !== null).map((p) => [p.slug, p] as const))(
    '%s names a seeded code valid through the promotion',
    (_slug, promotion) => {
      const code = PROMO_SEED.find((c) => c.code === promotion.promoCode);
      expect(code, `${promotion.promoCode} is not in PROMO_SEED`).toBeDefined();
      expect(toIsoDate(code!.validFrom)! <= promotion.startsOn).toBe(true);
      if (code!.validTo) expect(toIsoDate(code!.validTo)).toBe(promotion.endsOn);
    },
  );

  it('START10 is advertised', () => {
    expect(PROMOTION_SEED.filter((p) => p.promoCode !== null).map((p) => p.promoCode)).toEqual(['START10']);
  });
});
