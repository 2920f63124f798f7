/**
 * Identity calls (issue 4): spec §7 "Authentication (v2)" and the identity calls of "User". Apart
 * from API_PATHS (which spreads them) so that the public sign-in, sign-up and password pages ship
 * only these.
 */
export const IDENTITY_PATHS = {
  phoneVerificationCode: '/api/v1/user/phone/verification_code',
  phoneConfirmation: '/api/v1/authorization_v2/phone_confirmation',
  resendEmail: '/api/v1/authorization_v2/resend_email',
  emailConfirmation: '/api/v1/authorization_v2/email_confirmation',
  disposableAuthorization: '/api/v1/authorization_v2/disposable_authorization',
  registration: '/api/v1/authorization_v2/registration',
  authorization: '/api/v1/authorization_v2/authorization',
  forgotPassword: '/api/v1/authorization_v2/forgot_password',
  changePassword: '/api/v1/authorization_v2/change_password',
  resetPasswordPhone: '/api/v1/authorization_v2/reset_password_phone',
  resetPasswordEmail: '/api/v1/authorization_v2/reset_password_email',
  cookieAndObject: '/api/v1/authorization_v2/cookie-and-object',
  logout: '/api/v1/user/logout',
  changePhone: '/api/v1/user/phone/verification/change_phone',
  changeEmail: '/api/v1/user/email/change_email',
  changeEmailVerification: '/api/v1/user/email/verification/change_email',
  account: '/api/v1/user/account',
  profile: '/api/v1/user/profile',
  changeProfile: '/api/v1/user/change_profile',
  changeName: '/api/v1/user/change_name',
  /** Not in the spec: the user's own sessions (ASVS 7.5.2). */
  sessions: '/api/v1/user/sessions',
} as const;
