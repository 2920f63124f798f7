/** The session cookie as the spec names it: used over plain http (a local demo). */
export const SESSION_COOKIE_PLAIN = 'auth_token';
/**
 * Over https the same cookie carries the `__Host-` prefix (ASVS 3.3.1/3.3.3): the browser accepts it
 * only with Secure, Path=/ and no Domain, so no subdomain or plain-http page can plant or shadow it.
 */
export const SESSION_COOKIE_HOST_PREFIXED = '__Host-auth_token';

export type SessionCookieName = typeof SESSION_COOKIE_PLAIN | typeof SESSION_COOKIE_HOST_PREFIXED;

/**
 * The one name of the session cookie in force for a public origin (PUBLIC_ORIGIN): `__Host-auth_token`
 * when it is https, else `auth_token`. The API sets and reads exactly this name, and the web process
 * checks the same one; a cookie of the other name is not a session.
 */
export function sessionCookieName(publicOrigin: string | null | undefined): SessionCookieName {
  return publicOrigin?.trim().toLowerCase().startsWith('https://')
    ? SESSION_COOKIE_HOST_PREFIXED
    : SESSION_COOKIE_PLAIN;
}

/** The back-office session cookie (issue 17): separate from the client's, same `__Host-` rule over https. */
export const STAFF_COOKIE_PLAIN = 'staff_token';
export const STAFF_COOKIE_HOST_PREFIXED = '__Host-staff_token';
export type StaffCookieName = typeof STAFF_COOKIE_PLAIN | typeof STAFF_COOKIE_HOST_PREFIXED;

export function staffCookieName(publicOrigin: string | null | undefined): StaffCookieName {
  return sessionCookieName(publicOrigin) === SESSION_COOKIE_HOST_PREFIXED
    ? STAFF_COOKIE_HOST_PREFIXED
    : STAFF_COOKIE_PLAIN;
}
