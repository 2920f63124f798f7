'use client';

import { Link } from '@/components/ui/link';
import { useState } from 'react';
import { formatPhone } from '@freight/domain/phone';
import { AUTH_SCREEN_TEXTS } from '@freight/domain/texts/auth-screen';
import { Alert, Button, TextInput } from '@/components/ui';
import { Tabs } from '@/components/ui/tabs';
import { identityApi, useSessionNavigation } from '../api/identity';
import { setApiErrors, useAuthForm, useSchemaPreload } from '../lib/form';
import { CodeCaptcha } from './code-captcha';
import { CodeField, FormError, NewPasswordFields, ResendButton } from './fields';
import { PhoneStep } from './phone-step';
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
  const form = useAuthForm('ResetByPhoneFormSchema', { phone: '', code: '', new_password: '', repeat: '' });
  const flow = usePhoneCode('reset_password', form);
  const { errors, isSubmitting, isSubmitSuccessful } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    try {
      await identityApi.resetByPhone(body);
      navigate('/personal-account');
    } catch (error) {
      setApiErrors(form, error, ['code', 'new_password']);
    }
  });

  if (!flow.storedPhone) return <PhoneStep flow={flow} />;
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.hint}>{AUTH_SCREEN_TEXTS.codeHint(formatPhone(flow.storedPhone))}</p>
      <CodeField {...form.register('code')} error={errors.code?.message} autoFocus />
      <NewPasswordFields
        password={form.register('new_password')}
        repeat={form.register('repeat')}
        passwordError={errors.new_password?.message}
        repeatError={errors.repeat?.message}
      />
      <CodeCaptcha flow={flow} />
      <FormError errors={errors} />
      <Button type="submit" size="large" fullWidth loading={isSubmitting || isSubmitSuccessful}>
        {AUTH_SCREEN_TEXTS.savePassword}
      </Button>
      <ResendButton until={flow.resendAt} loading={flow.sending} onResend={() => void flow.resend()} />
    </form>
  );
}

function ResetByEmail() {
  const form = useAuthForm('ForgotPasswordRequestSchema', { email: '' });
  const { errors, isSubmitting } = form.formState;
  const [sent, setSent] = useState<string | null>(null);

  const submit = form.handleSubmit(async (body) => {
    try {
      const result = await identityApi.forgotPassword(body);
      setSent(result.message);
    } catch (error) {
      setApiErrors(form, error, ['email']);
    }
  });

  if (sent) return <Alert variant="success">{sent}</Alert>;
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextInput
        label={AUTH_SCREEN_TEXTS.email}
        type="email"
        autoComplete="email"
        {...form.register('email')}
        error={errors.email?.message}
      />
      <FormError errors={errors} />
      <Button type="submit" size="large" fullWidth loading={isSubmitting}>
        {AUTH_SCREEN_TEXTS.sendLink}
      </Button>
    </form>
  );
}
