/** The support widget's message draft: kept by the launcher, edited in the lazily loaded dialog. */
export interface SupportDraft {
  name: string;
  contact: string;
  message: string;
  consent: boolean;
}

export const EMPTY_SUPPORT_DRAFT: SupportDraft = { name: '', contact: '', message: '', consent: false };
