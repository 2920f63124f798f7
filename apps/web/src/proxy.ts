import { NextResponse, type NextRequest } from 'next/server';
import { webEnv } from '@/config/env';
import { buildContentSecurityPolicy } from '@/lib/security/csp';
import { SESSION_STATE_HEADER, NONCE_HEADER } from '@/lib/request-headers';

const BOOTSTRAP_TIMEOUT_MS = 2_500;
/** Any https site (and our own pages) may embed a widget; every other page has frame-ancestors 'none'. */
const WIDGET_FRAME_ANCESTORS = ["'self'", 'https:'];

/**
 * Runs before every page render:
 * 1. a fresh CSP nonce per request (Next applies it to its own scripts);
 * 2. a first-time visitor gets the anonymous session right here, server to server, so the
 *    page renders with a session and no spinner; if the API cannot be reached, the page is
 *    told so and shows the maintenance screen, which keeps retrying.
 */
export async function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
  const csp = buildContentSecurityPolicy({
    nonce,
    isDev: !webEnv.isProduction,
    upgradeInsecureRequests: webEnv.httpsOrigin,
    extraScriptOrigins: webEnv.supportChatScriptUrl ? [new URL(webEnv.supportChatScriptUrl).origin] : [],
    extraImageOrigins: webEnv.map ? [webEnv.map.tileOrigin] : [],
    // The one documented exception to "never framed": /widgets/* are embedded by client sites.
    ...(request.nextUrl.pathname.startsWith('/widgets/') ? { frameAncestors: WIDGET_FRAME_ANCESTORS } : {}),
  });

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set(NONCE_HEADER, nonce);
  requestHeaders.set('content-security-policy', csp);
  requestHeaders.delete(SESSION_STATE_HEADER);

  let setCookie: string | null = null;
  // The same cookie name the API sets for this origin (`__Host-auth_token` over https).
  if (!request.cookies.has(webEnv.sessionCookie)) {
    // X-Forwarded-For is the one address server.mjs vouches for (src/server/http-edge.ts), never
    // a value the client chose: the API keys its limits on it.
    const forwardedFor = request.headers.get('x-forwarded-for');
    try {
      const response = await fetch(`${webEnv.apiInternalUrl}/api/v1/authorization/anonymous_token`, {
        headers: {
          'user-agent': request.headers.get('user-agent') ?? '',
          ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        },
        signal: AbortSignal.timeout(BOOTSTRAP_TIMEOUT_MS),
        cache: 'no-store',
      });
      setCookie = response.ok ? response.headers.get('set-cookie') : null;
      if (setCookie) {
        const pair = setCookie.split(';')[0]!;
        const existing = requestHeaders.get('cookie');
        requestHeaders.set('cookie', existing ? `${existing}; ${pair}` : pair);
      } else {
        requestHeaders.set(SESSION_STATE_HEADER, 'unavailable');
      }
    } catch {
      requestHeaders.set(SESSION_STATE_HEADER, 'unavailable');
    }
  }

  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('content-security-policy', csp);
  if (setCookie) response.headers.append('set-cookie', setCookie);
  return response;
}

export const config = {
  matcher: [
    {
      // Pages only: not the API, not Next's static files, not files with an extension.
      source: '/((?!api/|_next/static|_next/image|favicon.ico|.*\\.[a-z0-9]+$).*)',
      missing: [{ type: 'header', key: 'next-router-prefetch' }],
    },
  ],
};
