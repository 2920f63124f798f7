import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Tabs, type TabItem } from './tabs';

type Method = 'password' | 'code' | 'sso';
const ITEMS: TabItem<Method>[] = [
  { value: 'password', label: 'Пароль' },
  { value: 'code', label: 'Код из СМС' },
  { value: 'sso', label: 'Госуслуги' },
];

function Harness({
  items = ITEMS,
  activation,
  onChange,
  initial = 'password',
}: {
  items?: TabItem<Method>[];
  activation?: 'automatic' | 'manual';
  onChange?: (value: Method) => void;
  initial?: Method;
}) {
  const [value, setValue] = useState<Method>(initial);
  return (
    <Tabs
      label="Способ входа"
      items={items}
      value={value}
      activation={activation}
      onValueChange={(next) => {
        onChange?.(next);
        setValue(next);
      }}
    >
      <p>Панель: {value}</p>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('renders a named tablist with the selected tab and a labelled panel', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Способ входа' })).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Пароль', 'Код из СМС', 'Госуслуги']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[1]).toHaveAttribute('aria-selected', 'false');
    const panel = screen.getByRole('tabpanel', { name: 'Пароль' });
    expect(panel).toHaveTextContent('Панель: password');
    expect(tabs[0]).toHaveAttribute('aria-controls', panel.id);
  });

  it('keeps only the selected tab in the Tab order (roving tabindex)', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">до</button>
        <Harness initial="code" />
      </>,
    );
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([-1, 0, -1]);
    screen.getByRole('button', { name: 'до' }).focus();
    await user.tab();
    expect(tabs[1]).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
  });

  it('leaves a panel with fields out of the Tab order: Tab goes from the tab to the first field', async () => {
    const user = userEvent.setup();
    function WithFields() {
      const [value, setValue] = useState<Method>('password');
      return (
        <Tabs label="Способ входа" items={ITEMS} value={value} onValueChange={setValue}>
          {value === 'sso' ? (
            <p>Только текст</p>
          ) : (
            <label>
              Логин <input />
            </label>
          )}
        </Tabs>
      );
    }
    render(<WithFields />);
    const panel = screen.getByRole('tabpanel');
    expect(panel).not.toHaveAttribute('tabindex');
    screen.getAllByRole('tab')[0]?.focus();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Логин' })).toHaveFocus();
    // The content turns into text only: the panel is a Tab stop again.
    await user.click(screen.getByRole('tab', { name: 'Госуслуги' }));
    expect(screen.getByRole('tabpanel')).toHaveAttribute('tabindex', '0');
    await user.tab();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
  });

  it('moves and selects with the arrow keys, wrapping, and Home/End (automatic activation)', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const tabs = screen.getAllByRole('tab');
    tabs[0]?.focus();
    await user.keyboard('{ArrowRight}');
    expect(tabs[1]).toHaveFocus();
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Панель: code');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(tabs[0]).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tabs[2]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tabs[0]).toHaveFocus();
    await user.keyboard('{End}');
    expect(tabs[2]).toHaveFocus();
    expect(onChange.mock.calls.map(([value]) => value)).toEqual(['code', 'sso', 'password', 'sso', 'password', 'sso']);
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([-1, -1, 0]);
  });

  it('with manual activation, arrows only move the focus; Enter or Space selects', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness activation="manual" onChange={onChange} />);
    const tabs = screen.getAllByRole('tab');
    tabs[0]?.focus();
    await user.keyboard('{ArrowRight}');
    expect(tabs[1]).toHaveFocus();
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(onChange).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight} ');
    expect(tabs[2]).toHaveAttribute('aria-selected', 'true');
    expect(onChange.mock.calls.map(([value]) => value)).toEqual(['code', 'sso']);
  });

  it('selects on click and skips disabled tabs with the keyboard', async () => {
    const user = userEvent.setup();
    const items: TabItem<Method>[] = [ITEMS[0]!, { ...ITEMS[1]!, disabled: true }, ITEMS[2]!];
    render(<Harness items={items} />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs[1]).toBeDisabled();
    tabs[0]?.focus();
    await user.keyboard('{ArrowRight}');
    expect(tabs[2]).toHaveFocus();
    expect(tabs[2]).toHaveAttribute('aria-selected', 'true');
    await user.click(tabs[0]!);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
  });

  it('renders no panel without children', () => {
    render(<Tabs label="Вид" items={ITEMS} value="sso" onValueChange={() => {}} />);
    expect(screen.queryByRole('tabpanel')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Госуслуги' })).not.toHaveAttribute('aria-controls');
  });
});
