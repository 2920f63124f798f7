import type { ComponentPropsWithRef, ComponentType } from 'react';
import { UI_TEXTS } from '@freight/domain/texts/ui';
import styles from './pagination.module.css';

const T = UI_TEXTS;

/** A component that renders an <a> (e.g. next/link's `Link`); the kit does not import next/link itself. */
export type PaginationLinkComponent = ComponentType<Omit<ComponentPropsWithRef<'a'>, 'href'> & { href: string }>;

export interface PaginationProps {
  /** The page shown, 1-based. */
  page: number;
  /** How many pages there are; with one page or none nothing is rendered. */
  pages: number;
  /** The address of page `n`: every page is a link, so paging works without JavaScript. */
  href: (page: number) => string;
  /** Accessible name of the navigation; default «Страницы». */
  label?: string;
  /** Link component instead of a plain <a>, e.g. next/link. */
  as?: PaginationLinkComponent;
  /** Pages shown on each side of the current one before a «…»; default 1. */
  siblings?: number;
}

/**
 * Page numbers to show: the first, the last, the current with `siblings` on each side, and null
 * for each gap («…»). A gap of one page shows that page instead.
 */
export function pageWindow(page: number, pages: number, siblings = 1): Array<number | null> {
  const shown = new Set<number>([1, pages]);
  for (let n = page - siblings; n <= page + siblings; n += 1) if (n >= 1 && n <= pages) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const result: Array<number | null> = [];
  for (const n of sorted) {
    const previous = result.at(-1);
    if (typeof previous === 'number' && n - previous === 2) result.push(n - 1);
    else if (typeof previous === 'number' && n - previous > 2) result.push(null);
    result.push(n);
  }
  return result;
}

/**
 * Server-rendered page links: «Назад», numbers (the current one marked aria-current="page"),
 * «Вперёд». No hooks: it renders in Server Components, and each page has its own address.
 */
export function Pagination({ page, pages, href, label = T.pagination, as, siblings = 1 }: PaginationProps) {
  if (pages <= 1) return null;
  const LinkTag: PaginationLinkComponent | 'a' = as ?? 'a';
  const current = Math.min(Math.max(1, page), pages);
  return (
    <nav aria-label={label} className={styles.nav}>
      <ul className={styles.list}>
        <li>
          {current > 1 ? (
            <LinkTag href={href(current - 1)} className={styles.step} rel="prev">
              {T.paginationPrev}
            </LinkTag>
          ) : (
            <span className={styles.step} aria-disabled="true">
              {T.paginationPrev}
            </span>
          )}
        </li>
        {pageWindow(current, pages, siblings).map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <LinkTag
                href={href(n)}
                className={styles.number}
                aria-label={T.paginationPage(n)}
                aria-current={n === current ? 'page' : undefined}
              >
                {n}
              </LinkTag>
            </li>
          ),
        )}
        <li>
          {current < pages ? (
            <LinkTag href={href(current + 1)} className={styles.step} rel="next">
              {T.paginationNext}
            </LinkTag>
          ) : (
            <span className={styles.step} aria-disabled="true">
              {T.paginationNext}
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
