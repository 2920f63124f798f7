'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { BACK_OFFICE_TEXTS } from '@freight/domain/texts/back-office';
import { Alert, Button, TextInput } from '@/components/ui';
import { ApiError, apiFetch } from '@/lib/api/client';
import styles from './sign-in.module.css';

const T = BACK_OFFICE_TEXTS.signIn;

const PasswordStep = z.object({
  login: z.string().trim().min(1, T.loginRequired).max(100),
  password: z.string().min(1, T.passwordRequired).max(200),
});
const CodeStep = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, T.codeFormat),
});

type Stage = { kind: 'password' } | { kind: 'totp' } | { kind: 'enroll'; qr: string; secret: string };

/**
 * The staff sign-in: login and password, then the code from the authenticator app. A staff member
 * without an app yet sees the enrolment QR (and the key for manual entry) before the code.
 */
export function BackOfficeSignInForm() {
  const router = useRouter();
  const [stage, setStage] = useState<Stage>({ kind: 'password' });
  const [error, setError] = useState<string | null>(null);

  const passwordForm = useForm<z.infer<typeof PasswordStep>>({
    resolver: zodResolver(PasswordStep),
    defaultValues: { login: '', password: '' },
  });
  const codeForm = useForm<z.infer<typeof CodeStep>>({ resolver: zodResolver(CodeStep), defaultValues: { code: '' } });

  const submitPassword = passwordForm.handleSubmit(async (values) => {
    setError(null);
    try {
      const { stage: next } = await apiFetch<{ stage: 'totp' | 'enroll' }>('/api/v1/back-office/auth/sign_in', {
        method: 'POST',
        json: values,
      });
      if (next === 'enroll') {
        const enrolment = await apiFetch<{ qr_svg: string; secret: string }>('/api/v1/back-office/auth/enrolment');
        setStage({ kind: 'enroll', qr: enrolment.qr_svg, secret: enrolment.secret });
      } else {
        setStage({ kind: 'totp' });
      }
      codeForm.reset({ code: '' });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  });

  const submitCode = codeForm.handleSubmit(async (values) => {
    setError(null);
    try {
      await apiFetch('/api/v1/back-office/auth/totp', { method: 'POST', json: values });
      router.replace('/back-office');
      router.refresh();
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) {
        setStage({ kind: 'password' });
        setError(T.expired);
        return;
      }
      setError(e instanceof ApiError ? e.message : String(e));
    }
  });

  return (
    <div className={styles.card}>
      <h1>{stage.kind === 'password' ? T.title : stage.kind === 'enroll' ? T.enrollTitle : T.totpTitle}</h1>
      {error ? <Alert variant="error">{error}</Alert> : null}
      {stage.kind === 'password' ? (
        <form className={styles.form} onSubmit={submitPassword} noValidate>
          <p className={styles.lead}>{T.lead}</p>
          <TextInput
            label={T.login}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            error={passwordForm.formState.errors.login?.message}
            {...passwordForm.register('login')}
          />
          <TextInput
            label={T.password}
            type="password"
            autoComplete="current-password"
            error={passwordForm.formState.errors.password?.message}
            {...passwordForm.register('password')}
          />
          <Button type="submit" loading={passwordForm.formState.isSubmitting}>
            {T.submit}
          </Button>
        </form>
      ) : (
        <form className={styles.form} onSubmit={submitCode} noValidate>
          {stage.kind === 'enroll' ? (
            <>
              <p className={styles.lead}>{T.enrollLead}</p>
              {/* eslint-disable-next-line @next/next/no-img-element -- an inline SVG data URL: nothing for next/image to optimise */}
              <img
                className={styles.qr}
                src={`data:image/svg+xml;utf8,${encodeURIComponent(stage.qr)}`}
                alt={T.qrAlt}
                width={200}
                height={200}
              />
              <p className={styles.secret}>
                {T.enrollSecret}: <code data-testid="totp-secret">{stage.secret}</code>
              </p>
            </>
          ) : (
            <p className={styles.lead}>{T.totpLead}</p>
          )}
          <TextInput
            label={T.totpLabel}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={codeForm.formState.errors.code?.message}
            {...codeForm.register('code')}
          />
          <Button type="submit" loading={codeForm.formState.isSubmitting}>
            {T.totpSubmit}
          </Button>
          <Button
            appearance="link"
            onClick={() => {
              setStage({ kind: 'password' });
              setError(null);
            }}
          >
            {T.back}
          </Button>
        </form>
      )}
    </div>
  );
}
