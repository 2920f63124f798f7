import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NumberInput } from './number-input';

describe('NumberInput', () => {
  it('is a labelled number field with a decimal keyboard', () => {
    render(<NumberInput label="Вес, кг" />);
    const input = screen.getByLabelText('Вес, кг');
    expect(input).toHaveAttribute('type', 'number');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(input).toHaveAttribute('step', 'any');
  });

  it('lets a caller override step and show an error like TextInput', () => {
    render(<NumberInput label="Мест" step={1} error="Обязательное поле" />);
    const input = screen.getByLabelText('Мест');
    expect(input).toHaveAttribute('step', '1');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Обязательное поле');
  });

  it('loses focus on the mouse wheel, so the wheel leaves the value alone', () => {
    const onChange = vi.fn();
    const onWheel = vi.fn();
    render(<NumberInput label="Объём, м³" defaultValue="2.5" onChange={onChange} onWheel={onWheel} />);
    const input = screen.getByLabelText<HTMLInputElement>('Объём, м³');
    input.focus();
    expect(input).toHaveFocus();

    fireEvent.wheel(input, { deltaY: -100 });

    expect(input).not.toHaveFocus();
    expect(input.value).toBe('2.5');
    expect(onChange).not.toHaveBeenCalled();
    expect(onWheel).toHaveBeenCalledTimes(1);
  });

  it('accepts typed decimals', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<NumberInput label="Вес, кг" onValueChange={onValueChange} />);
    await user.type(screen.getByLabelText('Вес, кг'), '0.01');
    expect(onValueChange).toHaveBeenLastCalledWith('0.01');
  });

  it('forwards the ref to the <input>', () => {
    const ref = createRef<HTMLInputElement>();
    render(<NumberInput label="Длина" ref={ref} />);
    expect(ref.current).toBe(screen.getByLabelText('Длина'));
  });
});
