'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { formatPhone } from '@freight/domain/phone';
import { withNext } from '@freight/domain/safe-redirect';
import { AUTH_SCREEN_TEXTS } from '@freight/domain/texts/auth-screen';
import { Alert, Button, PhoneInput } from '@/components/ui';
import { Tabs } from '@/components/ui/tabs';
import { identityApi, useSessionNavigation } from '../api/identity';
import { apiErrors, useSchemaPreload, validate, type FieldErrors } from '../lib/form';
import { CodeCaptcha, CodeNoScript } from './code-captcha';
import { CodeField, PasswordField, ResendButton } from './fields';
import { usePhoneCode } from './use-phone-code';
import styles from './auth.module.css';

type Method = 'password' | 'code';

/**
 * /auth/sign-in: by phone and password, or by a one-time SMS code (disposable authorization).
 * `next` is where to go afterwards, already checked by safeNextPath (packages/domain) on the page.
 */
export function SignInForm({ next }: { next: string }) {
  useSchemaPreload();
  const [method, setMethod] = useState<Method>('password');
  return (
    <div className={styles.card}>
      <h1>{AUTH_SCREEN_TEXTS.signInTitle}</h1>
      <Tabs
        label={AUTH_SCREEN_TEXTS.signInMethods}
        value={method}
        onValueChange={setMethod}
        items={[
          { value: 'password', label: AUTH_SCREEN_TEXTS.signInByPassword },
          { value: 'code', label: AUTH_SCREEN_TEXTS.signInByCode },
        ]}
        panelClassName={styles.tabPanel}
      >
        {method === 'password' ? <PasswordSignIn next={next} /> : <CodeSignIn next={next} />}
      </Tabs>
      <div className={styles.links}>
        <Link href="/auth/forgot-password">{AUTH_SCREEN_TEXTS.forgotLink}</Link>
        <span>
          {AUTH_SCREEN_TEXTS.noAccount}{' '}
          <Link href={withNext('/auth/sign-up', next)}>{AUTH_SCREEN_TEXTS.signUpLink}</Link>
        </span>
      </div>
    </div>
  );
}

function PasswordSignIn({ next }: { next: string }) {
  const navigate = useSessionNavigation();
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = await validate('PasswordSignInRequestSchema', { phone, password });
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    setFormError(null);
    setLoading(true);
    try {
      await identityApi.signIn(parsed.data);
      navigate(next);
    } catch (error) {
      const result = apiErrors(error, ['phone']);
      setErrors(result.fields);
      setFormError(result.form);
      setLoading(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <PhoneInput value={phone} onValueChange={setPhone} error={errors.phone} name="phone" />
      <PasswordField
        label={AUTH_SCREEN_TEXTS.password}
        autoComplete="current-password"
        value={password}
        onValueChange={setPassword}
        error={errors.password}
        name="password"
      />
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <Button type="submit" size="large" fullWidth loading={loading}>
        {AUTH_SCREEN_TEXTS.signIn}
      </Button>
    </form>
  );
}

function CodeSignIn({ next }: { next: string }) {
  const navigate = useSessionNavigation();
  const flow = usePhoneCode('sign_in');
  const [code, setCode] = useState('');
  const [loading, setLoading] = useState(false);

  async function requestCode(event: FormEvent) {
    event.preventDefault();
    await flow.send();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = await validate('PhoneWithCodeSchema', { phone: flow.phone, code });
    if (!parsed.ok) return flow.setErrors(parsed.errors);
    flow.setErrors({});
    flow.setFormError(null);
    setLoading(true);
    try {
      await identityApi.signInWithCode(parsed.data);
      navigate(next);
    } catch (error) {
      const result = apiErrors(error, ['code']);
      flow.setErrors(result.fields);
      flow.setFormError(result.form);
      setLoading(false);
    }
  }

  if (!flow.storedPhone) {
    return (
      <form className={styles.form} onSubmit={requestCode} noValidate>
        <PhoneInput value={flow.phone} onValueChange={flow.setPhone} error={flow.errors.phone} name="phone" />
        <CodeNoScript />
        <CodeCaptcha flow={flow} />
        {flow.formError ? <Alert variant="error">{flow.formError}</Alert> : null}
        <Button type="submit" size="large" fullWidth loading={flow.sending}>
          {AUTH_SCREEN_TEXTS.getCode}
        </Button>
      </form>
    );
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.hint}>{AUTH_SCREEN_TEXTS.codeHint(formatPhone(flow.storedPhone))}</p>
      <CodeField value={code} onValueChange={setCode} error={flow.errors.code} name="code" autoFocus />
      <CodeCaptcha flow={flow} />
      {flow.formError ? <Alert variant="error">{flow.formError}</Alert> : null}
      <Button type="submit" size="large" fullWidth loading={loading}>
        {AUTH_SCREEN_TEXTS.signIn}
      </Button>
      <div className={styles.row}>
        <ResendButton until={flow.resendAt} loading={flow.sending} onResend={() => void flow.send()} />
        <Button appearance="link" onClick={flow.reset}>
          {AUTH_SCREEN_TEXTS.changePhoneNumber}
        </Button>
      </div>
    </form>
  );
}
