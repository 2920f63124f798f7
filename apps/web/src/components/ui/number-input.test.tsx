import { zodResolver } from '@hookform/resolvers/zod';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { UI_TEXTS } from '@freight/domain/texts/ui';
import { NumberInput, type NumberInputProps } from './number-input';

const NBSP = '\u00a0';

/** A form that keeps the number in its own state, the way the order draft does. */
function Held({
  initial = null,
  onNumber = () => {},
  ...props
}: Omit<NumberInputProps, 'value' | 'onValueChange'> & {
  initial?: number | null;
  onNumber?: (value: number | null) => void;
}) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <NumberInput
        {...props}
        value={value}
        onValueChange={(next) => {
          onNumber(next);
          if (!Number.isNaN(next)) setValue(next);
        }}
      />
      <output data-testid="held">{String(value)}</output>
      <button type="button" onClick={() => setValue(0.06)}>
        Извне
      </button>
    </>
  );
}

const VOLUME_REQUIRED = 'Укажите объём';
const VolumeSchema = z.object({
  volume: z
    .number({ error: UI_TEXTS.numberInvalid(3) })
    .nullable()
    .refine((value) => value !== null, VOLUME_REQUIRED),
});
type VolumeForm = z.input<typeof VolumeSchema>;

/** A react-hook-form form with the field in a Controller and a zod schema. */
function VolumeForm({ onValid }: { onValid: (values: VolumeForm) => void }) {
  const form = useForm<VolumeForm>({ resolver: zodResolver(VolumeSchema), defaultValues: { volume: null } });
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate>
      <Controller
        control={form.control}
        name="volume"
        render={({ field, fieldState }) => (
          <NumberInput
            label="Объём, м³"
            decimals={3}
            name={field.name}
            ref={field.ref}
            value={field.value}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      <button type="submit">Рассчитать</button>
    </form>
  );
}

describe('NumberInput', () => {
  it('is a labelled text field with a decimal keyboard, no autocomplete and no spinner', () => {
    render(<Held label="Вес, кг" />);
    const input = screen.getByRole('textbox', { name: 'Вес, кг' });
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(input).toHaveAttribute('autocomplete', 'off');
    expect(input).not.toHaveAttribute('step');
  });

  it('whole-number fields get the digit keyboard; fields that take a minus the full one', () => {
    render(
      <>
        <Held label="Мест" decimals={0} />
        <Held label="Изменение, %" min={-100} />
      </>,
    );
    expect(screen.getByLabelText('Мест')).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText('Изменение, %')).toHaveAttribute('inputmode', 'text');
  });

  it('typing «0,288» gives 0.288 and keeps the text; leaving shows «0,288»', async () => {
    const user = userEvent.setup();
    const onNumber = vi.fn();
    render(<Held label="Объём, м³" decimals={3} onNumber={onNumber} />);
    const input = screen.getByLabelText<HTMLInputElement>('Объём, м³');
    await user.type(input, '0,288');
    expect(onNumber).toHaveBeenLastCalledWith(0.288);
    expect(screen.getByTestId('held')).toHaveTextContent('0.288');
    expect(input).toHaveValue('0,288');
    await user.tab();
    expect(input).toHaveValue('0,288');
  });

  it('keeps the text as typed while focused («0.», «0.5») and shows «0,5» once left', async () => {
    const user = userEvent.setup();
    const onNumber = vi.fn();
    render(<Held label="Вес, кг" onNumber={onNumber} />);
    const input = screen.getByLabelText<HTMLInputElement>('Вес, кг');
    await user.type(input, '0.');
    expect(input).toHaveValue('0.');
    await user.type(input, '5');
    expect(input).toHaveValue('0.5');
    expect(onNumber).toHaveBeenLastCalledWith(0.5);
    await user.tab();
    expect(input).toHaveValue('0,5');
  });

  it('reads group spaces and no-break spaces, and shows big numbers grouped once left', async () => {
    const user = userEvent.setup();
    const onNumber = vi.fn();
    render(<Held label="Объявленная ценность, ₽" onNumber={onNumber} />);
    const input = screen.getByLabelText<HTMLInputElement>('Объявленная ценность, ₽');
    fireEvent.change(input, { target: { value: `150${NBSP}000,5` } });
    expect(onNumber).toHaveBeenLastCalledWith(150_000.5);
    await user.clear(input);
    await user.type(input, '1000.5');
    expect(onNumber).toHaveBeenLastCalledWith(1000.5);
    await user.tab();
    expect(input).toHaveValue(`1${NBSP}000,5`);
  });

  it('an empty field is null', async () => {
    const user = userEvent.setup();
    const onNumber = vi.fn();
    render(<Held label="Вес, кг" initial={12} onNumber={onNumber} />);
    const input = screen.getByLabelText('Вес, кг');
    expect(input).toHaveValue('12');
    await user.clear(input);
    expect(onNumber).toHaveBeenLastCalledWith(null);
    expect(screen.getByTestId('held')).toHaveTextContent('null');
  });

  it('garbage is NaN; with `invalidMessage` it is said at once, and leaving brings the held number back', async () => {
    const user = userEvent.setup();
    const onNumber = vi.fn();
    render(<Held label="Вес, кг" initial={12} onNumber={onNumber} invalidMessage={UI_TEXTS.numberInvalid(2)} />);
    const input = screen.getByLabelText('Вес, кг');
    await user.type(input, 'кг');
    expect(onNumber).toHaveBeenLastCalledWith(Number.NaN);
    expect(input).toHaveValue('12кг');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Введите число, не больше 2 знаков после запятой');
    expect(screen.getByTestId('held')).toHaveTextContent('12');
    await user.tab();
    expect(input).toHaveValue('12');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it.each([['1,2,3'], ['0x10'], ['1e3'], ['-5'], ['0,1234']])('%j is not a number for a 3-decimal field', (typed) => {
    const onNumber = vi.fn();
    render(<Held label="Объём, м³" decimals={3} onNumber={onNumber} />);
    fireEvent.change(screen.getByLabelText('Объём, м³'), { target: { value: typed } });
    expect(onNumber).toHaveBeenLastCalledWith(Number.NaN);
  });

  it('follows a value changed from outside, but not while the text already means it', async () => {
    const user = userEvent.setup();
    render(<Held label="Объём, м³" decimals={6} />);
    const input = screen.getByLabelText('Объём, м³');
    await user.click(screen.getByRole('button', { name: 'Извне' }));
    expect(input).toHaveValue('0,06');
    await user.clear(input);
    await user.type(input, '0,060');
    await user.click(screen.getByRole('button', { name: 'Извне' }));
    expect(input).toHaveValue('0,06');
    await user.type(input, '0');
    expect(input).toHaveValue('0,060');
  });

  it('the mouse wheel changes nothing', () => {
    const onNumber = vi.fn();
    render(<Held label="Объём, м³" initial={2.5} onNumber={onNumber} />);
    const input = screen.getByLabelText<HTMLInputElement>('Объём, м³');
    input.focus();
    fireEvent.wheel(input, { deltaY: -100 });
    fireEvent.wheel(input, { deltaY: 100 });
    expect(input.value).toBe('2,5');
    expect(onNumber).not.toHaveBeenCalled();
  });

  it('forwards the ref to the <input>', () => {
    const ref = createRef<HTMLInputElement>();
    render(<NumberInput label="Длина" ref={ref} value={null} onValueChange={() => {}} />);
    expect(ref.current).toBe(screen.getByLabelText('Длина'));
  });

  describe('in a react-hook-form form with a zod schema', () => {
    it('typing «0,288» submits 0.288 and the field shows «0,288»', async () => {
      const user = userEvent.setup();
      const onValid = vi.fn();
      render(<VolumeForm onValid={onValid} />);
      const input = screen.getByLabelText('Объём, м³');
      await user.type(input, '0,288');
      await user.click(screen.getByRole('button', { name: 'Рассчитать' }));
      expect(onValid).toHaveBeenCalledTimes(1);
      expect(onValid.mock.calls[0]![0]).toEqual({ volume: 0.288 });
      expect(input).toHaveValue('0,288');
    });

    it('«0.5» shows «0,5» once left and submits 0.5', async () => {
      const user = userEvent.setup();
      const onValid = vi.fn();
      render(<VolumeForm onValid={onValid} />);
      const input = screen.getByLabelText('Объём, м³');
      await user.type(input, '0.5');
      await user.tab();
      expect(input).toHaveValue('0,5');
      await user.click(screen.getByRole('button', { name: 'Рассчитать' }));
      expect(onValid.mock.calls[0]![0]).toEqual({ volume: 0.5 });
    });

    it('garbage is refused by the schema with its Russian message, the text stays for correcting', async () => {
      const user = userEvent.setup();
      const onValid = vi.fn();
      render(<VolumeForm onValid={onValid} />);
      const input = screen.getByLabelText('Объём, м³');
      await user.type(input, '1,2,3');
      await user.tab();
      expect(input).toHaveValue('1,2,3');
      await user.click(screen.getByRole('button', { name: 'Рассчитать' }));
      await waitFor(() => expect(input).toHaveAccessibleDescription('Введите число, не больше 3 знаков после запятой'));
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(onValid).not.toHaveBeenCalled();

      await user.clear(input);
      await user.click(screen.getByRole('button', { name: 'Рассчитать' }));
      await waitFor(() => expect(input).toHaveAccessibleDescription(VOLUME_REQUIRED));

      await user.type(input, '0,25');
      await user.click(screen.getByRole('button', { name: 'Рассчитать' }));
      await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
      expect(onValid.mock.calls[0]![0]).toEqual({ volume: 0.25 });
    });
  });
});
