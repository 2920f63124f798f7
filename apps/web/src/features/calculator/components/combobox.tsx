'use client';

import { useEffect, useId, useRef, useState } from 'react';
import type { FocusEvent, KeyboardEvent, ReactNode } from 'react';
import { TextInput } from '@/components/ui';
import { createDebouncedRunner, type DebouncedRunner } from '../lib/debounced-runner';
import styles from './calculator.module.css';

export interface ComboboxProps<T> {
  id: string;
  label: ReactNode;
  /** The text in the field. */
  value: string;
  onValueChange: (text: string) => void;
  /** An option was chosen (Enter on the active option or a click). */
  onSelect: (item: T) => void;
  /** Loads options for the typed text; aborted when the visitor types on. */
  load: (query: string, signal: AbortSignal) => Promise<T[]>;
  getKey: (item: T) => string;
  getLabel: (item: T) => string;
  getDescription?: (item: T) => string | undefined;
  /** Fewer characters than this load nothing. */
  minChars?: number;
  debounceMs: number;
  placeholder?: string;
  error?: string | undefined;
  /** Text under the field (e.g. a hint), bound with aria-describedby. */
  hint?: string | undefined;
  texts: { searching: string; nothing: string; failed: string; listLabel: string };
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  maxLength?: number;
  autoFocus?: boolean;
  containerClassName?: string;
}

type Status = 'idle' | 'loading' | 'done' | 'failed';

/**
 * An editable combobox with a listbox popup (WAI-ARIA combobox pattern, list autocomplete):
 * the focus stays in the field, the active option is announced through aria-activedescendant.
 * ArrowDown/ArrowUp move through the options (opening the list), Enter chooses, Escape closes,
 * Tab leaves. Options are loaded with a debounce; a newer query aborts the older one. The popup is
 * positioned over the content below, so opening it never moves the page.
 */
export function Combobox<T>({
  id,
  label,
  value,
  onValueChange,
  onSelect,
  load,
  getKey,
  getLabel,
  getDescription,
  minChars = 2,
  debounceMs,
  placeholder,
  error,
  hint,
  texts,
  onBlur,
  maxLength,
  autoFocus,
  containerClassName,
}: ComboboxProps<T>) {
  const listId = useId();
  const hintId = `${id}-hint`;
  const [options, setOptions] = useState<T[]>([]);
  const [status, setStatus] = useState<Status>('idle');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const loadRef = useRef(load);
  const runnerRef = useRef<DebouncedRunner<string> | null>(null);

  useEffect(() => {
    loadRef.current = load;
  }, [load]);

  useEffect(() => {
    const runner = createDebouncedRunner<string>(async (query, signal) => {
      try {
        const items = await loadRef.current(query, signal);
        if (signal.aborted) return;
        setOptions(items);
        setActive(-1);
        setStatus('done');
      } catch {
        if (signal.aborted) return;
        setOptions([]);
        setStatus('failed');
      }
    });
    runnerRef.current = runner;
    return () => {
      runner.cancel();
      runnerRef.current = null;
    };
  }, []);

  function query(text: string) {
    const runner = runnerRef.current;
    if (!runner) return;
    if (text.trim().length < minChars) {
      runner.cancel();
      setOptions([]);
      setStatus('idle');
      return;
    }
    setStatus('loading');
    runner.schedule(text.trim(), debounceMs);
  }

  function choose(item: T) {
    onSelect(item);
    setOpen(false);
    setActive(-1);
    setOptions([]);
    setStatus('idle');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) {
          setOpen(true);
          if (options.length === 0) query(value);
        }
        if (options.length === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current) => {
          if (current < 0) return step > 0 ? 0 : options.length - 1;
          return (current + step + options.length) % options.length;
        });
        return;
      }
      case 'Home':
      case 'End':
        if (open && options.length > 0 && active >= 0) {
          event.preventDefault();
          setActive(event.key === 'Home' ? 0 : options.length - 1);
        }
        return;
      case 'Enter': {
        const item = open && active >= 0 ? options[active] : undefined;
        if (item !== undefined) {
          // Choosing must not submit the form around the field.
          event.preventDefault();
          choose(item);
        } else if (open && options.length === 1 && options[0] !== undefined) {
          event.preventDefault();
          choose(options[0]);
        }
        return;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActive(-1);
        }
        return;
      case 'Tab':
        setOpen(false);
        return;
    }
  }

  const showList = open && options.length > 0;
  const message =
    open && status === 'loading' && options.length === 0
      ? texts.searching
      : open && status === 'done' && options.length === 0
        ? texts.nothing
        : open && status === 'failed'
          ? texts.failed
          : null;
  const optionId = (index: number) => `${id}-option-${index}`;

  return (
    <div className={`${styles.combobox} ${containerClassName ?? ''}`}>
      <TextInput
        id={id}
        label={label}
        value={value}
        placeholder={placeholder}
        error={error}
        maxLength={maxLength}
        autoFocus={autoFocus}
        autoComplete="off"
        spellCheck={false}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
        aria-describedby={hint ? hintId : undefined}
        onValueChange={(text) => {
          onValueChange(text);
          setOpen(true);
          query(text);
        }}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          setOpen(false);
          setActive(-1);
          onBlur?.(event);
        }}
      />
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <ul
        id={listId}
        role="listbox"
        aria-label={texts.listLabel}
        className={styles.listbox}
        hidden={!showList}
        // Keeps the focus in the field while an option is clicked.
        onMouseDown={(event) => event.preventDefault()}
      >
        {showList
          ? options.map((item, index) => {
              const description = getDescription?.(item);
              return (
                <li
                  key={getKey(item)}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  className={styles.option}
                  onClick={() => choose(item)}
                  onMouseMove={() => setActive(index)}
                >
                  <span>{getLabel(item)}</span>
                  {description ? <span className={styles.optionDescription}>{description}</span> : null}
                </li>
              );
            })
          : null}
      </ul>
      {message ? (
        <p className={styles.listMessage} role="status">
          {message}
        </p>
      ) : null}
    </div>
  );
}
