'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { formatPhone } from '@freight/domain/phone';
import { AUTH_TEXTS } from '@freight/domain/texts/auth';
import { AUTH_SCREEN_TEXTS } from '@freight/domain/texts/auth-screen';
import { Alert, Button, PhoneInput, TextInput } from '@/components/ui';
import { Tabs } from '@/components/ui/tabs';
import { identityApi, useSessionNavigation } from '../api/identity';
import { apiErrors, useSchemaPreload, validate, type FieldErrors } from '../lib/form';
import { CodeCaptcha, CodeNoScript } from './code-captcha';
import { CodeField, NewPasswordFields, ResendButton } from './fields';
import { usePhoneCode } from './use-phone-code';
import styles from './auth.module.css';

type Method = 'phone' | 'email';

/** /auth/forgot-password: a new password by an SMS code, or a reset link by e-mail. */
export function ForgotPasswordForm() {
  useSchemaPreload();
  const [method, setMethod] = useState<Method>('phone');
  return (
    <div className={styles.card}>
      <h1>{AUTH_SCREEN_TEXTS.forgotTitle}</h1>
      <Tabs
        label={AUTH_SCREEN_TEXTS.forgotMethods}
        value={method}
        onValueChange={setMethod}
        items={[
          { value: 'phone', label: AUTH_SCREEN_TEXTS.forgotByPhone },
          { value: 'email', label: AUTH_SCREEN_TEXTS.forgotByEmail },
        ]}
        panelClassName={styles.tabPanel}
      >
        {method === 'phone' ? <ResetByPhone /> : <ResetByEmail />}
      </Tabs>
      <div className={styles.links}>
        <Link href="/auth/sign-in">{AUTH_SCREEN_TEXTS.signInLink}</Link>
      </div>
    </div>
  );
}

function ResetByPhone() {
  const navigate = useSessionNavigation();
  const flow = usePhoneCode('reset_password');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = await validate('ResetPasswordPhoneRequestSchema', {
      phone: flow.phone,
      code,
      new_password: password,
    });
    const found: FieldErrors = parsed.ok ? {} : parsed.errors;
    if (password !== repeat && !found.new_password) found.repeat = AUTH_TEXTS.passwordMismatch;
    if (!parsed.ok || found.repeat) return setErrors(found);
    setErrors({});
    setFormError(null);
    setLoading(true);
    try {
      await identityApi.resetByPhone(parsed.data);
      navigate('/personal-account');
    } catch (error) {
      const result = apiErrors(error, ['code', 'new_password']);
      setErrors(result.fields);
      setFormError(result.form);
      setLoading(false);
    }
  }

  if (!flow.storedPhone) {
    return (
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          void flow.send();
        }}
        noValidate
      >
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
  const shown = { ...flow.errors, ...errors };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.hint}>{AUTH_SCREEN_TEXTS.codeHint(formatPhone(flow.storedPhone))}</p>
      <CodeField value={code} onValueChange={setCode} error={shown.code} name="code" autoFocus />
      <NewPasswordFields
        password={password}
        onPasswordChange={setPassword}
        repeat={repeat}
        onRepeatChange={setRepeat}
        passwordError={shown.new_password}
        repeatError={shown.repeat}
      />
      <CodeCaptcha flow={flow} />
      {(formError ?? flow.formError) ? <Alert variant="error">{formError ?? flow.formError}</Alert> : null}
      <Button type="submit" size="large" fullWidth loading={loading}>
        {AUTH_SCREEN_TEXTS.savePassword}
      </Button>
      <ResendButton until={flow.resendAt} loading={flow.sending} onResend={() => void flow.send()} />
    </form>
  );
}

function ResetByEmail() {
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = await validate('ForgotPasswordRequestSchema', { email });
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    setFormError(null);
    setLoading(true);
    try {
      const result = await identityApi.forgotPassword(parsed.data);
      setSent(result.message);
    } catch (error) {
      const result = apiErrors(error, ['email']);
      setErrors(result.fields);
      setFormError(result.form);
    } finally {
      setLoading(false);
    }
  }

  if (sent) return <Alert variant="success">{sent}</Alert>;
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextInput
        label={AUTH_SCREEN_TEXTS.email}
        type="email"
        autoComplete="email"
        value={email}
        onValueChange={setEmail}
        error={errors.email}
        name="email"
      />
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <Button type="submit" size="large" fullWidth loading={loading}>
        {AUTH_SCREEN_TEXTS.sendLink}
      </Button>
    </form>
  );
}
