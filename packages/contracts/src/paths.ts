/** Base path of every call of the spec. */
export const API_BASE = '/api/v1';

/** Paths of the calls, relative to the site origin. One home for every path string. */
export const API_PATHS = {
  health: '/api/health',
  ready: '/api/ready',
  openapi: '/api/v1/openapi.json',
  docs: '/api/docs',
  anonymousToken: '/api/v1/authorization/anonymous_token',
  dynamicContent: '/api/v1/duty_dynamic_content/dynamic_content',
  feedback: '/api/v1/user/feedback',
} as const;
