import { z } from 'zod';
import {
  CODE_PURPOSES,
  CodeSchema,
  CurrentPasswordSchema,
  DELETE_ACCOUNT_CONFIRMATION,
  EmailSchema,
  MESSAGES,
  PasswordSchema,
  PersonNameSchema,
  PhoneSchema,
  PROFILE_PERMISSIONS,
  PROFILE_ROLES,
} from '@freight/domain';
import { CaptchaPayloadSchema } from './captcha';

/*
 * Identity calls of spec §7 ("Authentication (v2)" and the identity part of "User"), issue 4.
 * Phones arrive in any accepted form and leave the schema as +7XXXXXXXXXX.
 */

export const PhoneCodeRequestSchema = z
  .strictObject({
    phone: PhoneSchema,
    purpose: z.enum(CODE_PURPOSES).default('registration'),
    /** Required for `change_phone`: the current password (re-authentication). */
    password: CurrentPasswordSchema.optional(),
    /** The solved proof-of-work check, when the API asked for one (403 CAPTCHA_REQUIRED, decision 011). */
    captcha: CaptchaPayloadSchema.optional(),
  })
  .meta({ id: 'PhoneCodeRequest' });
export type PhoneCodeRequest = z.input<typeof PhoneCodeRequestSchema>;

export const PhoneCodeResponseSchema = z
  .object({
    sent: z.literal(true),
    message: z.string().meta({ description: 'Russian text to show; the same whether or not the phone is registered' }),
    resend_after: z.number().int().meta({ description: 'Seconds until another code may be requested' }),
    expires_in: z.number().int().meta({ description: 'Seconds the code stays valid' }),
  })
  .meta({ id: 'PhoneCodeResponse' });
export type PhoneCodeResponse = z.infer<typeof PhoneCodeResponseSchema>;

export const PhoneWithCodeSchema = z
  .strictObject({ phone: PhoneSchema, code: CodeSchema })
  .meta({ id: 'PhoneWithCode' });
export type PhoneWithCode = z.input<typeof PhoneWithCodeSchema>;

export const PhoneConfirmationResponseSchema = z
  .object({
    phone_confirmed: z.literal(true),
    expires_in: z.number().int().meta({ description: 'Seconds left to finish the sign-up' }),
  })
  .meta({ id: 'PhoneConfirmationResponse' });

const optionalEmail = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  EmailSchema.optional(),
);

export const RegistrationRequestSchema = z
  .strictObject({
    name: PersonNameSchema,
    password: PasswordSchema,
    email: optionalEmail,
    consent: z.literal(true, { error: MESSAGES.auth.consentRequired }),
  })
  .meta({ id: 'RegistrationRequest' });
export type RegistrationRequest = z.input<typeof RegistrationRequestSchema>;

export const UserInfoSchema = z
  .object({
    id: z.number().int(),
    name: z.string().nullable(),
    phone: z.string().nullable().meta({ description: '+7XXXXXXXXXX' }),
    email: z.string().nullable().meta({ description: 'Confirmed e-mail, or null' }),
    is_verified: z.boolean(),
    display_name: z.string().meta({ description: 'Name, or Клиент-{id} (spec §3)' }),
  })
  .meta({ id: 'UserInfo' });
export type UserInfo = z.infer<typeof UserInfoSchema>;

export const AuthResultSchema = z.object({ user: UserInfoSchema }).meta({ id: 'AuthResult' });
export type AuthResult = z.infer<typeof AuthResultSchema>;

export const PasswordSignInRequestSchema = z
  .strictObject({ phone: PhoneSchema, password: CurrentPasswordSchema })
  .meta({ id: 'PasswordSignInRequest' });
export type PasswordSignInRequest = z.input<typeof PasswordSignInRequestSchema>;

export const ForgotPasswordRequestSchema = z.strictObject({ email: EmailSchema }).meta({ id: 'ForgotPasswordRequest' });

export const SentResponseSchema = z
  .object({
    sent: z.literal(true),
    message: z.string(),
    email: z.string().optional().meta({ description: 'Masked address the mail went to' }),
  })
  .meta({ id: 'SentResponse' });
export type SentResponse = z.infer<typeof SentResponseSchema>;

export const ChangePasswordRequestSchema = z
  .strictObject({ current_password: CurrentPasswordSchema, new_password: PasswordSchema })
  .meta({ id: 'ChangePasswordRequest' });

export const ResetPasswordPhoneRequestSchema = z
  .strictObject({ phone: PhoneSchema, code: CodeSchema, new_password: PasswordSchema })
  .meta({ id: 'ResetPasswordPhoneRequest' });

const TokenSchema = z
  .string({ error: MESSAGES.auth.emailLinkInvalid })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: MESSAGES.auth.emailLinkInvalid });

export const ResetPasswordEmailRequestSchema = z
  .strictObject({ token: TokenSchema, new_password: PasswordSchema })
  .meta({ id: 'ResetPasswordEmailRequest' });

export const EmailConfirmationRequestSchema = z
  .strictObject({ token: TokenSchema.optional(), code: CodeSchema.optional() })
  .refine((v) => v.token !== undefined || v.code !== undefined, { error: MESSAGES.auth.codeRequired, path: ['code'] })
  .meta({ id: 'EmailConfirmationRequest' });

export const ResendEmailRequestSchema = z.strictObject({ email: optionalEmail }).meta({ id: 'ResendEmailRequest' });

export const ChangeEmailRequestSchema = z.strictObject({ email: EmailSchema }).meta({ id: 'ChangeEmailRequest' });

/** Query strings carry no schema id: @fastify/swagger cannot resolve a $ref for parameters. */
export const EmailTokenQuerySchema = z.object({ token: TokenSchema });

export const ChangeNameQuerySchema = z.object({ name: PersonNameSchema });

/** POST /user/change_profile: the profile (account_uuid) the user acts for from now on. */
export const ChangeProfileRequestSchema = z
  .strictObject({ account_uuid: z.string().trim().min(1, { error: MESSAGES.team.profileNotFound }).max(64) })
  .meta({ id: 'ChangeProfileRequest' });

/** A profile (counterparty) the user acts for, with the user's role in it (issue 15). */
export const ClientProfileSchema = z
  .object({
    account_uuid: z.string(),
    kind: z.enum(['individual', 'legal']),
    name: z.string(),
    inn: z.string().nullable(),
    kpp: z.string().nullable(),
    address: z.string().nullable(),
    role: z.enum(PROFILE_ROLES),
    role_label: z.string(),
    permissions: z.array(z.enum(PROFILE_PERMISSIONS)),
    is_active: z.boolean(),
  })
  .meta({ id: 'ClientProfile' });
export type ClientProfile = z.infer<typeof ClientProfileSchema>;

export const ProfileSchema = UserInfoSchema.extend({
  pending_email: z.string().nullable().meta({ description: 'An address waiting for confirmation by link' }),
  created_at: z.string(),
  profiles: z.array(ClientProfileSchema),
  active_profile: ClientProfileSchema,
  full_access: z.boolean().meta({ description: 'An approved full-access request exists' }),
}).meta({ id: 'Profile' });
export type Profile = z.infer<typeof ProfileSchema>;

export const SessionInfoSchema = z
  .object({
    id: z.string().uuid(),
    created_at: z.string(),
    last_seen_at: z.string(),
    ip: z.string().nullable(),
    user_agent: z.string().nullable(),
    current: z.boolean(),
  })
  .meta({ id: 'SessionInfo' });
export type SessionInfo = z.infer<typeof SessionInfoSchema>;
export const SessionListSchema = z.array(SessionInfoSchema).meta({ id: 'SessionList' });

export const SessionIdParamsSchema = z.object({ id: z.string().uuid({ error: MESSAGES.auth.sessionNotFound }) });

export const DeleteAccountRequestSchema = z
  .strictObject({
    password: CurrentPasswordSchema,
    confirmation: z
      .string({ error: MESSAGES.auth.deleteConfirmRequired })
      .transform((v) => v.trim().toUpperCase())
      .refine((v) => v === DELETE_ACCOUNT_CONFIRMATION, { error: MESSAGES.auth.deleteConfirmRequired }),
  })
  .meta({ id: 'DeleteAccountRequest' });

export const OkResponseSchema = z.object({ ok: z.literal(true) }).meta({ id: 'Ok' });

export const CookieAndObjectResponseSchema = z
  .object({
    anonymous: z.boolean(),
    expires_at: z.string(),
    user: UserInfoSchema.nullable(),
  })
  .meta({ id: 'CookieAndObject' });

export const DevOutboxMessageSchema = z
  .object({
    id: z.number().int(),
    channel: z.enum(['sms', 'email', 'telegram']),
    to: z.string(),
    subject: z.string().nullable(),
    body: z.string(),
    kind: z.string(),
    recorded_at: z.string(),
  })
  .meta({ id: 'DevOutboxMessage' });
export type DevOutboxMessage = z.infer<typeof DevOutboxMessageSchema>;
export const DevOutboxResponseSchema = z.array(DevOutboxMessageSchema).meta({ id: 'DevOutbox' });
