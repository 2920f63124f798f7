/**
 * Russian labels of the UI kit that the `@freight/domain` MESSAGES catalogue does not hold yet.
 * They are meant to move into the catalogue (e.g. `MESSAGES.ui`); until then the kit reads them here.
 * 'Загрузка' is already in the catalogue as `MESSAGES.shell.loading` and is not repeated.
 */
export const UI_LABELS = {
  /** Accessible name of the clear-value button of a text input. */
  clear: 'Очистить',
  /** Accessible name of the close button of an alert or a modal. */
  close: 'Закрыть',
} as const;
