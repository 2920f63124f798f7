'use client';

import { UI_TEXTS } from '@freight/domain/texts/ui';
import type { ReactNode } from 'react';
import { NumberInput } from '@/components/ui';

/**
 * A number field bound to a draft value (the kit's NumberInput: «0,5» or «0.5», shown as «0,5»
 * once left). Every number typed is reported; text that is not a number is never put in the
 * draft (which the URL and the pricing calls are built from) — the field says so, and shows the
 * draft value again when left. `required` fields never report an empty value either.
 */
export function NumberField({
  id,
  label,
  value,
  onValue,
  error,
  hint,
  decimals,
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
  /** Most digits after the comma; 0 for whole numbers. */
  decimals: number;
  required?: boolean;
  onBlur?: () => void;
  className?: string;
}) {
  return (
    <NumberInput
      id={id}
      label={label}
      value={value}
      decimals={decimals}
      onValueChange={(next) => {
        if (Number.isNaN(next) || (next === null && required)) return;
        onValue(next);
      }}
      onBlur={() => onBlur?.()}
      invalidMessage={UI_TEXTS.numberInvalid(decimals)}
      error={error}
      hint={hint}
      clearable={false}
      containerClassName={className}
    />
  );
}
