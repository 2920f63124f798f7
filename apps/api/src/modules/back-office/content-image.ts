import { randomUUID } from 'node:crypto';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Multipart } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { MESSAGES } from '@freight/domain';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { AppError } from '../../errors/app-error';
import { BatchedFileWriter, whenClosed } from '../uploads/batched-file-writer';
import type { FileStorage } from '../uploads/file-storage';
import { MAX_IMAGE_PIXELS, UploadRejection } from '../uploads/image-inspector';
import { receiveImage } from '../uploads/receive-image';
import { CONTENT_IMAGE_PREFIX } from '../content/content.service';
import { peek } from '../uploads/peek-stream';
import { abandonBody } from '../uploads/abandon-body';

const E = BACK_OFFICE_CONTENT_TEXTS.errors;

/** An illustration of a news item or promotion: at most 10 MB as sent. */
export const CONTENT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** The formats an illustration may be, by content; the stored file keeps its format. */
export const CONTENT_IMAGE_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
} as const;
export type ContentImageMime = keyof typeof CONTENT_IMAGE_TYPES;

/** A checked, re-encoded illustration in the storage's temporary area. */
export interface ReceivedContentImage {
  tempKey: string;
  mime: ContentImageMime;
  extension: string;
  size: number;
}

/** How refusals are worded, and the field they are reported under. */
export interface ImageIntakeWording {
  field: string;
  type: string;
  tooLarge: string;
  tooMany: string;
  required: string;
}

/** An illustration of a news item or promotion, under the `image` field. */
const ILLUSTRATION: ImageIntakeWording = {
  field: 'image',
  type: E.imageType,
  tooLarge: E.imageTooLarge,
  tooMany: E.imageTooMany,
  required: E.imageRequired,
};

export interface ContentImageOptions {
  storage: FileStorage;
  scratchDir: string;
  maxBytes?: number;
  /** Whether WebP is taken besides JPEG and PNG (default true; a staff photo is JPEG or PNG). */
  webp?: boolean;
  /** Default: an illustration's wording under `image`. */
  wording?: ImageIntakeWording;
}

/** Bytes that settle the format: JPEG FF D8, PNG 89 50, WebP `RIFF....WEBP`. */
const SNIFF_BYTES = 12;

const isWebp = (head: Buffer) =>
  head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP';

/** Counts the bytes going through and fails at the first one over the limit. */
class ByteLimit extends Transform {
  bytes = 0;
  constructor(
    private readonly max: number,
    private readonly message: string,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.max) callback(new UploadRejection('too_large', this.message));
    else callback(null, chunk);
  }
}

/**
 * WebP, which the bug report's inspector does not know: streamed to a scratch file under the
 * byte limit, its RIFF length checked against the file (nothing may ride after the image, and a
 * cut file is refused), its size read from the header by libvips under the same pixel limit as
 * JPEG and PNG (a "bomb" is refused before decoding), then decoded and written anew as WebP:
 * only the pixels survive, upright, without EXIF, XMP or ICC data.
 */
async function receiveWebp(source: Readable, options: Required<ContentImageOptions>): Promise<ReceivedContentImage> {
  await mkdir(options.scratchDir, { recursive: true, mode: 0o700 });
  const id = randomUUID();
  const original = path.join(options.scratchDir, `${id}.upload`);
  const cleaned = path.join(options.scratchDir, `${id}.clean`);
  const limit = new ByteLimit(options.maxBytes, options.wording.tooLarge);
  // Made last, just before the try: once it exists, the pipeline is what closes it.
  const writer = new BatchedFileWriter(original);
  try {
    await pipeline(source, limit, writer);
    const header = Buffer.alloc(8);
    const handle = await open(original, 'r');
    try {
      await handle.read(header, 0, 8, 0);
    } finally {
      await handle.close();
    }
    const riffEnd = header.readUInt32LE(4) + 8;
    // A RIFF chunk of odd length is padded by one byte.
    if (riffEnd > limit.bytes) throw new UploadRejection('unreadable', MESSAGES.upload.unreadable);
    if (limit.bytes > riffEnd + (riffEnd % 2))
      throw new UploadRejection('foreign_content', MESSAGES.upload.foreignContent);
    const input = () => sharp(original, { failOn: 'warning', limitInputPixels: MAX_IMAGE_PIXELS, autoOrient: true });
    try {
      const meta = await input().metadata();
      if (meta.format !== 'webp') throw new UploadRejection('wrong_type', options.wording.type);
      const info = await input().webp({ quality: 90 }).toFile(cleaned);
      const tempKey = await options.storage.adoptTemp(cleaned);
      return { tempKey, mime: 'image/webp', extension: 'webp', size: info.size };
    } catch (error) {
      if (error instanceof UploadRejection) throw error;
      const pixels = error instanceof Error && /pixel limit/i.test(error.message);
      throw Object.assign(
        pixels
          ? new UploadRejection('too_many_pixels', MESSAGES.upload.tooManyPixels)
          : new UploadRejection('unreadable', MESSAGES.upload.unreadable),
        { cause: error },
      );
    }
  } finally {
    // Not before the writer has closed: see receive-image.ts.
    await whenClosed(writer);
    await Promise.all([rm(original, { force: true }), rm(cleaned, { force: true })]);
  }
}

/**
 * One illustration by what its content is, whatever its name says (a PNG named .jpg is a PNG):
 * JPEG and PNG through the bug report's path (checked while streaming, re-encoded without
 * metadata: receiveImage), WebP through {@link receiveWebp}. Anything else is refused.
 */
export async function receiveContentImage(
  source: Readable,
  options: ContentImageOptions,
): Promise<ReceivedContentImage> {
  const settings: Required<ContentImageOptions> = {
    ...options,
    maxBytes: options.maxBytes ?? CONTENT_IMAGE_MAX_BYTES,
    webp: options.webp ?? true,
    wording: options.wording ?? ILLUSTRATION,
  };
  const { head, stream } = await peek(source, SNIFF_BYTES);
  if ((head[0] === 0xff && head[1] === 0xd8) || (head[0] === 0x89 && head[1] === 0x50)) {
    // The client's name and type are not compared with the content: the content decides, and
    // the stored file is named by the server.
    const image = await receiveImage(stream, { ...settings, declared: { name: 'image', type: '' } });
    return { tempKey: image.tempKey, mime: image.mime, extension: image.extension, size: image.size };
  }
  if (settings.webp && isWebp(head)) return receiveWebp(stream, settings);
  stream.destroy();
  throw new UploadRejection('wrong_type', settings.wording.type);
}

/** A refusal as the editor should see it, under the wording's field (`image`). */
function imageError(error: UploadRejection, wording: ImageIntakeWording): AppError {
  if (error.reason === 'too_large') {
    return new AppError('PAYLOAD_TOO_LARGE', 413, wording.tooLarge, { [wording.field]: wording.tooLarge });
  }
  // The JPEG/PNG path names only its own two formats: say ours.
  const message = error.reason === 'wrong_type' || error.reason === 'type_mismatch' ? wording.type : error.message;
  return new AppError('VALIDATION_FAILED', 400, message, { [wording.field]: message });
}

function mapIntakeError(error: unknown, wording: ImageIntakeWording): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof UploadRejection) return imageError(error, wording);
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return imageError(new UploadRejection('too_large', wording.tooLarge), wording);
  if (code === 'FST_FILES_LIMIT')
    return new AppError('VALIDATION_FAILED', 400, wording.tooMany, { [wording.field]: wording.tooMany });
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION') {
    return new AppError('BAD_REQUEST', 400, MESSAGES.common.validationFailed);
  }
  if (
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    code === 'ECONNRESET' ||
    (error instanceof Error &&
      /premature close|terminated early|Unexpected end of (multipart|form)/i.test(error.message))
  ) {
    return new AppError('BAD_REQUEST', 400, MESSAGES.upload.interrupted);
  }
  return error;
}

/**
 * Reads the one illustration of a multipart body (any file field; other fields are ignored).
 * None → 400; a second file → 400; a refused or interrupted file leaves nothing behind.
 */
export async function receiveContentImagePart(
  parts: AsyncIterable<Multipart>,
  options: ContentImageOptions,
): Promise<ReceivedContentImage> {
  const wording = options.wording ?? ILLUSTRATION;
  let received: ReceivedContentImage | undefined;
  try {
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (received) {
        part.file.resume();
        throw new AppError('VALIDATION_FAILED', 400, wording.tooMany, { [wording.field]: wording.tooMany });
      }
      received = await receiveContentImage(part.file, options);
      if (part.file.truncated) throw new UploadRejection('too_large', wording.tooLarge);
    }
  } catch (error) {
    if (received) await options.storage.remove(received.tempKey).catch(() => undefined);
    throw mapIntakeError(error, wording);
  }
  if (!received) {
    throw new AppError('VALIDATION_FAILED', 400, wording.required, { [wording.field]: wording.required });
  }
  return received;
}

/** The storage key of a new illustration: never reused, so its public URL may be cached for good. */
export const newContentImageKey = (extension: string) => `${CONTENT_IMAGE_PREFIX}/${randomUUID()}.${extension}`;

/** Removes a stored file, if any; a file already gone is not an error. */
export async function dropStoredFile(storage: FileStorage, key: string | null): Promise<void> {
  if (key) await storage.remove(key).catch(() => undefined);
}

/**
 * Puts a received image in storage under `key`, then runs `change` — which points a row at the
 * new key in a transaction and says which key it replaced. The replaced file goes once the change
 * has committed; if the change fails, the new file goes instead. The file is in place before any
 * row points to it (news and promotion illustrations, staff photos).
 */
export async function storeImageThen<Out>(
  storage: FileStorage,
  image: ReceivedContentImage,
  key: string,
  change: () => Promise<{ previousKey: string | null; result: Out }>,
): Promise<Out> {
  try {
    await storage.promote(image.tempKey, key, image.mime);
  } catch (error) {
    await storage.remove(image.tempKey).catch(() => undefined);
    throw error;
  }
  let outcome: { previousKey: string | null; result: Out };
  try {
    outcome = await change();
  } catch (error) {
    await dropStoredFile(storage, key);
    throw error;
  }
  await dropStoredFile(storage, outcome.previousKey);
  return outcome.result;
}

/**
 * Limits of the multipart parser on an upload of one image: one byte of leeway over the image's
 * limit (the checks refuse at the limit + 1 while streaming; busboy's own limit is the backstop),
 * a second file to be refused in words, and a few small fields.
 */
export const IMAGE_MULTIPART_LIMITS = {
  fileSize: CONTENT_IMAGE_MAX_BYTES + 1,
  files: 2,
  fields: 5,
  fieldSize: 1024,
  parts: 7,
  headerPairs: 50,
} as const;

/** Multipart overhead allowed on top of the image bytes (boundary and part headers). */
const PART_OVERHEAD_BYTES = 64 * 1024;

/**
 * The one image of a multipart request, handed to `use`. What is plainly not an upload (415) or is
 * declared too large (413) is refused before a byte is read; on any failure, `use`'s included, the
 * rest of the body is read away (see abandonBody) and the error goes on to the error handler.
 */
export async function takeImageUpload<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  options: ContentImageOptions,
  use: (image: ReceivedContentImage) => Promise<T>,
): Promise<T> {
  const wording = options.wording ?? ILLUSTRATION;
  try {
    if (!request.isMultipart()) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, MESSAGES.common.unsupportedMediaType);
    }
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > CONTENT_IMAGE_MAX_BYTES + 2 * PART_OVERHEAD_BYTES) {
      throw new AppError('PAYLOAD_TOO_LARGE', 413, wording.tooLarge, { [wording.field]: wording.tooLarge });
    }
    return await use(await receiveContentImagePart(request.parts(), options));
  } catch (error) {
    abandonBody(request, reply);
    throw error;
  }
}
