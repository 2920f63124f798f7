/**
 * The planned arrival (issue 21): why it is later than the calculator's, shown on the wizard's
 * time and review steps and on the confirmation. Part of the MESSAGES catalogue (messages.ts).
 */
export const ARRIVAL_TEXTS = {
  /** The client's pick-up from the door is later than the earliest dispatch the calculator assumed. */
  laterPickup: (date: string) => `Дата доставки позже, чем в расчёте: забор груза назначен на ${date}`,
  /** The client brings the cargo to the terminal later than the earliest dispatch. */
  laterDropoff: (date: string) => `Дата доставки позже, чем в расчёте: сдача груза на терминал назначена на ${date}`,
  /** The client chose a door delivery date later than the transit terms give. */
  laterDelivery: (date: string) => `Дата доставки позже, чем в расчёте: вы выбрали доставку на ${date}`,
  /** The client chose to collect the cargo at the terminal later than the transit terms give. */
  laterRelease: (date: string) => `Дата доставки позже, чем в расчёте: вы выбрали выдачу груза на ${date}`,
  /** A pick-up or delivery date of a full calculation that is not a calendar date. */
  dateInvalid: 'Укажите дату в формате ГГГГ-ММ-ДД',
} as const;
