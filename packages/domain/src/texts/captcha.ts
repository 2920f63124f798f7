/**
 * Texts (captcha): the proof-of-work check before an SMS code is sent (decision 011); part of
 * the MESSAGES catalogue (messages.ts). Client code imports this module directly.
 */
export const CAPTCHA_TEXTS = {
  /** API: the code request needs a solved check (CAPTCHA_REQUIRED). */
  required: 'Подтвердите, что вы не робот: страница проверит это автоматически за несколько секунд',
  /** API: the solution is wrong, forged, expired or was already used (CAPTCHA_INVALID). */
  invalid: 'Проверка «я не робот» не пройдена или устарела. Попробуйте ещё раз',
  /** Web: what the live region says while the browser solves the check. */
  solving: 'Проверяем, что вы не робот…',
  /** Web: accessible name of the progress bar. */
  progressLabel: 'Ход проверки',
  /** Web: the check passed, the request is being repeated. */
  solved: 'Проверка пройдена, отправляем код…',
  /** Web: the check could not be finished on this device (too slow, no Web Crypto, network). */
  failed: 'Не удалось пройти автоматическую проверку на этом устройстве.',
  /** Web: what to do instead; {phone} is the support phone. */
  fallback:
    'Попробуйте ещё раз, войдите по паролю, если он у вас есть, или позвоните нам по номеру {phone} — ' +
    'поможем войти или зарегистрироваться.',
  retry: 'Повторить проверку',
  /** Web, without JavaScript: the code forms cannot work; {phone} is the support phone. */
  noScript:
    'Чтобы получить код по SMS, включите JavaScript: страница автоматически проверяет, что код ' +
    'запрашивает человек. Если включить его нельзя, позвоните нам по номеру {phone}.',
} as const;
