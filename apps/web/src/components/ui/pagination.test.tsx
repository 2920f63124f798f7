import { render, screen, within } from '@testing-library/react';
import type { ComponentPropsWithRef } from 'react';
import { describe, expect, it } from 'vitest';
import { Pagination, pageWindow } from './pagination';

const href = (n: number) => `/offices?city=5&page=${n}`;

describe('pageWindow', () => {
  it.each<[number, number, Array<number | null>]>([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 50, [1, 2, null, 50]],
    [3, 50, [1, 2, 3, 4, null, 50]],
    [25, 50, [1, null, 24, 25, 26, null, 50]],
    [50, 50, [1, null, 49, 50]],
    [4, 7, [1, 2, 3, 4, 5, 6, 7]],
  ])('page %i of %i shows %j', (page, pages, expected) => {
    expect(pageWindow(page, pages)).toEqual(expected);
  });
});

describe('Pagination', () => {
  it('renders nothing for a single page', () => {
    const { container } = render(<Pagination page={1} pages={1} href={href} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('links every page shown, marks the current one, and keeps the addresses given', () => {
    render(<Pagination page={25} pages={50} href={href} label="Страницы списка" />);
    const nav = screen.getByRole('navigation', { name: 'Страницы списка' });
    const current = within(nav).getByRole('link', { name: 'Страница 25' });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(current).toHaveAttribute('href', '/offices?city=5&page=25');
    expect(within(nav).getByRole('link', { name: 'Назад' })).toHaveAttribute('href', '/offices?city=5&page=24');
    expect(within(nav).getByRole('link', { name: 'Вперёд' })).toHaveAttribute('href', '/offices?city=5&page=26');
    expect(within(nav).getByRole('link', { name: 'Страница 50' })).toHaveAttribute('href', href(50));
    expect(within(nav).queryByRole('link', { name: 'Страница 10' })).toBeNull();
    expect(
      within(nav)
        .getAllByRole('link')
        .filter((a) => a.hasAttribute('aria-current')),
    ).toHaveLength(1);
  });

  it('has no «Назад» link on the first page and no «Вперёд» link on the last', () => {
    const { rerender } = render(<Pagination page={1} pages={3} href={href} />);
    expect(screen.queryByRole('link', { name: 'Назад' })).toBeNull();
    expect(screen.getByText('Назад')).toHaveAttribute('aria-disabled', 'true');
    rerender(<Pagination page={3} pages={3} href={href} />);
    expect(screen.queryByRole('link', { name: 'Вперёд' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Назад' })).toHaveAttribute('href', href(2));
  });

  it('renders the given link component', () => {
    const Marked = ({ href: to, ...rest }: Omit<ComponentPropsWithRef<'a'>, 'href'> & { href: string }) => (
      <a {...rest} href={to} data-router="yes" />
    );
    render(<Pagination page={2} pages={3} href={href} as={Marked} />);
    for (const link of screen.getAllByRole('link')) expect(link).toHaveAttribute('data-router', 'yes');
  });
});
