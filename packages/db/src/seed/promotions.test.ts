import { describe, expect, it } from 'vitest';
import { toIsoDate } from '@freight/domain';
import { CITY_SEED } from './cities';
import { PROMOTION_SEED } from './content';
import { PROMO_SEED, PROMOTION_RULE_SEED } from './pricing';

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

  it.each(PROMOTION_RULE_SEED.map((r) => [r.promotionSlug, r] as const))(
    'the rule of %s belongs to a seeded promotion, runs within its dates, from seeded cities',
    (_slug, rule) => {
      const promotion = PROMOTION_SEED.find((p) => p.slug === rule.promotionSlug);
      expect(promotion, `${rule.promotionSlug} is not in PROMOTION_SEED`).toBeDefined();
      expect(promotion!.promoCode).toBeNull();
      expect(promotion!.startsOn <= rule.validFrom && rule.validTo <= promotion!.endsOn).toBe(true);
      for (const name of rule.originCities) expect(CITY_SEED.map((c) => c.name)).toContain(name);
      // The card's conditions come from the rule: the seed's own texts name no number of it.
      expect(`${promotion!.description} ${promotion!.terms}`).not.toMatch(/\d/);
    },
  );
});
