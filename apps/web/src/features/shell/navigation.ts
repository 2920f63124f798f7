import { SHELL_TEXTS } from '@freight/domain/texts/shell';

/** The header's links: the spec's three (§2 «Header») after the calculator, the visitor's first job. */
export const NAV_ITEMS = [
  { href: '/calculator', label: SHELL_TEXTS.nav.calculate },
  { href: '/about', label: SHELL_TEXTS.nav.about },
  { href: '/offices', label: SHELL_TEXTS.nav.offices },
  { href: '/news', label: SHELL_TEXTS.nav.news },
] as const;

/** The burger menu's links: pricing, ordering and tracking first, then the spec's three. */
export const MENU_ITEMS = [
  { href: '/calculator', label: SHELL_TEXTS.nav.calculateLong },
  { href: '/order', label: SHELL_TEXTS.nav.order },
  { href: '/tracking', label: SHELL_TEXTS.nav.track },
  { href: '/about', label: SHELL_TEXTS.nav.about },
  { href: '/offices', label: SHELL_TEXTS.nav.offices },
  { href: '/news', label: SHELL_TEXTS.nav.news },
] as const;
