import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { Combobox, type ComboboxProps } from './combobox';

interface City {
  id: number;
  name: string;
  region: string;
}

const CITIES: City[] = [
  { id: 1, name: 'Москва', region: 'Москва' },
  { id: 2, name: 'Мурманск', region: 'Мурманская обл.' },
  { id: 3, name: 'Муром', region: 'Владимирская обл.' },
];

function Harness(props: Partial<ComboboxProps<City>> & { onPicked?: (city: City) => void; initial?: string }) {
  const { onPicked, initial = '', ...rest } = props;
  const [text, setText] = useState(initial);
  return (
    <form data-testid="form" onSubmit={(event) => event.preventDefault()}>
      <Combobox<City>
        label="Откуда"
        value={text}
        onValueChange={setText}
        onSelect={(city) => {
          setText(city.name);
          onPicked?.(city);
        }}
        getKey={(city) => String(city.id)}
        getLabel={(city) => city.name}
        getDescription={(city) => city.region}
        debounceMs={0}
        {...rest}
      />
      <span data-testid="text">{text}</span>
    </form>
  );
}

const loadCities = (query: string) =>
  Promise.resolve(CITIES.filter((city) => city.name.toLowerCase().startsWith(query.toLowerCase())));

/** Server-renders the harness, types into the markup, then hydrates it; returns the field. */
async function hydrateTyped(text: string, { focused }: { focused: boolean }): Promise<HTMLInputElement> {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Harness load={loadCities} />);
  document.body.append(container);
  let root: Root | undefined;
  onTestFinished(() => {
    act(() => root?.unmount());
    container.remove();
  });
  const input = container.querySelector('input')!;
  if (focused) input.focus();
  input.value = text;
  await act(async () => {
    root = hydrateRoot(container, <Harness load={loadCities} />);
  });
  return input;
}

describe('Combobox', () => {
  it('is a labelled combobox bound to a listbox, closed at first', () => {
    render(<Harness load={loadCities} />);
    const input = screen.getByRole('combobox', { name: 'Откуда' });
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    const listbox = screen.getByRole('listbox', { hidden: true });
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    expect(listbox).toHaveAttribute('aria-label', 'Варианты: Откуда');
    expect(input).not.toHaveAttribute('aria-activedescendant');
  });

  it('loads options after typing min chars and moves the active option with the arrows', async () => {
    const user = userEvent.setup();
    const load = vi.fn(loadCities);
    render(<Harness load={load} />);
    const input = screen.getByRole('combobox');
    await user.type(input, 'М');
    expect(load).not.toHaveBeenCalled();
    await user.type(input, 'у');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    expect(load).toHaveBeenLastCalledWith('Му', expect.any(AbortSignal));
    expect(input).toHaveAttribute('aria-expanded', 'true');
    const options = screen.getAllByRole('option');
    expect(options[0]).toHaveTextContent('МурманскМурманская обл.');
    expect(input).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]?.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]?.id);
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]?.id);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]?.id);
    await user.keyboard('{Home}');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]?.id);
  });

  it('chooses with Enter without submitting the form, then closes', async () => {
    const user = userEvent.setup();
    const onPicked = vi.fn();
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    render(<Harness load={loadCities} onPicked={onPicked} />);
    screen.getByTestId('form').addEventListener('submit', onSubmit);
    await user.type(screen.getByRole('combobox'), 'Мур');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onPicked).toHaveBeenCalledWith(CITIES[2]);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByTestId('text')).toHaveTextContent('Муром');
    expect(screen.getByRole('combobox')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('combobox')).not.toHaveAttribute('aria-activedescendant');
  });

  it('chooses with a click and keeps the focus in the field', async () => {
    const user = userEvent.setup();
    const onPicked = vi.fn();
    render(<Harness load={loadCities} onPicked={onPicked} />);
    await user.type(screen.getByRole('combobox'), 'Мос');
    const option = await screen.findByRole('option', { name: /Москва/ });
    await user.click(option);
    expect(onPicked).toHaveBeenCalledWith(CITIES[0]);
    expect(screen.getByRole('combobox')).toHaveFocus();
  });

  it('takes over text typed before hydration and opens the list while the field has the focus', async () => {
    // The visitor clicked and typed while the page was still server-rendered markup.
    const input = await hydrateTyped('Моск', { focused: true });
    expect(await screen.findByRole('option', { name: /Москва/ })).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('text')).toHaveTextContent('Моск');
  });

  it('takes over text typed before hydration without opening the list once the visitor left the field', async () => {
    const input = await hydrateTyped('Моск', { focused: false });
    await waitFor(() => expect(screen.getByTestId('text')).toHaveTextContent('Моск'));
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes with Escape and reopens with ArrowDown', async () => {
    const user = userEvent.setup();
    render(<Harness load={loadCities} />);
    const input = screen.getByRole('combobox');
    await user.type(input, 'Му');
    await screen.findAllByRole('option');
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[0]?.id);
  });

  it('says «nothing found» and «failed» in a status line', async () => {
    const user = userEvent.setup();
    const load = vi.fn((query: string) => (query === 'Ошибка' ? Promise.reject(new Error('down')) : loadCities(query)));
    render(<Harness load={load} />);
    const input = screen.getByRole('combobox');
    await user.type(input, 'Яя');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Ничего не найдено'));
    await user.clear(input);
    await user.type(input, 'Ошибка');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Не удалось загрузить варианты'));
  });

  it('aborts the older request when the text changes, so a late answer is dropped', async () => {
    const user = userEvent.setup();
    const signals: AbortSignal[] = [];
    let resolveFirst: (cities: City[]) => void = () => {};
    const load = vi.fn((query: string, signal: AbortSignal) => {
      signals.push(signal);
      if (signals.length === 1) return new Promise<City[]>((resolve) => (resolveFirst = resolve));
      return loadCities(query);
    });
    render(<Harness load={load} />);
    const input = screen.getByRole('combobox');
    await user.type(input, 'Мо');
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await user.type(input, 'с');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    expect(signals[0]?.aborted).toBe(true);
    await act(async () => resolveFirst(CITIES));
    expect(screen.getAllByRole('option')).toHaveLength(1);
  });

  it('works with fixed options and custom texts, and binds the hint', async () => {
    const user = userEvent.setup();
    function Fixed() {
      const [text, setText] = useState('');
      const options = CITIES.filter((city) => city.name.includes(text));
      return (
        <Combobox<City>
          label="Город"
          hint="Выберите из списка"
          value={text}
          onValueChange={setText}
          onSelect={(city) => setText(city.name)}
          options={options}
          getKey={(city) => String(city.id)}
          getLabel={(city) => city.name}
          texts={{ nothing: 'Город не найден' }}
        />
      );
    }
    render(<Fixed />);
    const input = screen.getByRole('combobox', { name: 'Город' });
    expect(input).toHaveAccessibleDescription('Выберите из списка');
    await user.click(input);
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')).toHaveLength(3);
    await user.keyboard('{Enter}');
    expect(input).toHaveValue('Москва');
    await user.clear(input);
    await user.type(input, 'Тверь');
    expect(screen.getByRole('status')).toHaveTextContent('Город не найден');
  });

  it('shows the error through the field', () => {
    render(<Harness load={loadCities} error="Выберите город из списка" />);
    const input = screen.getByRole('combobox');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Выберите город из списка');
  });
});
