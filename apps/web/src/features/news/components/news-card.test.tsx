import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { NewsItem } from '@freight/contracts';
import { NewsCard, NewsIllustration } from './news-card';

const item = (overrides: Partial<NewsItem> = {}): NewsItem => ({
  id: 1,
  slug: 'otkryli-terminal',
  kind: 'news',
  title: 'Открыли терминал',
  summary: 'Кратко',
  published_at: '2026-03-03T07:00:00.000Z',
  event_date: null,
  event_place: null,
  to_main_page: false,
  image_url: null,
  ...overrides,
});

describe('NewsCard', () => {
  it('shows the uploaded illustration as decoration beside the title', () => {
    const { container } = render(<NewsCard item={item({ image_url: '/api/v1/content/images/a.png' })} />);
    const image = container.querySelector('img');
    expect(image?.getAttribute('src')).toBe('/api/v1/content/images/a.png');
    expect(image?.getAttribute('alt')).toBe('');
    expect(screen.getByRole('link', { name: 'Открыли терминал' })).toBeTruthy();
  });

  it('has no image without an illustration', () => {
    const { container } = render(<NewsCard item={item()} />);
    expect(container.querySelector('img')).toBeNull();
  });

  it('gives an article illustration its text alternative', () => {
    render(<NewsIllustration src="/api/v1/content/images/b.webp" alt="Новый терминал" />);
    expect(screen.getByRole('img', { name: 'Новый терминал' }).getAttribute('src')).toBe(
      '/api/v1/content/images/b.webp',
    );
  });
});
