import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { editDeleteColumn, statusColumn } from './row-columns';

const T = BACK_OFFICE_CONTENT_TEXTS;

interface Link {
  id: number;
  name: string;
  is_active: boolean;
}

/** Draws one cell of a column for one row, as DataTable would. */
function cell(column: ReturnType<typeof statusColumn<Link>>, row: Link) {
  const draw = column.cell as (context: { row: { original: Link } }) => ReactNode;
  return render(<>{draw({ row: { original: row } })}</>);
}

afterEach(() => vi.unstubAllGlobals());

describe('content table columns', () => {
  it.each([
    [true, T.notices.active, true],
    [false, T.notices.inactive, false],
  ])('status of an item with is_active %s: «%s»', (active, text, green) => {
    const column = statusColumn<Link>((link) => link.is_active);
    expect([column.id, column.header]).toEqual(['status', T.fields.status]);
    cell(column, { id: 1, name: 'Тарифы', is_active: active });
    expect(screen.getByText(text)).toHaveClass('badge', green ? 'success' : 'neutral');
  });

  it('status takes other words (news: published or a draft)', () => {
    cell(
      statusColumn<Link>((link) => link.is_active, { on: T.notices.published, off: T.notices.draft }),
      { id: 1, name: 'Новость', is_active: false },
    );
    expect(screen.getByText(T.notices.draft)).toBeInTheDocument();
  });

  it('«Изменить» hands the row to the form; «Удалить» asks again, deletes it, says so and reads the page again', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const row = { id: 7, name: 'Тарифы', is_active: true };
    const onEdit = vi.fn();
    const notify = vi.fn();
    const refresh = vi.fn();
    const column = editDeleteColumn<Link>({
      name: (link) => link.name,
      endpoint: (link) => `/api/v1/back-office/footer_links/${link.id}`,
      onEdit,
      notify,
      refresh,
    });
    expect([column.id, column.header]).toEqual(['actions', T.fields.actions]);
    cell(column, row);

    fireEvent.click(screen.getByRole('button', { name: T.actions.editItem('Тарифы') }));
    expect(onEdit).toHaveBeenCalledWith(row);

    fireEvent.click(screen.getByRole('button', { name: T.actions.deleteItem('Тарифы') }));
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: T.actions.confirmDeleteYes }));
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/back-office/footer_links/7');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('DELETE');
    expect(notify).toHaveBeenCalledWith({ kind: 'success', text: T.notices.deleted });
  });

  it('a deletion may be told in other words (a used promo code is only switched off)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    const notify = vi.fn();
    cell(
      editDeleteColumn<Link>({
        name: (link) => link.name,
        endpoint: (link) => `/api/v1/back-office/promo_codes/${link.id}`,
        onEdit: vi.fn(),
        notify,
        refresh: vi.fn(),
        deletedText: () => T.notices.deactivated,
      }),
      { id: 3, name: 'SPRING', is_active: true },
    );
    fireEvent.click(screen.getByRole('button', { name: T.actions.deleteItem('SPRING') }));
    fireEvent.click(screen.getByRole('button', { name: T.actions.confirmDeleteYes }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ kind: 'success', text: T.notices.deactivated }));
  });

  it('a refusal is told as the server says it, and the page is not read again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ error: { code: 'CONFLICT', message: 'Код уже применён в заказах' } }, { status: 409 }),
      ),
    );
    const notify = vi.fn();
    const refresh = vi.fn();
    cell(
      editDeleteColumn<Link>({
        name: (link) => link.name,
        endpoint: (link) => `/api/v1/back-office/promo_codes/${link.id}`,
        onEdit: vi.fn(),
        notify,
        refresh,
      }),
      { id: 3, name: 'SPRING', is_active: true },
    );
    fireEvent.click(screen.getByRole('button', { name: T.actions.deleteItem('SPRING') }));
    fireEvent.click(screen.getByRole('button', { name: T.actions.confirmDeleteYes }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ kind: 'error', text: 'Код уже применён в заказах' }));
    expect(refresh).not.toHaveBeenCalled();
  });
});
