import 'server-only';
import { API_PATHS, NewsDetailSchema, NewsListResponseSchema, type NewsDetail } from '@freight/contracts';
import { apiGet, ApiStatusError } from '@/lib/api/server';

export function getNewsPage(options: {
  page: number;
  kind?: 'news' | 'event' | undefined;
  pageSize?: number;
  toMainPage?: boolean;
}) {
  const params = new URLSearchParams({ page: String(options.page) });
  if (options.kind) params.set('kind', options.kind);
  if (options.pageSize) params.set('page_size', String(options.pageSize));
  if (options.toMainPage) params.set('to_main_page', 'true');
  return apiGet(`${API_PATHS.news}?${params.toString()}`, NewsListResponseSchema);
}

export async function getNewsItem(slug: string): Promise<NewsDetail | null> {
  if (!/^[a-z0-9-]{1,120}$/.test(slug)) return null;
  try {
    return await apiGet(`${API_PATHS.news}/${slug}`, NewsDetailSchema);
  } catch (error) {
    if (error instanceof ApiStatusError && error.status === 404) return null;
    throw error;
  }
}
