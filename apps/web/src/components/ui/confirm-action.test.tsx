import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmAction } from './confirm-action';

const props = {
  label: 'Удалить',
  ariaLabel: 'Удалить: https://example.ru/hook',
  title: 'Удалить адрес?',
  description: 'История отправок на него тоже удалится.',
  cancelLabel: 'Оставить',
  confirmLabel: 'Удалить адрес',
  errorText: (e: unknown) => (e instanceof Error ? e.message : 'Ошибка'),
};

describe('ConfirmAction', () => {
  it('asks first: nothing happens until the dangerous button of the dialog is pressed; then the dialog closes', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn(async () => {});
    render(<ConfirmAction {...props} onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: props.ariaLabel }));
    const dialog = await screen.findByRole('dialog', { name: props.title });
    expect(dialog).toHaveTextContent(props.description);
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: props.confirmLabel }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('«Оставить» closes the dialog without acting', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn(async () => {});
    render(<ConfirmAction {...props} onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: props.ariaLabel }));
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: props.cancelLabel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('a failed action keeps the dialog open with the reason', async () => {
    const user = userEvent.setup();
    render(
      <ConfirmAction
        {...props}
        onConfirm={async () => {
          throw new Error('Адрес уже удалён');
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: props.ariaLabel }));
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: props.confirmLabel }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Адрес уже удалён');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
