'use client';

import { useRef, useState } from 'react';
import type { CodePurpose } from '@freight/domain/identity';
import type { CaptchaState } from '@/components/ui';
import { ApiError } from '@/lib/api/client';
import { identityApi } from '../api/identity';
import { apiErrors, validate, type FieldErrors } from '../lib/form';

type CodeRequest = { phone: string; purpose: CodePurpose; password?: string; captcha?: string };

/** The API asks for the proof-of-work check (decision 011): none sent, or a bad / used one. */
function needsCaptcha(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.body.error.code === 'CAPTCHA_REQUIRED' || error.body.error.code === 'CAPTCHA_INVALID')
  );
}

/** A fresh check is solved at most this many times per send before the form gives up. */
const MAX_SOLVES = 2;

/**
 * State of "phone → code" steps: the typed phone, whether a code went out, when a resend is
 * allowed, errors per field. `send` validates with the contract schema before calling the API.
 * When the API asks for the CAPTCHA, `send` solves it in the browser (the solver is loaded only
 * then) and asks again by itself; `captcha` drives the form's CaptchaStatus.
 */
export function usePhoneCode(purpose: CodePurpose) {
  const [phone, setPhone] = useState('');
  const [storedPhone, setStoredPhone] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [captcha, setCaptcha] = useState<CaptchaState | null>(null);
  const lastExtra = useRef<{ password?: string }>({});

  /** Solves a new challenge; null when it could not be done (the status then shows the fallback). */
  async function solveCaptcha(): Promise<string | null> {
    setCaptcha({ phase: 'solving', progress: 0 });
    let shown = 0;
    try {
      const solver = await import('@/lib/captcha/solve-captcha');
      const payload = await solver.solveCaptcha({
        onProgress: (share) => {
          const percent = Math.floor(share * 100);
          if (percent === shown) return;
          shown = percent;
          setCaptcha({ phase: 'solving', progress: share });
        },
      });
      setCaptcha({ phase: 'solved' });
      return payload;
    } catch {
      setCaptcha({ phase: 'failed' });
      return null;
    }
  }

  async function send(extra: { password?: string } = {}): Promise<boolean> {
    lastExtra.current = extra;
    const parsed = await validate('PhoneCodeRequestSchema', { phone, purpose, ...extra });
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return false;
    }
    setErrors({});
    setFormError(null);
    setSending(true);
    try {
      const request = parsed.data as CodeRequest;
      let body: CodeRequest = request;
      for (let solves = 0; ; solves += 1) {
        try {
          const result = await identityApi.sendCode(body);
          setCaptcha(null);
          setStoredPhone(request.phone);
          setResendAt(Date.now() + result.resend_after * 1000);
          return true;
        } catch (error) {
          if (!needsCaptcha(error)) throw error;
          if (solves >= MAX_SOLVES) {
            setCaptcha({ phase: 'failed' });
            return false;
          }
          const payload = await solveCaptcha();
          if (payload === null) return false;
          body = { ...request, captcha: payload };
        }
      }
    } catch (error) {
      setCaptcha(null);
      const { fields, form } = apiErrors(error, ['phone', 'password', 'code']);
      // A "wait before resending" answer belongs next to the code once a code was sent.
      if (fields.code && !storedPhone) {
        setErrors({ phone: fields.code });
      } else {
        setErrors(fields);
      }
      setFormError(form);
      return false;
    } finally {
      setSending(false);
    }
  }

  /** After a failed check: try the same request again (with the same password, if any). */
  function retryCaptcha(): Promise<boolean> {
    return send(lastExtra.current);
  }

  function reset() {
    setStoredPhone(null);
    setErrors({});
    setFormError(null);
    setCaptcha(null);
  }

  return {
    phone,
    setPhone,
    storedPhone,
    resendAt,
    sending,
    errors,
    setErrors,
    formError,
    setFormError,
    captcha,
    send,
    retryCaptcha,
    reset,
  };
}
