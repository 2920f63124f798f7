'use client';

import { CAPTCHA_TEXTS } from '@freight/domain/texts/captcha';
import { clsx } from 'clsx';
import type { ComponentPropsWithRef } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { Spinner } from './spinner';
import styles from './captcha-status.module.css';

/** Where the proof-of-work check stands: running (with its share done), passed, or given up. */
export type CaptchaState = { phase: 'solving'; progress: number } | { phase: 'solved' } | { phase: 'failed' };

export interface CaptchaStatusProps extends Omit<ComponentPropsWithRef<'div'>, 'children' | 'role'> {
  /** null while no check runs: the live region stays mounted (empty, taking no space). */
  state: CaptchaState | null;
  /** The support phone as shown (e.g. '+7 (800) 350-12-12') and as dialled ('+78003501212'). */
  supportPhone: { display: string; tel: string };
  /** Starts the check again after a failure. */
  onRetry?: () => void;
}

/**
 * The "are you a robot" check of the code forms (decision 011). Nothing to solve by eye or ear:
 * the browser does a proof of work, and this shows how it goes. The status line is a polite
 * live region that is always mounted (so «Проверяем, что вы не робот…» and the result are
 * announced); the progress bar has its own name. A failure (too slow, old device) is an alert
 * that says what to do instead, with a retry button — everything works from the keyboard.
 */
export function CaptchaStatus({ state, supportPhone, onRetry, className, ...rest }: CaptchaStatusProps) {
  const phase = state?.phase ?? 'idle';
  const running = state?.phase === 'solving' || state?.phase === 'solved';
  const percent = state?.phase === 'solving' ? Math.round(state.progress * 100) : 100;
  const [before, after] = CAPTCHA_TEXTS.fallback.split('{phone}');
  return (
    <div {...rest} className={clsx(styles.root, className)} data-phase={phase}>
      <p className={styles.status} role="status">
        {running ? (
          <>
            <Spinner size="small" decorative />
            {state?.phase === 'solving' ? CAPTCHA_TEXTS.solving : CAPTCHA_TEXTS.solved}
          </>
        ) : null}
      </p>
      {running ? (
        <progress className={styles.progress} max={100} value={percent} aria-label={CAPTCHA_TEXTS.progressLabel}>
          {percent}%
        </progress>
      ) : null}
      {phase === 'failed' ? (
        <>
          <Alert variant="error" title={CAPTCHA_TEXTS.failed}>
            <p>
              {before}
              <a href={`tel:${supportPhone.tel}`}>{supportPhone.display}</a>
              {after}
            </p>
          </Alert>
          {onRetry ? (
            <Button appearance="secondary" onClick={onRetry}>
              {CAPTCHA_TEXTS.retry}
            </Button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

/**
 * For visitors without JavaScript: the code forms cannot run the check (nor send anything), so
 * say what to do instead. Render it next to a form that requests an SMS code.
 */
export function CaptchaNoScript({ supportPhone }: { supportPhone: { display: string; tel: string } }) {
  const [before, after] = CAPTCHA_TEXTS.noScript.split('{phone}');
  return (
    <noscript>
      <p className={styles.noScript}>
        {before}
        <a href={`tel:${supportPhone.tel}`}>{supportPhone.display}</a>
        {after}
      </p>
    </noscript>
  );
}
