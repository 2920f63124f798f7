import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Footer } from './footer';

const LINKS = [
  { id: 1, name: 'О компании', url: 'about', category: 1 },
  { id: 2, name: 'Закон 87-ФЗ', url: 'https://www.consultant.ru/document/cons_doc_LAW_28010/', category: 2 },
  { id: 3, name: 'Отследить груз', url: '/tracking', category: 3 },
  { id: 4, name: 'Личный кабинет', url: 'personal-account', category: 4 },
  { id: 5, name: 'Telegram', url: 'https://t.me/x', category: 5 },
];

describe('Footer', () => {
  it('groups links into the five categories of the spec, in order', () => {
    render(<Footer links={LINKS} year={2026} />);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.slice(0, 5)).toEqual([
      'Компания',
      'Условия перевозок',
      'Услуги и сервисы',
      'Онлайн сервисы',
      'Другое',
    ]);
  });

  it('opens absolute urls in a new tab with rel=noopener and sends relative ones to /{url}', () => {
    render(<Footer links={LINKS} year={2026} />);
    const law = screen.getByRole('link', { name: /Закон 87-ФЗ/ });
    expect(law).toHaveAttribute('href', 'https://www.consultant.ru/document/cons_doc_LAW_28010/');
    expect(law).toHaveAttribute('target', '_blank');
    expect(law.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: 'О компании' })).toHaveAttribute('href', '/about');
    expect(screen.getByRole('link', { name: 'О компании' })).not.toHaveAttribute('target');
    expect(screen.getByRole('link', { name: 'Отследить груз' })).toHaveAttribute('href', '/tracking');
  });

  it('puts the fixed «Обратная связь» anchor into «Онлайн сервисы» only', () => {
    render(<Footer links={LINKS} year={2026} />);
    const online = screen.getByRole('region', { name: 'Онлайн сервисы' });
    expect(within(online).getByRole('link', { name: 'Обратная связь' })).toHaveAttribute('href', '#feedback');
    expect(screen.getAllByRole('link', { name: 'Обратная связь' })).toHaveLength(1);
  });

  it('shows the phone as a tel: link, the order e-mail, the rating and © 2012–year', () => {
    render(<Footer links={LINKS} year={2031} />);
    expect(screen.getByRole('link', { name: /\+7 \(800\) 350-12-12/ })).toHaveAttribute('href', 'tel:+78003501212');
    expect(screen.getByRole('link', { name: 'zakaz@magistral-cargo.ru' })).toHaveAttribute(
      'href',
      'mailto:zakaz@magistral-cargo.ru',
    );
    expect(screen.getByRole('link', { name: 'Рейтинг 4,8 Яндекс Карты более 1 200 отзывов' })).toBeInTheDocument();
    expect(screen.getByText(/© 2012–2031/)).toBeInTheDocument();
  });

  it('still renders contacts when the links could not be loaded', () => {
    render(<Footer links={null} year={2026} />);
    expect(screen.getByText('Разделы сайта временно недоступны')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /\+7 \(800\) 350-12-12/ })).toBeInTheDocument();
  });
});
