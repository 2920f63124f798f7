import { MESSAGES } from '@freight/domain/messages';
import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import type { NewsList } from '@freight/contracts';
import { Alert } from '@/components/ui';
import { getNewsPage } from '@/features/news/api/news';
import { NewsCard } from '@/features/news/components/news-card';
import styles from '@/features/news/components/news.module.css';

const L = MESSAGES.news;

export const metadata: Metadata = {
  title: 'Новости и события',
  description:
    'Новости транспортной компании «Магистраль»: новые терминалы, направления, графики работы, выставки и вебинары.',
};

type SearchParams = Record<string, string | string[] | undefined>;
const KINDS = [
  { value: undefined, label: L.all },
  { value: 'news', label: L.news },
  { value: 'event', label: L.events },
] as const;

function href(kind: 'news' | 'event' | undefined, page: number) {
  const params = new URLSearchParams();
  if (kind) params.set('kind', kind);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return `/news${query ? `?${query}` : ''}`;
}

export default async function NewsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const rawKind = Array.isArray(params.kind) ? params.kind[0] : params.kind;
  const kind = rawKind === 'news' || rawKind === 'event' ? rawKind : undefined;
  const rawPage = Number(Array.isArray(params.page) ? params.page[0] : params.page);
  const page = Number.isInteger(rawPage) && rawPage >= 1 && rawPage <= 1000 ? rawPage : 1;

  const list: NewsList | null = await getNewsPage({ page, kind }).catch(() => null);

  return (
    <div className="container">
      <h1>{L.title}</h1>
      <p>{L.lead}</p>
      <nav aria-label={L.filterLabel}>
        <ul className={styles.tabs}>
          {KINDS.map((k) => (
            <li key={k.label}>
              <Link className={styles.tab} href={href(k.value, 1)} aria-current={k.value === kind ? 'page' : undefined}>
                {k.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {list === null ? (
        <Alert variant="error">{L.unavailable}</Alert>
      ) : list.items.length === 0 ? (
        <p>{L.nothing}</p>
      ) : (
        <>
          <ul className={styles.grid} data-testid="news-list">
            {list.items.map((item) => (
              <li key={item.id}>
                <NewsCard item={item} />
              </li>
            ))}
          </ul>
          {list.pages > 1 && (
            <nav aria-label={L.pagination}>
              <ul className={styles.pager}>
                <li>
                  {page > 1 ? (
                    <Link href={href(kind, page - 1)}>{L.prev}</Link>
                  ) : (
                    <span aria-disabled="true">{L.prev}</span>
                  )}
                </li>
                {Array.from({ length: list.pages }, (_, i) => i + 1).map((n) => (
                  <li key={n}>
                    <Link href={href(kind, n)} aria-current={n === page ? 'page' : undefined} aria-label={L.page(n)}>
                      {n}
                    </Link>
                  </li>
                ))}
                <li>
                  {page < list.pages ? (
                    <Link href={href(kind, page + 1)}>{L.next}</Link>
                  ) : (
                    <span aria-disabled="true">{L.next}</span>
                  )}
                </li>
              </ul>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
