import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MonthPicker, formatMonth, type MonthValue } from './month-picker';

const NOV_2026: MonthValue = { year: 2026, month: 11 };

function Harness({
  initial = { year: 2026, month: 9 },
  min,
  max = NOV_2026,
  onChange,
}: {
  initial?: MonthValue;
  min?: MonthValue;
  max?: MonthValue;
  onChange?: (value: MonthValue) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <MonthPicker
        label="Месяц"
        value={value}
        min={min}
        max={max}
        onChange={(next) => {
          onChange?.(next);
          setValue(next);
        }}
      />
      <button type="button">после</button>
    </>
  );
}

describe('MonthPicker', () => {
  it.each([
    [{ year: 2026, month: 11 }, 'ноябрь 2026'],
    [{ year: 2027, month: 1 }, 'январь 2027'],
    [{ year: 2025, month: 5 }, 'май 2025'],
  ])('names %o in Russian: «%s»', (value, text) => {
    expect(formatMonth(value)).toBe(text);
  });

  it('is a labelled group showing the month; the arrows step a month, across a year', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial={{ year: 2026, month: 1 }} onChange={onChange} />);
    expect(screen.getByRole('group', { name: 'Месяц' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Выбрать месяц: январь 2026' })).toHaveTextContent('январь 2026');
    await user.click(screen.getByRole('button', { name: 'Предыдущий месяц' }));
    expect(onChange).toHaveBeenLastCalledWith({ year: 2025, month: 12 });
    expect(screen.getByRole('button', { name: 'Выбрать месяц: декабрь 2025' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Следующий месяц' }));
    await user.click(screen.getByRole('button', { name: 'Следующий месяц' }));
    expect(onChange).toHaveBeenLastCalledWith({ year: 2026, month: 2 });
  });

  it('offers no future month: «next» stops at the maximum and later months are disabled', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial={NOV_2026} onChange={onChange} />);
    const next = screen.getByRole('button', { name: 'Следующий месяц' });
    expect(next).toBeDisabled();
    await user.click(next);
    expect(onChange).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Выбрать месяц: ноябрь 2026' }));
    expect(screen.getByRole('dialog', { name: 'Выбор месяца' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'октябрь 2026' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'ноябрь 2026' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'декабрь 2026' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Следующий год' })).toBeDisabled();
    // The keyboard cannot reach past the maximum either.
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'ноябрь 2026' })).toHaveFocus();
    await user.keyboard('{PageDown}');
    expect(screen.getByRole('button', { name: 'ноябрь 2026' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('is used from the keyboard alone: open, move by month, row and year, choose, close', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial={{ year: 2026, month: 9 }} min={{ year: 2024, month: 3 }} onChange={onChange} />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Предыдущий месяц' })).toHaveFocus();
    await user.tab();
    const trigger = screen.getByRole('button', { name: 'Выбрать месяц: сентябрь 2026' });
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{Enter}');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    // The chosen month has the focus (and is the list's only Tab stop).
    expect(screen.getByRole('button', { name: 'сентябрь 2026' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('button', { name: 'август 2026' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('button', { name: 'май 2026' })).toHaveFocus();
    await user.keyboard('{PageUp}');
    expect(screen.getByRole('button', { name: 'май 2025' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('button', { name: 'январь 2025' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('button', { name: 'декабрь 2024' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ year: 2024, month: 12 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Выбрать месяц: декабрь 2024' })).toHaveFocus();

    // Escape closes without choosing; the minimum holds the other way.
    await user.keyboard('{Enter}');
    await user.keyboard('{PageUp}');
    expect(screen.getByRole('button', { name: 'март 2024' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'февраль 2024' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Выбрать месяц: декабрь 2024' })).toHaveFocus();
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('pages the years with its buttons and closes when the focus leaves it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial={{ year: 2026, month: 3 }} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Выбрать месяц: март 2026' }));
    await user.click(screen.getByRole('button', { name: 'Предыдущий год' }));
    expect(screen.getByText('2025')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'июль 2025' }));
    expect(onChange).toHaveBeenLastCalledWith({ year: 2025, month: 7 });

    await user.click(screen.getByRole('button', { name: 'Выбрать месяц: июль 2025' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'после' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
