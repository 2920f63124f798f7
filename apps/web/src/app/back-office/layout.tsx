import type { Metadata } from 'next';
import { BACK_OFFICE_TEXTS } from '@freight/domain/texts/back-office';

export const metadata: Metadata = {
  title: { default: BACK_OFFICE_TEXTS.shell.metaTitle, template: `%s — ${BACK_OFFICE_TEXTS.shell.title}` },
  robots: { index: false, follow: false },
};

/**
 * The back-office (issue 17): outside the site's shell, with its own frame ((workspace)/layout.tsx)
 * and its own sign-in. None of its code reaches the public pages' bundles (a route of its own).
 */
export default function BackOfficeLayout({ children }: { children: React.ReactNode }) {
  return children;
}
