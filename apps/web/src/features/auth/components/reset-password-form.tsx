'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { AUTH_TEXTS } from '@freight/domain/texts/auth';
import { AUTH_SCREEN_TEXTS } from '@freight/domain/texts/auth-screen';
import { Alert, Button } from '@/components/ui';
import { identityApi, useSessionNavigation } from '../api/identity';
import { apiErrors, useSchemaPreload, validate, type FieldErrors } from '../lib/form';
import { NewPasswordFields } from './fields';
import styles from './auth.module.css';

/** /auth/reset-password?token=…: the new password for the link from the e-mail. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  useSchemaPreload();
  const navigate = useSessionNavigation();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = await validate('ResetPasswordEmailRequestSchema', { token, new_password: password });
    const found: FieldErrors = parsed.ok ? {} : { ...parsed.errors };
    if (password !== repeat && !found.new_password) found.repeat = AUTH_TEXTS.passwordMismatch;
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
      <h1>{AUTH_SCREEN_TEXTS.resetTitle}</h1>
      {!token ? (
        <>
          <Alert variant="error">{AUTH_SCREEN_TEXTS.resetNoToken}</Alert>
          <div className={styles.links}>
            <Link href="/auth/forgot-password">{AUTH_SCREEN_TEXTS.requestAgain}</Link>
          </div>
        </>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          <NewPasswordFields
            password={password}
            onPasswordChange={setPassword}
            repeat={repeat}
            onRepeatChange={setRepeat}
            passwordError={errors.new_password}
            repeatError={errors.repeat}
          />
          {formError ? (
            <Alert variant="error">
              {formError} <Link href="/auth/forgot-password">{AUTH_SCREEN_TEXTS.requestAgain}</Link>
            </Alert>
          ) : null}
          <Button type="submit" size="large" fullWidth loading={loading}>
            {AUTH_SCREEN_TEXTS.savePassword}
          </Button>
        </form>
      )}
    </div>
  );
}
