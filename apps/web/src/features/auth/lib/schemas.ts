/**
 * The schemas the identity forms validate with: the API's own contract schemas, plus the new
 * password typed twice. zod is heavy (≈ 30 KB gzip), so this module is never imported statically
 * by client code: `form.ts` loads it with `import()` (docs/decisions/009-performance-budgets.md).
 */
import { z } from 'zod';
import {
  ChangePasswordRequestSchema,
  ResetPasswordEmailRequestSchema,
  ResetPasswordPhoneRequestSchema,
} from '@freight/contracts/identity';
import { AUTH_TEXTS } from '@freight/domain/texts/auth';

export {
  ChangeEmailRequestSchema,
  ChangeNameQuerySchema,
  DeleteAccountRequestSchema,
  EmailConfirmationRequestSchema,
  ForgotPasswordRequestSchema,
  PasswordSignInRequestSchema,
  PhoneCodeRequestSchema,
  PhoneWithCodeSchema,
  RegistrationRequestSchema,
} from '@freight/contracts/identity';

/*
 * A request body with a new password, plus the same password typed again (`repeat`, not sent):
 * «Пароли не совпадают» under the second field, unless the first one has its own message.
 */
const REPEAT = { repeat: z.string() };
const repeatMatches = (values: { new_password: string; repeat: string }) => values.new_password === values.repeat;
const MISMATCH = {
  path: ['repeat'],
  error: AUTH_TEXTS.passwordMismatch,
  // Shown next to the other fields' messages (a 5-digit code), not only once they are fixed; zod
  // still skips it after an explicit abort of another field (an empty code or password).
  when: ({ issues }: z.core.ParsePayload) => !issues.some((issue) => issue.path?.[0] === 'new_password'),
};
const withoutRepeat = <T extends { repeat: string }>({ repeat: _repeat, ...body }: T) => body;

export const ResetByPhoneFormSchema = ResetPasswordPhoneRequestSchema.extend(REPEAT)
  .refine(repeatMatches, MISMATCH)
  .transform(withoutRepeat);
export const ResetByEmailFormSchema = ResetPasswordEmailRequestSchema.extend(REPEAT)
  .refine(repeatMatches, MISMATCH)
  .transform(withoutRepeat);
export const ChangePasswordFormSchema = ChangePasswordRequestSchema.extend(REPEAT)
  .refine(repeatMatches, MISMATCH)
  .transform(withoutRepeat);
