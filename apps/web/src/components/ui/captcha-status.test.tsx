import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CaptchaNoScript, CaptchaStatus } from './captcha-status';

const PHONE = { display: '+7 (800) 350-12-12', tel: '+78003501212' };

describe('CaptchaStatus', () => {
  it('keeps an empty live region mounted while no check runs, so the first message is announced', () => {
    const { container } = render(<CaptchaStatus state={null} supportPhone={PHONE} />);
    const region = screen.getByRole('status');
    expect(region).toBeEmptyDOMElement();
    expect(container.firstElementChild).toHaveAttribute('data-phase', 'idle');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says «Проверяем, что вы не робот…» in the live region and shows a named progress bar', () => {
    const { rerender } = render(<CaptchaStatus state={null} supportPhone={PHONE} />);
    const region = screen.getByRole('status');
    rerender(<CaptchaStatus state={{ phase: 'solving', progress: 0.42 }} supportPhone={PHONE} />);
    // The same element: the region existed before its text changed.
    expect(screen.getByRole('status')).toBe(region);
    expect(region).toHaveTextContent('Проверяем, что вы не робот…');
    const bar = screen.getByRole('progressbar', { name: 'Ход проверки' });
    expect(bar).toHaveAttribute('value', '42');
    expect(bar).toHaveAttribute('max', '100');
    rerender(<CaptchaStatus state={{ phase: 'solved' }} supportPhone={PHONE} />);
    expect(region).toHaveTextContent('Проверка пройдена, отправляем код…');
  });

  it('on failure alerts what to do instead (support phone as a tel: link) and retries from the keyboard', async () => {
    const onRetry = vi.fn();
    render(<CaptchaStatus state={{ phase: 'failed' }} supportPhone={PHONE} onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Не удалось пройти автоматическую проверку на этом устройстве.');
    expect(alert).toHaveTextContent(
      'войдите по паролю, если он у вас есть, или позвоните нам по номеру +7 (800) 350-12-12',
    );
    expect(screen.getByRole('link', { name: '+7 (800) 350-12-12' })).toHaveAttribute('href', 'tel:+78003501212');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Повторить проверку' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe('CaptchaNoScript', () => {
  it('renders a <noscript> with the support phone', () => {
    const { container } = render(<CaptchaNoScript supportPhone={PHONE} />);
    expect(container.querySelector('noscript')).not.toBeNull();
  });
});
