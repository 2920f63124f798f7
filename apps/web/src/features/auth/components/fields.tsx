'use client';

import { useEffect, useState } from 'react';
import { extractCodeDigits, formatCountdown } from '@freight/domain/identity';
import { AUTH_SCREEN_TEXTS } from '@freight/domain/texts/auth-screen';
import { Button, EyeIcon, TextInput, type TextInputProps } from '@/components/ui';
import styles from './auth.module.css';

type FieldProps = Omit<TextInputProps, 'value' | 'onChange' | 'onValueChange'> & {
  value: string;
  onValueChange: (value: string) => void;
};

/** 6-digit code input: digits only, a pasted «123 456» or «Код: 123456» keeps just the digits. */
export function CodeField({ value, onValueChange, label = AUTH_SCREEN_TEXTS.code, ...rest }: FieldProps) {
  return (
    <TextInput
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      value={value}
      onValueChange={(v) => onValueChange(extractCodeDigits(v))}
      onPaste={(event) => {
        const text = event.clipboardData.getData('text');
        if (text) {
          event.preventDefault();
          onValueChange(extractCodeDigits(text));
        }
      }}
      className={styles.codeInput}
      {...rest}
    />
  );
}

/** Password input with a show/hide toggle. */
export function PasswordField({ value, onValueChange, ...rest }: FieldProps) {
  const [shown, setShown] = useState(false);
  return (
    <div className={styles.passwordField}>
      <TextInput
        type={shown ? 'text' : 'password'}
        value={value}
        onValueChange={onValueChange}
        clearable={false}
        {...rest}
      />
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
 * reset-by-code and the change-password forms.
 */
export function NewPasswordFields({
  password,
  onPasswordChange,
  repeat,
  onRepeatChange,
  passwordError,
  repeatError,
}: {
  password: string;
  onPasswordChange: (value: string) => void;
  repeat: string;
  onRepeatChange: (value: string) => void;
  passwordError?: string | undefined;
  repeatError?: string | undefined;
}) {
  return (
    <>
      <PasswordField
        label={AUTH_SCREEN_TEXTS.newPassword}
        autoComplete="new-password"
        value={password}
        onValueChange={onPasswordChange}
        error={passwordError}
      />
      <PasswordField
        label={AUTH_SCREEN_TEXTS.repeatPassword}
        autoComplete="new-password"
        value={repeat}
        onValueChange={onRepeatChange}
        error={repeatError}
      />
      <p className={styles.hint}>{AUTH_SCREEN_TEXTS.passwordHint}</p>
    </>
  );
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
