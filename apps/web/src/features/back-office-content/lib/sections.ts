import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';

const P = BACK_OFFICE_CONTENT_TEXTS.pages;

/** The sub-sections of /back-office/content. */
export const CONTENT_SECTIONS = [
  { href: '/back-office/content', label: P.newsTab },
  { href: '/back-office/content/promotions', label: P.promotionsTab },
  { href: '/back-office/content/footer', label: P.footerTab },
];

/** The sub-sections of /back-office/offers. */
export const OFFER_SECTIONS = [
  { href: '/back-office/offers', label: P.offersTab },
  { href: '/back-office/offers/discounts', label: P.discountsTab },
];
