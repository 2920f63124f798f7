'use client';

import { useRouter } from 'next/navigation';
import { useState, type ReactNode } from 'react';
import { useController } from 'react-hook-form';
import type { Profile, SessionInfo } from '@freight/contracts';
import { formatDateTime } from '@freight/domain/dates';
import { formatPhone } from '@freight/domain/phone';
import { AUTH_TEXTS } from '@freight/domain/texts/auth';
import { AUTH_SCREEN_TEXTS } from '@freight/domain/texts/auth-screen';
import { Alert, Badge, Button, PhoneInput, TextInput } from '@/components/ui';
import { Modal } from '@/components/ui/modal';
import { identityApi, useSessionNavigation } from '../api/identity';
import { apiErrors, setApiErrors, useAuthForm, useSchemaPreload } from '../lib/form';
import { CodeCaptcha } from './code-captcha';
import { CodeField, FormError, NewPasswordFields, PasswordField, ResendButton } from './fields';
import { usePhoneCode } from './use-phone-code';
import styles from './auth.module.css';

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
  const form = useAuthForm('ChangeNameQuerySchema', { name: profile.name ?? '' });
  const { errors, isSubmitting, isSubmitSuccessful } = form.formState;

  const submit = form.handleSubmit(async ({ name }) => {
    try {
      const user = await identityApi.changeName(name);
      form.setValue('name', user.name ?? '');
      router.refresh();
    } catch (error) {
      setApiErrors(form, error, ['name']);
    }
  });

  return (
    <section className={styles.section} aria-labelledby="name-h">
      <h2 id="name-h">{AUTH_SCREEN_TEXTS.nameSection}</h2>
      <form className={styles.sectionForm} onSubmit={submit} noValidate>
        <TextInput
          label={AUTH_SCREEN_TEXTS.name}
          autoComplete="name"
          {...form.register('name')}
          defaultValue={profile.name ?? ''}
          error={errors.name?.message}
        />
        <FormError errors={errors} />
        {isSubmitSuccessful ? <Alert variant="success">{AUTH_SCREEN_TEXTS.saved}</Alert> : null}
        <div>
          <Button type="submit" loading={isSubmitting}>
            {AUTH_SCREEN_TEXTS.save}
          </Button>
        </div>
      </form>
    </section>
  );
}

function PhoneSection({ profile }: { profile: Profile }) {
  const [current, setCurrent] = useState(profile.phone);
  const [open, setOpen] = useState(false);
  const [changed, setChanged] = useState(false);
  return (
    <section className={styles.section} aria-labelledby="phone-h">
      <h2 id="phone-h">{AUTH_SCREEN_TEXTS.phoneSection}</h2>
      <p className={styles.value}>{current ? formatPhone(current) : '—'}</p>
      {changed ? <Alert variant="success">{AUTH_SCREEN_TEXTS.phoneChanged}</Alert> : null}
      {open ? (
        <ChangePhone
          onChanged={(phone) => {
            setCurrent(phone);
            setOpen(false);
            setChanged(true);
          }}
          onCancel={() => setOpen(false)}
        />
      ) : (
        <Button
          appearance="secondary"
          onClick={() => {
            setOpen(true);
            setChanged(false);
          }}
        >
          {AUTH_SCREEN_TEXTS.changePhone}
        </Button>
      )}
    </section>
  );
}

/** The current password and the new phone, then the code sent to it. Closing it forgets both. */
function ChangePhone({ onChanged, onCancel }: { onChanged: (phone: string | null) => void; onCancel: () => void }) {
  const router = useRouter();
  const form = useAuthForm('PhoneWithCodeSchema', { phone: '', code: '' });
  const flow = usePhoneCode('change_phone', form);
  const { errors, isSubmitting } = form.formState;
  const phoneStep = flow.phoneForm;

  const confirm = form.handleSubmit(async (body) => {
    try {
      const user = await identityApi.changePhone(body);
      onChanged(user.phone);
      router.refresh();
    } catch (error) {
      setApiErrors(form, error, ['code']);
    }
  });

  if (!flow.storedPhone) {
    return (
      <form className={styles.sectionForm} onSubmit={flow.requestCode} noValidate>
        <p className={styles.hint}>{AUTH_SCREEN_TEXTS.reauthHint}</p>
        <PasswordField
          label={AUTH_SCREEN_TEXTS.currentPassword}
          autoComplete="current-password"
          {...phoneStep.register('password')}
          error={phoneStep.formState.errors.password?.message}
        />
        <PhoneInput
          label={AUTH_SCREEN_TEXTS.newPhone}
          {...phoneStep.register('phone')}
          error={phoneStep.formState.errors.phone?.message}
        />
        <CodeCaptcha flow={flow} />
        <FormError errors={phoneStep.formState.errors} />
        <div className={styles.row}>
          <Button type="submit" loading={flow.sending}>
            {AUTH_SCREEN_TEXTS.getCode}
          </Button>
          <Button appearance="link" onClick={onCancel}>
            {AUTH_SCREEN_TEXTS.cancel}
          </Button>
        </div>
      </form>
    );
  }
  return (
    <form className={styles.sectionForm} onSubmit={confirm} noValidate>
      <p className={styles.hint}>{AUTH_SCREEN_TEXTS.codeHint(formatPhone(flow.storedPhone))}</p>
      <CodeField {...form.register('code')} error={errors.code?.message} autoFocus />
      <CodeCaptcha flow={flow} />
      <FormError errors={errors} />
      <div className={styles.row}>
        <Button type="submit" loading={isSubmitting}>
          {AUTH_SCREEN_TEXTS.confirm}
        </Button>
        <ResendButton until={flow.resendAt} loading={flow.sending} onResend={() => void flow.resend()} />
      </div>
    </form>
  );
}

function EmailSection({ profile }: { profile: Profile }) {
  const [pending, setPending] = useState(profile.pending_email);
  const [success, setSuccess] = useState<string | null>(null);
  const form = useAuthForm('ChangeEmailRequestSchema', { email: '' });
  // Controlled: the field is emptied (reset) once a change is sent, and its clear button follows.
  const { field: email } = useController({ control: form.control, name: 'email' });
  const codeForm = useAuthForm('EmailConfirmationRequestSchema', { code: '' });

  const change = form.handleSubmit(async (body) => {
    setSuccess(null);
    try {
      // A first address is confirmed like at sign-up (link and code); a new one replaces the old by link.
      if (profile.email) await identityApi.changeEmail(body);
      else await identityApi.resendEmail(body);
      setPending(body.email);
      form.reset();
      setSuccess(profile.email ? AUTH_SCREEN_TEXTS.emailChangeSent : AUTH_TEXTS.emailSent);
    } catch (error) {
      setApiErrors(form, error, ['email']);
    }
  });
  async function resend() {
    setSuccess(null);
    form.clearErrors();
    try {
      const result = await identityApi.resendEmail({});
      setSuccess(result.message);
    } catch (error) {
      setApiErrors(form, error, []);
    }
  }
  const confirm = codeForm.handleSubmit(async (body) => {
    try {
      await identityApi.confirmEmail(body);
      window.location.reload();
    } catch (error) {
      setApiErrors(codeForm, error, ['code']);
    }
  });

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
            {...codeForm.register('code')}
            error={codeForm.formState.errors.code?.message}
          />
          <FormError errors={codeForm.formState.errors} />
          <div className={styles.row}>
            <Button type="submit" loading={codeForm.formState.isSubmitting || codeForm.formState.isSubmitSuccessful}>
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
          {...email}
          error={form.formState.errors.email?.message}
        />
        <FormError errors={form.formState.errors} />
        {success ? <Alert variant="success">{success}</Alert> : null}
        <div>
          <Button type="submit" appearance="secondary" loading={form.formState.isSubmitting}>
            {profile.email ? AUTH_SCREEN_TEXTS.emailChange : AUTH_SCREEN_TEXTS.sendConfirmation}
          </Button>
        </div>
      </form>
    </section>
  );
}

function PasswordSection() {
  const form = useAuthForm('ChangePasswordFormSchema', { current_password: '', new_password: '', repeat: '' });
  const { errors, isSubmitting } = form.formState;
  const [changed, setChanged] = useState(false);

  const submit = form.handleSubmit(async (body) => {
    setChanged(false);
    try {
      await identityApi.changePassword(body);
      form.reset();
      setChanged(true);
    } catch (error) {
      setApiErrors(form, error, ['current_password', 'new_password']);
    }
  });

  return (
    <section className={styles.section} aria-labelledby="password-h">
      <h2 id="password-h">{AUTH_SCREEN_TEXTS.passwordSection}</h2>
      <form className={styles.sectionForm} onSubmit={submit} noValidate>
        <PasswordField
          label={AUTH_SCREEN_TEXTS.currentPassword}
          autoComplete="current-password"
          {...form.register('current_password')}
          error={errors.current_password?.message}
        />
        <NewPasswordFields
          password={form.register('new_password')}
          repeat={form.register('repeat')}
          passwordError={errors.new_password?.message}
          repeatError={errors.repeat?.message}
        />
        <FormError errors={errors} />
        {changed ? <Alert variant="success">{AUTH_SCREEN_TEXTS.passwordChanged}</Alert> : null}
        <div>
          <Button type="submit" loading={isSubmitting}>
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
                {s.current ? (
                  <>
                    {' '}
                    <Badge tone="info" size="s">
                      {AUTH_SCREEN_TEXTS.thisSession}
                    </Badge>
                  </>
                ) : null}
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
  const form = useAuthForm('DeleteAccountRequestSchema', { password: '', confirmation: '' });
  const { errors, isSubmitting, isSubmitSuccessful } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    try {
      await identityApi.deleteAccount(body);
      navigate('/');
    } catch (error) {
      setApiErrors(form, error, ['password', 'confirmation']);
    }
  });

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
            {...form.register('password')}
            error={errors.password?.message}
          />
          <TextInput
            label={AUTH_SCREEN_TEXTS.deleteConfirmLabel}
            {...form.register('confirmation')}
            error={errors.confirmation?.message}
            autoComplete="off"
          />
          <FormError errors={errors} />
          <div className={styles.row}>
            <Button type="submit" appearance="dangerous" loading={isSubmitting || isSubmitSuccessful}>
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
