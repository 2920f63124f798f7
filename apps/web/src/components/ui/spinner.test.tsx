import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner } from './spinner';

describe('Spinner', () => {
  it("announces 'Загрузка' as a status by default", () => {
    render(<Spinner />);
    const status = screen.getByRole('status', { name: 'Загрузка' });
    expect(status).toHaveTextContent('Загрузка');
    expect(status).toHaveAttribute('data-size', 'medium');
    expect(status.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('takes another label', () => {
    render(<Spinner label="Считаем стоимость" />);
    expect(screen.getByRole('status', { name: 'Считаем стоимость' })).toBeInTheDocument();
  });

  it('is silent when decorative', () => {
    const { container } = render(<Spinner decorative />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
    expect(container).not.toHaveTextContent('Загрузка');
  });

  it.each([
    ['small', '16'],
    ['medium', '24'],
    ['large', '40'],
  ] as const)('size %s draws a %s px ring', (size, px) => {
    render(<Spinner size={size} />);
    const svg = screen.getByRole('status').querySelector('svg');
    expect(svg).toHaveAttribute('width', px);
    expect(svg).toHaveAttribute('height', px);
  });
});
