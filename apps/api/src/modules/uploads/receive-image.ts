import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BatchedFileWriter, whenClosed } from './batched-file-writer';
import type { FileStorage } from './file-storage';
import { ImageInspector, type InspectedImage } from './image-inspector';
import { sanitizeImage } from './image-sanitizer';

/** An uploaded image, checked and re-encoded, waiting in the storage's temporary area. */
export interface ReceivedImage extends InspectedImage {
  tempKey: string;
  /** Bytes the client sent (`size` is what is stored). */
  receivedBytes: number;
}

export interface ReceiveImageOptions {
  storage: Pick<FileStorage, 'adoptTemp'>;
  /** Local folder for the original and the re-encoded file while they are worked on. */
  scratchDir: string;
  /** What the client said the file is (name and Content-Type). */
  declared: { name: string; type: string };
  maxBytes?: number;
}

/**
 * Receives one uploaded image: streams it through {@link ImageInspector} into a scratch file
 * (refused at the first byte that settles it, before anything decodes), re-encodes it there
 * without its metadata ({@link sanitizeImage}), and hands the result to the storage's
 * temporary area (a rename on local disk). Nothing is held whole in memory and no step blocks the event loop. The
 * scratch files are gone when the promise settles; a refusal rejects with an UploadRejection
 * and leaves no temporary object.
 */
export async function receiveImage(source: Readable, options: ReceiveImageOptions): Promise<ReceivedImage> {
  await mkdir(options.scratchDir, { recursive: true, mode: 0o700 });
  const id = randomUUID();
  const original = path.join(options.scratchDir, `${id}.upload`);
  const cleaned = path.join(options.scratchDir, `${id}.clean`);
  const inspector = new ImageInspector({ maxBytes: options.maxBytes, declared: options.declared });
  // Written 1 MiB at a time, not one file-system request per socket chunk (batched-file-writer.ts).
  // Made last, just before the try: once it exists, the pipeline is what closes it.
  const writer = new BatchedFileWriter(original);
  try {
    await pipeline(source, inspector, writer);
    const inspected = inspector.result!;
    const clean = await sanitizeImage(original, cleaned, inspected.mime);
    await rm(original, { force: true });
    const tempKey = await options.storage.adoptTemp(cleaned);
    return { ...inspected, ...clean, receivedBytes: inspected.size, tempKey };
  } finally {
    // A refusal at the first bytes settles the pipeline while the file may still be opening on
    // libuv's pool: removing it before that open is done would leave an empty file behind.
    await whenClosed(writer);
    await Promise.all([rm(original, { force: true }), rm(cleaned, { force: true })]);
  }
}

/**
 * Removes scratch files older than `olderThan` (left by a process that died mid-upload), in the
 * folder and in its subfolders (one per upload handed to the upload process), and subfolders
 * left empty.
 */
export async function sweepScratch(scratchDir: string, olderThan: Date): Promise<number> {
  let names: string[];
  try {
    names = await readdir(scratchDir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(scratchDir, name);
    const info = await stat(file).catch(() => null);
    if (info?.isDirectory()) {
      removed += await sweepScratch(file, olderThan);
      // Only once old itself: a new folder may be empty because its upload has not begun.
      if (info.mtime < olderThan) await rmdir(file).catch(() => undefined);
    } else if (info?.isFile() && info.mtime < olderThan) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}
