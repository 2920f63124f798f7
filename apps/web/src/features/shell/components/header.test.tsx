import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Header } from './header';

describe('Header', () => {
  it('links anyone who is not verified to /auth/sign-in with an icon', () => {
    render(<Header user={null} />);
    expect(screen.getByRole('link', { name: 'Войти в личный кабинет' })).toHaveAttribute('href', '/auth/sign-in');
    render(<Header user={{ id: 7, name: 'Анна', isVerified: false }} />);
    expect(screen.queryByText('Анна')).not.toBeInTheDocument();
  });

  it.each([
    [{ id: 42, name: 'Анна Петрова', isVerified: true }, 'Анна Петрова'],
    [{ id: 42, name: null, isVerified: true }, 'Клиент-42'],
    [{ id: 42, name: '   ', isVerified: true }, 'Клиент-42'],
  ])("shows a verified user's display name linking to /personal-account (%#)", (user, shown) => {
    render(<Header user={user} />);
    expect(screen.getByText(shown).closest('a')).toHaveAttribute('href', '/personal-account');
  });

  it('has the calculator and the spec’s three navigation links, the theme toggle and the burger', () => {
    render(<Header user={null} />);
    for (const [name, href] of [
      ['Рассчитать', '/calculator'],
      ['О нас', '/about'],
      ['Адреса и контакты', '/offices'],
      ['Новости и события', '/news'],
    ]) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(screen.getByRole('button', { name: 'Переключить тему оформления' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Открыть меню' })).toBeInTheDocument();
  });
});
