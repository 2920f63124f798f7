import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ItemList, ItemMeta, ItemRow, ItemTitle } from './item-list';

describe('ItemList', () => {
  it('lists each thing with its details, and its buttons and a line below only when given', () => {
    render(
      <ItemList>
        <ItemRow data-testid="owner">
          <ItemTitle>Мария Котова</ItemTitle>
          <ItemMeta>Владелец</ItemMeta>
        </ItemRow>
        <ItemRow
          data-testid="member"
          controls={<button type="button">Удалить</button>}
          below={<p role="alert">Не удалось удалить</p>}
        >
          <ItemTitle className="phone">+7 999 123-45-67</ItemTitle>
          <ItemMeta>Бухгалтер</ItemMeta>
        </ItemRow>
      </ItemList>,
    );
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(2);

    const owner = screen.getByTestId('owner');
    expect(owner.children).toHaveLength(1);
    expect(within(owner).queryByRole('button')).not.toBeInTheDocument();

    const member = screen.getByTestId('member');
    expect(member.children).toHaveLength(3);
    expect(within(member).getByText('+7 999 123-45-67')).toHaveClass('title', 'phone');
    expect(within(member).getByText('Бухгалтер')).toHaveClass('meta');
    expect(within(member).getByRole('button', { name: 'Удалить' }).parentElement).toHaveClass('controls');
    expect(within(member).getByRole('alert').parentElement).toHaveClass('below');
  });
});
