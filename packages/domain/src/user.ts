import { USER_TEXTS } from './texts/user';

/** The parts of a user the display-name rule needs. */
export interface UserNameSource {
  id: number | string;
  name?: string | null;
}

/**
 * Display name of spec section 3: the user's name if present (after trimming),
 * otherwise `Клиент-{id}`. A name made only of spaces counts as absent, so the
 * header never shows an empty link.
 */
export function getDisplayName(user: UserNameSource): string {
  const name = user.name?.trim();
  return name ? name : `${USER_TEXTS.fallbackNamePrefix}-${user.id}`;
}
