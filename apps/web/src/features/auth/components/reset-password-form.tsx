'use client';

import { Link } from '@/components/ui/link';
import { AUTH_SCREEN_TEXTS } from '@freight/domain/texts/auth-screen';
import { Alert, Button } from '@/components/ui';
import { identityApi, useSessionNavigation } from '../api/identity';
import { setApiErrors, useAuthForm, useSchemaPreload } from '../lib/form';
import { NewPasswordFields } from './fields';
import styles from './auth.module.css';

/** /auth/reset-password?token=…: the new password for the link from the e-mail. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  useSchemaPreload();
  const navigate = useSessionNavigation();
  const form = useAuthForm('ResetByEmailFormSchema', { token: token ?? '', new_password: '', repeat: '' });
  const { errors, isSubmitting, isSubmitSuccessful } = form.formState;
  // A malformed link is the form's message (with the way to a new one), not a field's.
  const formError = errors.token?.message ?? errors.root?.server?.message;

  const submit = form.handleSubmit(async (body) => {
    try {
      await identityApi.resetByEmail(body);
      navigate('/personal-account');
    } catch (error) {
      setApiErrors(form, error, ['new_password']);
    }
  });

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
            password={form.register('new_password')}
            repeat={form.register('repeat')}
            passwordError={errors.new_password?.message}
            repeatError={errors.repeat?.message}
          />
          {formError ? (
            <Alert variant="error">
              {formError} <Link href="/auth/forgot-password">{AUTH_SCREEN_TEXTS.requestAgain}</Link>
            </Alert>
          ) : null}
          <Button type="submit" size="large" fullWidth loading={isSubmitting || isSubmitSuccessful}>
            {AUTH_SCREEN_TEXTS.savePassword}
          </Button>
        </form>
      )}
    </div>
  );
}
