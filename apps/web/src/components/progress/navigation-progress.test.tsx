import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const location = vi.hoisted(() => ({ pathname: '/', search: '' }));
vi.mock('next/navigation', () => ({
  usePathname: () => location.pathname,
  useSearchParams: () => new URLSearchParams(location.search),
}));

const { NavigationProgress } = await import('./navigation-progress');

function Page() {
  return (
    <>
      <NavigationProgress color="#007041" height={4} />
      <a href="/about">О нас</a>
      <a href="#feedback">Обратная связь</a>
      <a href="https://t.me/magistral" target="_blank" rel="noreferrer">
        Telegram
      </a>
    </>
  );
}

describe('NavigationProgress', () => {
  // The test document must not really navigate (the router would, in the app).
  const stay = (event: MouseEvent) => event.preventDefault();
  beforeEach(() => {
    vi.useFakeTimers();
    location.pathname = '/';
    window.addEventListener('click', stay);
  });
  afterEach(() => {
    window.removeEventListener('click', stay);
    vi.useRealTimers();
  });

  const bar = () => screen.getByTestId('navigation-progress');

  it('is a 4 px bar in the brand colour, hidden until a navigation starts', () => {
    render(<Page />);
    expect(bar().dataset.state).toBe('idle');
    expect(bar().getAttribute('style')).toContain('--progress-color: #007041');
    expect(bar().getAttribute('style')).toContain('--progress-height: 4px');
  });

  it('runs from a click on a link to another page until the new page renders, then fades', () => {
    const { rerender } = render(<Page />);
    fireEvent.click(screen.getByText('О нас'));
    expect(bar().dataset.state).toBe('running');
    location.pathname = '/about';
    rerender(<Page />);
    expect(bar().dataset.state).toBe('done');
    act(() => vi.advanceTimersByTime(500));
    expect(bar().dataset.state).toBe('idle');
  });

  it('ignores anchors on the same page, new tabs and modified clicks', () => {
    render(<Page />);
    fireEvent.click(screen.getByText('Обратная связь'));
    fireEvent.click(screen.getByText('Telegram'));
    fireEvent.click(screen.getByText('О нас'), { ctrlKey: true });
    expect(bar().dataset.state).toBe('idle');
  });
});
