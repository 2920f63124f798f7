'use client';

import { CaptchaNoScript, CaptchaStatus, type CaptchaState } from '@/components/ui';
import { BRAND } from '@/config/brand';

/**
 * The CAPTCHA status of a code form, with the support phone as the way out (decision 011).
 * `onRetry` repeats the form's own step after a failed check (default: the same code request).
 */
export function CodeCaptcha({
  flow,
  onRetry,
}: {
  flow: { captcha: CaptchaState | null; retryCaptcha: () => Promise<boolean> };
  onRetry?: () => void;
}) {
  return (
    <CaptchaStatus
      state={flow.captcha}
      supportPhone={BRAND.phone}
      onRetry={onRetry ?? (() => void flow.retryCaptcha())}
    />
  );
}

/** What to do without JavaScript, where a form would request an SMS code. */
export function CodeNoScript() {
  return <CaptchaNoScript supportPhone={BRAND.phone} />;
}
