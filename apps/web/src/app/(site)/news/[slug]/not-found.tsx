import { MESSAGES } from '@freight/domain/messages';
import type { Metadata } from 'next';
import { NotFoundBox } from '@/app/_components/not-found-box';

export const metadata: Metadata = { title: MESSAGES.news.notFoundTitle };

/** /news/<unknown>: «Новость не найдена» in the site's shell, with the way back to the list. */
export default function NewsItemNotFound() {
  return (
    <NotFoundBox
      title={MESSAGES.news.notFoundTitle}
      text={MESSAGES.news.notFoundText}
      back={{ href: '/news', label: MESSAGES.news.back }}
    />
  );
}
