/** Request headers the proxy sets for server components. */
export const NONCE_HEADER = 'x-nonce';
/** 'unavailable' when the proxy could not obtain a session because the API is down. */
export const SESSION_STATE_HEADER = 'x-magistral-session';
