'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { DEFAULT_NEXT_PATH, withNext } from '@freight/domain/safe-redirect';
import { useState, type FormEvent } from 'react';
import { formatPhone } from '@freight/domain/phone';
import { AUTH_TEXTS } from '@freight/domain/texts/auth';
import { AUTH_SCREEN_TEXTS } from '@freight/domain/texts/auth-screen';
import { ConsentCheckbox } from '@/components/consent/consent-checkbox';
import { Alert, Button, PhoneInput, TextInput } from '@/components/ui';
import { identityApi, useSessionNavigation } from '../api/identity';
import { apiErrors, useSchemaPreload, validate, type FieldErrors } from '../lib/form';
import { CodeCaptcha, CodeNoScript } from './code-captcha';
import { CodeField, PasswordField, ResendButton } from './fields';
import { usePhoneCode } from './use-phone-code';
import styles from './auth.module.css';

type Step = 'phone' | 'code' | 'details' | 'email';

/**
 * /auth/sign-up: phone → SMS code → name, password, optional e-mail and consent → (optional)
 * e-mail confirmation by the code from the mail → `next` (checked by safeNextPath on the page:
 * the personal account, or e.g. the team invitation the visitor came from).
 */
export function SignUpForm({ next = DEFAULT_NEXT_PATH }: { next?: string }) {
  useSchemaPreload();
  const navigate = useSessionNavigation();
  const router = useRouter();
  const flow = usePhoneCode('registration');
  const [step, setStep] = useState<Step>('phone');
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const [emailCode, setEmailCode] = useState('');
  const [sentTo, setSentTo] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const fail = (error: unknown, shown: string[]) => {
    const result = apiErrors(error, shown);
    setErrors(result.fields);
    setFormError(result.form);
  };

  async function sendCode(event: FormEvent) {
    event.preventDefault();
    if (await flow.send()) setStep('code');
  }

  /** After a failed CAPTCHA: the same code request again, moving on to the code step once sent. */
  const retryCaptcha = () => void flow.retryCaptcha().then((sent) => sent && setStep('code'));

  async function confirmCode(event: FormEvent) {
    event.preventDefault();
    const parsed = await validate('PhoneWithCodeSchema', { phone: flow.phone, code });
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    setFormError(null);
    setLoading(true);
    try {
      await identityApi.confirmPhone(parsed.data);
      setStep('details');
    } catch (error) {
      fail(error, ['code']);
    } finally {
      setLoading(false);
    }
  }

  async function register(event: FormEvent) {
    event.preventDefault();
    const parsed = await validate('RegistrationRequestSchema', {
      name,
      password,
      email,
      consent: consent || undefined,
    });
    if (!parsed.ok) {
      return setErrors(consent ? parsed.errors : { ...parsed.errors, consent: AUTH_TEXTS.consentRequired });
    }
    setErrors({});
    setFormError(null);
    setLoading(true);
    try {
      await identityApi.register(parsed.data);
      if (parsed.data.email) {
        setSentTo(parsed.data.email);
        setStep('email');
        // Signed in now: the header should show the name while the e-mail step is open.
        router.refresh();
        setLoading(false);
      } else {
        navigate(next);
      }
    } catch (error) {
      fail(error, ['name', 'password', 'email', 'consent']);
      setLoading(false);
    }
  }

  async function confirmEmail(event: FormEvent) {
    event.preventDefault();
    const parsed = await validate('CodeSchema', emailCode);
    if (!parsed.ok) return setErrors({ code: parsed.errors._ ?? '' });
    setErrors({});
    setFormError(null);
    setLoading(true);
    try {
      await identityApi.confirmEmail({ code: parsed.data });
      navigate(next);
    } catch (error) {
      fail(error, ['code']);
      setLoading(false);
    }
  }

  const allErrors = { ...flow.errors, ...errors };
  const shownFormError = formError ?? flow.formError;

  return (
    <div className={styles.card}>
      <h1>{step === 'email' ? AUTH_SCREEN_TEXTS.emailStepTitle : AUTH_SCREEN_TEXTS.signUpTitle}</h1>
      {step === 'phone' ? (
        <form className={styles.form} onSubmit={sendCode} noValidate>
          <p className={styles.step}>{AUTH_SCREEN_TEXTS.signUpStepPhone}</p>
          <PhoneInput value={flow.phone} onValueChange={flow.setPhone} error={allErrors.phone} name="phone" />
          <CodeNoScript />
          <CodeCaptcha flow={flow} onRetry={retryCaptcha} />
          {shownFormError ? <Alert variant="error">{shownFormError}</Alert> : null}
          <Button type="submit" size="large" fullWidth loading={flow.sending}>
            {AUTH_SCREEN_TEXTS.getCode}
          </Button>
        </form>
      ) : null}

      {step === 'code' && flow.storedPhone ? (
        <form className={styles.form} onSubmit={confirmCode} noValidate>
          <p className={styles.step}>{AUTH_SCREEN_TEXTS.signUpStepCode}</p>
          <p className={styles.hint}>{AUTH_SCREEN_TEXTS.codeHint(formatPhone(flow.storedPhone))}</p>
          <CodeField value={code} onValueChange={setCode} error={allErrors.code} name="code" autoFocus />
          <CodeCaptcha flow={flow} onRetry={retryCaptcha} />
          {shownFormError ? <Alert variant="error">{shownFormError}</Alert> : null}
          <Button type="submit" size="large" fullWidth loading={loading}>
            {AUTH_SCREEN_TEXTS.confirm}
          </Button>
          <div className={styles.row}>
            <ResendButton until={flow.resendAt} loading={flow.sending} onResend={() => void flow.send()} />
            <Button
              appearance="link"
              onClick={() => {
                flow.reset();
                setCode('');
                setStep('phone');
              }}
            >
              {AUTH_SCREEN_TEXTS.changePhoneNumber}
            </Button>
          </div>
        </form>
      ) : null}

      {step === 'details' ? (
        <form className={styles.form} onSubmit={register} noValidate>
          <p className={styles.step}>{AUTH_SCREEN_TEXTS.signUpStepDetails}</p>
          <TextInput
            label={AUTH_SCREEN_TEXTS.name}
            autoComplete="name"
            value={name}
            onValueChange={setName}
            error={errors.name}
            name="name"
          />
          <PasswordField
            label={AUTH_SCREEN_TEXTS.password}
            autoComplete="new-password"
            value={password}
            onValueChange={setPassword}
            error={errors.password}
            aria-describedby="password-hint"
            name="password"
          />
          <p id="password-hint" className={styles.hint}>
            {AUTH_SCREEN_TEXTS.passwordHint}
          </p>
          <TextInput
            label={AUTH_SCREEN_TEXTS.emailOptional}
            type="email"
            autoComplete="email"
            value={email}
            onValueChange={setEmail}
            error={errors.email}
            name="email"
          />
          <ConsentCheckbox
            name="consent"
            checked={consent}
            onCheckedChange={setConsent}
            error={errors.consent}
            suffix={AUTH_SCREEN_TEXTS.consentSuffix}
          />
          {shownFormError ? <Alert variant="error">{shownFormError}</Alert> : null}
          <Button type="submit" size="large" fullWidth loading={loading}>
            {AUTH_SCREEN_TEXTS.register}
          </Button>
        </form>
      ) : null}

      {step === 'email' ? (
        <form className={styles.form} onSubmit={confirmEmail} noValidate>
          <p className={styles.hint}>{AUTH_SCREEN_TEXTS.emailStepText(sentTo)}</p>
          <CodeField
            label={AUTH_SCREEN_TEXTS.emailCode}
            value={emailCode}
            onValueChange={setEmailCode}
            error={errors.code}
            name="email-code"
          />
          {formError ? <Alert variant="error">{formError}</Alert> : null}
          <Button type="submit" size="large" fullWidth loading={loading}>
            {AUTH_SCREEN_TEXTS.confirm}
          </Button>
          <Button appearance="secondary" fullWidth href={next}>
            {AUTH_SCREEN_TEXTS.skip}
          </Button>
        </form>
      ) : null}

      {step === 'phone' ? (
        <div className={styles.links}>
          <span>
            {AUTH_SCREEN_TEXTS.haveAccount}{' '}
            <Link href={withNext('/auth/sign-in', next)}>{AUTH_SCREEN_TEXTS.signInLink}</Link>
          </span>
        </div>
      ) : null}
    </div>
  );
}
