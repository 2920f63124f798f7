'use client';

import { ORDER_TEXTS } from '@freight/domain/texts/order';
import { clsx } from 'clsx';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { TextInput } from '@/components/ui';
import styles from './order.module.css';

const T = ORDER_TEXTS;
const DEBOUNCE_MS = 250;

/**
 * A text field with suggestions (the ARIA 1.2 combobox pattern): typing asks `load` after a short
 * pause, ↓/↑ move through the list, Enter picks, Escape closes; a click picks too.
 */
export function SuggestInput<T>({
  label,
  value,
  onValueChange,
  load,
  onPick,
  itemKey,
  itemLabel,
  itemHint,
  minChars = 2,
  error,
  placeholder,
  autoComplete = 'off',
  name,
}: {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  load: (query: string, signal: AbortSignal) => Promise<T[]>;
  onPick: (item: T) => void;
  itemKey: (item: T) => string;
  itemLabel: (item: T) => string;
  itemHint?: (item: T) => string | null;
  minChars?: number;
  error?: string | undefined;
  placeholder?: string;
  autoComplete?: string;
  name?: string;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const [items, setItems] = useState<T[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [loading, setLoading] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const loadRef = useRef(load);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    loadRef.current = load;
  }, [load]);

  // The field is server-rendered: what was typed before the page came alive is in the field but
  // not in the state yet. It is taken over here, suggestions included.
  useEffect(() => {
    const typed = inputRef.current?.value ?? value;
    if (typed === value) return;
    onValueChange(typed);
    setQuery(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when hydrated
  }, []);

  useEffect(() => {
    if (query === null) return;
    const text = query.trim();
    const controller = new AbortController();
    const timer = setTimeout(() => {
      if (text.length < minChars) {
        setItems([]);
        setOpen(false);
        return;
      }
      setLoading(true);
      loadRef
        .current(text, controller.signal)
        .then((found) => {
          setItems(found);
          setActive(-1);
          setOpen(true);
        })
        .catch(() => {
          if (!controller.signal.aborted) {
            setItems([]);
            setOpen(false);
          }
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, minChars]);

  function pick(item: T) {
    onPick(item);
    setOpen(false);
    setItems([]);
    setActive(-1);
    setQuery(null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open && items.length > 0) setOpen(true);
      setActive((index) => (items.length === 0 ? -1 : (index + 1) % items.length));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (items.length === 0 ? -1 : (index - 1 + items.length) % items.length));
    } else if (event.key === 'Enter' && open && active >= 0) {
      event.preventDefault();
      const item = items[active];
      if (item !== undefined) pick(item);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  }

  const expanded = open && query !== null;
  return (
    <div className={styles.combobox}>
      <TextInput
        ref={inputRef}
        label={label}
        value={value}
        name={name}
        placeholder={placeholder}
        autoComplete={autoComplete}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${id}-opt-${active}` : undefined}
        aria-busy={loading || undefined}
        error={error}
        onValueChange={(text) => {
          onValueChange(text);
          setQuery(text);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => {
          if (items.length > 0) setOpen(true);
        }}
      />
      <ul
        id={listId}
        role="listbox"
        className={clsx(styles.listbox, !expanded && styles.hidden)}
        aria-label={T.suggestions(String(label))}
      >
        {expanded && items.length === 0 && !loading ? (
          <li className={styles.listEmpty} role="option" aria-selected={false} aria-disabled="true">
            {T.nothingFound}
          </li>
        ) : null}
        {expanded
          ? items.map((item, index) => {
              const hint = itemHint?.(item);
              return (
                <li
                  key={itemKey(item)}
                  id={`${id}-opt-${index}`}
                  role="option"
                  aria-selected={index === active}
                  className={clsx(styles.option, index === active && styles.optionActive)}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => pick(item)}
                >
                  <span>{itemLabel(item)}</span>
                  {hint ? <span className={styles.optionHint}>{hint}</span> : null}
                </li>
              );
            })
          : null}
      </ul>
    </div>
  );
}
