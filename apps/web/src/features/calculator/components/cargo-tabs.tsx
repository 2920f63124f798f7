'use client';

import { useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { CARGO_TABS, type CargoTab } from '@freight/domain/cargo';
import styles from './calculator.module.css';

/**
 * The cargo tabs as a WAI-ARIA tablist with manual activation: arrows, Home and End move the
 * focus between tabs, Enter or Space (or a click) chooses one. Choosing changes the cargo
 * (Документы presets its size, leaving it clears it), so an arrow key alone never does.
 */
export function CargoTabs({
  idPrefix,
  value,
  onSelect,
  label,
}: {
  idPrefix: string;
  value: CargoTab;
  onSelect: (tab: CargoTab) => void;
  label: string;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = CARGO_TABS.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    refs.current[target]?.focus();
  }

  const selectedIndex = CARGO_TABS.findIndex((tab) => tab.value === value);
  return (
    <div role="tablist" aria-label={label} className={styles.tabs}>
      {CARGO_TABS.map((tab, index) => {
        const selected = index === selectedIndex;
        return (
          <button
            key={tab.value}
            ref={(node) => {
              refs.current[index] = node;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab.value}`}
            aria-selected={selected}
            aria-controls={`${idPrefix}-panel`}
            tabIndex={selected ? 0 : -1}
            className={styles.tab}
            onClick={() => onSelect(tab.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
