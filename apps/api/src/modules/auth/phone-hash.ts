import { createHash } from 'node:crypto';

/**
 * A phone as kept where no plain number belongs (the sign-in log, security alerts): SHA-256 of
 * the storage form. A pseudonym, not anonymisation: the same phone always gives the same hash.
 */
export function phoneHash(phone: string): string {
  return createHash('sha256').update(`phone:${phone}`, 'utf8').digest('hex');
}
