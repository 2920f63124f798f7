import { SHELL_LABELS } from './labels';

export const NAV_ITEMS = [
  { href: '/about', label: SHELL_LABELS.nav.about },
  { href: '/offices', label: SHELL_LABELS.nav.offices },
  { href: '/news', label: SHELL_LABELS.nav.news },
] as const;
