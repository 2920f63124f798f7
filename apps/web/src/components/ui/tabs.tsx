'use client';

import { clsx } from 'clsx';
import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import styles from './tabs.module.css';

export interface TabItem<T extends string> {
  value: T;
  label: ReactNode;
  disabled?: boolean;
}

export interface TabsProps<T extends string> {
  /** Accessible name of the tab list (aria-label). */
  label: string;
  items: ReadonlyArray<TabItem<T>>;
  /** The selected tab. */
  value: T;
  onValueChange: (value: T) => void;
  /**
   * 'automatic' (default): an arrow key moves the focus and selects. 'manual': arrows only move
   * the focus, Enter/Space (or a click) selects — for tabs whose choice changes data.
   */
  activation?: 'automatic' | 'manual';
  /** Id prefix of the tabs and the panel; generated when omitted. */
  id?: string;
  /** Content of the selected tab, rendered in a role="tabpanel" labelled by that tab. */
  children?: ReactNode;
  className?: string;
  panelClassName?: string;
}

/** What the Tab key can reach inside a panel (then the panel itself stays out of the Tab order). */
const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'summary',
  '[contenteditable=""]',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/** The ids the Tabs give to a tab and to the panel, for a panel rendered elsewhere. */
export function tabIds(prefix: string, value: string): { tab: string; panel: string } {
  return { tab: `${prefix}-tab-${value}`, panel: `${prefix}-panel` };
}

/**
 * A WAI-ARIA tabs widget: role="tablist" of role="tab" buttons with a roving tabindex (only the
 * selected tab is in the Tab order), ←/→ move between tabs (wrapping, skipping disabled ones),
 * Home/End go to the first/last. With `children`, the panel is rendered and wired
 * (aria-controls / aria-labelledby). As the APG asks, the panel itself is a Tab stop
 * (tabindex=0) only while it holds nothing focusable; a panel of fields lets Tab go from the
 * tab straight to its first field.
 */
export function Tabs<T extends string>({
  label,
  items,
  value,
  onValueChange,
  activation = 'automatic',
  id: idProp,
  children,
  className,
  panelClassName,
}: TabsProps<T>) {
  const autoId = useId();
  const prefix = idProp ?? autoId;
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const hasPanel = children !== undefined && children !== null && children !== false;
  const panelRef = useRef<HTMLDivElement | null>(null);
  // Until hydrated (and for text-only content) the panel is a Tab stop.
  const [panelHasTabbable, setPanelHasTabbable] = useState(false);

  // The content can change without the Tabs rendering again (a child loads, a field appears).
  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const check = () => setPanelHasTabbable(panel.querySelector(TABBABLE) !== null);
    check();
    const observer = new MutationObserver(check);
    observer.observe(panel, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['disabled', 'href', 'tabindex', 'type', 'contenteditable'],
    });
    return () => observer.disconnect();
  }, [hasPanel]);
  const selectedIndex = items.findIndex((item) => item.value === value);
  // If the value matches no enabled tab, the first enabled one takes the Tab stop.
  const tabStop =
    selectedIndex >= 0 && !items[selectedIndex]?.disabled ? selectedIndex : items.findIndex((item) => !item.disabled);

  function move(from: number, step: 1 | -1): number {
    for (let n = 1; n <= items.length; n += 1) {
      const index = (from + step * n + items.length * n) % items.length;
      if (!items[index]?.disabled) return index;
    }
    return from;
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    let target: number;
    switch (event.key) {
      case 'ArrowRight':
        target = move(index, 1);
        break;
      case 'ArrowLeft':
        target = move(index, -1);
        break;
      case 'Home':
        target = move(-1, 1);
        break;
      case 'End':
        target = move(items.length, -1);
        break;
      default:
        return;
    }
    event.preventDefault();
    refs.current[target]?.focus();
    const item = items[target];
    if (activation === 'automatic' && item && item.value !== value) onValueChange(item.value);
  }

  return (
    <>
      <div role="tablist" aria-label={label} aria-orientation="horizontal" className={clsx(styles.list, className)}>
        {items.map((item, index) => {
          const selected = index === selectedIndex;
          const ids = tabIds(prefix, item.value);
          return (
            <button
              key={item.value}
              ref={(node) => {
                refs.current[index] = node;
              }}
              type="button"
              role="tab"
              id={ids.tab}
              aria-selected={selected}
              aria-controls={hasPanel && selected ? ids.panel : undefined}
              tabIndex={index === tabStop ? 0 : -1}
              disabled={item.disabled}
              className={styles.tab}
              onClick={() => {
                if (!selected) onValueChange(item.value);
              }}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {hasPanel ? (
        <div
          ref={panelRef}
          role="tabpanel"
          id={tabIds(prefix, value).panel}
          aria-labelledby={tabIds(prefix, value).tab}
          tabIndex={panelHasTabbable ? undefined : 0}
          className={clsx(styles.panel, panelClassName)}
        >
          {children}
        </div>
      ) : null}
    </>
  );
}
