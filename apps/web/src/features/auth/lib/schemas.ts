/**
 * The contract schemas the identity forms validate with before calling the API. zod is heavy
 * (≈ 30 KB gzip), so this module is never imported statically by client code: `form.ts` loads
 * it with `import()` (docs/decisions/009-performance-budgets.md).
 */
export {
  ChangeEmailRequestSchema,
  ChangeNameQuerySchema,
  ChangePasswordRequestSchema,
  DeleteAccountRequestSchema,
  ForgotPasswordRequestSchema,
  PasswordSignInRequestSchema,
  PhoneCodeRequestSchema,
  PhoneWithCodeSchema,
  RegistrationRequestSchema,
  ResetPasswordEmailRequestSchema,
  ResetPasswordPhoneRequestSchema,
} from '@freight/contracts/identity';
export { CodeSchema } from '@freight/domain/identity-schema';
