import { randomUUID } from 'node:crypto';
import { readdir, rename, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { setPriority } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream';
import Fastify, { type FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { MESSAGES, russianZodMessage } from '@freight/domain';
import { AppError } from '../../errors/app-error';
import { bugReportMultipartLimits, receiveReportFiles } from '../bug-reports/bug-report-files';
import { socketFromHandle } from './connection-handover';
import { UPLOAD_PROCESS_NICE, type FromUploadProcess, type ToUploadProcess } from './upload-process';

// The upload process (upload-process.ts): receives the bodies of bug reports on connections the
// API lends it. Each lent connection is fed to a Fastify instance that never listens, behind the
// request line and headers the API read and the body bytes it had taken, so that the same
// @fastify/multipart and bug-report-files.ts as in the API parse, check and re-encode the files.
// The connection is only read here: the API answers on its own copy.

type ReceiveMessage = Extract<ToUploadProcess, { type: 'receive' }>;

/** After a refusal the rest of the body is read away (never kept) for at most this long. */
const ABANDON_MS = 30_000;

// Plain Russian validation messages, as in the API (app.ts).
z.config({ customError: russianZodMessage });

function report(message: FromUploadProcess): void {
  process.send?.(message);
}

/**
 * Every thread of this process at the lowest priority (Linux: the nice value is per thread; the
 * API set the main thread's, but V8's helper threads exist from the start). Threads made later
 * inherit it from the thread that makes them. Best effort.
 */
async function lowerThreadPriority(): Promise<void> {
  const tasks = await readdir('/proc/self/task').catch(() => [] as string[]);
  for (const task of tasks) {
    try {
      setPriority(Number(task), UPLOAD_PROCESS_NICE);
    } catch {
      // Not permitted, or the thread ended: nothing to do.
    }
  }
}

/**
 * Where receiveReportFiles puts accepted files here: left in the upload's folder under a new
 * name (the API takes them into the storage); the "key" is the file's path.
 */
function holdingFolder(dir: string) {
  return {
    async adoptTemp(file: string): Promise<string> {
      const kept = path.join(dir, `${randomUUID()}.ready`);
      try {
        await rename(file, kept);
        return kept;
      } finally {
        await rm(file, { force: true });
      }
    },
    remove: (key: string) => rm(key, { force: true }),
  };
}

/** Reads the rest of a refused body away, then lets the connection go (the API has answered or will). */
function readRestAway(request: IncomingMessage, socket: Socket): void {
  const timer = setTimeout(() => socket.destroy(), ABANDON_MS);
  timer.unref();
  finished(request, () => {
    clearTimeout(timer);
    socket.destroy();
  });
  request.resume();
}

const uploads = new Map<string, ReceiveMessage>();

async function receive(request: FastifyRequest): Promise<void> {
  const id = String(request.headers['x-upload-id']);
  const upload = uploads.get(id);
  uploads.delete(id);
  const socket = request.raw.socket;
  if (!upload) {
    socket.destroy();
    return;
  }
  try {
    const files = await receiveReportFiles(request.parts({ limits: bugReportMultipartLimits(upload.maxFileBytes) }), {
      storage: holdingFolder(upload.dir),
      scratchDir: upload.dir,
      maxFileBytes: upload.maxFileBytes,
    });
    socket.destroy();
    report({ type: 'received', id, files });
  } catch (error) {
    if (error instanceof AppError) {
      const { code, statusCode, message, fields } = error;
      report({ type: 'refused', id, error: { code, statusCode, message, fields } });
    } else {
      report({ type: 'failed', id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
    readRestAway(request.raw, socket);
  }
}

function take(message: ReceiveMessage, handle: unknown): void {
  if (!handle) {
    report({ type: 'failed', id: message.id, error: 'no connection came with the upload' });
    return;
  }
  const socket = socketFromHandle(handle);
  uploads.set(message.id, message);
  // The whole-request deadline: a server that never listens does not check it (Node starts that
  // check on 'listening'); the idle timeout (connectionTimeout) applies as usual.
  const deadline = setTimeout(() => socket.destroy(), init.requestTimeoutMs);
  deadline.unref();
  socket.once('close', () => clearTimeout(deadline));
  // A connection lost before its request got here (the head below is always complete, so only a
  // parse failure or a reset): the upload was interrupted.
  socket.once('close', () => {
    if (!uploads.delete(message.id)) return;
    report({
      type: 'refused',
      id: message.id,
      error: { code: 'BAD_REQUEST', statusCode: 400, message: MESSAGES.upload.interrupted },
    });
  });
  // Header values are latin1 as Node's parser read them; the API checked them already.
  const head =
    `POST /receive HTTP/1.1\r\nhost: upload-process\r\ncontent-type: ${message.contentType}\r\n` +
    `content-length: ${message.contentLength}\r\nx-upload-id: ${message.id}\r\n\r\n`;
  const prefix = Buffer.from(message.prefix.buffer, message.prefix.byteOffset, message.prefix.byteLength);
  socket.unshift(Buffer.concat([Buffer.from(head, 'latin1'), prefix]));
  app.server.emit('connection', socket);
}

// The API stops this process (SIGTERM) when it closes, or it goes with the API's channel; Ctrl-C in
// a terminal reaches the whole process group, and the API's own shutdown decides then.
process.on('SIGINT', () => undefined);
process.on('disconnect', () => process.exit(0));
const init = await new Promise<Extract<ToUploadProcess, { type: 'init' }>>((resolve) => {
  process.once('message', resolve);
});
await lowerThreadPriority();

const app = Fastify({
  logger: false,
  // Node applies the whole-request deadline only to a server that listens: see take().
  connectionTimeout: init.idleTimeoutMs,
  // The lent socket cannot write: a request it cannot read is dropped (the API answers the client).
  clientErrorHandler: (_error, socket) => socket.destroy(),
});
await app.register(multipart);
app.post('/receive', (request, reply) => {
  reply.hijack();
  void receive(request);
});
await app.ready();

process.on('message', (message: ToUploadProcess, handle: unknown) => {
  if (message.type === 'receive') take(message, handle);
});
report({ type: 'ready' });
