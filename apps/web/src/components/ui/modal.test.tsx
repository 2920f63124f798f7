import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { Modal } from './modal';

function Example(props: { onOpenChange?: (open: boolean) => void; description?: string }) {
  return (
    <>
      <Button>До модального окна</Button>
      <Modal
        title="Сообщить об ошибке"
        description={props.description}
        trigger={<Button>Открыть</Button>}
        onOpenChange={props.onOpenChange}
        footer={<Button type="submit">Отправить</Button>}
      >
        <label>
          Сообщение
          <input />
        </label>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('opens from its trigger as a dialog named by its title', async () => {
    const user = userEvent.setup();
    render(<Example description="Опишите, что произошло" />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Открыть' }));

    const dialog = screen.getByRole('dialog', { name: 'Сообщить об ошибке' });
    expect(dialog).toHaveAccessibleDescription('Опишите, что произошло');
    expect(screen.getByRole('heading', { name: 'Сообщить об ошибке' })).toBeInTheDocument();
  });

  it('has no aria-describedby without a description', async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.click(screen.getByRole('button', { name: 'Открыть' }));
    expect(screen.getByRole('dialog')).not.toHaveAttribute('aria-describedby');
  });

  it('moves focus inside and traps it there', async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.click(screen.getByRole('button', { name: 'Открыть' }));
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));

    const visited = new Set<Element | null>();
    for (let i = 0; i < 7; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
      visited.add(document.activeElement);
    }
    await user.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    // Even a programmatic focus cannot leave the dialog.
    const outside = screen.getByRole('button', { name: 'До модального окна', hidden: true });
    act(() => outside.focus());
    expect(outside).not.toHaveFocus();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    // Close button, text field and footer button: all three are reachable, nothing outside is.
    expect(visited).toEqual(
      new Set([
        screen.getByRole('button', { name: 'Закрыть' }),
        screen.getByRole('textbox', { name: 'Сообщение' }),
        screen.getByRole('button', { name: 'Отправить' }),
      ]),
    );
  });

  it('closes on Escape and returns focus to the trigger', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(<Example onOpenChange={onOpenChange} />);
    const trigger = screen.getByRole('button', { name: 'Открыть' });
    await user.click(trigger);
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it("closes with the 'Закрыть' button and returns focus to the trigger", async () => {
    const user = userEvent.setup();
    render(<Example />);
    const trigger = screen.getByRole('button', { name: 'Открыть' });
    await user.click(trigger);

    await user.click(screen.getByRole('button', { name: 'Закрыть' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('works controlled, without a trigger', async () => {
    const user = userEvent.setup();
    function Controlled() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <p>{open ? 'открыто' : 'закрыто'}</p>
          <Modal open={open} onOpenChange={setOpen} title="Спасибо за обратную связь!">
            Ваше сообщение было успешно отправлено.
          </Modal>
        </>
      );
    }
    render(<Controlled />);
    expect(screen.getByRole('dialog', { name: 'Спасибо за обратную связь!' })).toHaveTextContent(
      'Ваше сообщение было успешно отправлено.',
    );
    await user.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(screen.getByText('закрыто')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('hides the page behind from assistive technology while open', async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.click(screen.getByRole('button', { name: 'Открыть' }));
    expect(screen.queryByRole('button', { name: 'До модального окна' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'До модального окна', hidden: true })).toBeInTheDocument();
  });

  it.each([
    [undefined, '560px'],
    [720, '720px'],
    ['40rem', '40rem'],
  ])('maxWidth %s becomes --modal-max-width %s', (maxWidth, expected) => {
    render(
      <Modal open title="Окно" maxWidth={maxWidth}>
        Тело
      </Modal>,
    );
    expect(screen.getByRole('dialog').style.getPropertyValue('--modal-max-width')).toBe(expected);
  });
});
