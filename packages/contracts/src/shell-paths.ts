/**
 * Paths the site shell's browser code needs on every public page (session renewal, support,
 * bug report, the signed-in check, the captcha, the home widget). Apart from API_PATHS, which
 * holds them too (spread) but is too large to ship on every page: an object literal is bundled
 * whole, so the shell imports this small one.
 */
export const SHELL_PATHS = {
  anonymousToken: '/api/v1/authorization/anonymous_token',
  feedback: '/api/v1/user/feedback',
  iframe: '/api/v1/duty_iframe/',
  bugReport: '/api/v1/duty_bug_report/',
  /** Followed by `/{fileId}`. */
  bugReportFiles: '/api/v1/duty_bug_report/files',
  userInfo: '/api/v1/user/get_user_info',
  /** Not in the spec: a proof-of-work challenge for the code request (decision 011). */
  captchaChallenge: '/api/v1/captcha/challenge',
} as const;
