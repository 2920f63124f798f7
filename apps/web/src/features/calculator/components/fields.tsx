'use client';

import { useState } from 'react';
import type { ChangeEvent, ReactNode } from 'react';
import { NumberInput } from '@/components/ui';
import { parseDecimal } from '../lib/draft-glue';

const toText = (value: number | null) => (value === null ? '' : String(value));

/**
 * A number field bound to a draft value. It keeps the visitor's text while they type ('1.' stays
 * '1.'), reports every parsable value, and follows the draft when it changes from elsewhere
 * (a tab preset, a volume computed from the dimensions, the URL). `required` fields never report
 * an empty value; the text returns to the draft value when the field is left.
 */
export function NumberField({
  id,
  label,
  value,
  onValue,
  error,
  hint,
  min = 0,
  max,
  integer = false,
  required = false,
  onBlur,
  className,
}: {
  id: string;
  label: ReactNode;
  value: number | null;
  onValue: (value: number | null) => void;
  error?: string | undefined;
  hint?: string | undefined;
  min?: number;
  max?: number;
  integer?: boolean;
  required?: boolean;
  onBlur?: () => void;
  className?: string;
}) {
  const [text, setText] = useState(() => toText(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    // The draft changed from outside this field: show the new value unless the text already means it.
    setShown(value);
    if (parseDecimal(text) !== value) setText(toText(value));
  }

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const next = event.target.value;
    setText(next);
    if (next === '' && event.target.validity?.badInput) return;
    const parsed = parseDecimal(next);
    if (parsed === undefined || (parsed === null && required)) return;
    onValue(parsed);
  }

  return (
    <NumberInput
      id={id}
      label={label}
      value={text}
      onChange={handleChange}
      onBlur={() => {
        setText(toText(value));
        onBlur?.();
      }}
      error={error}
      hint={hint}
      min={min}
      max={max}
      step={integer ? 1 : 'any'}
      inputMode={integer ? 'numeric' : 'decimal'}
      clearable={false}
      containerClassName={className}
    />
  );
}
