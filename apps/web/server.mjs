// The web process: Next.js pages, and /api/* passed through to the API process, so the
// browser talks to one origin. Bodies are streamed both ways (uploads are never buffered here).
// What this process answers itself (odd methods and targets, oversized JSON bodies, the API being
// down) and which client address it vouches for live in src/server/http-edge.ts.
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import next from 'next';
import { createProxyServer } from 'http-proxy-3';

const dir = path.dirname(fileURLToPath(import.meta.url));
const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
const apiTarget = (process.env.API_INTERNAL_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 4000}`).replace(
  /\/+$/,
  '',
);

// The edge is TypeScript (it shares the domain's texts and limits): built to dist/ by `npm run build`,
// loaded from source in development.
const { createHttpEdge } = dev
  ? await (await import('tsx/esm/api')).tsImport('./src/server/http-edge.ts', import.meta.url)
  : await import('./dist/http-edge.mjs');
const edge = createHttpEdge({
  trustProxy: process.env.WEB_TRUST_PROXY,
  ownOrigins: [process.env.PUBLIC_ORIGIN || `http://localhost:${port}`, `http://127.0.0.1:${port}`],
});

const app = next({ dev, dir, hostname: 'localhost', port });
const handle = app.getRequestHandler();
await app.prepare();

// xfwd stays off: edge.forward() has already set X-Forwarded-For to the one address we vouch for
// (http-proxy-3 would append to whatever the client sent).
const proxy = createProxyServer({ target: apiTarget, xfwd: false, proxyTimeout: 15 * 60_000 });
proxy.on('proxyReq', (proxyReq, req) => edge.onProxyRequest(proxyReq, req));
proxy.on('error', (error, req, res) => edge.onProxyError(error, req, res));

const server = createServer((req, res) => {
  if (edge.refuse(req, res)) return;
  edge.forward(req);
  if (req.url === '/api' || req.url?.startsWith('/api/')) {
    if (edge.limitBody(req, res)) return;
    proxy.web(req, res);
    return;
  }
  handle(req, res);
});
server.on('clientError', (error, socket) => edge.onClientError(error, socket));
server.on('connect', (req, socket) => edge.onConnect(req, socket));
server.keepAliveTimeout = 72_000;

server.listen(port, host, () => {
  console.log(`Web «Магистраль» on http://localhost:${port} (API: ${apiTarget})`);
});

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    server.close(() => process.exit(0));
    server.closeIdleConnections?.();
    setTimeout(() => process.exit(0), 8_000).unref();
  });
}
