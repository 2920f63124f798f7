import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createUploadItem, transitionUploadItem, uploadListReducer, type UploadItem } from '@freight/domain/upload';
import { FileUpload, formatFileSize } from './file-upload';

const file = (name: string, size = 2048, type = 'image/png') => ({ name, size, type });

describe('formatFileSize', () => {
  it.each([
    [0, '0\u00a0Б'],
    [1023, '1\u00a0023\u00a0Б'],
    [1536, '1,5\u00a0КБ'],
    [10 * 1024, '10\u00a0КБ'],
    [5 * 1024 * 1024 + 300_000, '5,3\u00a0МБ'],
    [1_073_741_824, '1\u00a0ГБ'],
  ])('%i bytes → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

describe('FileUpload', () => {
  it('names the file input by its label and hands the picked files to onSelect', async () => {
    const onSelect = vi.fn();
    render(<FileUpload label="Снимки экрана" hint="JPEG или PNG" items={[]} onSelect={onSelect} onRemove={vi.fn()} />);
    const input = screen.getByLabelText('Снимки экрана');
    const picked = new File(['x'], 'a.png', { type: 'image/png' });
    await userEvent.upload(input as HTMLInputElement, picked);
    expect(onSelect).toHaveBeenCalledWith([picked]);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('asks for files, or for one file when only one is taken', () => {
    const { unmount } = render(<FileUpload label="Снимки" items={[]} onSelect={vi.fn()} onRemove={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Выбрать файлы' })).toBeTruthy();
    expect(screen.getByLabelText('Снимки')).toHaveProperty('multiple', true);
    unmount();
    render(<FileUpload label="Таблица" items={[]} multiple={false} onSelect={vi.fn()} onRemove={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Выбрать файл' })).toBeTruthy();
    expect(screen.getByLabelText('Таблица')).toHaveProperty('multiple', false);
  });

  it('shows each item with its size and status; progress only while sending', () => {
    const waiting = createUploadItem(file('ready.png'), 'u1');
    const progress = transitionUploadItem(createUploadItem(file('half.png'), 'u2'), {
      type: 'progress',
      percent: 42.7,
    });
    const done = transitionUploadItem(createUploadItem(file('done.png'), 'u3'), {
      type: 'success',
      response: { url: '/api/v1/duty_bug_report/files/x' },
    });
    const { rerender } = render(
      <FileUpload label="Файлы" items={[waiting, progress, done]} onSelect={vi.fn()} onRemove={vi.fn()} />,
    );
    const list = screen.getByRole('list', { name: 'Прикреплённые файлы' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]!.textContent).toBe('ready.png2\u00a0КБ · Готов к отправке');
    expect(rows[2]).toHaveTextContent('Загружен');
    expect(within(rows[2]!).getByRole('link', { name: 'done.png' })).toHaveAttribute(
      'href',
      '/api/v1/duty_bug_report/files/x',
    );
    expect(screen.queryByRole('progressbar')).toBeNull();

    rerender(
      <FileUpload label="Файлы" items={[waiting, progress, done]} sending onSelect={vi.fn()} onRemove={vi.fn()} />,
    );
    const bars = screen.getAllByRole('progressbar');
    expect(bars.map((bar) => bar.getAttribute('aria-valuenow'))).toEqual(['0', '42']);
    expect(within(screen.getAllByRole('listitem')[1]!).getByTestId('upload-status').textContent).toBe(
      'Загружается: 42\u00a0%',
    );
  });

  it.each([
    [{ response: 'Формат файлов должен быть JPEG или PNG' }, 'Формат файлов должен быть JPEG или PNG'],
    [{ error: { statusText: 'Payload Too Large', message: 'x' } }, 'Payload Too Large'],
    [{ error: new Error('Сервис временно недоступен') }, 'Сервис временно недоступен'],
    [{}, 'Не удалось загрузить файл'],
  ])('a failed item carries a tooltip with the spec precedence (%#)', (failure, text) => {
    const item = transitionUploadItem(createUploadItem(file('bad.png'), 'u1'), { type: 'failure', ...failure });
    render(<FileUpload label="Файлы" items={[item]} onSelect={vi.fn()} onRemove={vi.fn()} />);
    const warning = screen.getByRole('button', { name: 'Ошибка загрузки: bad.png' });
    expect(warning).toHaveAccessibleDescription(text);
    expect(screen.getByRole('tooltip')).toHaveTextContent(text);
  });

  it('removes an item with the keyboard', async () => {
    function Harness() {
      const [items, setItems] = useState<readonly UploadItem[]>([
        createUploadItem(file('a.png'), 'a'),
        createUploadItem(file('b.png'), 'b'),
      ]);
      return (
        <FileUpload
          label="Файлы"
          items={items}
          onSelect={vi.fn()}
          onRemove={(uid) => setItems((current) => uploadListReducer(current, { type: 'remove', uid }))}
        />
      );
    }
    render(<Harness />);
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Выбрать файлы' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Удалить файл a.png' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('b.png')).toBeInTheDocument();
  });

  it('shows the field error and marks the input invalid', () => {
    render(
      <FileUpload
        label="Файлы"
        items={[]}
        error="Максимальное количество файлов 10"
        onSelect={vi.fn()}
        onRemove={vi.fn()}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Максимальное количество файлов 10');
    expect(screen.getByLabelText('Файлы')).toHaveAttribute('aria-invalid', 'true');
  });
});
