'use client';

import { useEffect, useState } from 'react';
import { extractCodeDigits, formatCountdown } from '@freight/domain/identity';
import { AUTH_SCREEN_TEXTS } from '@freight/domain/texts/auth-screen';
import type { FieldErrors } from 'react-hook-form';
import { Alert, Button, EyeIcon, TextInput, type TextInputProps } from '@/components/ui';
import { setValueAsUser } from '@/components/ui/text-input';
import styles from './auth.module.css';

/**
 * 6-digit code input: digits only, a pasted «123 456» or «Код: 123456» keeps just the digits.
 * Works with `register` of react-hook-form (the digits are written into the element before
 * `onChange` sees the event) and controlled (`value` + `onValueChange`).
 */
export function CodeField({ label = AUTH_SCREEN_TEXTS.code, onChange, ...rest }: TextInputProps) {
  return (
    <TextInput
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      className={styles.codeInput}
      {...rest}
      onChange={(event) => {
        const digits = extractCodeDigits(event.target.value);
        if (digits !== event.target.value) event.target.value = digits;
        onChange?.(event);
      }}
      onPaste={(event) => {
        const text = event.clipboardData.getData('text');
        if (text) {
          event.preventDefault();
          setValueAsUser(event.currentTarget, extractCodeDigits(text));
        }
      }}
    />
  );
}

/** Password input with a show/hide toggle. */
export function PasswordField(props: TextInputProps) {
  const [shown, setShown] = useState(false);
  return (
    <div className={styles.passwordField}>
      <TextInput type={shown ? 'text' : 'password'} clearable={false} {...props} />
      <button
        type="button"
        className={styles.eye}
        aria-label={shown ? AUTH_SCREEN_TEXTS.hidePassword : AUTH_SCREEN_TEXTS.showPassword}
        aria-pressed={shown}
        onClick={() => setShown((s) => !s)}
      >
        <EyeIcon size={18} />
      </button>
    </div>
  );
}

/**
 * A new password typed twice, with the rules under it: the same three lines on the reset, the
 * reset-by-code and the change-password forms. `password` and `repeat` are the fields' `register`.
 */
export function NewPasswordFields({
  password,
  repeat,
  passwordError,
  repeatError,
}: {
  password: TextInputProps;
  repeat: TextInputProps;
  passwordError?: string | undefined;
  repeatError?: string | undefined;
}) {
  return (
    <>
      <PasswordField
        label={AUTH_SCREEN_TEXTS.newPassword}
        autoComplete="new-password"
        {...password}
        error={passwordError}
      />
      <PasswordField
        label={AUTH_SCREEN_TEXTS.repeatPassword}
        autoComplete="new-password"
        {...repeat}
        error={repeatError}
      />
      <p className={styles.hint}>{AUTH_SCREEN_TEXTS.passwordHint}</p>
    </>
  );
}

/** The form's own message (an API failure not tied to a field it shows), as an error alert. */
export function FormError({ errors }: { errors: FieldErrors }) {
  const message = errors.root?.server?.message;
  return message ? <Alert variant="error">{message}</Alert> : null;
}

/** Seconds left until `until` (ms timestamp), ticking once a second. */
export function useCountdown(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [until]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** «Отправить код повторно через 0:45», enabled when the pause is over. */
export function ResendButton({ until, loading, onResend }: { until: number; loading: boolean; onResend: () => void }) {
  const left = useCountdown(until);
  return (
    <Button appearance="link" onClick={onResend} disabled={left > 0} loading={loading}>
      {left > 0 ? AUTH_SCREEN_TEXTS.resendIn(formatCountdown(left)) : AUTH_SCREEN_TEXTS.resend}
    </Button>
  );
}
