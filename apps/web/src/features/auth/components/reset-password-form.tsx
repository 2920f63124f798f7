'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { ResetPasswordEmailRequestSchema } from '@freight/contracts';
import { MESSAGES } from '@freight/domain';
import { Alert, Button } from '@/components/ui';
import { identityApi, useSessionNavigation } from '../api/identity';
import { apiErrors, validate, type FieldErrors } from '../lib/form';
import { PasswordField } from './fields';
import styles from './auth.module.css';

/** /auth/reset-password?token=…: the new password for the link from the e-mail. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const navigate = useSessionNavigation();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = validate(ResetPasswordEmailRequestSchema, { token, new_password: password });
    const found: FieldErrors = parsed.ok ? {} : { ...parsed.errors };
    if (password !== repeat && !found.new_password) found.repeat = MESSAGES.auth.passwordMismatch;
    if (found.token) {
      setFormError(found.token);
      delete found.token;
    }
    if (!parsed.ok || found.repeat) return setErrors(found);
    setErrors({});
    setFormError(null);
    setLoading(true);
    try {
      await identityApi.resetByEmail(parsed.data);
      navigate('/personal-account');
    } catch (error) {
      const result = apiErrors(error, ['new_password']);
      setErrors(result.fields);
      setFormError(result.form);
      setLoading(false);
    }
  }

  return (
    <div className={styles.card}>
      <h1>{MESSAGES.authScreen.resetTitle}</h1>
      {!token ? (
        <>
          <Alert variant="error">{MESSAGES.authScreen.resetNoToken}</Alert>
          <div className={styles.links}>
            <Link href="/auth/forgot-password">{MESSAGES.authScreen.requestAgain}</Link>
          </div>
        </>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          <PasswordField
            label={MESSAGES.authScreen.newPassword}
            autoComplete="new-password"
            value={password}
            onValueChange={setPassword}
            error={errors.new_password}
          />
          <PasswordField
            label={MESSAGES.authScreen.repeatPassword}
            autoComplete="new-password"
            value={repeat}
            onValueChange={setRepeat}
            error={errors.repeat}
          />
          <p className={styles.hint}>{MESSAGES.authScreen.passwordHint}</p>
          {formError ? (
            <Alert variant="error">
              {formError} <Link href="/auth/forgot-password">{MESSAGES.authScreen.requestAgain}</Link>
            </Alert>
          ) : null}
          <Button type="submit" size="large" fullWidth loading={loading}>
            {MESSAGES.authScreen.savePassword}
          </Button>
        </form>
      )}
    </div>
  );
}
