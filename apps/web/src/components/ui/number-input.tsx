'use client';

import type { WheelEvent } from 'react';
import { TextInput } from './text-input';
import type { TextInputProps } from './text-input';

export type NumberInputProps = TextInputProps;

/**
 * A TextInput for numbers (type="number", inputMode="decimal", step="any" unless overridden).
 * The mouse wheel over it blurs the field, so scrolling the page can never change the value:
 * browsers only step a number input with the wheel while it has focus.
 */
export function NumberInput({
  type = 'number',
  inputMode = 'decimal',
  step = 'any',
  onWheel,
  ...rest
}: NumberInputProps) {
  function handleWheel(event: WheelEvent<HTMLInputElement>) {
    event.currentTarget.blur();
    onWheel?.(event);
  }
  return <TextInput {...rest} type={type} inputMode={inputMode} step={step} onWheel={handleWheel} />;
}
