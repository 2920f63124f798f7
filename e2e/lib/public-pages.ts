import { API_PATHS } from '@freight/contracts/paths';

/**
 * THE list of public pages. Every quality check walks this one list: the header grading
 * (tests/security-headers.test.ts), axe in both themes (tests/accessibility.test.ts), the
 * request recording of 152-FZ localisation (tests/localisation.test.ts), the first-load
 * JavaScript budget (tests/performance-budget.test.ts) and `npm run bench:web`.
 * A new public route is added here, and nowhere else.
 */
export interface PublicPage {
  /** Short label for reports and test names. */
  name: string;
  /** The address, or how to find one from the running API (an office id, a news slug). */
  path: string | ((apiBase: string) => Promise<string>);
  /**
   * The route is being built and does not exist in this checkout yet. Checks skip it, visibly
   * (it is reported as a skipped test). The lead REMOVES the flag when the page lands.
   */
  pending?: string;
  /** Answers 404 on purpose (the not-found page). */
  status?: number;
  /** May be framed by client sites (CSP frame-ancestors not 'none'; the /widgets/* exception). */
  embeddable?: boolean;
  /** Browser features the page itself uses, allowed to the site only (Permissions-Policy `(self)`). */
  selfFeatures?: readonly string[];
  /** Measured by Lighthouse in `npm run bench:web`. */
  lighthouse?: boolean;
}

/** A demo shipment's track number (seeded in demo mode by the tracking work). */
export const DEMO_TRACK_NUMBER = 'MG-2600-00019';

async function firstOfficePath(apiBase: string): Promise<string> {
  const response = await fetch(`${apiBase}${API_PATHS.subdivisions}`);
  const offices = (await response.json()) as Array<{ id: number }>;
  if (!offices[0]) throw new Error('no offices in the database');
  return `/offices/${offices[0].id}`;
}

async function firstNewsPath(apiBase: string): Promise<string> {
  const response = await fetch(`${apiBase}${API_PATHS.news}?limit=1`);
  const body = (await response.json()) as { items: Array<{ slug: string }> };
  if (!body.items[0]) throw new Error('no news in the database');
  return `/news/${body.items[0].slug}`;
}

export const PUBLIC_PAGES: readonly PublicPage[] = [
  { name: 'home', path: '/', lighthouse: true },
  { name: 'about', path: '/about' },
  { name: 'offices', path: '/offices', lighthouse: true, selfFeatures: ['geolocation'] },
  { name: 'office', path: firstOfficePath },
  { name: 'news', path: '/news', lighthouse: true },
  { name: 'news item', path: firstNewsPath, lighthouse: true },
  { name: 'policies', path: '/docs-n-policies' },
  { name: 'sign-in', path: '/auth/sign-in', lighthouse: true },
  { name: 'sign-up', path: '/auth/sign-up' },
  { name: 'forgot password', path: '/auth/forgot-password' },
  { name: 'not found', path: '/net-takoj-stranicy', status: 404 },
  { name: 'calculator', path: '/calculator', lighthouse: true },
  { name: 'order', path: '/order', lighthouse: true },
  // A seeded demo cargo (packages/db/src/seed/demo-cargo.ts; the e2e stack runs in demo mode).
  { name: 'tracking', path: `/tracking/${DEMO_TRACK_NUMBER}`, lighthouse: true },
  // The embeddable calculator widget, framed by client sites (frame-ancestors exception).
  { name: 'calculator widget', path: '/widgets/calculator', embeddable: true },
];

/** Resolves a page's address against the running product. */
export function resolvePath(page: PublicPage, apiBase: string): Promise<string> {
  return typeof page.path === 'string' ? Promise.resolve(page.path) : page.path(apiBase);
}

/** API answers graded alongside the pages; `personal` ones must be Cache-Control: no-store. */
export interface ApiAnswer {
  name: string;
  path: string;
  personal: boolean;
}

export const API_ANSWERS: readonly ApiAnswer[] = [
  { name: 'footer content', path: API_PATHS.dynamicContent, personal: false },
  { name: 'user info', path: API_PATHS.userInfo, personal: true },
];
