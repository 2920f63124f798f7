'use client';

import { UI_TEXTS } from '@freight/domain/texts/ui';
import { clsx } from 'clsx';
import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import styles from './month-picker.module.css';

const T = UI_TEXTS.monthPicker;

/** A calendar month: `month` is 1–12. */
export interface MonthValue {
  year: number;
  month: number;
}

export interface MonthPickerProps {
  /** Visible label of the group («Месяц»). */
  label: ReactNode;
  /** The month shown. */
  value: MonthValue;
  /** Called with the month chosen (arrows, the list); never with one outside `min`…`max`. */
  onChange: (value: MonthValue) => void;
  /** The earliest month that may be chosen (inclusive). */
  min?: MonthValue | undefined;
  /** The latest month that may be chosen (inclusive): the current month, for «no future months». */
  max?: MonthValue | undefined;
  disabled?: boolean;
  /** Id prefix of the parts; generated when omitted. */
  id?: string;
  className?: string;
}

/** A month as one number (months since year 0), so bounds and steps are plain arithmetic. */
function toIndex({ year, month }: MonthValue): number {
  return year * 12 + (month - 1);
}

function fromIndex(index: number): MonthValue {
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** «ноябрь 2026». */
export function formatMonth(value: MonthValue): string {
  return T.value(T.months[value.month - 1] ?? '', value.year);
}

/** How far a key moves the focus in the list of months (three columns). */
const KEY_STEPS: Readonly<Record<string, number>> = {
  ArrowLeft: -1,
  ArrowRight: 1,
  ArrowUp: -3,
  ArrowDown: 3,
  PageUp: -12,
  PageDown: 12,
};

/**
 * A month and its year: «‹ ноябрь 2026 ›». The arrows step one month; the middle button opens a
 * list of the twelve months of a year (with ‹ year › to page). Months outside `min`…`max` are
 * disabled, so `max` = the current month forbids the future. Keyboard: Tab reaches the three
 * buttons; in the list ←/→ move by a month, ↑/↓ by a row of three, PageUp/PageDown by a year,
 * Home/End to the first/last month of the year, Enter/Space choose, Escape closes and returns the
 * focus to the button. The list closes when the focus or a click leaves the widget.
 */
export function MonthPicker({
  label,
  value,
  onChange,
  min,
  max,
  disabled = false,
  id: idProp,
  className,
}: MonthPickerProps) {
  const autoId = useId();
  const prefix = idProp ?? autoId;
  const labelId = `${prefix}-label`;
  const panelId = `${prefix}-panel`;
  const rootRef = useRef<HTMLDivElement | null>(null);
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  const monthRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const focusPending = useRef(false);

  const current = toIndex(value);
  const lowest = min ? toIndex(min) : Number.NEGATIVE_INFINITY;
  const highest = max ? toIndex(max) : Number.POSITIVE_INFINITY;
  const allowed = (index: number) => index >= lowest && index <= highest;
  const clamp = (index: number) => Math.min(highest, Math.max(lowest, index));

  const [open, setOpen] = useState(false);
  // The month that holds the list's Tab stop (roving tabindex); its year is the year shown.
  const [active, setActive] = useState(current);
  const viewYear = fromIndex(active).year;

  // Move the focus once the list shows the month that should have it.
  useEffect(() => {
    if (!open || !focusPending.current) return;
    focusPending.current = false;
    monthRefs.current[fromIndex(active).month - 1]?.focus();
  }, [open, active]);

  // A click outside closes the list (the focus stays where the click put it).
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent | MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open]);

  const focusMonth = (index: number) => {
    focusPending.current = true;
    setActive(index);
  };

  const openList = () => {
    focusMonth(clamp(current));
    setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };

  const choose = (index: number) => {
    if (!allowed(index)) return;
    close(true);
    if (index !== current) onChange(fromIndex(index));
  };

  const step = (delta: number) => {
    const next = current + delta;
    if (allowed(next)) onChange(fromIndex(next));
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
      return;
    }
    let target: number;
    if (event.key === 'Home') target = viewYear * 12;
    else if (event.key === 'End') target = viewYear * 12 + 11;
    else if (event.key in KEY_STEPS) target = active + KEY_STEPS[event.key]!;
    else return;
    // Only the month buttons move the focus; the year buttons keep their own keys.
    if (!(event.target instanceof HTMLElement) || event.target.dataset.month === undefined) return;
    event.preventDefault();
    focusMonth(clamp(target));
  };

  const showYear = (year: number) => {
    // Keep the month of the Tab stop, within the bounds.
    focusPending.current = false;
    setActive(clamp(year * 12 + fromIndex(active).month - 1));
  };

  const text = formatMonth(value);
  const firstOfView = viewYear * 12;

  return (
    <div
      ref={rootRef}
      role="group"
      aria-labelledby={labelId}
      className={clsx(styles.field, className)}
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null) && event.relatedTarget) {
          setOpen(false);
        }
      }}
    >
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      <div className={styles.bar}>
        <button
          type="button"
          className={styles.arrow}
          aria-label={T.previous}
          title={T.previous}
          disabled={disabled || !allowed(current - 1)}
          onClick={() => step(-1)}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <button
          ref={triggerRef}
          type="button"
          className={styles.trigger}
          aria-label={T.choose(text)}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          disabled={disabled}
          onClick={() => (open ? close(false) : openList())}
        >
          {text}
        </button>
        <button
          type="button"
          className={styles.arrow}
          aria-label={T.next}
          title={T.next}
          disabled={disabled || !allowed(current + 1)}
          onClick={() => step(1)}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      {open ? (
        <div id={panelId} role="dialog" aria-label={T.dialog} className={styles.panel} onKeyDown={onListKeyDown}>
          <div className={styles.yearRow}>
            <button
              type="button"
              className={styles.arrow}
              aria-label={T.previousYear}
              title={T.previousYear}
              disabled={!allowed(firstOfView - 1)}
              onClick={() => showYear(viewYear - 1)}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <span className={styles.year} aria-live="polite">
              {viewYear}
            </span>
            <button
              type="button"
              className={styles.arrow}
              aria-label={T.nextYear}
              title={T.nextYear}
              disabled={!allowed(firstOfView + 12)}
              onClick={() => showYear(viewYear + 1)}
            >
              <span aria-hidden="true">›</span>
            </button>
          </div>
          <div className={styles.months}>
            {T.months.map((name, offset) => {
              const index = firstOfView + offset;
              const selected = index === current;
              return (
                <button
                  key={name}
                  ref={(node) => {
                    monthRefs.current[offset] = node;
                  }}
                  type="button"
                  data-month={offset + 1}
                  className={clsx(styles.month, selected && styles.selected)}
                  aria-label={formatMonth(fromIndex(index))}
                  aria-pressed={selected}
                  tabIndex={index === active ? 0 : -1}
                  disabled={!allowed(index)}
                  onClick={() => choose(index)}
                >
                  {name}
                </button>
              );
            })}
          </div>
        </div>
      ) : null}
    </div>
  );
}
