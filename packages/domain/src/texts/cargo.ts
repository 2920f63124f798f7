/** Texts (cargo); part of the MESSAGES catalogue (messages.ts). */
export const CARGO_TEXTS = {
  tabSingle: '1 место',
  tabMultiple: 'Несколько мест',
  tabDocuments: 'Документы',
} as const;
