/** Texts (user); part of the MESSAGES catalogue (messages.ts). */
export const USER_TEXTS = {
  /** Prefix of the fallback display name `Клиент-{id}`. */
  fallbackNamePrefix: 'Клиент',
} as const;
