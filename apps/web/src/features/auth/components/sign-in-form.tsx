'use client';

import { Link } from '@/components/ui/link';
import { useState } from 'react';
import { formatPhone } from '@freight/domain/phone';
import { withNext } from '@freight/domain/safe-redirect';
import { AUTH_SCREEN_TEXTS } from '@freight/domain/texts/auth-screen';
import { Button, PhoneInput } from '@/components/ui';
import { Tabs } from '@/components/ui/tabs';
import { identityApi, useSessionNavigation } from '../api/identity';
import { setApiErrors, useAuthForm, useSchemaPreload } from '../lib/form';
import { CodeCaptcha } from './code-captcha';
import { CodeField, FormError, PasswordField, ResendButton } from './fields';
import { PhoneStep } from './phone-step';
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
  const form = useAuthForm('PasswordSignInRequestSchema', { phone: '', password: '' });
  const { errors, isSubmitting, isSubmitSuccessful } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    try {
      await identityApi.signIn(body);
      navigate(next);
    } catch (error) {
      setApiErrors(form, error, ['phone']);
    }
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <PhoneInput {...form.register('phone')} error={errors.phone?.message} />
      <PasswordField
        label={AUTH_SCREEN_TEXTS.password}
        autoComplete="current-password"
        {...form.register('password')}
        error={errors.password?.message}
      />
      <FormError errors={errors} />
      <Button type="submit" size="large" fullWidth loading={isSubmitting || isSubmitSuccessful}>
        {AUTH_SCREEN_TEXTS.signIn}
      </Button>
    </form>
  );
}

function CodeSignIn({ next }: { next: string }) {
  const navigate = useSessionNavigation();
  const form = useAuthForm('PhoneWithCodeSchema', { phone: '', code: '' });
  const flow = usePhoneCode('sign_in', form);
  const { errors, isSubmitting, isSubmitSuccessful } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    try {
      await identityApi.signInWithCode(body);
      navigate(next);
    } catch (error) {
      setApiErrors(form, error, ['code']);
    }
  });

  if (!flow.storedPhone) return <PhoneStep flow={flow} />;
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.hint}>{AUTH_SCREEN_TEXTS.codeHint(formatPhone(flow.storedPhone))}</p>
      <CodeField {...form.register('code')} error={errors.code?.message} autoFocus />
      <CodeCaptcha flow={flow} />
      <FormError errors={errors} />
      <Button type="submit" size="large" fullWidth loading={isSubmitting || isSubmitSuccessful}>
        {AUTH_SCREEN_TEXTS.signIn}
      </Button>
      <div className={styles.row}>
        <ResendButton until={flow.resendAt} loading={flow.sending} onResend={() => void flow.resend()} />
        <Button appearance="link" onClick={flow.reset}>
          {AUTH_SCREEN_TEXTS.changePhoneNumber}
        </Button>
      </div>
    </form>
  );
}
