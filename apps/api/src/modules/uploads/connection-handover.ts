import type { SendHandle } from 'node:child_process';
import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { TLSSocket } from 'node:tls';

/**
 * Lending an HTTP connection whose request body is still arriving to another process
 * (upload-process.ts): this process stops reading the socket, takes the body bytes its HTTP
 * parser had read already, and passes a duplicate of the socket's descriptor; the other process
 * reads the rest of the body from it, and this process answers on its own copy afterwards.
 *
 * Two things here are Node internals, kept in this file and pinned by
 * connection-handover.test.ts, which fails if a Node release changes them:
 * - {@link socketHandle}: the socket's TCP handle (`socket._handle`). `child.send(msg, socket,
 *   { keepOpen: true })` is the public way, but for a socket of a `net.Server` it makes the server
 *   count that child as a "worker" holding connections: `server.close()` then waits for the child
 *   to answer, and never finishes once that child has exited (Node 20). The bare handle is sent as
 *   a plain descriptor, with no such bookkeeping, and stays open here.
 * - {@link socketFromHandle}: `new net.Socket({ handle })` in the receiving process, which is what
 *   Node's own child_process does with a received socket.
 * {@link holdConnection} uses public calls only, but relies on how the HTTP server reads: its
 * parser reads the socket in C++ and stops when the socket is paused.
 */

/** A connection lent out: the body bytes read here, and the release of the hold. */
export interface HeldConnection {
  /** Body bytes this process's HTTP parser had read before the hold (the rest waits in the kernel). */
  prefix: Buffer;
  /** The socket's TCP handle, for `child.send(message, handle)`. */
  handle: NonNullable<SendHandle>;
  /** Reads the socket here again (once the other process is done with it). */
  release(): void;
}

/**
 * Whether `request`'s connection can be lent out: a plain TCP (not TLS) HTTP/1.x connection whose
 * body has a Content-Length (a chunked body cannot be resumed from the middle of a chunk) and is
 * not all here already (then reading it here costs less than lending it).
 */
export function canHandOver(request: IncomingMessage): boolean {
  const socket = request.socket;
  return (
    socket instanceof Socket &&
    !(socket instanceof TLSSocket) &&
    !socket.destroyed &&
    request.httpVersionMajor === 1 &&
    request.headers['transfer-encoding'] === undefined &&
    /^\d+$/.test(request.headers['content-length'] ?? '') &&
    !request.complete &&
    socketHandle(socket) !== undefined
  );
}

/**
 * Stops this process reading `request`'s connection (see {@link canHandOver}) until `release()`
 * and takes the body bytes already read. The HTTP server's parser reads the socket in C++ and
 * stops when the socket is paused; reading the request resumes the socket on the next tick (the
 * server's own listener restarts the parser's reads on 'resume'), so a 'resume' listener pauses
 * it again at once, before any read can happen. The idle timeout is off meanwhile: nothing moves
 * on this copy of the socket while the other process reads the body.
 */
export function holdConnection(request: IncomingMessage): HeldConnection {
  const socket = request.socket;
  const handle = socketHandle(socket);
  if (!handle) throw new Error('the connection has no TCP handle to lend');
  const timeout = socket.timeout;
  const keepPaused = () => socket.pause();
  socket.pause();
  socket.on('resume', keepPaused);
  socket.setTimeout(0);
  const chunks: Buffer[] = [];
  for (let chunk = request.read() as Buffer | null; chunk !== null; chunk = request.read() as Buffer | null) {
    chunks.push(chunk);
  }
  return {
    prefix: Buffer.concat(chunks),
    handle,
    release() {
      socket.off('resume', keepPaused);
      // Reading the request above left it waiting for the parser, which reads again only now.
      socket.resume();
      if (timeout) socket.setTimeout(timeout);
    },
  };
}

/** The TCP handle of a connected socket (Node internal `_handle`; see the top of this file). */
function socketHandle(socket: Socket): NonNullable<SendHandle> | undefined {
  const handle = (socket as unknown as { _handle?: object | null })._handle;
  // child.send types its handle as a socket or server; a bare TCP handle is sent as a descriptor.
  return handle?.constructor.name === 'TCP' ? (handle as NonNullable<SendHandle>) : undefined;
}

/**
 * In the receiving process: a socket reading the lent connection (Node internal `handle` option;
 * see the top of this file). It cannot write and never ends the connection: the lender answers.
 */
export function socketFromHandle(handle: unknown): Socket {
  return new Socket({ handle, readable: true, writable: false } as ConstructorParameters<typeof Socket>[0]);
}
