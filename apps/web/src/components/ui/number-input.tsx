'use client';

import { formatRuDecimalInput, parseRuDecimal } from '@freight/domain/decimal-input';
import { useState } from 'react';
import type { ChangeEvent, FocusEvent, ReactNode } from 'react';
import { TextInput } from './text-input';
import type { TextInputProps } from './text-input';

export interface NumberInputProps extends Omit<
  TextInputProps,
  'type' | 'value' | 'defaultValue' | 'onChange' | 'onValueChange' | 'inputMode' | 'min' | 'max' | 'step'
> {
  /** The number the form holds: null for an empty field, NaN while the text is not a number. */
  value: number | null;
  /**
   * Called on every keystroke with what the text means: a number, null for an empty field, NaN
   * for text that is not a number (or has more than `decimals` fraction digits). A react-hook-form
   * `Controller` passes `field.onChange` here and lets its zod schema word the error; a form whose
   * state keeps numbers only ignores NaN (the field shows the held number again when left) and
   * passes `invalidMessage`.
   */
  onValueChange: (value: number | null) => void;
  /** Most digits after the decimal comma (default 2); 0 makes a whole-number field with a digit keyboard. */
  decimals?: number;
  /**
   * Lowest sensible value, a hint only (the schema checks the range): below 0 the minus sign is
   * accepted, otherwise «-5» reads as not a number.
   */
  min?: number;
  /** Error shown while the text is not a number, for forms whose state cannot hold NaN. */
  invalidMessage?: ReactNode;
}

/**
 * A number field that speaks Russian: a text input (`inputMode` decimal, or numeric for whole
 * numbers), so «0,5» and «0.5» are both read as 0.5 and the mouse wheel or a spinner never
 * changes the value. The visitor's text is kept as typed while the field has focus (the caret
 * stays where it is); when they leave it, it shows the held value in Russian notation («0,5»,
 * «1 000,5»). A value changed from outside (a reset, a computed volume) replaces the text
 * unless the text already means it. Parsing and formatting are `parseRuDecimal` and
 * `formatRuDecimalInput` of the domain.
 */
export function NumberInput({
  value,
  onValueChange,
  decimals = 2,
  min = 0,
  invalidMessage,
  error,
  onBlur,
  ...rest
}: NumberInputProps) {
  const negative = min < 0;
  const parse = (text: string) => parseRuDecimal(text, { decimals, negative });
  const [text, setText] = useState(() => formatRuDecimalInput(value, decimals));
  const [held, setHeld] = useState(value);
  if (!Object.is(value, held)) {
    // The form's value changed: show it, unless it is what the text says (the visitor typed it).
    setHeld(value);
    if (!Object.is(parse(text), value)) setText(formatRuDecimalInput(value, decimals));
  }

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const next = event.target.value;
    setText(next);
    onValueChange(parse(next));
  }

  function handleBlur(event: FocusEvent<HTMLInputElement>) {
    // NaN held: the form shows its own error about the text, so the text stays for correcting.
    if (!Number.isNaN(value)) setText(formatRuDecimalInput(value, decimals));
    onBlur?.(event);
  }

  const textIsNumber = !Number.isNaN(parse(text));
  return (
    <TextInput
      autoComplete="off"
      spellCheck={false}
      {...rest}
      type="text"
      inputMode={negative ? 'text' : decimals === 0 ? 'numeric' : 'decimal'}
      value={text}
      onChange={handleChange}
      onBlur={handleBlur}
      error={!textIsNumber && invalidMessage !== undefined ? invalidMessage : error}
    />
  );
}
