import { open, type FileHandle } from 'node:fs/promises';
import { Writable } from 'node:stream';

/** Bytes gathered before one write to the file: a 20 MB upload is 20 writes, not 300+. */
export const UPLOAD_WRITE_BATCH_BYTES = 1_048_576;

/**
 * A new file (created with `wx`, mode 0600) written in batches: chunks are copied into one
 * buffer of `batchBytes`, which is written whenever it is full (and at the end). An upload
 * arrives in socket-sized chunks (16–64 KiB); written one by one, as `fs.createWriteStream`
 * does, each is a request to libuv's thread pool and a callback back on the event loop, and ten
 * parallel uploads at loopback speed are thousands of them per second, which other calls wait
 * behind (issue #20, finding 9). The socket's chunks are let go at once (they die young, cheap
 * for the garbage collector) and the batch buffer is reused. Memory stays bounded: the stream
 * asks for more only after a full batch is on disk. The file is closed before 'finish'; on an
 * error or destroy it is closed too (removing it is the caller's business).
 */
export class BatchedFileWriter extends Writable {
  private handle: FileHandle | undefined;
  private readonly batch: Buffer;
  private filled = 0;

  constructor(
    private readonly file: string,
    batchBytes = UPLOAD_WRITE_BATCH_BYTES,
  ) {
    // While a batch is being written, little more waits: the upload stream is paused instead.
    super({ highWaterMark: 65_536 });
    this.batch = Buffer.allocUnsafeSlow(batchBytes);
  }

  override _construct(callback: (error?: Error | null) => void): void {
    open(this.file, 'wx', 0o600).then(
      (handle) => {
        this.handle = handle;
        callback();
      },
      (error: Error) => callback(error),
    );
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.take(chunk, 0).then(() => callback(), callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.writeBatch()
      .then(() => this.closeFile())
      .then(() => callback(), callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.closeFile().then(
      () => callback(error),
      () => callback(error),
    );
  }

  /** Copies `chunk` from `offset` into the batch, writing each batch that fills up. */
  private async take(chunk: Buffer, offset: number): Promise<void> {
    for (let pos = offset; pos < chunk.length;) {
      const copied = chunk.copy(this.batch, this.filled, pos);
      this.filled += copied;
      pos += copied;
      if (this.filled === this.batch.length) await this.writeBatch();
    }
  }

  private async writeBatch(): Promise<void> {
    let pos = 0;
    // A short write (rare on a regular file): carry on from where it stopped.
    while (pos < this.filled) pos += (await this.handle!.write(this.batch, pos, this.filled - pos)).bytesWritten;
    this.filled = 0;
  }

  private async closeFile(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    await handle?.close();
  }
}

/**
 * Resolves once `stream` has closed: its file handle is released and, if the file was ever going
 * to be created, it exists. A failed pipeline settles before that; removing the file in between
 * races with the open still on libuv's pool.
 */
export function whenClosed(stream: Writable): Promise<void> {
  if (stream.closed) return Promise.resolve();
  return new Promise((resolve) => stream.once('close', () => resolve()));
}
