/** Footer link categories 1–5 of spec section 2, in display order. */
export const FOOTER_CATEGORIES = {
  1: 'Компания',
  2: 'Условия перевозок',
  3: 'Услуги и сервисы',
  4: 'Онлайн сервисы',
  5: 'Другое',
} as const;
export type FooterCategory = keyof typeof FOOTER_CATEGORIES;

/** The category that also holds the fixed «Обратная связь» anchor. */
export const FOOTER_ONLINE_SERVICES_CATEGORY: FooterCategory = 4;

export interface ResolvedLink {
  href: string;
  /** true: open in a new tab with rel="noopener noreferrer". */
  external: boolean;
}

const ABSOLUTE_URL = /^[a-z][a-z\d+.-]*:/i;

/**
 * Footer link rule (spec section 2): an absolute url (with a scheme, or protocol-relative `//host`)
 * opens as is in a new tab; a relative one becomes `/{url}` on our site (leading slashes are not
 * doubled). Backslashes count as slashes, because browsers read `/\host` as `//host`, which would
 * otherwise turn a "relative" link into another site opened in the same tab. Surrounding
 * whitespace is ignored; an empty url is the home page `/`.
 */
export function resolveFooterLink(url: string): ResolvedLink {
  const trimmed = url.trim();
  if (ABSOLUTE_URL.test(trimmed) || /^[/\\]{2}/.test(trimmed)) {
    return { href: trimmed, external: true };
  }
  return { href: `/${trimmed.replace(/^[/\\]+/, '')}`, external: false };
}
