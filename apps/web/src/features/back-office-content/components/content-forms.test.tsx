import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AdminNews, AdminPromotion, PricePreview } from '@freight/contracts/back-office-content';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json as answer, stubFetch } from '@/testing/fetch';

const router = vi.hoisted(() => ({ refresh: vi.fn(), replace: vi.fn(), push: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router, notFound: vi.fn(), redirect: vi.fn() }));
// The editor pages read the staff member and the item on the server: here, what each test gives.
const apiGet = vi.hoisted(() => vi.fn());
vi.mock('@/lib/api/server', () => ({ apiGet, ApiStatusError: class ApiStatusError extends Error {} }));
vi.mock('@/features/back-office/lib/staff', () => ({
  requireStaffPage: () => Promise.resolve({ permissions: ['content.edit'] }),
  staffMay: () => true,
}));

const { TariffBulk } = await import('./tariff-bulk');
const { NewsForm } = await import('./news-form');
const { default: EditNewsPage } = await import('@/app/back-office/(workspace)/content/news/[id]/page');
const { default: EditPromotionPage } = await import('@/app/back-office/(workspace)/content/promotions/[id]/page');

const T = BACK_OFFICE_CONTENT_TEXTS;

const sent = (call: Parameters<typeof fetch> | undefined) => ({
  url: call?.[0],
  method: call?.[1]?.method,
  body: JSON.parse(String(call?.[1]?.body ?? 'null')) as unknown,
});
/** A multipart call: its address and method (the body is FormData). */
const target = (call: Parameters<typeof fetch> | undefined) => ({ url: call?.[0], method: call?.[1]?.method });

// Testing Library compares text with its spaces normalised: a no-break space reads as a plain one.
const preview: PricePreview = {
  rows: [
    {
      city_from: 'Москва',
      city_to: 'Новосибирск',
      weight_kg: 100,
      volume_m3: 0.5,
      transportation_type: { code: 'auto', name: 'Авто' },
      before_kopecks: 257_125,
      after_kopecks: 282_838,
      before_text: '2\u00a0571,25\u00a0₽',
      after_text: '2\u00a0828,38\u00a0₽',
      change_percent: 10,
      note: null,
    },
  ],
};

describe('back-office content forms', () => {
  const { fetchMock } = stubFetch();
  beforeEach(() => {
    router.refresh.mockReset();
    router.push.mockReset();
    apiGet.mockReset();
  });

  it('bulk tariff change: shows the preview first, then saves exactly that change', async () => {
    render(<TariffBulk />);
    const save = screen.getByRole('button', { name: T.actions.saveChange });
    expect((save as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByLabelText(T.fields.percentChange), { target: { value: '200' } });
    fireEvent.click(screen.getByRole('button', { name: T.actions.showPreview }));
    expect(await screen.findByText(T.validation.percentChangeRange)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(answer(200, preview));
    fireEvent.change(screen.getByLabelText(T.fields.percentChange), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: T.actions.showPreview }));
    expect(await screen.findByText('2 828,38 ₽')).toBeTruthy();
    expect(sent(fetchMock.mock.calls[0])).toEqual({
      url: '/api/v1/back-office/tariffs/preview',
      method: 'POST',
      body: { percent_change: 10 },
    });
    expect(screen.getByText('+10 %')).toBeTruthy();

    fetchMock.mockResolvedValueOnce(answer(200, { updated: 312 }));
    fireEvent.click(screen.getByRole('button', { name: T.actions.saveChange }));
    expect(await screen.findByText(T.notices.bulkSaved(312))).toBeTruthy();
    expect(sent(fetchMock.mock.calls[1])).toEqual({
      url: '/api/v1/back-office/tariffs/bulk',
      method: 'POST',
      body: { percent_change: 10 },
    });
    expect(router.refresh).toHaveBeenCalled();
  });

  it('bulk tariff change: a different value after the preview must be previewed again', async () => {
    render(<TariffBulk />);
    fetchMock.mockResolvedValueOnce(answer(200, preview));
    fireEvent.change(screen.getByLabelText(T.fields.percentChange), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: T.actions.showPreview }));
    await screen.findByText('2 828,38 ₽');
    fireEvent.change(screen.getByLabelText(T.fields.percentChange), { target: { value: '12' } });
    expect((screen.getByRole('button', { name: T.actions.saveChange }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText('2 828,38 ₽')).toBeNull();
  });

  it('news form: creates with the typed fields and shows the server’s slug conflict at the field', async () => {
    render(<NewsForm />);
    fireEvent.change(screen.getByLabelText(T.fields.title), { target: { value: 'Открыли терминал' } });
    fireEvent.change(screen.getByLabelText(T.fields.slug), { target: { value: 'otkryli' } });
    fireEvent.change(screen.getByLabelText(T.fields.summary), { target: { value: 'Кратко' } });
    fireEvent.change(screen.getByLabelText(T.fields.body), { target: { value: 'Текст новости' } });
    fireEvent.change(screen.getByLabelText(T.fields.publishedAt), { target: { value: '2026-03-03T10:00' } });
    fetchMock.mockResolvedValueOnce(
      answer(409, {
        error: { code: 'CONFLICT', message: T.errors.newsSlugTaken, fields: { slug: T.errors.newsSlugTaken } },
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: T.actions.createNews }));
    await waitFor(() => expect(screen.getAllByText(T.errors.newsSlugTaken).length).toBeGreaterThan(0));
    expect(sent(fetchMock.mock.calls[0])).toEqual({
      url: '/api/v1/back-office/news',
      method: 'POST',
      body: {
        title: 'Открыли терминал',
        slug: 'otkryli',
        kind: 'news',
        summary: 'Кратко',
        body: 'Текст новости',
        published_at: '2026-03-03T10:00:00+03:00',
        event_date: null,
        event_place: null,
        to_main_page: false,
        is_published: true,
      },
    });
    expect(router.push).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(answer(201, { id: 42 }));
    fireEvent.change(screen.getByLabelText(T.fields.slug), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: T.actions.createNews }));
    await waitFor(() => expect(router.push).toHaveBeenCalledWith('/back-office/content/news/42'));
    expect((sent(fetchMock.mock.calls[1]).body as { slug?: string }).slug).toBeUndefined();
  });

  it('news page: «Сохранено» stays through the refresh that brings the saved item', async () => {
    const item: AdminNews = {
      id: 7,
      slug: 'otkryli-terminal',
      kind: 'news',
      title: 'Открыли терминал',
      summary: 'Кратко',
      body: 'Текст новости',
      published_at: '2026-03-03T07:00:00.000Z',
      event_date: null,
      event_place: null,
      to_main_page: false,
      is_published: true,
      image_url: null,
      updated_at: '2026-03-03T07:00:00.000Z',
    };
    const saved = { ...item, summary: 'Коротко', updated_at: '2026-03-03T08:00:00.000Z' };
    const page = () => EditNewsPage({ params: Promise.resolve({ id: '7' }) });
    apiGet.mockResolvedValueOnce(item);
    const { rerender } = render(await page());
    fireEvent.change(screen.getByLabelText(T.fields.summary), { target: { value: 'Коротко' } });
    fetchMock.mockResolvedValueOnce(answer(200, saved));
    fireEvent.click(screen.getByRole('button', { name: T.actions.save }));
    expect(await screen.findByText(T.notices.saved)).toBeTruthy();
    expect(sent(fetchMock.mock.calls[0])).toMatchObject({ url: '/api/v1/back-office/news/7', method: 'PUT' });
    expect(router.refresh).toHaveBeenCalled();
    // The refresh: the page reads the item again, with its new version.
    apiGet.mockResolvedValueOnce(saved);
    rerender(await page());
    expect(screen.getByText(T.notices.saved)).toBeTruthy();
    expect((screen.getByLabelText(T.fields.summary) as HTMLTextAreaElement).value).toBe('Коротко');
  });

  it('promotion page: a new picture and its notice stay through the refresh', async () => {
    const item: AdminPromotion = {
      id: 3,
      slug: 'vesna',
      title: 'Весна',
      description: 'Скидка весной',
      terms: 'Условия',
      promo_code: null,
      discount_percent: 5,
      starts_on: '2026-03-01',
      ends_on: '2026-05-31',
      position: 0,
      is_active: true,
      image_url: null,
      updated_at: '2026-03-01T07:00:00.000Z',
    };
    const pictured = { ...item, image_url: '/media/promotions/3.webp', updated_at: '2026-03-02T07:00:00.000Z' };
    const page = () => EditPromotionPage({ params: Promise.resolve({ id: '3' }) });
    apiGet.mockResolvedValueOnce(item);
    const { rerender } = render(await page());
    fetchMock.mockResolvedValueOnce(answer(200, { image_url: pictured.image_url }));
    const picture = new File([new Uint8Array([0x52, 0x49, 0x46, 0x46])], 'vesna.webp', { type: 'image/webp' });
    fireEvent.change(screen.getByLabelText(T.fields.image), { target: { files: [picture] } });
    expect(await screen.findByText(T.notices.imageSaved)).toBeTruthy();
    expect(target(fetchMock.mock.calls[0])).toEqual({ url: '/api/v1/back-office/promotions/3/image', method: 'PUT' });
    apiGet.mockResolvedValueOnce(pictured);
    rerender(await page());
    expect(screen.getByText(T.notices.imageSaved)).toBeTruthy();
    expect(screen.getByTestId('content-image').getAttribute('src')).toBe(pictured.image_url);
  });

  it('news form: the picture the server reads after a refresh replaces the one shown', () => {
    const item: AdminNews = {
      id: 8,
      slug: 'vystavka',
      kind: 'news',
      title: 'Выставка',
      summary: 'Кратко',
      body: 'Текст',
      published_at: '2026-03-03T07:00:00.000Z',
      event_date: null,
      event_place: null,
      to_main_page: false,
      is_published: true,
      image_url: '/media/news/8-a.webp',
      updated_at: '2026-03-03T07:00:00.000Z',
    };
    const { rerender } = render(<NewsForm item={item} />);
    expect(screen.getByTestId('content-image').getAttribute('src')).toBe('/media/news/8-a.webp');
    rerender(<NewsForm item={{ ...item, image_url: null, updated_at: '2026-03-03T08:00:00.000Z' }} />);
    expect(screen.queryByTestId('content-image')).toBeNull();
    expect(screen.getByText(T.notices.noImageYet)).toBeTruthy();
  });

  it('news form: an event needs its date before anything is sent', async () => {
    render(<NewsForm />);
    fireEvent.change(screen.getByLabelText(T.fields.title), { target: { value: 'Выставка' } });
    fireEvent.change(screen.getByLabelText(T.fields.kind), { target: { value: 'event' } });
    fireEvent.change(screen.getByLabelText(T.fields.summary), { target: { value: 'Кратко' } });
    fireEvent.change(screen.getByLabelText(T.fields.body), { target: { value: 'Текст' } });
    fireEvent.click(screen.getByRole('button', { name: T.actions.createNews }));
    expect(await screen.findByText(T.validation.eventDateRequired)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByLabelText(T.fields.image)).toBeTruthy();
  });
});
