import { fireEvent, render, screen } from '@testing-library/react';
import { ACCOUNT_ORDERS_TEXTS } from '@freight/domain/texts/account-orders';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json as answer, stubFetch } from '@/testing/fetch';

const router = vi.hoisted(() => ({ refresh: vi.fn(), replace: vi.fn(), push: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router }));

const { RateCargo } = await import('./rate-cargo');

const T = ACCOUNT_ORDERS_TEXTS;
const TRACK = 'MG-2611-04217';

describe('RateCargo', () => {
  const { fetchMock } = stubFetch();
  beforeEach(() => router.refresh.mockReset());

  it('a rating given before: the stars, no form and no thanks', () => {
    render(<RateCargo track={TRACK} rated={4} />);
    expect(screen.getByText(T.ratingYours(4))).toBeInTheDocument();
    expect(screen.queryByText(T.ratingThanks)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.ratingSubmit })).not.toBeInTheDocument();
  });

  it('keeps «Спасибо за оценку!» after the refresh that brings the rating', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(200, { track_number: TRACK, rating: 5, comment: null, created_at: '2026-03-02T09:00:00.000Z' }),
    );
    const { rerender } = render(<RateCargo track={TRACK} rated={null} />);
    fireEvent.click(screen.getByRole('radio', { name: T.ratingStar(5) }));
    fireEvent.click(screen.getByRole('button', { name: T.ratingSubmit }));
    expect(await screen.findByText(T.ratingThanks)).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ track_number: TRACK, rating: 5 });
    expect(router.refresh).toHaveBeenCalled();
    // The card's refresh: the server now knows the rating.
    rerender(<RateCargo track={TRACK} rated={5} />);
    expect(screen.getByText(T.ratingThanks)).toBeInTheDocument();
    expect(screen.getByText(T.ratingYours(5))).toBeInTheDocument();
  });
});
