'use client';

import { formatPhoneAsYouType, normalizePhone } from '@freight/domain/phone';
import { UI_TEXTS } from '@freight/domain/texts/ui';
import type { ChangeEvent } from 'react';
import { TextInput, type TextInputProps } from './text-input';

export interface PhoneInputProps extends Omit<TextInputProps, 'type' | 'onValueChange'> {
  /** Visible label; «Телефон» by default. */
  label?: TextInputProps['label'];
  /** The formatted text on every change (`+7(999) 123-45-67`, or a part of it while typing). */
  onValueChange?: (formatted: string) => void;
  /** The storage form `+7XXXXXXXXXX` (E.164) once the number is complete and valid, else null. */
  onPhoneChange?: (e164: string | null) => void;
}

/** Index in `text` just after its `count`-th digit (0 = before the first character). */
function indexAfterDigits(text: string, count: number): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (/\d/.test(text[i] ?? '')) {
      seen += 1;
      if (seen === count) return i + 1;
    }
  }
  return text.length;
}

/**
 * Phone field of the kit: formats as the user types with the domain's formatter
 * ({@link formatPhoneAsYouType}: `+7(999) 123-45-67`; a leading 8 or 7 is the prefix) and reports
 * the E.164 form ({@link normalizePhone}) through `onPhoneChange`. Works controlled (`value` +
 * `onValueChange`) and uncontrolled (`register` of react-hook-form: the formatted text is written
 * into the element before `onChange` sees the event). The caret stays after the digit it was after.
 */
export function PhoneInput({
  onValueChange,
  onPhoneChange,
  onChange,
  label = UI_TEXTS.phone,
  placeholder = UI_TEXTS.phonePlaceholder,
  ...rest
}: PhoneInputProps) {
  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const raw = input.value;
    const formatted = formatPhoneAsYouType(raw);
    if (formatted !== raw) {
      const caret = input.selectionStart ?? raw.length;
      const atEnd = caret >= raw.length;
      const rawDigits = raw.replace(/\D/g, '');
      // A first digit other than 7 or 8 gets an implied +7 in front: one more digit before the caret.
      const implied = rawDigits.length > 0 && !/^[78]/.test(rawDigits) ? 1 : 0;
      const digitsBefore = raw.slice(0, caret).replace(/\D/g, '').length;
      input.value = formatted;
      const position = atEnd ? formatted.length : indexAfterDigits(formatted, digitsBefore + implied);
      if (document.activeElement === input) input.setSelectionRange(position, position);
    }
    onChange?.(event);
    onValueChange?.(formatted);
    onPhoneChange?.(normalizePhone(formatted));
  }

  return (
    <TextInput
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder={placeholder}
      label={label}
      {...rest}
      onChange={handleChange}
    />
  );
}
