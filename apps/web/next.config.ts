import type { NextConfig } from 'next';
import { DEFAULT_IMAGE_QUALITY } from '@freight/domain/constants';

const isProduction = process.env.NODE_ENV === 'production';

/**
 * Headers for every response of the web process (pages and static files); the CSP, with a
 * per-request nonce, is set in src/proxy.ts. The MDN HTTP Observatory grading of these is an
 * end-to-end test (e2e/tests/security-headers.test.ts). No feature of the site uses the camera,
 * microphone or payments; geolocation is allowed to the site itself on /offices only, where
 * «Рядом со мной» asks the browser (and so the visitor) for the position.
 */
const DISABLED_FEATURES = [
  'accelerometer=()',
  'autoplay=()',
  'bluetooth=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
];
/** The policy with `allowed` features given to this origin only (`feature=(self)`). */
const permissionsPolicy = (allowed: string[] = []) =>
  DISABLED_FEATURES.map((d) => {
    const feature = d.slice(0, d.indexOf('='));
    return allowed.includes(feature) ? `${feature}=(self)` : d;
  }).join(', ');
const PERMISSIONS_POLICY = permissionsPolicy();

const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: PERMISSIONS_POLICY },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  { key: 'Cross-Origin-Resource-Policy', value: 'same-origin' },
  ...(isProduction
    ? [{ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains; preload' }]
    : []),
];

const nextConfig: NextConfig = {
  // Lets several builds of one checkout live side by side (parallel development); default .next.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  reactStrictMode: true,
  // For CPU profiles of a production build (`NEXT_SOURCE_MAPS=1 npm run build`): the browser's
  // frames map back to source modules. Off by default: the maps are not served otherwise.
  productionBrowserSourceMaps: process.env.NEXT_SOURCE_MAPS === '1',
  poweredByHeader: false,
  transpilePackages: ['@freight/domain', '@freight/contracts'],
  images: {
    qualities: [DEFAULT_IMAGE_QUALITY],
    formats: ['image/avif', 'image/webp'],
  },
  async headers() {
    return [
      { source: '/:path*', headers: securityHeaders },
      // Embeddable widgets (/widgets/*) are framed by client sites: their CSP frame-ancestors
      // (src/proxy.ts) says by whom; every other page refuses to be framed at all.
      { source: '/((?!widgets/).*)', headers: [{ key: 'X-Frame-Options', value: 'DENY' }] },
      // «Рядом со мной» on the offices list (a later header of the same name wins).
      { source: '/offices', headers: [{ key: 'Permissions-Policy', value: permissionsPolicy(['geolocation']) }] },
    ];
  },
};

export default nextConfig;
