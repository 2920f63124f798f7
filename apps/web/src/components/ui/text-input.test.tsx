import { MESSAGES } from '@freight/domain/messages';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TextInput } from './text-input';

const CLEAR = 'Очистить';

describe('TextInput', () => {
  it('uses the Russian clear label', () => {
    expect(MESSAGES.ui.clear).toBe(CLEAR);
  });

  it('binds the label to the input with a generated id', () => {
    render(<TextInput label="Город отправления" />);
    const input = screen.getByLabelText('Город отправления');
    expect(input.tagName).toBe('INPUT');
    expect(input.id).not.toBe('');
    expect(document.querySelector('label')).toHaveAttribute('for', input.id);
  });

  it('keeps an explicit id', () => {
    render(<TextInput id="city" label="Город" />);
    expect(screen.getByLabelText('Город')).toHaveAttribute('id', 'city');
  });

  it('gives two inputs different ids', () => {
    render(
      <>
        <TextInput label="Откуда" />
        <TextInput label="Куда" />
      </>,
    );
    expect(screen.getByLabelText('Откуда').id).not.toBe(screen.getByLabelText('Куда').id);
  });

  it('is not invalid by default', () => {
    render(<TextInput label="Имя" />);
    const input = screen.getByLabelText('Имя');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('flags the invalid state', () => {
    render(<TextInput label="Имя" invalid />);
    const input = screen.getByLabelText('Имя');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.parentElement).toHaveClass('invalid');
  });

  it('shows the error message and binds it with aria-describedby', () => {
    render(<TextInput label="Телефон" error="Обязательное поле" aria-describedby="hint" />);
    const input = screen.getByLabelText('Телефон');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    const message = screen.getByText('Обязательное поле');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toEqual(['hint', message.id]);
    expect(input).toHaveAccessibleDescription('Обязательное поле');
  });

  it('shows a hint under the field and lists it before the error in aria-describedby', () => {
    render(<TextInput label="Км за городом" hint="0 — в пределах города" error="Не больше 500" />);
    const input = screen.getByLabelText('Км за городом');
    const hint = screen.getByText('0 — в пределах города');
    const error = screen.getByText('Не больше 500');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toEqual([hint.id, error.id]);
    expect(input).toHaveAccessibleDescription('0 — в пределах города Не больше 500');
  });

  it('forwards object and callback refs to the <input>', () => {
    const objectRef = createRef<HTMLInputElement>();
    let callbackNode: HTMLInputElement | null = null;
    const { unmount } = render(
      <>
        <TextInput label="А" ref={objectRef} />
        <TextInput
          label="Б"
          ref={(node) => {
            callbackNode = node;
          }}
        />
      </>,
    );
    expect(objectRef.current).toBe(screen.getByLabelText('А'));
    expect(callbackNode).toBe(screen.getByLabelText('Б'));
    unmount();
    expect(objectRef.current).toBeNull();
    expect(callbackNode).toBeNull();
  });

  describe('clear button', () => {
    it('is hidden while there is no value and appears once the user types (uncontrolled)', async () => {
      const user = userEvent.setup();
      render(<TextInput label="Поиск" />);
      expect(screen.queryByRole('button', { name: CLEAR })).not.toBeInTheDocument();
      await user.type(screen.getByLabelText('Поиск'), 'Казань');
      expect(screen.getByRole('button', { name: CLEAR })).toBeInTheDocument();
    });

    it('clears an uncontrolled input, focuses it and reports the empty value', async () => {
      const user = userEvent.setup();
      const onChange = vi.fn();
      const onValueChange = vi.fn();
      render(<TextInput label="Город" defaultValue="Москва" onChange={onChange} onValueChange={onValueChange} />);
      const input = screen.getByLabelText<HTMLInputElement>('Город');
      await user.click(screen.getByRole('button', { name: CLEAR }));
      expect(input.value).toBe('');
      expect(input).toHaveFocus();
      expect(onChange).toHaveBeenCalledTimes(1);
      expect(onChange.mock.calls[0]?.[0].target.value).toBe('');
      expect(onValueChange).toHaveBeenCalledExactlyOnceWith('');
      expect(screen.queryByRole('button', { name: CLEAR })).not.toBeInTheDocument();
    });

    it('clears a controlled input through its onChange', async () => {
      const user = userEvent.setup();
      const seen: string[] = [];
      function Controlled() {
        const [value, setValue] = useState('Самара');
        seen.push(value);
        return <TextInput label="Город" value={value} onValueChange={setValue} />;
      }
      render(<Controlled />);
      const input = screen.getByLabelText<HTMLInputElement>('Город');
      await user.click(screen.getByRole('button', { name: CLEAR }));
      expect(input.value).toBe('');
      expect(seen.at(-1)).toBe('');
      expect(input).toHaveFocus();
      expect(screen.queryByRole('button', { name: CLEAR })).not.toBeInTheDocument();
    });

    it('is keyboard operable', async () => {
      const user = userEvent.setup();
      const onValueChange = vi.fn();
      render(<TextInput label="Город" defaultValue="Омск" onValueChange={onValueChange} />);
      await user.tab();
      await user.tab();
      expect(screen.getByRole('button', { name: CLEAR })).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(onValueChange).toHaveBeenCalledWith('');
      expect(screen.getByLabelText('Город')).toHaveFocus();
    });

    it('is absent when an icon is shown, even with a value', () => {
      render(<TextInput label="Поиск" defaultValue="Тверь" icon={<svg data-testid="icon" />} clearable />);
      expect(screen.getByTestId('icon')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: CLEAR })).not.toBeInTheDocument();
    });

    it.each([
      ['clearable={false}', { clearable: false }],
      ['disabled', { disabled: true }],
      ['readOnly', { readOnly: true }],
    ])('is absent when %s', (_name, props) => {
      render(<TextInput label="Город" defaultValue="Тула" {...props} />);
      expect(screen.queryByRole('button', { name: CLEAR })).not.toBeInTheDocument();
    });

    it('follows a controlled value that the parent changes', () => {
      const { rerender } = render(<TextInput label="Город" value="" onChange={() => {}} />);
      expect(screen.queryByRole('button', { name: CLEAR })).not.toBeInTheDocument();
      rerender(<TextInput label="Город" value="Пермь" onChange={() => {}} />);
      expect(screen.getByRole('button', { name: CLEAR })).toBeInTheDocument();
    });
  });

  it('hides the icon from assistive technology', () => {
    render(<TextInput label="Поиск" icon={<svg data-testid="icon" />} />);
    expect(screen.getByTestId('icon').parentElement).toHaveAttribute('aria-hidden', 'true');
  });
});
