import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccountPage } from './account-page';

describe('AccountPage', () => {
  it('leads back to «Личный кабинет», then shows the title, the lead and the content', () => {
    const { container } = render(
      <AccountPage title="Взаиморасчёты" lead="Баланс по договорам." width="wide">
        <section aria-label="Сводка" />
      </AccountPage>,
    );
    expect(screen.getByRole('link', { name: 'Личный кабинет' })).toHaveAttribute('href', '/personal-account');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Взаиморасчёты');
    expect(screen.getByText('Баланс по договорам.')).toHaveClass('lead');
    expect(screen.getByRole('region', { name: 'Сводка' })).toBeInTheDocument();
    expect(container.firstElementChild).toHaveClass('container', 'page', 'wide');
  });

  it('adds the way back to a list after «Личный кабинет», the slash hidden from screen readers', () => {
    render(
      <AccountPage
        title="Заявка"
        breadcrumbs={[{ href: '/personal-account/access', label: 'Все заявки' }]}
        width="full"
      >
        <p>…</p>
      </AccountPage>,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Личный кабинет', '/personal-account'],
      ['Все заявки', '/personal-account/access'],
    ]);
    expect(links[0]!.parentElement).toHaveTextContent('Личный кабинет/Все заявки');
    expect(links[0]!.nextElementSibling).toHaveAttribute('aria-hidden', 'true');
    // Without a lead the title keeps the lead's distance to the content.
    expect(screen.getByRole('heading', { level: 1 })).toHaveClass('title', 'alone');
  });

  it('has no heading of its own when the content brings one', () => {
    render(
      <AccountPage breadcrumbs={[{ href: '/personal-account/orders', label: 'Все заказы' }]}>
        <h1>Заказ MG-1234-56789</h1>
      </AccountPage>,
    );
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveClass('title');
  });
});
