import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Alert } from './alert';
import type { AlertVariant } from './alert';

describe('Alert', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each<[AlertVariant, 'alert' | 'status']>([
    ['error', 'alert'],
    ['warning', 'status'],
    ['info', 'status'],
    ['success', 'status'],
  ])('a %s alert has role="%s"', (variant, role) => {
    render(<Alert variant={variant}>Текст</Alert>);
    const alert = screen.getByRole(role);
    expect(alert).toHaveTextContent('Текст');
    expect(alert).toHaveAttribute('data-variant', variant);
  });

  it('is an info status by default, with title and body', () => {
    render(<Alert title="Обратите внимание">Офис работает до 18:00</Alert>);
    const alert = screen.getByRole('status');
    expect(alert).toHaveAttribute('data-variant', 'info');
    expect(alert).toHaveTextContent('Обратите внимание');
    expect(alert).toHaveTextContent('Офис работает до 18:00');
  });

  it('has no close button unless closable', () => {
    render(<Alert>Текст</Alert>);
    expect(screen.queryByRole('button', { name: 'Закрыть' })).not.toBeInTheDocument();
  });

  it('closes after the 150 ms animation: onClose once, then nothing is rendered', () => {
    const onClose = vi.fn();
    render(
      <Alert variant="error" closable onClose={onClose}>
        Что-то пошло не так
      </Alert>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));

    const alert = screen.getByRole('alert');
    expect(alert).toHaveAttribute('data-state', 'closing');
    expect(alert).toHaveClass('closing');
    act(() => vi.advanceTimersByTime(149));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1000));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('passes the animation length to CSS', () => {
    render(<Alert>Текст</Alert>);
    expect(screen.getByRole('status').style.getPropertyValue('--alert-close-duration')).toBe('150ms');
  });

  it('auto-closes after autoCloseMs plus the animation', () => {
    const onClose = vi.fn();
    render(
      <Alert variant="success" autoCloseMs={3000} onClose={onClose}>
        Сохранено
      </Alert>,
    );
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByRole('status')).toHaveAttribute('data-state', 'open');

    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveAttribute('data-state', 'closing');
    expect(onClose).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(150));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('does not auto-close without autoCloseMs', () => {
    const onClose = vi.fn();
    render(<Alert onClose={onClose}>Текст</Alert>);
    act(() => vi.advanceTimersByTime(60_000));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('pauses the auto-close countdown while hovered and restarts it on leave', () => {
    const onClose = vi.fn();
    render(
      <Alert autoCloseMs={1000} onClose={onClose}>
        Текст
      </Alert>,
    );
    const alert = screen.getByRole('status');
    act(() => vi.advanceTimersByTime(900));
    fireEvent.mouseEnter(alert);
    act(() => vi.advanceTimersByTime(5000));
    expect(alert).toHaveAttribute('data-state', 'open');

    fireEvent.mouseLeave(alert);
    act(() => vi.advanceTimersByTime(999));
    expect(alert).toHaveAttribute('data-state', 'open');
    act(() => vi.advanceTimersByTime(1));
    act(() => vi.advanceTimersByTime(150));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('pauses the auto-close countdown while focus is inside', () => {
    const onClose = vi.fn();
    render(
      <Alert autoCloseMs={1000} closable onClose={onClose}>
        Текст
      </Alert>,
    );
    act(() => screen.getByRole('button', { name: 'Закрыть' }).focus());
    act(() => vi.advanceTimersByTime(5000));
    expect(onClose).not.toHaveBeenCalled();
    act(() => screen.getByRole('button', { name: 'Закрыть' }).blur());
    act(() => vi.advanceTimersByTime(1000));
    act(() => vi.advanceTimersByTime(150));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('does not call onClose after it was unmounted mid-animation', () => {
    const onClose = vi.fn();
    const { unmount } = render(
      <Alert closable onClose={onClose}>
        Текст
      </Alert>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    unmount();
    act(() => vi.advanceTimersByTime(1000));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('uses the latest onClose', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = render(
      <Alert closable onClose={first}>
        Текст
      </Alert>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    rerender(
      <Alert closable onClose={second}>
        Текст
      </Alert>,
    );
    act(() => vi.advanceTimersByTime(150));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('replaces or hides the variant icon', () => {
    const { container, rerender } = render(<Alert icon={<svg data-testid="custom" />}>Текст</Alert>);
    expect(screen.getByTestId('custom')).toBeInTheDocument();
    rerender(<Alert icon={null}>Текст</Alert>);
    expect(container.querySelector('svg')).toBeNull();
  });
});
