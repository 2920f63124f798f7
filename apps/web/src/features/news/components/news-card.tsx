import { MESSAGES } from '@freight/domain/messages';
import { Link } from '@/components/ui/link';
import { formatLongDate } from '@freight/domain';
import type { NewsItem } from '@freight/contracts';
import styles from './news.module.css';

const L = MESSAGES.news;

/**
 * The illustration of a news item or promotion uploaded in the back-office (a same-site path,
 * cached for good), or nothing. Decorative beside its title unless `alt` is given.
 */
export function NewsIllustration({
  src,
  alt = '',
  className,
}: {
  src: string | null | undefined;
  alt?: string;
  className?: string;
}) {
  if (!src) return null;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- a stored upload of any size, already re-encoded
    <img src={src} alt={alt} loading="lazy" decoding="async" className={className ?? styles.illustration} />
  );
}

/** A news item or event in a list: its illustration if any, kind, date, title as the link, summary. */
export function NewsCard({ item, headingLevel = 2 }: { item: NewsItem; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const date = item.kind === 'event' && item.event_date ? item.event_date : item.published_at;
  return (
    <article className={styles.card}>
      <NewsIllustration src={item.image_url} />
      <p className={styles.meta}>
        <span className={item.kind === 'event' ? styles.eventBadge : styles.badge}>
          {item.kind === 'event' ? L.event : L.newsItem}
        </span>
        <time dateTime={date.slice(0, 10)}>{formatLongDate(date)}</time>
      </p>
      <Heading className={styles.title}>
        <Link href={`/news/${item.slug}`}>{item.title}</Link>
      </Heading>
      <p className={styles.summary}>{item.summary}</p>
    </article>
  );
}
