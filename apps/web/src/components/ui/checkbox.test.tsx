import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from './checkbox';

describe('Checkbox', () => {
  it('is a real checkbox input named by its label', () => {
    render(<Checkbox label="Согласен на обработку данных" name="consent" />);
    const box = screen.getByRole('checkbox', { name: 'Согласен на обработку данных' });
    expect(box.tagName).toBe('INPUT');
    expect(box).toHaveAttribute('type', 'checkbox');
    expect(box).toHaveAttribute('name', 'consent');
    expect(box).not.toBeChecked();
    expect(box).not.toHaveAttribute('aria-invalid');
    expect(box).not.toHaveAttribute('aria-describedby');
  });

  it('toggles by a click on the label and by Space, reporting the new state', async () => {
    const user = userEvent.setup();
    const onCheckedChange = vi.fn();
    render(<Checkbox label="Есть лифт" onCheckedChange={onCheckedChange} />);
    await user.click(screen.getByText('Есть лифт'));
    const box = screen.getByRole('checkbox');
    expect(box).toBeChecked();
    box.focus();
    await user.keyboard(' ');
    expect(box).not.toBeChecked();
    expect(onCheckedChange.mock.calls).toEqual([[true], [false]]);
  });

  it('works controlled', async () => {
    const user = userEvent.setup();
    function Controlled() {
      const [checked, setChecked] = useState(true);
      return (
        <>
          <Checkbox label="Страховка" checked={checked} onCheckedChange={setChecked} />
          <output>{checked ? 'да' : 'нет'}</output>
        </>
      );
    }
    render(<Controlled />);
    expect(screen.getByRole('checkbox')).toBeChecked();
    await user.click(screen.getByRole('checkbox'));
    expect(screen.getByRole('checkbox')).not.toBeChecked();
    expect(screen.getByText('нет')).toBeInTheDocument();
  });

  it('binds the description and the error with aria-describedby and flags invalid', () => {
    render(
      <Checkbox
        label="Согласие"
        description="Без согласия заявку не отправить"
        error="Подтвердите согласие"
        aria-describedby="extra"
      />,
    );
    const box = screen.getByRole('checkbox', { name: 'Согласие' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    const description = screen.getByText('Без согласия заявку не отправить');
    const error = screen.getByText('Подтвердите согласие');
    expect(box.getAttribute('aria-describedby')?.split(' ')).toEqual(['extra', description.id, error.id]);
    expect(box).toHaveAccessibleDescription('Без согласия заявку не отправить Подтвердите согласие');
  });

  it('keeps links in the label clickable', () => {
    render(
      <Checkbox
        label={
          <>
            Согласен с <a href="/docs-n-policies">политикой</a>
          </>
        }
      />,
    );
    expect(screen.getByRole('link', { name: 'политикой' })).toHaveAttribute('href', '/docs-n-policies');
    expect(screen.getByRole('checkbox', { name: 'Согласен с политикой' })).toBeInTheDocument();
  });

  it('forwards the ref to the <input> and honours disabled', async () => {
    const user = userEvent.setup();
    const ref = createRef<HTMLInputElement>();
    const onChange = vi.fn();
    render(<Checkbox label="Выкл" ref={ref} disabled onChange={onChange} />);
    expect(ref.current).toBe(screen.getByRole('checkbox'));
    expect(ref.current).toBeDisabled();
    await user.click(screen.getByText('Выкл'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('submits its value with the form only when checked', async () => {
    const user = userEvent.setup();
    render(
      <form data-testid="f">
        <Checkbox label="Партнёр" name="partner" value="1" />
      </form>,
    );
    const form = screen.getByTestId('f') as HTMLFormElement;
    expect(new FormData(form).get('partner')).toBeNull();
    await user.click(screen.getByRole('checkbox'));
    expect(new FormData(form).get('partner')).toBe('1');
  });
});
