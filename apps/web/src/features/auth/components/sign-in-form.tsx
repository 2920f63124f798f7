'use client';

import { MESSAGES } from '@freight/domain/messages';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { PasswordSignInRequestSchema, PhoneWithCodeSchema } from '@freight/contracts';
import { formatPhone } from '@freight/domain';
import { Alert, Button } from '@/components/ui';
import { afterSignIn, identityApi, useSessionNavigation } from '../api/identity';
import { apiErrors, validate, type FieldErrors } from '../lib/form';
import { CodeField, PasswordField, PhoneField, ResendButton } from './fields';
import { Tabs } from './tabs';
import { usePhoneCode } from './use-phone-code';
import styles from './auth.module.css';

type Method = 'password' | 'code';

/** /auth/sign-in: by phone and password, or by a one-time SMS code (disposable authorization). */
export function SignInForm({ next }: { next: string | null }) {
  const [method, setMethod] = useState<Method>('password');
  return (
    <div className={styles.card}>
      <h1>{MESSAGES.authScreen.signInTitle}</h1>
      <Tabs
        label={MESSAGES.authScreen.signInMethods}
        value={method}
        onChange={setMethod}
        options={[
          { value: 'password', label: MESSAGES.authScreen.signInByPassword },
          { value: 'code', label: MESSAGES.authScreen.signInByCode },
        ]}
      />
      {method === 'password' ? <PasswordSignIn next={next} /> : <CodeSignIn next={next} />}
      <div className={styles.links}>
        <Link href="/auth/forgot-password">{MESSAGES.authScreen.forgotLink}</Link>
        <span>
          {MESSAGES.authScreen.noAccount} <Link href="/auth/sign-up">{MESSAGES.authScreen.signUpLink}</Link>
        </span>
      </div>
    </div>
  );
}

function PasswordSignIn({ next }: { next: string | null }) {
  const navigate = useSessionNavigation();
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = validate(PasswordSignInRequestSchema, { phone, password });
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    setFormError(null);
    setLoading(true);
    try {
      await identityApi.signIn(parsed.data);
      navigate(afterSignIn(next));
    } catch (error) {
      const result = apiErrors(error, ['phone']);
      setErrors(result.fields);
      setFormError(result.form);
      setLoading(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <PhoneField value={phone} onValueChange={setPhone} error={errors.phone} name="phone" />
      <PasswordField
        label={MESSAGES.authScreen.password}
        autoComplete="current-password"
        value={password}
        onValueChange={setPassword}
        error={errors.password}
        name="password"
      />
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <Button type="submit" size="large" fullWidth loading={loading}>
        {MESSAGES.authScreen.signIn}
      </Button>
    </form>
  );
}

function CodeSignIn({ next }: { next: string | null }) {
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
    const parsed = validate(PhoneWithCodeSchema, { phone: flow.phone, code });
    if (!parsed.ok) return flow.setErrors(parsed.errors);
    flow.setErrors({});
    flow.setFormError(null);
    setLoading(true);
    try {
      await identityApi.signInWithCode(parsed.data);
      navigate(afterSignIn(next));
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
        <PhoneField value={flow.phone} onValueChange={flow.setPhone} error={flow.errors.phone} name="phone" />
        {flow.formError ? <Alert variant="error">{flow.formError}</Alert> : null}
        <Button type="submit" size="large" fullWidth loading={flow.sending}>
          {MESSAGES.authScreen.getCode}
        </Button>
      </form>
    );
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.hint}>{MESSAGES.authScreen.codeHint(formatPhone(flow.storedPhone))}</p>
      <CodeField value={code} onValueChange={setCode} error={flow.errors.code} name="code" autoFocus />
      {flow.formError ? <Alert variant="error">{flow.formError}</Alert> : null}
      <Button type="submit" size="large" fullWidth loading={loading}>
        {MESSAGES.authScreen.signIn}
      </Button>
      <div className={styles.row}>
        <ResendButton until={flow.resendAt} loading={flow.sending} onResend={() => void flow.send()} />
        <Button appearance="link" onClick={flow.reset}>
          {MESSAGES.authScreen.changePhoneNumber}
        </Button>
      </div>
    </form>
  );
}
