'use client';

import { useState } from 'react';
import type { CodePurpose } from '@freight/domain/identity';
import { identityApi } from '../api/identity';
import { apiErrors, validate, type FieldErrors } from '../lib/form';

/**
 * State of "phone → code" steps: the typed phone, whether a code went out, when a resend is
 * allowed, errors per field. `send` validates with the contract schema before calling the API.
 */
export function usePhoneCode(purpose: CodePurpose) {
  const [phone, setPhone] = useState('');
  const [storedPhone, setStoredPhone] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  async function send(extra: { password?: string } = {}): Promise<boolean> {
    const parsed = await validate('PhoneCodeRequestSchema', { phone, purpose, ...extra });
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return false;
    }
    setErrors({});
    setFormError(null);
    setSending(true);
    try {
      const result = await identityApi.sendCode(
        parsed.data as { phone: string; purpose: CodePurpose; password?: string },
      );
      setStoredPhone(parsed.data.phone);
      setResendAt(Date.now() + result.resend_after * 1000);
      return true;
    } catch (error) {
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

  function reset() {
    setStoredPhone(null);
    setErrors({});
    setFormError(null);
  }

  return { phone, setPhone, storedPhone, resendAt, sending, errors, setErrors, formError, setFormError, send, reset };
}
