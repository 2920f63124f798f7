import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { setPriority } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGES } from '@freight/domain';
import { AppError } from '../../errors/app-error';
import type { ReceivedFile } from '../bug-reports/bug-report-files';
import { canHandOver, holdConnection } from './connection-handover';

// Receiving an upload costs the event loop CPU per byte (the HTTP parser's copies, multipart
// parsing, the streaming image inspector, scratch writes) and the garbage collections of their
// buffers: ten parallel 20 MB uploads made other calls' p99 4–5 times slower (issue #20, finding 9).
// So the bodies of bug reports are received by a separate, long-lived process at the lowest CPU
// priority (upload-process-main.ts): after the cheap checks, the API lends it the connection
// (connection-handover.ts); it parses the multipart body, checks and re-encodes the images into a
// scratch folder exactly as this process would (bug-report-files.ts), and answers with the files;
// this process stores the report and answers the client on its own copy of the connection, which
// is then closed.

/** Parent → upload process. */
export type ToUploadProcess =
  | { type: 'init'; requestTimeoutMs: number; idleTimeoutMs: number }
  | {
      type: 'receive';
      id: string;
      /** The folder of this upload's scratch files (removed by the parent when it is done). */
      dir: string;
      maxFileBytes: number;
      contentType: string;
      contentLength: number;
      /** Body bytes the parent had read before it lent the connection. */
      prefix: Uint8Array;
    };

/** Upload process → parent. */
export type FromUploadProcess =
  | { type: 'ready' }
  /** Every file passed; each `tempKey` is the path of its re-encoded file inside the upload's folder. */
  | { type: 'received'; id: string; files: ReceivedFile[] }
  /** Refused or interrupted: the AppError to answer with. */
  | {
      type: 'refused';
      id: string;
      error: { code: string; statusCode: number; message: string; fields?: Record<string, string> | undefined };
    }
  /** An unexpected failure (a bug, a full disk): its stack, for the log. */
  | { type: 'failed'; id: string; error: string };

export interface UploadProcessOptions {
  /** Longest time one upload may take to arrive (UPLOAD_TIMEOUT_MS). */
  requestTimeoutMs: number;
  /** A lent connection that sends nothing for this long is cut (the server's connectionTimeout). */
  idleTimeoutMs: number;
  log?: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
}

/** The upload process's nice value: the lowest priority, so the API's event loop always wins the CPU. */
export const UPLOAD_PROCESS_NICE = 19;
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 5_000;

// From the sources (tests, API_FROM_SOURCE=1, `npm run dev`) the child runs its TypeScript with
// tsx; in the bundle it is dist/upload-process.js beside dist/server.js (tsup.config.ts).
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const ENTRY = fileURLToPath(new URL(FROM_SOURCE ? './upload-process-main.ts' : './upload-process.js', import.meta.url));

const noLog: NonNullable<UploadProcessOptions['log']> = { info() {}, warn() {}, error() {} };

interface Pending {
  child: ChildProcess;
  resolve(files: ReceivedFile[]): void;
  reject(error: unknown): void;
}

function unavailable(): AppError {
  return new AppError('SERVICE_UNAVAILABLE', 503, MESSAGES.common.serviceUnavailable);
}

/**
 * The upload process: started on {@link start} (or by the first upload), started again when it
 * dies (the uploads it was receiving are answered 503 in Russian), stopped by {@link stop}.
 */
export class UploadProcess {
  private child: ChildProcess | undefined;
  private starting: Promise<ChildProcess> | undefined;
  private readonly pending = new Map<string, Pending>();
  private stopped = false;
  private readonly log: NonNullable<UploadProcessOptions['log']>;

  constructor(private readonly options: UploadProcessOptions) {
    this.log = options.log ?? noLog;
  }

  /** The running process's id (tests stop it to see a crash handled). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the process if it is not running; resolves once it is ready for uploads. */
  start(): Promise<ChildProcess> {
    if (this.stopped) return Promise.reject(new Error('the upload process was stopped'));
    this.starting ??= this.spawn();
    return this.starting;
  }

  /** Starts the process now, not waiting for it; a failure is logged (unless it was stopped meanwhile). */
  prepare(): void {
    this.start().catch((error: unknown) => {
      if (!this.stopped) this.log.error({ err: error }, 'upload process failed to start');
    });
  }

  private spawn(): Promise<ChildProcess> {
    const child = fork(ENTRY, [], {
      // A young generation of 1 MB semi-spaces: the socket's chunks die young, and a fresh process
      // would otherwise grow it to 16 MB ones for them (~30 MB more resident in bench:upload).
      execArgv: [...(FROM_SOURCE ? ['--import', 'tsx'] : []), '--max-semi-space-size=1'],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child = child;
    try {
      // The main thread at once; the process lowers its other threads itself.
      if (child.pid !== undefined) setPriority(child.pid, UPLOAD_PROCESS_NICE);
    } catch {
      // Not permitted here: it still works, only without the priority.
    }
    // Neither the process nor its channel keeps the API alive (stop() ends it).
    child.unref();
    child.channel?.unref();
    return new Promise<ChildProcess>((resolve, reject) => {
      let ready = false;
      const timer = setTimeout(() => {
        reject(new Error(`the upload process did not start in ${START_TIMEOUT_MS} ms`));
        child.kill('SIGKILL');
      }, START_TIMEOUT_MS);
      timer.unref();
      child.on('message', (message: FromUploadProcess) => {
        if (message.type === 'ready') {
          ready = true;
          clearTimeout(timer);
          this.log.info({ pid: child.pid }, 'upload process ready');
          resolve(child);
          return;
        }
        this.settle(message);
      });
      // A failed spawn (no 'exit' follows) or kill; a failed send is reported to its callback.
      child.on('error', (error) => {
        this.log.error({ err: error }, 'upload process error');
        if (ready || child.pid !== undefined) return;
        clearTimeout(timer);
        reject(error);
        this.exited(child, false, null, null);
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        if (!ready) reject(new Error(`the upload process exited while starting (${signal ?? code})`));
        this.exited(child, ready, code, signal);
      });
      child.send({
        type: 'init',
        requestTimeoutMs: this.options.requestTimeoutMs,
        idleTimeoutMs: this.options.idleTimeoutMs,
      } satisfies ToUploadProcess);
    });
  }

  private settle(message: Exclude<FromUploadProcess, { type: 'ready' }>): void {
    const pending = this.pending.get(message.id);
    if (!pending) return;
    this.pending.delete(message.id);
    if (message.type === 'received') pending.resolve(message.files);
    else if (message.type === 'refused') {
      const { code, statusCode, message: text, fields } = message.error;
      pending.reject(new AppError(code, statusCode, text, fields));
    } else {
      this.log.error({ stack: message.error }, 'upload failed in the upload process');
      pending.reject(new Error('upload failed in the upload process'));
    }
  }

  private exited(child: ChildProcess, wasReady: boolean, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.child === child) {
      this.child = undefined;
      this.starting = undefined;
    }
    for (const [id, pending] of this.pending) {
      if (pending.child !== child) continue;
      this.pending.delete(id);
      pending.reject(unavailable());
    }
    if (this.stopped) return;
    this.log.error({ code, signal }, 'upload process exited');
    // Started again at once, unless it never got going (then the next upload tries).
    if (wasReady) this.prepare();
  }

  /**
   * Receives the body of `request` (a bug report's multipart body) in the upload process and
   * passes its accepted files to `adopt`, whose result it returns; the upload's scratch folder is
   * gone afterwards. Resolves to undefined, having read nothing, when the request cannot be lent
   * (see canHandOver) or the process cannot be started: the caller then receives the body itself.
   * A refusal rejects with the AppError the upload process raised; the process dying meanwhile
   * with a 503 AppError. Afterwards the connection must not carry another request (answer with
   * `Connection: close`): this process's HTTP parser never saw the body's end.
   */
  async receive<T>(
    request: IncomingMessage,
    upload: { scratchDir: string; maxFileBytes: number },
    adopt: (files: ReceivedFile[]) => Promise<T>,
  ): Promise<T | undefined> {
    if (this.stopped || !canHandOver(request)) return undefined;
    let child: ChildProcess;
    try {
      child = await this.start();
    } catch (error) {
      this.log.warn({ err: error }, 'upload process unavailable: receiving in the API process');
      return undefined;
    }
    if (!canHandOver(request) || !child.connected) return undefined;
    const id = randomUUID();
    const dir = path.join(upload.scratchDir, id);
    const held = holdConnection(request);
    try {
      const files = await new Promise<ReceivedFile[]>((resolve, reject) => {
        this.pending.set(id, { child, resolve, reject });
        const message: ToUploadProcess = {
          type: 'receive',
          id,
          dir,
          maxFileBytes: upload.maxFileBytes,
          contentType: request.headers['content-type'] ?? '',
          contentLength: Number(request.headers['content-length']),
          prefix: held.prefix,
        };
        child.send(message, held.handle, (error: Error | null) => {
          if (!error || !this.pending.delete(id)) return;
          this.log.error({ err: error }, 'could not lend a connection to the upload process');
          reject(unavailable());
        });
      });
      // The process names files inside the upload's folder only.
      if (files.some((file) => path.dirname(file.tempKey) !== dir))
        throw new Error('upload process: a file outside its folder');
      return await adopt(files);
    } finally {
      held.release();
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Stops the process (uploads it is receiving are answered 503); no new one is started. */
  async stop(): Promise<void> {
    this.stopped = true;
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    try {
      await exited;
    } finally {
      clearTimeout(timer);
    }
  }
}
