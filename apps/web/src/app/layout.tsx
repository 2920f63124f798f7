import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import { Suspense } from 'react';
import { BRAND_COLOR, PROGRESS_BAR_HEIGHT_PX } from '@freight/domain';
import { NavigationProgress } from '@/components/progress/navigation-progress';
import { BRAND } from '@/config/brand';
import { webEnv } from '@/config/env';
import { THEME_BOOT_SCRIPT } from '@/features/shell/lib/theme';
import { NONCE_HEADER } from '@/lib/request-headers';
import '@/styles/globals.css';

export const metadata: Metadata = {
  metadataBase: new URL(webEnv.publicOrigin),
  title: {
    default: `${BRAND.siteName} — перевозка сборных грузов по России`,
    template: `%s — ${BRAND.siteName}`,
  },
  description:
    'Транспортная компания «Магистраль»: перевозка сборных грузов между городами России, расчёт стоимости и сроков, отслеживание груза, терминалы и пункты выдачи.',
  applicationName: BRAND.siteName,
  openGraph: {
    locale: 'ru_RU',
    siteName: BRAND.siteName,
    type: 'website',
    images: [{ url: '/brand/og.png', width: 1200, height: 630, alt: BRAND.fullName }],
  },
  formatDetection: { telephone: false },
};

export const viewport: Viewport = {
  colorScheme: 'dark light',
  themeColor: BRAND_COLOR,
};

/** Root document: Russian, dark by default, the saved theme applied before the first paint. */
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  return (
    <html lang="ru" data-theme="dark" suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
      </head>
      <body>
        <Suspense fallback={null}>
          <NavigationProgress color={BRAND_COLOR} height={PROGRESS_BAR_HEIGHT_PX} />
        </Suspense>
        {children}
      </body>
    </html>
  );
}
