/**
 * The HTTP edge of the web process (apps/web/server.mjs): what it answers itself before Next or the
 * API see a request, and which client address it vouches for. Plain Node (no Next, no React): it is
 * bundled by tsup into dist/http-edge.mjs, which server.mjs imports, so the answers carry the
 * domain's Russian texts in the API's error shape.
 */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import proxyAddr from 'proxy-addr';
import { JSON_BODY_LIMIT_BYTES } from '@freight/domain/constants';
import { MESSAGES } from '@freight/domain/messages';

/** Methods the site serves (pages and /api); anything else is answered 405 with this list. */
export const SERVED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
export const ALLOW = SERVED_METHODS.join(', ');
const SERVED = new Set<string>(SERVED_METHODS);

/** Forwarding headers a client may not set for itself: only a trusted proxy's are kept. */
const FORWARDING_HEADERS = ['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'forwarded', 'x-real-ip'];

type Trust = (address: string, hop: number) => boolean;

/**
 * WEB_TRUST_PROXY: the proxies in front of the web process whose X-Forwarded-For it believes, as a
 * comma-separated list of addresses, CIDR ranges or the names `loopback`, `linklocal`,
 * `uniquelocal` (proxy-addr). Empty or `false` (the default): nobody, so the client address is
 * the socket's peer. A malformed entry throws at start-up.
 */
export function parseTrustProxy(value: string | undefined): Trust {
  const list = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '' && s !== 'false');
  return proxyAddr.compile(list);
}

/**
 * The client's address as the web process can vouch for it: the socket's peer, or, when that
 * peer is a trusted proxy, the right-most address of X-Forwarded-For that is not a trusted proxy.
 */
export function clientAddress(req: IncomingMessage, trust: Trust): string {
  return proxyAddr(req, trust);
}

export type TargetCheck = { ok: true; url: string } | { ok: false };

/**
 * Accepts a request target only in origin-form (`/path?query`) of visible ASCII whose path decodes,
 * or in absolute-form naming one of our own hosts (rewritten to origin-form). `*`, other hosts,
 * authority-form and garbage are refused.
 */
export function checkTarget(target: string | undefined, ownHosts: ReadonlySet<string>): TargetCheck {
  if (!target || !/^[\x21-\x7e]+$/.test(target)) return { ok: false };
  let url = target;
  if (!target.startsWith('/')) {
    if (!/^https?:\/\//i.test(target) || !URL.canParse(target)) return { ok: false };
    const absolute = new URL(target);
    if (!ownHosts.has(absolute.host.toLowerCase())) return { ok: false };
    url = `${absolute.pathname}${absolute.search}`;
  }
  const path = url.split('?', 1)[0]!;
  try {
    decodeURIComponent(path);
  } catch {
    return { ok: false };
  }
  return { ok: true, url };
}

function errorBody(code: string, message: string): string {
  return JSON.stringify({ error: { code, message } });
}

function send(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
) {
  const body = errorBody(code, message);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  res.end(body);
}

/** An answer written straight to a socket Node's HTTP parser gave up on (no response object). */
function sendRaw(socket: Duplex, status: number, code: string, message: string, headers: Record<string, string> = {}) {
  const body = errorBody(code, message);
  const lines = Object.entries({
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    Connection: 'close',
    ...headers,
  }).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${lines.join('')}\r\n${body}`);
}

const methodNotAllowed = [405, 'METHOD_NOT_ALLOWED', MESSAGES.common.methodNotAllowed, { allow: ALLOW }] as const;
const badTarget = [400, 'BAD_REQUEST', MESSAGES.common.badRequestTarget] as const;
const tooLarge = [413, 'PAYLOAD_TOO_LARGE', MESSAGES.common.payloadTooLarge] as const;

/** A refused body still on its way: read and dropped (so the client sees the answer, not a reset), for at most 10 s. */
function drop(req: IncomingMessage) {
  if (req.readableEnded) return;
  req.resume();
  const timer = setTimeout(() => req.socket.destroy(), 10_000);
  timer.unref();
  req.once('end', () => clearTimeout(timer));
}

function isMultipart(req: IncomingMessage): boolean {
  return /^multipart\/form-data\s*(;|$)/i.test(req.headers['content-type'] ?? '');
}

export interface HttpEdgeOptions {
  /** WEB_TRUST_PROXY (see parseTrustProxy). */
  trustProxy: string | undefined;
  /**
   * Our own origins (PUBLIC_ORIGIN, or the local address): an absolute-form target naming one of
   * their hosts is ours. The request's Host header does not count: a client sets both.
   */
  ownOrigins: readonly string[];
  /** Largest non-multipart body passed to the API (the API's own limit). */
  bodyLimit?: number;
}

export interface HttpEdge {
  /**
   * Answers the request itself when it must go no further: 405 (with Allow) to a method the site
   * does not serve, 400 to a target that is not a path on our site. Otherwise puts an absolute-form
   * target into origin-form and returns false.
   */
  refuse(req: IncomingMessage, res: ServerResponse): boolean;
  /**
   * Sets X-Forwarded-For to exactly the address the web process vouches for (clientAddress) and
   * drops the other forwarding headers unless the peer is a trusted proxy. Next's server components,
   * src/proxy.ts and the API proxy all forward this value; the API trusts only the web process.
   */
  forward(req: IncomingMessage): void;
  /**
   * For /api: refuses a non-multipart body over the API's limit with the API's own 413 (the API
   * would cut the connection mid-upload and the client got a 503). A declared Content-Length is
   * checked at once; a chunked body is counted as it streams. True when it answered.
   */
  limitBody(req: IncomingMessage, res: ServerResponse): boolean;
  /** http-proxy-3's proxyReq event: the outgoing request, so an over-limit chunked body can abort it. */
  onProxyRequest(proxyReq: { destroy(): void }, req: IncomingMessage): void;
  /** http-proxy-3's error event: 503 when the API cannot be reached, unless an answer already went out. */
  onProxyError(error: Error, req: IncomingMessage, res: ServerResponse | Duplex): void;
  /** Node's clientError: a request the parser refused (an unknown method like TRACK, bad bytes, huge headers). */
  onClientError(error: NodeJS.ErrnoException, socket: Duplex): void;
  /** Node's connect event: CONNECT is not served (this is not a forward proxy). */
  onConnect(req: IncomingMessage, socket: Duplex): void;
}

export function createHttpEdge(options: HttpEdgeOptions): HttpEdge {
  const trust = parseTrustProxy(options.trustProxy);
  const bodyLimit = options.bodyLimit ?? JSON_BODY_LIMIT_BYTES;
  const ownHosts = new Set(options.ownOrigins.filter((o) => URL.canParse(o)).map((o) => new URL(o).host.toLowerCase()));
  const outgoing = new WeakMap<IncomingMessage, { destroy(): void }>();
  const refused = new WeakSet<IncomingMessage>();

  const refuseBody = (req: IncomingMessage, res: ServerResponse) => {
    refused.add(req);
    outgoing.get(req)?.destroy();
    if (!res.headersSent) send(res, ...tooLarge);
    drop(req);
  };

  return {
    refuse(req, res) {
      if (!SERVED.has(req.method ?? '')) {
        send(res, ...methodNotAllowed);
        drop(req);
        return true;
      }
      const target = checkTarget(req.url, ownHosts);
      if (!target.ok) {
        send(res, ...badTarget);
        drop(req);
        return true;
      }
      req.url = target.url;
      return false;
    },

    forward(req) {
      const peer = req.socket.remoteAddress ?? '';
      req.headers['x-forwarded-for'] = clientAddress(req, trust);
      if (!trust(peer, 0)) for (const name of FORWARDING_HEADERS) delete req.headers[name];
    },

    limitBody(req, res) {
      if (isMultipart(req)) return false;
      const declared = req.headers['content-length'];
      if (declared !== undefined) {
        if (Number(declared) > bodyLimit) {
          refuseBody(req, res);
          return true;
        }
        return false;
      }
      if (req.headers['transfer-encoding'] === undefined) return false;
      let received = 0;
      // Registered before the proxy pipes the request, so it sees each chunk first.
      req.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > bodyLimit && !refused.has(req)) {
          req.unpipe();
          refuseBody(req, res);
        }
      });
      return false;
    },

    onProxyRequest(proxyReq, req) {
      if (refused.has(req)) proxyReq.destroy();
      else outgoing.set(req, proxyReq);
    },

    onProxyError(_error, req, res) {
      if (refused.has(req)) return;
      if (!('writeHead' in res) || res.headersSent) {
        if (!res.writableEnded) res.destroy();
        return;
      }
      send(res, 503, 'SERVICE_UNAVAILABLE', MESSAGES.common.serviceUnavailable, { 'retry-after': '5' });
    },

    onClientError(error, socket) {
      if (error.code === 'ECONNRESET' || !socket.writable) {
        socket.destroy();
        return;
      }
      if (error.code === 'HPE_INVALID_METHOD') sendRaw(socket, ...methodNotAllowed);
      else if (error.code === 'HPE_HEADER_OVERFLOW') {
        sendRaw(socket, 431, 'HEADERS_TOO_LARGE', MESSAGES.input.headersTooLarge);
      } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
        sendRaw(socket, 408, 'REQUEST_TIMEOUT', MESSAGES.common.requestTimeout);
      } else sendRaw(socket, 400, 'BAD_REQUEST', MESSAGES.input.malformedRequest);
    },

    onConnect(_req, socket) {
      if (socket.writable) sendRaw(socket, ...methodNotAllowed);
      else socket.destroy();
    },
  };
}
