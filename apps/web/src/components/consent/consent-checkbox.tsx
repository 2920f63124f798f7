'use client';

import { COMMON_TEXTS } from '@freight/domain/texts/common';
import { Link } from '@/components/ui/link';
import type { ReactNode } from 'react';
import { Checkbox, type CheckboxProps } from '@/components/ui/checkbox';

export interface ConsentCheckboxProps extends Omit<CheckboxProps, 'label'> {
  /** What the consent covers, after the link: «указанного контакта», «в соответствии с … 152-ФЗ». */
  suffix?: ReactNode;
  /** The consent document; opens in a new tab so a half-filled form is kept. */
  href?: string;
}

/**
 * The personal-data consent box of every form that takes someone's data (152-FZ art. 9):
 * «Я даю согласие на обработку персональных данных …» with the link to the consent document,
 * unticked by default. Checked state, error and the rest go to the kit's Checkbox.
 */
export function ConsentCheckbox({ suffix, href = '/docs-n-policies#consent', ...rest }: ConsentCheckboxProps) {
  return (
    <Checkbox
      {...rest}
      label={
        <>
          {COMMON_TEXTS.pdConsentPrefix}{' '}
          <Link href={href} target="_blank">
            {COMMON_TEXTS.pdConsentLink}
          </Link>
          {suffix ? <> {suffix}</> : null}
        </>
      }
    />
  );
}
