'use client';

import { Link } from '@/components/ui/link';
import { useRouter } from 'next/navigation';
import { DEFAULT_NEXT_PATH, withNext } from '@freight/domain/safe-redirect';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { formatPhone } from '@freight/domain/phone';
import { AUTH_SCREEN_TEXTS } from '@freight/domain/texts/auth-screen';
import { ConsentCheckbox } from '@/components/consent/consent-checkbox';
import { Button, TextInput } from '@/components/ui';
import { identityApi, useSessionNavigation } from '../api/identity';
import { setApiErrors, useAuthForm, useSchemaPreload } from '../lib/form';
import { CodeCaptcha } from './code-captcha';
import { CodeField, FormError, PasswordField, ResendButton } from './fields';
import { PhoneStep } from './phone-step';
import { usePhoneCode } from './use-phone-code';
import styles from './auth.module.css';

/** The steps after the phone one (which shows while no code was sent). */
type Step = 'code' | 'details' | 'email';

/**
 * /auth/sign-up: phone → SMS code → name, password, optional e-mail and consent → (optional)
 * e-mail confirmation by the code from the mail → `next` (checked by safeNextPath on the page:
 * the personal account, or e.g. the team invitation the visitor came from).
 */
export function SignUpForm({ next = DEFAULT_NEXT_PATH }: { next?: string }) {
  useSchemaPreload();
  const navigate = useSessionNavigation();
  const router = useRouter();
  const codeForm = useAuthForm('PhoneWithCodeSchema', { phone: '', code: '' });
  const flow = usePhoneCode('registration', codeForm);
  const [step, setStep] = useState<Step>('code');
  const [sentTo, setSentTo] = useState('');
  const { errors, isSubmitting } = codeForm.formState;

  const confirmCode = codeForm.handleSubmit(async (body) => {
    try {
      await identityApi.confirmPhone(body);
      setStep('details');
    } catch (error) {
      setApiErrors(codeForm, error, ['code']);
    }
  });

  const registered = (email: string | undefined) => {
    if (!email) return navigate(next);
    setSentTo(email);
    setStep('email');
    // Signed in now: the header should show the name while the e-mail step is open.
    router.refresh();
  };

  return (
    <div className={styles.card}>
      <h1>{step === 'email' ? AUTH_SCREEN_TEXTS.emailStepTitle : AUTH_SCREEN_TEXTS.signUpTitle}</h1>
      {!flow.storedPhone ? (
        <>
          <PhoneStep flow={flow} intro={<p className={styles.step}>{AUTH_SCREEN_TEXTS.signUpStepPhone}</p>} />
          <div className={styles.links}>
            <span>
              {AUTH_SCREEN_TEXTS.haveAccount}{' '}
              <Link href={withNext('/auth/sign-in', next)}>{AUTH_SCREEN_TEXTS.signInLink}</Link>
            </span>
          </div>
        </>
      ) : step === 'code' ? (
        <form className={styles.form} onSubmit={confirmCode} noValidate>
          <p className={styles.step}>{AUTH_SCREEN_TEXTS.signUpStepCode}</p>
          <p className={styles.hint}>{AUTH_SCREEN_TEXTS.codeHint(formatPhone(flow.storedPhone))}</p>
          <CodeField {...codeForm.register('code')} error={errors.code?.message} autoFocus />
          <CodeCaptcha flow={flow} />
          <FormError errors={errors} />
          <Button type="submit" size="large" fullWidth loading={isSubmitting}>
            {AUTH_SCREEN_TEXTS.confirm}
          </Button>
          <div className={styles.row}>
            <ResendButton until={flow.resendAt} loading={flow.sending} onResend={() => void flow.resend()} />
            <Button appearance="link" onClick={flow.reset}>
              {AUTH_SCREEN_TEXTS.changePhoneNumber}
            </Button>
          </div>
        </form>
      ) : step === 'details' ? (
        <DetailsStep onRegistered={registered} />
      ) : (
        <EmailStep sentTo={sentTo} next={next} />
      )}
    </div>
  );
}

/** Name, password, optional e-mail and the consent: the registration itself. */
function DetailsStep({ onRegistered }: { onRegistered: (email: string | undefined) => void }) {
  const form = useAuthForm('RegistrationRequestSchema', { name: '', password: '', email: '', consent: false });
  const { errors, isSubmitting, isSubmitSuccessful } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    try {
      await identityApi.register(body);
      onRegistered(body.email);
    } catch (error) {
      setApiErrors(form, error, ['name', 'password', 'email', 'consent']);
    }
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.step}>{AUTH_SCREEN_TEXTS.signUpStepDetails}</p>
      <TextInput
        label={AUTH_SCREEN_TEXTS.name}
        autoComplete="name"
        {...form.register('name')}
        error={errors.name?.message}
      />
      <PasswordField
        label={AUTH_SCREEN_TEXTS.password}
        autoComplete="new-password"
        {...form.register('password')}
        error={errors.password?.message}
        aria-describedby="password-hint"
      />
      <p id="password-hint" className={styles.hint}>
        {AUTH_SCREEN_TEXTS.passwordHint}
      </p>
      <TextInput
        label={AUTH_SCREEN_TEXTS.emailOptional}
        type="email"
        autoComplete="email"
        {...form.register('email')}
        error={errors.email?.message}
      />
      <ConsentCheckbox
        {...form.register('consent')}
        error={errors.consent?.message}
        suffix={AUTH_SCREEN_TEXTS.consentSuffix}
      />
      <FormError errors={errors} />
      <Button type="submit" size="large" fullWidth loading={isSubmitting || isSubmitSuccessful}>
        {AUTH_SCREEN_TEXTS.register}
      </Button>
    </form>
  );
}

/** The code from the confirmation mail, or «Пропустить» on to `next`. */
function EmailStep({ sentTo, next }: { sentTo: string; next: string }) {
  const navigate = useSessionNavigation();
  const form = useAuthForm('EmailConfirmationRequestSchema', { code: '' });
  const { errors, isSubmitting, isSubmitSuccessful } = form.formState;
  // Controlled, so the input keeps its own name («email-code», not the SMS step's «code»).
  const { field } = useController({ control: form.control, name: 'code' });

  const submit = form.handleSubmit(async (body) => {
    try {
      await identityApi.confirmEmail(body);
      navigate(next);
    } catch (error) {
      setApiErrors(form, error, ['code']);
    }
  });

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.hint}>{AUTH_SCREEN_TEXTS.emailStepText(sentTo)}</p>
      <CodeField label={AUTH_SCREEN_TEXTS.emailCode} {...field} name="email-code" error={errors.code?.message} />
      <FormError errors={errors} />
      <Button type="submit" size="large" fullWidth loading={isSubmitting || isSubmitSuccessful}>
        {AUTH_SCREEN_TEXTS.confirm}
      </Button>
      <Button appearance="secondary" fullWidth href={next}>
        {AUTH_SCREEN_TEXTS.skip}
      </Button>
    </form>
  );
}
