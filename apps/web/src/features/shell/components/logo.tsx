import { BRAND } from '@/config/brand';

/**
 * The brand mark: a road arrow in brand green and the name. Pure SVG, no request. The tab and
 * home-screen icons are the same mark as files (app/icon.svg, favicon.ico, apple-icon.png, made
 * from icon.svg with ImageMagick): a change here is made there too.
 */
export function Logo() {
  return (
    <svg width="36" height="36" viewBox="0 0 36 36" aria-hidden="true" focusable="false">
      <rect width="36" height="36" rx="9" fill="#007041" />
      <path d="M8 26 L16 10 L20 10 L12 26 Z" fill="#ffffff" />
      <path d="M17 26 L25 10 L29 10 L21 26 Z" fill="#ffc53d" />
      <title>{BRAND.siteName}</title>
    </svg>
  );
}
