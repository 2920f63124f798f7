/** Helpers of the identity forms' tests (imported by *.test.tsx only). */
import { json } from '@/testing/fetch';

export { apiError, json, stubFetch } from '@/testing/fetch';

export const codeSent = () => json(200, { sent: true, message: 'Код отправлен', resend_after: 60, expires_in: 300 });

/** The error message bound to a field (its aria-describedby), as a person hears it with the field. */
export function errorOf(field: HTMLElement): string | null {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  return document.getElementById(ids.find((id) => id.endsWith('-error')) ?? '')?.textContent ?? null;
}
