import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * After refusing an upload whose body is still arriving: read the rest away (never kept) and
 * close the connection after the answer, so the browser gets the 4xx instead of a reset.
 * A sender that keeps going is cut off after 30 s.
 */
export function abandonBody(request: FastifyRequest, reply: FastifyReply): void {
  if (request.raw.readableEnded) return;
  void reply.header('connection', 'close');
  request.raw.resume();
  const timer = setTimeout(() => request.raw.socket?.destroy(), 30_000);
  timer.unref();
  request.raw.once('end', () => clearTimeout(timer));
}
