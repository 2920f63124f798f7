'use client';

import type { ReactNode } from 'react';
import { AUTH_SCREEN_TEXTS } from '@freight/domain/texts/auth-screen';
import { Button, PhoneInput } from '@/components/ui';
import { CodeCaptcha, CodeNoScript } from './code-captcha';
import { FormError } from './fields';
import type { PhoneCodeFlow } from './use-phone-code';
import styles from './auth.module.css';

/**
 * The phone step of the sign-in by code, the sign-up and the reset by SMS: the phone, what to do
 * without JavaScript, the CAPTCHA status and «Получить код». `intro` comes first (the step line).
 */
export function PhoneStep({ flow, intro }: { flow: PhoneCodeFlow; intro?: ReactNode }) {
  const { register, getValues, formState } = flow.phoneForm;
  return (
    <form className={styles.form} onSubmit={flow.requestCode} noValidate>
      {intro}
      {/* The typed phone comes back after «Изменить номер»: the input mounts with it. */}
      <PhoneInput {...register('phone')} defaultValue={getValues('phone')} error={formState.errors.phone?.message} />
      <CodeNoScript />
      <CodeCaptcha flow={flow} />
      <FormError errors={formState.errors} />
      <Button type="submit" size="large" fullWidth loading={flow.sending}>
        {AUTH_SCREEN_TEXTS.getCode}
      </Button>
    </form>
  );
}
