import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { notFound } from 'next/navigation';
import { formatLongDate, MESSAGES } from '@freight/domain';
import { getNewsItem } from '@/features/news/api/news';
import { NewsIllustration } from '@/features/news/components/news-card';
import styles from '@/features/news/components/news.module.css';

const L = MESSAGES.news;

type Params = Promise<{ slug: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const item = await getNewsItem((await params).slug);
  if (!item) return { title: MESSAGES.content.newsNotFound };
  return {
    title: item.title,
    description: item.summary,
    alternates: { canonical: `/news/${item.slug}` },
    openGraph: {
      type: 'article',
      title: item.title,
      description: item.summary,
      publishedTime: item.published_at,
      locale: 'ru_RU',
    },
  };
}

export default async function NewsItemPage({ params }: { params: Params }) {
  const item = await getNewsItem((await params).slug);
  if (!item) notFound();
  return (
    <div className="container">
      <p>
        <Link href="/news">← {L.back}</Link>
      </p>
      <article className={styles.article}>
        <p className={styles.meta}>
          <span className={item.kind === 'event' ? styles.eventBadge : styles.badge}>
            {item.kind === 'event' ? L.event : L.newsItem}
          </span>
          <span>
            {L.published}: <time dateTime={item.published_at}>{formatLongDate(item.published_at)}</time>
          </span>
        </p>
        <h1>{item.title}</h1>
        {item.kind === 'event' && (item.event_date || item.event_place) && (
          <dl className={styles.facts}>
            {item.event_date && (
              <>
                <dt>{L.eventDate}</dt>
                <dd>
                  <time dateTime={item.event_date}>{formatLongDate(item.event_date)}</time>
                </dd>
              </>
            )}
            {item.event_place && (
              <>
                <dt>{L.eventPlace}</dt>
                <dd>{item.event_place}</dd>
              </>
            )}
          </dl>
        )}
        <NewsIllustration src={item.image_url} alt={item.title} className={styles.articleIllustration} />
        <p className={styles.articleLead}>{item.summary}</p>
        {item.body.split(/\n{2,}/).map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </article>
    </div>
  );
}
