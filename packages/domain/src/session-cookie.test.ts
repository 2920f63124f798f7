import { describe, expect, it } from 'vitest';
import { sessionCookieName } from './session-cookie';

describe('sessionCookieName', () => {
  it.each([
    ['https://magistral.example', '__Host-auth_token'],
    ['HTTPS://Magistral.example/', '__Host-auth_token'],
    ['http://localhost:3000', 'auth_token'],
    ['http://magistral.example', 'auth_token'],
    ['', 'auth_token'],
    [undefined, 'auth_token'],
    [null, 'auth_token'],
  ])('for the public origin %j is %s', (origin, name) => {
    expect(sessionCookieName(origin)).toBe(name);
  });
});
