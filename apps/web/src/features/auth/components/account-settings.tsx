'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { Profile, SessionInfo } from '@freight/contracts';
import { formatDateTime } from '@freight/domain/dates';
import { formatPhone } from '@freight/domain/phone';
import { AUTH_TEXTS } from '@freight/domain/texts/auth';
import { AUTH_SCREEN_TEXTS } from '@freight/domain/texts/auth-screen';
import { Alert, Button, PhoneInput, TextInput } from '@/components/ui';
import { Modal } from '@/components/ui/modal';
import { identityApi, useSessionNavigation } from '../api/identity';
import { apiErrors, useSchemaPreload, validate, type FieldErrors } from '../lib/form';
import { CodeCaptcha } from './code-captcha';
import { CodeField, NewPasswordFields, PasswordField, ResendButton } from './fields';
import { usePhoneCode } from './use-phone-code';
import styles from './auth.module.css';

/** Small state bundle every settings form uses. */
function useFormState() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  return {
    errors,
    formError,
    success,
    loading,
    setErrors,
    start() {
      setErrors({});
      setFormError(null);
      setSuccess(null);
      setLoading(true);
    },
    fail(error: unknown, shown: string[]) {
      const result = apiErrors(error, shown);
      setErrors(result.fields);
      setFormError(result.form);
      setLoading(false);
    },
    done(message: string | null) {
      setSuccess(message);
      setLoading(false);
    },
  };
}

/**
 * /personal-account/settings: name, phone, e-mail, password, sessions, logout, account deletion.
 * `children` (sections of other features, composed by the page) come after the password.
 */
export function AccountSettings({
  profile,
  sessions,
  children,
}: {
  profile: Profile;
  sessions: SessionInfo[];
  children?: ReactNode;
}) {
  useSchemaPreload();
  return (
    <>
      <NameSection profile={profile} />
      <PhoneSection profile={profile} />
      <EmailSection profile={profile} />
      <PasswordSection />
      {children}
      <SessionsSection sessions={sessions} />
      <DeleteSection />
    </>
  );
}

function NameSection({ profile }: { profile: Profile }) {
  const router = useRouter();
  const [name, setName] = useState(profile.name ?? '');
  const form = useFormState();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = await validate('ChangeNameQuerySchema', { name });
    if (!parsed.ok) return form.setErrors(parsed.errors);
    form.start();
    try {
      const user = await identityApi.changeName(parsed.data.name);
      setName(user.name ?? '');
      form.done(AUTH_SCREEN_TEXTS.saved);
      router.refresh();
    } catch (error) {
      form.fail(error, ['name']);
    }
  }
  return (
    <section className={styles.section} aria-labelledby="name-h">
      <h2 id="name-h">{AUTH_SCREEN_TEXTS.nameSection}</h2>
      <form className={styles.sectionForm} onSubmit={submit} noValidate>
        <TextInput
          label={AUTH_SCREEN_TEXTS.name}
          autoComplete="name"
          value={name}
          onValueChange={setName}
          error={form.errors.name}
        />
        {form.formError ? <Alert variant="error">{form.formError}</Alert> : null}
        {form.success ? <Alert variant="success">{form.success}</Alert> : null}
        <div>
          <Button type="submit" loading={form.loading}>
            {AUTH_SCREEN_TEXTS.save}
          </Button>
        </div>
      </form>
    </section>
  );
}

function PhoneSection({ profile }: { profile: Profile }) {
  const router = useRouter();
  const flow = usePhoneCode('change_phone');
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [current, setCurrent] = useState(profile.phone);
  const form = useFormState();

  async function requestCode(event: FormEvent) {
    event.preventDefault();
    await flow.send({ password });
  }
  async function confirm(event: FormEvent) {
    event.preventDefault();
    const parsed = await validate('PhoneWithCodeSchema', { phone: flow.phone, code });
    if (!parsed.ok) return form.setErrors(parsed.errors);
    form.start();
    try {
      const user = await identityApi.changePhone(parsed.data);
      setCurrent(user.phone);
      setOpen(false);
      flow.reset();
      flow.setPhone('');
      setPassword('');
      setCode('');
      form.done(AUTH_SCREEN_TEXTS.phoneChanged);
      router.refresh();
    } catch (error) {
      form.fail(error, ['code']);
    }
  }

  const errors = { ...flow.errors, ...form.errors };
  return (
    <section className={styles.section} aria-labelledby="phone-h">
      <h2 id="phone-h">{AUTH_SCREEN_TEXTS.phoneSection}</h2>
      <p className={styles.value}>{current ? formatPhone(current) : '—'}</p>
      {form.success ? <Alert variant="success">{form.success}</Alert> : null}
      {!open ? (
        <Button appearance="secondary" onClick={() => setOpen(true)}>
          {AUTH_SCREEN_TEXTS.changePhone}
        </Button>
      ) : !flow.storedPhone ? (
        <form className={styles.sectionForm} onSubmit={requestCode} noValidate>
          <p className={styles.hint}>{AUTH_SCREEN_TEXTS.reauthHint}</p>
          <PasswordField
            label={AUTH_SCREEN_TEXTS.currentPassword}
            autoComplete="current-password"
            value={password}
            onValueChange={setPassword}
            error={errors.password}
          />
          <PhoneInput
            label={AUTH_SCREEN_TEXTS.newPhone}
            value={flow.phone}
            onValueChange={flow.setPhone}
            error={errors.phone}
          />
          <CodeCaptcha flow={flow} />
          {flow.formError ? <Alert variant="error">{flow.formError}</Alert> : null}
          <div className={styles.row}>
            <Button type="submit" loading={flow.sending}>
              {AUTH_SCREEN_TEXTS.getCode}
            </Button>
            <Button appearance="link" onClick={() => setOpen(false)}>
              {AUTH_SCREEN_TEXTS.cancel}
            </Button>
          </div>
        </form>
      ) : (
        <form className={styles.sectionForm} onSubmit={confirm} noValidate>
          <p className={styles.hint}>{AUTH_SCREEN_TEXTS.codeHint(formatPhone(flow.storedPhone))}</p>
          <CodeField value={code} onValueChange={setCode} error={errors.code} autoFocus />
          <CodeCaptcha flow={flow} />
          {(form.formError ?? flow.formError) ? (
            <Alert variant="error">{form.formError ?? flow.formError}</Alert>
          ) : null}
          <div className={styles.row}>
            <Button type="submit" loading={form.loading}>
              {AUTH_SCREEN_TEXTS.confirm}
            </Button>
            <ResendButton until={flow.resendAt} loading={flow.sending} onResend={() => void flow.send({ password })} />
          </div>
        </form>
      )}
    </section>
  );
}

function EmailSection({ profile }: { profile: Profile }) {
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(profile.pending_email);
  const form = useFormState();
  const codeForm = useFormState();

  async function change(event: FormEvent) {
    event.preventDefault();
    const parsed = await validate('ChangeEmailRequestSchema', { email });
    if (!parsed.ok) return form.setErrors(parsed.errors);
    form.start();
    try {
      // A first address is confirmed like at sign-up (link and code); a new one replaces the old by link.
      if (profile.email) await identityApi.changeEmail(parsed.data);
      else await identityApi.resendEmail(parsed.data);
      setPending(parsed.data.email);
      setEmail('');
      form.done(profile.email ? AUTH_SCREEN_TEXTS.emailChangeSent : AUTH_TEXTS.emailSent);
    } catch (error) {
      form.fail(error, ['email']);
    }
  }
  async function resend() {
    form.start();
    try {
      const result = await identityApi.resendEmail({});
      form.done(result.message);
    } catch (error) {
      form.fail(error, []);
    }
  }
  async function confirm(event: FormEvent) {
    event.preventDefault();
    const parsed = await validate('CodeSchema', code);
    if (!parsed.ok) return codeForm.setErrors({ code: parsed.errors._ ?? '' });
    codeForm.start();
    try {
      await identityApi.confirmEmail({ code: parsed.data });
      window.location.reload();
    } catch (error) {
      codeForm.fail(error, ['code']);
    }
  }

  return (
    <section className={styles.section} aria-labelledby="email-h">
      <h2 id="email-h">{AUTH_SCREEN_TEXTS.emailSection}</h2>
      <p className={styles.value}>
        {profile.email ?? <span className={styles.muted}>{AUTH_SCREEN_TEXTS.emailNone}</span>}
      </p>
      {pending ? <p className={styles.hint}>{AUTH_SCREEN_TEXTS.emailPending(pending)}</p> : null}
      {pending && !profile.email ? (
        <form className={styles.sectionForm} onSubmit={confirm} noValidate style={{ marginBlock: 'var(--space-3)' }}>
          <CodeField
            label={AUTH_SCREEN_TEXTS.emailCode}
            value={code}
            onValueChange={setCode}
            error={codeForm.errors.code}
          />
          {codeForm.formError ? <Alert variant="error">{codeForm.formError}</Alert> : null}
          <div className={styles.row}>
            <Button type="submit" loading={codeForm.loading}>
              {AUTH_SCREEN_TEXTS.confirmByCode}
            </Button>
            <Button appearance="link" onClick={() => void resend()}>
              {AUTH_SCREEN_TEXTS.resendConfirmation}
            </Button>
          </div>
        </form>
      ) : null}
      <form className={styles.sectionForm} onSubmit={change} noValidate>
        <TextInput
          label={profile.email ? AUTH_SCREEN_TEXTS.newEmail : AUTH_SCREEN_TEXTS.email}
          type="email"
          autoComplete="email"
          value={email}
          onValueChange={setEmail}
          error={form.errors.email}
        />
        {form.formError ? <Alert variant="error">{form.formError}</Alert> : null}
        {form.success ? <Alert variant="success">{form.success}</Alert> : null}
        <div>
          <Button type="submit" appearance="secondary" loading={form.loading}>
            {profile.email ? AUTH_SCREEN_TEXTS.emailChange : AUTH_SCREEN_TEXTS.sendConfirmation}
          </Button>
        </div>
      </form>
    </section>
  );
}

function PasswordSection() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const form = useFormState();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = await validate('ChangePasswordRequestSchema', { current_password: current, new_password: next });
    const found: FieldErrors = parsed.ok ? {} : parsed.errors;
    if (next !== repeat && !found.new_password) found.repeat = AUTH_TEXTS.passwordMismatch;
    if (!parsed.ok || found.repeat) return form.setErrors(found);
    form.start();
    try {
      await identityApi.changePassword(parsed.data);
      setCurrent('');
      setNext('');
      setRepeat('');
      form.done(AUTH_SCREEN_TEXTS.passwordChanged);
    } catch (error) {
      form.fail(error, ['current_password', 'new_password']);
    }
  }
  return (
    <section className={styles.section} aria-labelledby="password-h">
      <h2 id="password-h">{AUTH_SCREEN_TEXTS.passwordSection}</h2>
      <form className={styles.sectionForm} onSubmit={submit} noValidate>
        <PasswordField
          label={AUTH_SCREEN_TEXTS.currentPassword}
          autoComplete="current-password"
          value={current}
          onValueChange={setCurrent}
          error={form.errors.current_password}
        />
        <NewPasswordFields
          password={next}
          onPasswordChange={setNext}
          repeat={repeat}
          onRepeatChange={setRepeat}
          passwordError={form.errors.new_password}
          repeatError={form.errors.repeat}
        />
        {form.formError ? <Alert variant="error">{form.formError}</Alert> : null}
        {form.success ? <Alert variant="success">{form.success}</Alert> : null}
        <div>
          <Button type="submit" loading={form.loading}>
            {AUTH_SCREEN_TEXTS.changePassword}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** A readable browser name from a User-Agent string. */
function describeAgent(ua: string | null): string {
  if (!ua) return AUTH_SCREEN_TEXTS.unknownBrowser;
  const browser = /YaBrowser/.test(ua)
    ? 'Яндекс Браузер'
    : /Edg\//.test(ua)
      ? 'Edge'
      : /OPR\//.test(ua)
        ? 'Opera'
        : /Firefox\//.test(ua)
          ? 'Firefox'
          : /Chrome\/|Chromium\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : null;
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  if (!browser && !os) return ua.slice(0, 60);
  return [browser, os].filter(Boolean).join(', ');
}

function SessionsSection({ sessions }: { sessions: SessionInfo[] }) {
  const navigate = useSessionNavigation();
  const [list, setList] = useState(sessions);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function end(session: SessionInfo) {
    setBusy(session.id);
    setError(null);
    try {
      await identityApi.endSession(session.id);
      if (session.current) {
        navigate('/auth/sign-in');
        return;
      }
      setList((l) => l.filter((s) => s.id !== session.id));
    } catch (e) {
      setError(apiErrors(e, []).form);
    } finally {
      setBusy(null);
    }
  }
  return (
    <section className={styles.section} aria-labelledby="sessions-h">
      <h2 id="sessions-h">{AUTH_SCREEN_TEXTS.sessionsSection}</h2>
      <p className={styles.hint} style={{ marginBottom: 'var(--space-3)' }}>
        {AUTH_SCREEN_TEXTS.sessionsIntro}
      </p>
      {error ? <Alert variant="error">{error}</Alert> : null}
      <ul className={styles.sessions}>
        {list.map((s) => (
          <li key={s.id} className={styles.session}>
            <div>
              <p style={{ margin: 0 }}>
                {describeAgent(s.user_agent)}
                {s.current ? <span className={styles.badge}>{AUTH_SCREEN_TEXTS.thisSession}</span> : null}
              </p>
              <p className={styles.sessionMeta}>
                {s.ip ? `${s.ip} · ` : ''}
                {AUTH_SCREEN_TEXTS.sessionStarted}: {formatDateTime(s.created_at)} · {AUTH_SCREEN_TEXTS.sessionLastSeen}
                : {formatDateTime(s.last_seen_at)}
              </p>
            </div>
            <Button appearance="secondary" onClick={() => void end(s)} loading={busy === s.id}>
              {AUTH_SCREEN_TEXTS.endSession}
            </Button>
          </li>
        ))}
      </ul>
      <div className={styles.accountLinks}>
        <LogoutButton />
      </div>
    </section>
  );
}

/** Ends the session on the server (POST /user/logout), then reloads as an anonymous visitor. */
export function LogoutButton() {
  const navigate = useSessionNavigation();
  const [loading, setLoading] = useState(false);
  return (
    <Button
      appearance="secondary"
      loading={loading}
      onClick={() => {
        setLoading(true);
        identityApi
          .logout()
          .catch(() => undefined)
          .finally(() => navigate('/'));
      }}
    >
      {AUTH_SCREEN_TEXTS.logout}
    </Button>
  );
}

function DeleteSection() {
  const navigate = useSessionNavigation();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const form = useFormState();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = await validate('DeleteAccountRequestSchema', { password, confirmation });
    if (!parsed.ok) return form.setErrors(parsed.errors);
    form.start();
    try {
      await identityApi.deleteAccount({ password: parsed.data.password, confirmation: parsed.data.confirmation });
      navigate('/');
    } catch (error) {
      form.fail(error, ['password', 'confirmation']);
    }
  }
  return (
    <section className={`${styles.section} ${styles.danger}`} aria-labelledby="delete-h">
      <h2 id="delete-h">{AUTH_SCREEN_TEXTS.deleteSection}</h2>
      <p className={styles.hint} style={{ marginBottom: 'var(--space-3)' }}>
        {AUTH_SCREEN_TEXTS.deleteIntro}
      </p>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={AUTH_SCREEN_TEXTS.deleteTitle}
        description={AUTH_SCREEN_TEXTS.deleteIntro}
        trigger={<Button appearance="dangerous">{AUTH_SCREEN_TEXTS.deleteButton}</Button>}
      >
        <form className={styles.form} onSubmit={submit} noValidate>
          <PasswordField
            label={AUTH_SCREEN_TEXTS.currentPassword}
            autoComplete="current-password"
            value={password}
            onValueChange={setPassword}
            error={form.errors.password}
          />
          <TextInput
            label={AUTH_SCREEN_TEXTS.deleteConfirmLabel}
            value={confirmation}
            onValueChange={setConfirmation}
            error={form.errors.confirmation}
            autoComplete="off"
          />
          {form.formError ? <Alert variant="error">{form.formError}</Alert> : null}
          <div className={styles.row}>
            <Button type="submit" appearance="dangerous" loading={form.loading}>
              {AUTH_SCREEN_TEXTS.deleteConfirm}
            </Button>
            <Button appearance="link" onClick={() => setOpen(false)}>
              {AUTH_SCREEN_TEXTS.cancel}
            </Button>
          </div>
        </form>
      </Modal>
    </section>
  );
}
