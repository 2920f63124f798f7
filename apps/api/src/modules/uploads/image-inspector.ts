import { Transform, type TransformCallback } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import { BUG_REPORT_MAX_FILE_BYTES, MESSAGES } from '@freight/domain';

/** Image formats accepted for uploads: what the content is, by its magic bytes. */
export const IMAGE_FORMATS = {
  'image/jpeg': { extension: 'jpg', sizeType: 'jpg' },
  'image/png': { extension: 'png', sizeType: 'png' },
} as const;
export type ImageMime = keyof typeof IMAGE_FORMATS;

/**
 * Pixel-flood limit: at most 16 383 × 16 383 pixels (the default of common image libraries),
 * so a tiny file that claims a gigantic canvas never reaches a decoder of ours or an operator's.
 */
export const MAX_IMAGE_PIXELS = 16_383 * 16_383;

/** The magic bytes are read from this many leading bytes (file-type's own detection window). */
const SNIFF_BYTES = 4_100;
/**
 * Dimensions are read from at most this many leading bytes; a JPEG keeps its size in a SOF
 * marker after EXIF/ICC segments, which rarely take more than a few hundred KiB.
 */
const HEAD_LIMIT_BYTES = 1_048_576;

/** Why an uploaded file was refused; `message` is the Russian text for the user. */
export class UploadRejection extends Error {
  constructor(
    readonly reason: 'too_large' | 'wrong_type' | 'too_many_pixels' | 'unreadable',
    message: string,
  ) {
    super(message);
    this.name = 'UploadRejection';
  }
}

export interface InspectedImage {
  mime: ImageMime;
  extension: string;
  width: number;
  height: number;
  /** Bytes that went through. */
  size: number;
}

/**
 * A pass-through stream that checks an uploaded image while it flows to storage, holding at
 * most ~1 MiB of it: it counts the bytes (more than `maxBytes` → `too_large` at once, while
 * streaming), decides the format from the magic bytes (JPEG or PNG only, whatever the name or
 * Content-Type said) and reads the dimensions from the first bytes (pixel flood → refused).
 * It fails with an {@link UploadRejection}; `result` is set once the stream has ended.
 */
export class ImageInspector extends Transform {
  result: InspectedImage | undefined;
  private bytes = 0;
  private head: Buffer[] = [];
  private headBytes = 0;
  private mime: ImageMime | undefined;
  private dimensions: { width: number; height: number } | undefined;
  private lastSizeAttemptAt = 0;

  constructor(private readonly maxBytes: number = BUG_REPORT_MAX_FILE_BYTES) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      callback(new UploadRejection('too_large', MESSAGES.bugReport.fileTooLarge));
      return;
    }
    if (this.dimensions === undefined && this.headBytes < HEAD_LIMIT_BYTES) {
      const room = HEAD_LIMIT_BYTES - this.headBytes;
      const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
      this.head.push(Buffer.from(part));
      this.headBytes += part.length;
    }
    this.inspect(false)
      .then(() => callback(null, chunk))
      .catch((error: unknown) => callback(error as Error));
  }

  override _flush(callback: TransformCallback): void {
    this.inspect(true)
      .then(() => {
        if (!this.mime || !this.dimensions) {
          throw new UploadRejection('wrong_type', MESSAGES.bugReport.fileType);
        }
        this.result = {
          mime: this.mime,
          extension: IMAGE_FORMATS[this.mime].extension,
          size: this.bytes,
          ...this.dimensions,
        };
        callback();
      })
      .catch((error: unknown) => callback(error as Error));
  }

  private async inspect(final: boolean): Promise<void> {
    if (this.dimensions) return;
    if (!this.mime) {
      if (this.headBytes < SNIFF_BYTES && !final) return;
      const head = this.joinHead();
      const detected = await fileTypeFromBuffer(head);
      if (!detected || !(detected.mime in IMAGE_FORMATS)) {
        throw new UploadRejection('wrong_type', MESSAGES.bugReport.fileType);
      }
      this.mime = detected.mime as ImageMime;
    }
    // Re-reading the head for every small chunk would be quadratic: try again only when
    // another 64 KiB has arrived, when the head is full, or at the end.
    const headFull = this.headBytes >= HEAD_LIMIT_BYTES;
    if (!final && !headFull && this.headBytes - this.lastSizeAttemptAt < 65_536 && this.lastSizeAttemptAt > 0) return;
    this.lastSizeAttemptAt = this.headBytes;
    let size: { width?: number; height?: number; type?: string } | undefined;
    try {
      size = imageSize(this.joinHead());
    } catch {
      size = undefined;
    }
    const width = size?.width ?? 0;
    const height = size?.height ?? 0;
    if (size && size.type === IMAGE_FORMATS[this.mime].sizeType && width > 0 && height > 0) {
      if (width * height > MAX_IMAGE_PIXELS) {
        throw new UploadRejection('too_many_pixels', MESSAGES.upload.tooManyPixels);
      }
      this.dimensions = { width, height };
      this.head = [];
      return;
    }
    if (final || headFull) throw new UploadRejection('unreadable', MESSAGES.upload.unreadable);
  }

  private joinHead(): Buffer {
    if (this.head.length > 1) this.head = [Buffer.concat(this.head)];
    return this.head[0] ?? Buffer.alloc(0);
  }
}
