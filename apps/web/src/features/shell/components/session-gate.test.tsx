import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionGate } from './session-gate';

describe('SessionGate', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.useFakeTimers();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('renders the page at once when the server already has a session', () => {
    render(
      <SessionGate unavailable={false}>
        <p>Содержимое</p>
      </SessionGate>,
    );
    expect(screen.getByText('Содержимое')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the spinner while asking for a token, then the maintenance screen, and keeps retrying', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    render(
      <SessionGate unavailable>
        <p>Содержимое</p>
      </SessionGate>,
    );
    expect(screen.getByTestId('session-spinner')).toBeInTheDocument();
    expect(screen.queryByText('Содержимое')).not.toBeInTheDocument();
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.getByText('На данный момент проводятся технические работы')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4_000);
    });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
