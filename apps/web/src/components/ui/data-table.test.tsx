import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DataTableColumn } from './data-table';

const router = vi.hoisted(() => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn() }));
vi.mock('next/navigation', () => ({
  useRouter: () => router,
  usePathname: () => '/back-office/cargos',
  useSearchParams: () => new URLSearchParams('status=arrived&page=2'),
}));

const { DataTable } = await import('./data-table');

type Cargo = { track: string; status: string; price: number };
const rows: Cargo[] = [
  { track: 'MG-2611-00001', status: 'Прибыл', price: 1200 },
  { track: 'MG-2611-00002', status: 'В пути', price: 800 },
];
const columns: DataTableColumn<Cargo>[] = [
  { id: 'track', header: 'Трек-номер', cell: ({ row }) => row.original.track },
  { id: 'price', header: 'Стоимость', enableSorting: true, cell: ({ row }) => row.original.price },
];

describe('DataTable', () => {
  it('renders the rows, the range and page links that keep the filters', () => {
    render(<DataTable columns={columns} data={rows} total={52} page={2} perPage={25} caption="Грузы" />);
    const table = screen.getByRole('table', { name: 'Грузы' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('Показаны 26–50 из 52')).toBeTruthy();
    const next = screen.getByRole('link', { name: 'Страница 3' });
    expect(next.getAttribute('href')).toBe('/back-office/cargos?status=arrived&page=3');
    expect(screen.getByRole('link', { name: 'Страница 1' }).getAttribute('href')).toBe(
      '/back-office/cargos?status=arrived',
    );
  });

  it('sorts on the server: a header button puts sort and direction in the address and goes to page 1', () => {
    router.push.mockClear();
    const { rerender } = render(
      <DataTable columns={columns} data={rows} total={2} page={1} perPage={25} caption="Грузы" sort={null} />,
    );
    expect(screen.getByRole('columnheader', { name: /Стоимость/ }).getAttribute('aria-sort')).toBe('none');
    expect(screen.getByRole('columnheader', { name: 'Трек-номер' }).getAttribute('aria-sort')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Стоимость/ }));
    expect(router.push).toHaveBeenLastCalledWith('/back-office/cargos?status=arrived&sort=price');
    rerender(
      <DataTable
        columns={columns}
        data={rows}
        total={2}
        page={1}
        perPage={25}
        caption="Грузы"
        sort={{ id: 'price', desc: false }}
      />,
    );
    expect(screen.getByRole('columnheader', { name: /Стоимость/ }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: /Стоимость/ }));
    expect(router.push).toHaveBeenLastCalledWith('/back-office/cargos?status=arrived&sort=price&desc=1');
  });

  it('selects rows one by one or all on the page and reports their ids', () => {
    const onSelectionChange = vi.fn();
    render(
      <DataTable
        columns={columns}
        data={rows}
        total={2}
        page={1}
        perPage={25}
        caption="Грузы"
        selectable
        getRowId={(row) => row.track}
        rowLabel={(row) => row.track}
        onSelectionChange={onSelectionChange}
      />,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Выбрать: MG-2611-00002' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith(['MG-2611-00002']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Выбрать все строки на странице' }));
    expect(onSelectionChange.mock.lastCall![0].sort()).toEqual(['MG-2611-00001', 'MG-2611-00002']);
  });

  it('says so when nothing matched', () => {
    render(
      <DataTable columns={columns} data={[]} total={0} page={1} perPage={25} caption="Грузы" emptyText="Грузов нет" />,
    );
    expect(screen.getByText('Грузов нет')).toBeTruthy();
    expect(screen.queryByText('Нет записей')).toBeNull();
  });
});
