import { MESSAGES } from '@freight/domain/messages';

export const NAV_ITEMS = [
  { href: '/about', label: MESSAGES.shell.nav.about },
  { href: '/offices', label: MESSAGES.shell.nav.offices },
  { href: '/news', label: MESSAGES.shell.nav.news },
] as const;
