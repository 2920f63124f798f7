/**
 * Content-Security-Policy of the pages. Scripts run only with the per-request nonce
 * ('strict-dynamic' lets Next's own chunks load); no 'unsafe-inline' or 'unsafe-eval'
 * for scripts outside development.
 */
export function buildContentSecurityPolicy(options: {
  nonce: string;
  isDev: boolean;
  /** Only behind https: on plain-http localhost it would break every request. */
  upgradeInsecureRequests?: boolean;
  extraScriptOrigins?: readonly string[];
  extraImageOrigins?: readonly string[];
  /** Who may frame the page: nobody by default; embeddable widgets pass their allowed parents. */
  frameAncestors?: readonly string[];
}): string {
  const scriptSrc = [
    "'self'",
    `'nonce-${options.nonce}'`,
    "'strict-dynamic'",
    ...(options.extraScriptOrigins ?? []),
    ...(options.isDev ? ["'unsafe-eval'"] : []),
  ];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': scriptSrc,
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(options.extraImageOrigins ?? [])],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(options.isDev ? ['ws:'] : [])],
    'frame-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'media-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': options.frameAncestors?.length ? [...options.frameAncestors] : ["'none'"],
  };
  const policy = Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
  return options.upgradeInsecureRequests ? `${policy}; upgrade-insecure-requests` : policy;
}
