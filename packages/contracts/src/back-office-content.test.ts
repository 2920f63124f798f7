import { describe, expect, it } from 'vitest';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import {
  DiscountInputSchema,
  NewsInputSchema,
  PromoCodeInputSchema,
  TariffPreviewInputSchema,
  isFooterLinkUrl,
  isRateGrid,
  percentToBp,
  slugFromTitle,
} from './back-office-content';

const V = BACK_OFFICE_CONTENT_TEXTS.validation;

describe('back-office content contracts', () => {
  it.each([
    ['Открыли терминал в Казани', 'otkryli-terminal-v-kazani'],
    ['Новый терминал — в Хабаровске!', 'novyy-terminal-v-khabarovske'],
    ['Щука и ёж', 'shchuka-i-ezh'],
    ['Подъезд №5, объём 20 м³', 'podezd-no5-obem-20-m3'],
    ['  Café «Ромашка»  ', 'cafe-romashka'],
    ['🚚', ''],
  ])('slug of %j is %j', (title, slug) => {
    expect(slugFromTitle(title)).toBe(slug);
  });

  it('cuts a long slug at a word boundary within 80 characters', () => {
    const slug = slugFromTitle('перевозка '.repeat(20));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug).toMatch(/^(perevozka-)*perevozka$/);
    expect(slugFromTitle('а'.repeat(200))).toBe('a'.repeat(80));
  });

  it.each([
    ['https://example.ru/a?b=1', true],
    ['/about', true],
    ['about', false],
    ['//evil.example', false],
    ['/\\evil', false],
    ['javascript:alert(1)', false],
    ['data:text/html,x', false],
    ['https://', false],
  ])('footer url %j → %s', (url, ok) => {
    expect(isFooterLinkUrl(url)).toBe(ok);
  });

  it.each([
    [[{ up_to: null }], true],
    [[{ up_to: 100 }, { up_to: 200 }, { up_to: null }], true],
    [[{ up_to: 100 }], false],
    [[{ up_to: 200 }, { up_to: 100 }, { up_to: null }], false],
    [[{ up_to: 100 }, { up_to: 100 }, { up_to: null }], false],
    [[{ up_to: null }, { up_to: null }], false],
    [[], false],
  ])('rate grid %j → %s', (grid, ok) => {
    expect(isRateGrid(grid)).toBe(ok);
  });

  it('turns percent into basis points without float noise', () => {
    expect([percentToBp(12.5), percentToBp(0.01), percentToBp(50), percentToBp(1.15)]).toEqual([1250, 1, 5000, 115]);
  });

  it('reads a phone in any format and a discount with two decimals at most', () => {
    expect(DiscountInputSchema.parse({ phone: '8 (916) 123-45-67', percent: 7.5 })).toEqual({
      phone: '+79161234567',
      percent: 7.5,
    });
    const bad = DiscountInputSchema.safeParse({ phone: '+7 916', percent: 7.555 });
    expect(bad.error?.issues.map((i) => i.message)).toEqual([V.phoneInvalid, V.personalDiscountRange]);
  });

  it('needs an event’s date, and either a percent change or route changes in a preview', () => {
    const event = NewsInputSchema.safeParse({ title: 'Выставка', kind: 'event', summary: 'К', body: 'Т' });
    expect(event.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['event_date', V.eventDateRequired],
    ]);
    expect(TariffPreviewInputSchema.safeParse({}).error?.issues[0]?.message).toBe(V.previewOneOf);
    expect(TariffPreviewInputSchema.safeParse({ percent_change: 10 }).success).toBe(true);
  });

  it('upper-cases a promo code and asks for the value of its kind', () => {
    expect(PromoCodeInputSchema.parse({ code: ' vesna15 ', kind: 'percent', percent: 15 }).code).toBe('VESNA15');
    const fixed = PromoCodeInputSchema.safeParse({ code: 'FIX500', kind: 'fixed', percent: 5 });
    expect(fixed.error?.issues.map((i) => i.path.join('.'))).toEqual(['amount_kopecks']);
  });
});
