import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { Select, type SelectOption } from './select';

const KINDS: SelectOption[] = [
  { value: 'calculator', label: 'Калькулятор' },
  { value: 'tracking', label: 'Отслеживание' },
  { value: 'archive', label: 'Архив', disabled: true },
];

function Controlled({ onValue }: { onValue?: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <Select
        label="Виджет"
        placeholder="Не выбран"
        options={KINDS}
        value={value}
        onValueChange={(next) => {
          setValue(next);
          onValue?.(next);
        }}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('Select', () => {
  it('is a native select named by its label, with the placeholder first and disabled options', () => {
    render(<Controlled />);
    const select = screen.getByRole('combobox', { name: 'Виджет' });
    expect(select.tagName).toBe('SELECT');
    expect(document.querySelector('label')).toHaveAttribute('for', select.id);
    const options = screen.getAllByRole('option');
    expect(options.map((o) => [o.textContent, (o as HTMLOptionElement).value])).toEqual([
      ['Не выбран', ''],
      ['Калькулятор', 'calculator'],
      ['Отслеживание', 'tracking'],
      ['Архив', 'archive'],
    ]);
    expect(options[3]).toBeDisabled();
    expect(select).not.toHaveAttribute('aria-invalid');
    expect(select).not.toHaveAttribute('aria-describedby');
  });

  it('reports the chosen value through onChange and onValueChange', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Controlled onValue={onValue} />);
    await user.selectOptions(screen.getByLabelText('Виджет'), 'Отслеживание');
    expect(onValue).toHaveBeenCalledWith('tracking');
    expect(screen.getByTestId('value')).toHaveTextContent('tracking');
    expect(screen.getByLabelText('Виджет')).toHaveValue('tracking');
  });

  it('binds the hint and the error (after the caller’s own description) and marks it invalid', () => {
    render(
      <>
        <p id="own">Своё описание</p>
        <Select
          id="kind"
          label="Характер груза"
          options={KINDS}
          defaultValue="tracking"
          hint="Влияет на тариф"
          error="Выберите характер груза"
          aria-describedby="own"
        />
      </>,
    );
    const select = screen.getByLabelText('Характер груза');
    expect(select).toHaveAttribute('id', 'kind');
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAttribute('aria-describedby', 'own kind-hint kind-error');
    expect(select).toHaveAccessibleDescription('Своё описание Влияет на тариф Выберите характер груза');
    expect(select).toHaveValue('tracking');
  });

  it('is invalid without a message when told, and passes name, required, disabled and ref through', () => {
    const ref = createRef<HTMLSelectElement>();
    render(<Select ref={ref} label="Город" name="city" required disabled invalid options={KINDS} />);
    const select = screen.getByLabelText('Город');
    expect(ref.current).toBe(select);
    expect(select).toHaveAttribute('name', 'city');
    expect(select).toBeRequired();
    expect(select).toBeDisabled();
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).not.toHaveAttribute('aria-describedby');
  });

  it('takes <option> children after the options and submits in a plain form', () => {
    render(
      <form aria-label="Фильтр">
        <Select label="Операция" name="op" placeholder="Любая" defaultValue="release">
          <option value="acceptance">Приём</option>
          <option value="release">Выдача</option>
        </Select>
      </form>,
    );
    const form = screen.getByRole('form', { name: 'Фильтр' }) as HTMLFormElement;
    expect(new FormData(form).get('op')).toBe('release');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Любая', 'Приём', 'Выдача']);
  });

  it('renders on the server with the label bound (no client-only hooks)', () => {
    const html = renderToString(<Select label="Город" options={KINDS} defaultValue="tracking" />);
    const box = document.createElement('div');
    box.innerHTML = html;
    const select = box.querySelector('select')!;
    expect(box.querySelector('label')?.getAttribute('for')).toBe(select.id);
    expect(select.value).toBe('tracking');
  });
});
