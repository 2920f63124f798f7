import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPPORT_WIDGET_DELAY_MS } from '@freight/domain/constants';
import { SupportWidget } from './support-widget';

describe('SupportWidget', () => {
  let readyState: DocumentReadyState;
  beforeEach(() => {
    vi.useFakeTimers();
    readyState = 'complete';
    vi.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  const launcher = () => screen.queryByRole('button', { name: 'Чат поддержки' });

  it('shows its button 5 seconds after the window has loaded, not 5 seconds after it was mounted', () => {
    readyState = 'interactive';
    render(<SupportWidget />);
    act(() => vi.advanceTimersByTime(SUPPORT_WIDGET_DELAY_MS + 1_000));
    expect(launcher()).toBeNull();
    readyState = 'complete';
    act(() => {
      window.dispatchEvent(new Event('load'));
    });
    act(() => vi.advanceTimersByTime(SUPPORT_WIDGET_DELAY_MS - 1));
    expect(launcher()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(launcher()).not.toBeNull();
  });

  it('counts from mounting when the window had already loaded (a client-side navigation)', () => {
    render(<SupportWidget />);
    act(() => vi.advanceTimersByTime(SUPPORT_WIDGET_DELAY_MS - 1));
    expect(launcher()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(launcher()).not.toBeNull();
  });
});
