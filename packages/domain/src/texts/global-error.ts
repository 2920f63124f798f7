/**
 * The error screens' texts. Part of MESSAGES.shell; also imported on their own by the root
 * `global-error.tsx`, which is bundled as a separate entry and would otherwise carry a second
 * copy of the whole catalogue in every page's first-load JavaScript.
 */
export const GLOBAL_ERROR_TEXTS = {
  errorTitle: 'Произошла ошибка',
  errorSubtitle: 'Попробуйте зайти позже',
  goHome: 'На главную',
} as const;
