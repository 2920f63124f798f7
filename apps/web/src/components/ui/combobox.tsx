'use client';

import { UI_TEXTS } from '@freight/domain/texts/ui';
import { clsx } from 'clsx';
import { useEffect, useId, useRef, useState } from 'react';
import type { FocusEvent, KeyboardEvent, ReactNode } from 'react';
import { TextInput, type TextInputProps } from './text-input';
import { useMergedRef } from './use-merged-ref';
import styles from './combobox.module.css';

type Status = 'idle' | 'loading' | 'done' | 'failed';

export interface ComboboxTexts {
  /** Shown while `load` runs and there is nothing to list yet. */
  searching: string;
  /** Shown when the options for the text are empty. */
  nothing: string;
  /** Shown when `load` threw. */
  failed: string;
  /** Accessible name of the listbox. */
  listLabel: string;
}

export interface ComboboxProps<T> extends Omit<
  TextInputProps,
  'value' | 'defaultValue' | 'onChange' | 'onValueChange' | 'onSelect' | 'role' | 'label' | 'clearable' | 'icon'
> {
  /** Visible label (required: it also names the listbox). */
  label: ReactNode;
  /** The text in the field (controlled). */
  value: string;
  /** Every edit of the text. */
  onValueChange: (text: string) => void;
  /** An option was chosen: Enter on the active option, or a click. The caller sets the text. */
  onSelect: (item: T) => void;
  /** Fixed options, already filtered by the caller for `value` (no loading). */
  options?: readonly T[];
  /** Loads options for the typed text after `debounceMs`; the signal aborts when the text changes. */
  load?: (query: string, signal: AbortSignal) => Promise<readonly T[]>;
  getKey: (item: T) => string;
  getLabel: (item: T) => string;
  /** Second, muted line of an option (a region, a code). */
  getDescription?: (item: T) => string | null | undefined;
  /** With `load`: shorter text (trimmed) loads nothing. Default 2. */
  minChars?: number;
  /** With `load`: pause after the last keystroke. Default 250 ms. */
  debounceMs?: number;
  /** Status texts; defaults are generic Russian texts from UI_TEXTS. */
  texts?: Partial<ComboboxTexts>;
}

/**
 * An editable combobox with a listbox popup (WAI-ARIA combobox pattern, list autocomplete): the
 * focus stays in the field and the active option is announced through aria-activedescendant.
 * ↓/↑ open the list and move through it (wrapping), Home/End jump while an option is active,
 * Enter chooses (and does not submit the form), Escape closes, Tab leaves. A click chooses too.
 * Options come from `options` (fixed) or `load` (debounced; a newer text aborts the older
 * request). A status line (role="status") says «searching», «nothing found» or «failed».
 * The list floats over the content below, so opening it never moves the page.
 */
export function Combobox<T>({
  label,
  value,
  onValueChange,
  onSelect,
  options: fixedOptions,
  load,
  getKey,
  getLabel,
  getDescription,
  minChars = 2,
  debounceMs = 250,
  texts: textsProp,
  id: idProp,
  ref,
  onKeyDown: onKeyDownProp,
  onBlur,
  onFocus,
  containerClassName,
  ...inputProps
}: ComboboxProps<T>) {
  const autoId = useId();
  const id = idProp ?? autoId;
  const listId = `${id}-listbox`;
  const texts: ComboboxTexts = {
    searching: UI_TEXTS.comboboxSearching,
    nothing: UI_TEXTS.comboboxNothing,
    failed: UI_TEXTS.comboboxFailed,
    listLabel: UI_TEXTS.comboboxList(typeof label === 'string' ? label : ''),
    ...textsProp,
  };

  const [loaded, setLoaded] = useState<readonly T[]>([]);
  const [status, setStatus] = useState<Status>('idle');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The text to load for; null = nothing asked since the last choice.
  const [query, setQuery] = useState<string | null>(null);
  const loadRef = useRef(load);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const mergedRef = useMergedRef(inputRef, ref);

  useEffect(() => {
    loadRef.current = load;
  }, [load]);

  // A server-rendered field may hold text typed before the page came alive: take it over, and
  // open the list for it when the visitor is still in the field (no focus or input event of
  // theirs reached React).
  useEffect(() => {
    const input = inputRef.current;
    const typed = input?.value ?? value;
    if (typed === value) return;
    onValueChange(typed);
    if (input && input.ownerDocument.activeElement === input) setOpen(true);
    ask(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after hydration
  }, []);

  const isAsync = fixedOptions === undefined && load !== undefined;

  useEffect(() => {
    if (!isAsync || query === null) return;
    const text = query.trim();
    if (text.length < minChars) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const run = loadRef.current;
      if (!run) return;
      run(text, controller.signal).then(
        (found) => {
          if (controller.signal.aborted) return;
          setLoaded(found);
          setActive(-1);
          setStatus('done');
        },
        () => {
          if (controller.signal.aborted) return;
          setLoaded([]);
          setStatus('failed');
        },
      );
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [isAsync, query, minChars, debounceMs]);

  /** Asks for options for `text` (the effect above loads them); a short text clears the list. */
  function ask(text: string) {
    setQuery(text);
    if (!isAsync) return;
    if (text.trim().length < minChars) {
      setLoaded([]);
      setStatus('idle');
    } else {
      setStatus('loading');
    }
  }

  const options: readonly T[] = fixedOptions ?? loaded;
  const showList = open && options.length > 0;
  const activeIndex = showList && active < options.length ? active : -1;

  function choose(item: T) {
    onSelect(item);
    setOpen(false);
    setActive(-1);
    setQuery(null);
    if (isAsync) {
      setLoaded([]);
      setStatus('idle');
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    onKeyDownProp?.(event);
    if (event.defaultPrevented) return;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) {
          setOpen(true);
          if (isAsync && options.length === 0) ask(value);
        }
        if (options.length === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current) => {
          if (current < 0 || current >= options.length) return step > 0 ? 0 : options.length - 1;
          return (current + step + options.length) % options.length;
        });
        return;
      }
      case 'Home':
      case 'End':
        if (showList && activeIndex >= 0) {
          event.preventDefault();
          setActive(event.key === 'Home' ? 0 : options.length - 1);
        }
        return;
      case 'Enter': {
        const item = activeIndex >= 0 ? options[activeIndex] : undefined;
        if (item !== undefined) {
          event.preventDefault();
          choose(item);
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

  const typed = value.trim().length > 0;
  const message = !open
    ? ''
    : status === 'failed'
      ? texts.failed
      : options.length > 0
        ? ''
        : status === 'loading'
          ? texts.searching
          : (isAsync ? status === 'done' : typed)
            ? texts.nothing
            : '';
  const optionId = (index: number) => `${id}-option-${index}`;

  return (
    <div className={clsx(styles.combobox, containerClassName)}>
      <TextInput
        autoComplete="off"
        spellCheck={false}
        {...inputProps}
        ref={mergedRef}
        id={id}
        label={label}
        value={value}
        clearable={false}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
        aria-busy={status === 'loading' || undefined}
        onValueChange={(text) => {
          onValueChange(text);
          setOpen(true);
          setActive(-1);
          ask(text);
        }}
        onKeyDown={onKeyDown}
        onFocus={(event: FocusEvent<HTMLInputElement>) => {
          if (options.length > 0 && query !== null) setOpen(true);
          onFocus?.(event);
        }}
        onBlur={(event: FocusEvent<HTMLInputElement>) => {
          setOpen(false);
          setActive(-1);
          onBlur?.(event);
        }}
      />
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
                  aria-selected={index === activeIndex}
                  className={styles.option}
                  onClick={() => choose(item)}
                  onMouseMove={() => {
                    if (index !== activeIndex) setActive(index);
                  }}
                >
                  <span>{getLabel(item)}</span>
                  {description ? <span className={styles.description}>{description}</span> : null}
                </li>
              );
            })
          : null}
      </ul>
      <p className={styles.message} role="status">
        {message}
      </p>
    </div>
  );
}
