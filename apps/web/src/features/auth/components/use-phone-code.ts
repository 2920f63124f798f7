'use client';

import { useRef, useState, type BaseSyntheticEvent } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import type { CodePurpose } from '@freight/domain/identity';
import type { CaptchaState } from '@/components/ui';
import { ApiError } from '@/lib/api/client';
import { identityApi } from '../api/identity';
import { setApiErrors, useAuthForm } from '../lib/form';

type CodeRequest = { phone: string; purpose: CodePurpose; password?: string | undefined; captcha?: string };

/** The phone step's fields: the phone, and the current password where the purpose needs one. */
interface PhoneStepValues {
  phone: string;
  purpose: CodePurpose;
  password?: string;
}

/** The code step's form as far as this hook touches it (any form with `phone` and `code`). */
export interface CodeStepForm {
  setValue: (name: 'phone', value: string) => void;
  setError: UseFormSetError<{ code: string }>;
  clearErrors: () => void;
  reset: () => void;
}

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
 * A "phone → code" flow: the phone step's form (`phoneForm`, checked with the contract schema;
 * `requestCode` is its submit), whether a code went out and to which phone, when a resend is
 * allowed. Once a code is sent, the phone goes into `codeForm` (its hidden `phone` value), so
 * the code step submits the contract's `{ phone, code }`; a resend's errors land on that form.
 * When the API asks for the CAPTCHA, sending solves it in the browser (the solver is loaded only
 * then) and asks again by itself; `captcha` drives the form's CaptchaStatus.
 */
export function usePhoneCode(purpose: CodePurpose, codeForm: CodeStepForm) {
  const phoneForm = useAuthForm<'PhoneCodeRequestSchema', PhoneStepValues>('PhoneCodeRequestSchema', {
    phone: '',
    purpose,
  });
  const [storedPhone, setStoredPhone] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const [sending, setSending] = useState(false);
  const [captcha, setCaptcha] = useState<CaptchaState | null>(null);
  const last = useRef<{ request: CodeRequest; onError: (error: unknown) => void } | null>(null);

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

  /** Asks for a code; an API failure other than the CAPTCHA goes to `onError`. True once sent. */
  async function send(request: CodeRequest, onError: (error: unknown) => void): Promise<boolean> {
    last.current = { request, onError };
    setSending(true);
    try {
      let body: CodeRequest = request;
      for (let solves = 0; ; solves += 1) {
        try {
          const result = await identityApi.sendCode(body);
          setCaptcha(null);
          setStoredPhone(request.phone);
          codeForm.setValue('phone', request.phone);
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
      onError(error);
      return false;
    } finally {
      setSending(false);
    }
  }

  /** The phone step's submit. A «wait before resending» (field `code`) goes under the phone there. */
  function requestCode(event?: BaseSyntheticEvent) {
    return phoneForm.handleSubmit((request) =>
      send(request, (error) => setApiErrors(phoneForm, error, ['phone', 'password'], { code: 'phone' })),
    )(event);
  }

  /** «Отправить код повторно»: the last request again, its errors on the code step's form. */
  function resend(): Promise<boolean> {
    if (!last.current) return Promise.resolve(false);
    codeForm.clearErrors();
    return send(last.current.request, (error) => setApiErrors(codeForm, error, ['code']));
  }

  /** After a failed check: the same request again, its errors where the first one's went. */
  function retryCaptcha(): Promise<boolean> {
    if (!last.current) return Promise.resolve(false);
    return send(last.current.request, last.current.onError);
  }

  /** Back to the phone step (the typed phone kept), the code step's form emptied. */
  function reset() {
    setStoredPhone(null);
    setCaptcha(null);
    codeForm.reset();
  }

  return { phoneForm, requestCode, storedPhone, resendAt, sending, captcha, resend, retryCaptcha, reset };
}

export type PhoneCodeFlow = ReturnType<typeof usePhoneCode>;
