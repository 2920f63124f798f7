'use client';

import { AUTH_SCREEN_TEXTS } from '@freight/domain/texts/auth-screen';

import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Spinner } from '@/components/ui';
import { identityApi } from '../api/identity';
import { apiErrors } from '../lib/form';
import styles from './auth.module.css';

/**
 * /auth/email-confirmation?token=…[&type=change]: applies the link from the mail from our own
 * page (same-origin), so a mail scanner opening the link changes nothing.
 */
export function EmailConfirmation({ token, type }: { token: string | null; type: 'confirm' | 'change' }) {
  const [state, setState] = useState<
    { phase: 'working' } | { phase: 'done'; email: string } | { phase: 'error'; message: string }
  >(token ? { phase: 'working' } : { phase: 'error', message: AUTH_SCREEN_TEXTS.resetNoToken });
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    const call = type === 'change' ? identityApi.applyEmailChange(token) : identityApi.confirmEmail({ token });
    call
      .then((user) => setState({ phase: 'done', email: user.email ?? '' }))
      .catch((error: unknown) => {
        const { fields, form } = apiErrors(error, []);
        setState({ phase: 'error', message: form ?? Object.values(fields)[0] ?? '' });
      });
  }, [token, type]);

  return (
    <div className={styles.card}>
      <h1>{AUTH_SCREEN_TEXTS.emailConfirmTitle}</h1>
      {state.phase === 'working' ? (
        <p className={styles.hint} role="status">
          <Spinner size="small" /> {AUTH_SCREEN_TEXTS.emailConfirming}
        </p>
      ) : null}
      {state.phase === 'done' ? (
        <div className={styles.form}>
          <Alert variant="success">{AUTH_SCREEN_TEXTS.emailConfirmed(state.email)}</Alert>
          <Button href="/personal-account" fullWidth>
            {AUTH_SCREEN_TEXTS.toAccount}
          </Button>
        </div>
      ) : null}
      {state.phase === 'error' ? <Alert variant="error">{state.message}</Alert> : null}
    </div>
  );
}
