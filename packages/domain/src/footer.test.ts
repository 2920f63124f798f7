import { describe, expect, it } from 'vitest';
import { FOOTER_CATEGORIES, FOOTER_ONLINE_SERVICES_CATEGORY, resolveFooterLink } from './footer';

describe('resolveFooterLink', () => {
  it.each([
    ['https://vk.com/magistral', { href: 'https://vk.com/magistral', external: true }],
    ['http://example.com', { href: 'http://example.com', external: true }],
    ['HTTPS://EXAMPLE.COM', { href: 'HTTPS://EXAMPLE.COM', external: true }],
    ['mailto:order@example.ru', { href: 'mailto:order@example.ru', external: true }],
    ['tel:+78005553535', { href: 'tel:+78005553535', external: true }],
    ['//cdn.example.com/a.pdf', { href: '//cdn.example.com/a.pdf', external: true }],
    ['  https://t.me/x  ', { href: 'https://t.me/x', external: true }],
    ['about', { href: '/about', external: false }],
    ['/about', { href: '/about', external: false }],
    ['///about', { href: '///about', external: true }], // browsers read it as protocol-relative
    ['\\\\evil.example', { href: '\\\\evil.example', external: true }],
    ['/\\evil.example', { href: '/\\evil.example', external: true }], // /\ is // to a browser
    ['\\about', { href: '/about', external: false }],
    ['docs-n-policies#cookies', { href: '/docs-n-policies#cookies', external: false }],
    ['новости', { href: '/новости', external: false }],
    ['', { href: '/', external: false }],
    ['   ', { href: '/', external: false }],
  ])('%j → %j', (url, expected) => {
    expect(resolveFooterLink(url)).toEqual(expected);
  });

  it('has the five categories of the spec', () => {
    expect(Object.values(FOOTER_CATEGORIES)).toEqual([
      'Компания',
      'Условия перевозок',
      'Услуги и сервисы',
      'Онлайн сервисы',
      'Другое',
    ]);
    expect(FOOTER_CATEGORIES[FOOTER_ONLINE_SERVICES_CATEGORY]).toBe('Онлайн сервисы');
  });
});
