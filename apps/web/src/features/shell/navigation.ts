import { SHELL_TEXTS } from '@freight/domain/texts/shell';

export const NAV_ITEMS = [
  { href: '/about', label: SHELL_TEXTS.nav.about },
  { href: '/offices', label: SHELL_TEXTS.nav.offices },
  { href: '/news', label: SHELL_TEXTS.nav.news },
] as const;
