// The web process: Next.js pages, and /api/* passed through to the API process, so the
// browser talks to one origin. Bodies are streamed both ways (uploads are never buffered here).
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

const app = next({ dev, dir, hostname: 'localhost', port });
const handle = app.getRequestHandler();
await app.prepare();

const proxy = createProxyServer({ target: apiTarget, xfwd: true, proxyTimeout: 15 * 60_000 });
const UNAVAILABLE = JSON.stringify({
  error: {
    code: 'SERVICE_UNAVAILABLE',
    message: 'Сервис временно недоступен. Повторите попытку через минуту',
  },
});
proxy.on('error', (_error, _req, res) => {
  if (!res || !('writeHead' in res) || res.headersSent) {
    res?.destroy?.();
    return;
  }
  res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '5' });
  res.end(UNAVAILABLE);
});

const server = createServer((req, res) => {
  if (req.url === '/api' || req.url?.startsWith('/api/')) {
    proxy.web(req, res);
    return;
  }
  handle(req, res);
});
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
