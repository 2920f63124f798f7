import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PREFETCH_ON_INTENT } from '@/lib/prefetch-on-intent';

const router = vi.hoisted(() => ({ prefetch: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router }));

const { IntentPrefetch } = await import('./intent-prefetch');

function Page() {
  return (
    <>
      <IntentPrefetch />
      <a href="/news?kind=event#top" {...PREFETCH_ON_INTENT}>
        <span>События</span>
      </a>
      <a href="/about">О нас</a>
      <a href="https://t.me/magistral" {...PREFETCH_ON_INTENT}>
        Telegram
      </a>
    </>
  );
}

describe('IntentPrefetch', () => {
  beforeEach(() => router.prefetch.mockClear());

  it.each([
    ['the pointer comes over it', (target: Element) => fireEvent.pointerOver(target)],
    ['it gets focus', (target: Element) => fireEvent.focusIn(target)],
    ['it is touched', (target: Element) => fireEvent.touchStart(target)],
  ])('prefetches a marked link, without its fragment, when %s', (_, intent) => {
    render(<Page />);
    expect(router.prefetch).not.toHaveBeenCalled();
    intent(screen.getByText('События'));
    expect(router.prefetch).toHaveBeenCalledExactlyOnceWith('/news?kind=event');
  });

  it('leaves unmarked links and other sites alone', () => {
    render(<Page />);
    fireEvent.pointerOver(screen.getByText('О нас'));
    fireEvent.pointerOver(screen.getByText('Telegram'));
    expect(router.prefetch).not.toHaveBeenCalled();
  });

  it('stops listening when it unmounts', () => {
    // A link of the document that outlives the listener (the listener is the shell's, the link a page's).
    const link = Object.assign(document.createElement('a'), { href: '/offices' });
    link.dataset.prefetch = PREFETCH_ON_INTENT['data-prefetch'];
    document.body.append(link);
    const { unmount } = render(<IntentPrefetch />);
    fireEvent.pointerOver(link);
    expect(router.prefetch).toHaveBeenCalledExactlyOnceWith('/offices');
    unmount();
    fireEvent.pointerOver(link);
    expect(router.prefetch).toHaveBeenCalledOnce();
    link.remove();
  });
});
