/**
 * The identity service, split by job (issue #19): shared checks (auth-core), SMS codes
 * (auth-codes), sessions and sign-in (auth-sessions), sign-up (auth-registration), e-mail links
 * (auth-email), passwords (auth-password) and the account (auth-account). Routes import this
 * barrel; what the parts share among themselves stays out of it.
 */
export type { Caller, IdentityDeps, IssuedSession } from './auth-core';
export { phoneHash, requireUser, toUserInfo } from './auth-core';
export { confirmPhone, requestPhoneCode } from './auth-codes';
export {
  endSession,
  listSessions,
  logout,
  signInWithCode,
  signInWithPassword,
  transferSessionData,
} from './auth-sessions';
export { register } from './auth-registration';
export { confirmEmail, sendEmailLink } from './auth-email';
export { changePassword, forgotPassword, resetPasswordByEmail, resetPasswordByPhone } from './auth-password';
export { changeName, changePhone, deleteAccount, getProfile } from './auth-account';
