import { Transform, type TransformCallback } from 'node:stream';
import { BUG_REPORT_MAX_FILE_BYTES, declaredImageTypeMatches, MESSAGES } from '@freight/domain';

/** Image formats accepted for uploads: what the content is, by its structure. */
export const IMAGE_FORMATS = {
  'image/jpeg': { extension: 'jpg' },
  'image/png': { extension: 'png' },
} as const;
export type ImageMime = keyof typeof IMAGE_FORMATS;

/**
 * Pixel-flood limit: at most 50 000 000 pixels (50 MP, more than any phone camera's default
 * 48 MP mode and 12 × a 4K screenshot), checked from the header before anything decodes. Its
 * decoded RGBA form is at most 200 MB, and a 16 000 × 16 000 "bomb" of a few bytes is refused.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** Neither side may exceed this, so that one row stays small whatever the pixel count. */
export const MAX_IMAGE_SIDE = 30_000;
/**
 * Largest PNG chunk other than IDAT (zTXt, iTXt, tEXt, iCCP, eXIf…), in data bytes: refused from
 * the chunk's length field, before its data is read. A JPEG segment is at most 65 533 bytes by
 * the format.
 */
export const MAX_METADATA_CHUNK_BYTES = 1_048_576;
/** All PNG chunks but IDAT, or all JPEG marker segments, of one file together, headers included. */
export const MAX_METADATA_TOTAL_BYTES = 8 * 1_048_576;
/** PNG chunks or JPEG marker segments per file; real files have tens (a few thousand IDAT at most). */
export const MAX_IMAGE_CHUNKS = 100_000;

export type UploadRejectionReason =
  | 'too_large'
  | 'wrong_type'
  | 'type_mismatch'
  | 'too_many_pixels'
  | 'metadata_too_large'
  | 'foreign_content'
  | 'unreadable';

/** Why an uploaded file was refused; `message` is the Russian text for the user. */
export class UploadRejection extends Error {
  constructor(
    readonly reason: UploadRejectionReason,
    message: string,
  ) {
    super(message);
    this.name = 'UploadRejection';
  }
}

const rejections = {
  wrongType: () => new UploadRejection('wrong_type', MESSAGES.bugReport.fileType),
  mismatch: () => new UploadRejection('type_mismatch', MESSAGES.upload.typeMismatch),
  pixels: () => new UploadRejection('too_many_pixels', MESSAGES.upload.tooManyPixels),
  metadata: () => new UploadRejection('metadata_too_large', MESSAGES.upload.metadataTooLarge),
  foreign: () => new UploadRejection('foreign_content', MESSAGES.upload.foreignContent),
  unreadable: () => new UploadRejection('unreadable', MESSAGES.upload.unreadable),
};

/**
 * Signatures of what must never ride inside an image: archives (ZIP and what is built on it,
 * RAR, 7-Zip), PDF, ELF executables, and HTML or script. Long enough (≥ 4 bytes, the text
 * ones with their delimiter) that binary metadata such as an ICC profile does not match by
 * chance in practice. Searched in every chunk or segment that is not compressed pixel data.
 */
const FOREIGN_BINARY = [
  'PK\x03\x04',
  'PK\x01\x02',
  'PK\x05\x06',
  'Rar!\x1a\x07',
  '7z\xbc\xaf\x27\x1c',
  '%PDF-',
  '\x7fELF',
].map((signature) => Buffer.from(signature, 'latin1'));
const FOREIGN_TEXT = /<(?:!doctype|html|head|body|script|iframe|object|embed|svg)[\s>/]|<\?php|javascript:/i;

function assertNoForeignContent(data: Buffer): void {
  if (data.length < 4) return;
  for (const signature of FOREIGN_BINARY) if (data.includes(signature)) throw rejections.foreign();
  if (FOREIGN_TEXT.test(data.toString('latin1'))) throw rejections.foreign();
}

function checkDimensions(width: number, height: number): void {
  if (width <= 0 || height <= 0) throw rejections.unreadable();
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) throw rejections.pixels();
}

/**
 * What a format walker asks the feeder for: `read` n bytes (at the end of the stream a read with
 * `atEnd` gets what is left, possibly nothing, where another fails as truncated), `skip` n bytes
 * unseen, or `entropy`: pass JPEG entropy-coded data up to the next marker and answer that
 * marker's byte.
 */
type Need = { op: 'read'; bytes: number; atEnd?: boolean } | { op: 'skip'; bytes: number } | { op: 'entropy' };
type Walk = Generator<Need, void, Buffer | number | null>;

interface WalkState {
  mime?: ImageMime;
  width?: number;
  height?: number;
  /** Bytes of non-pixel chunks or segments so far, headers included. */
  metadataBytes: number;
  chunks: number;
  /** Checks the client's file name and type once the format is known. */
  onFormat: (mime: ImageMime) => void;
}

function countChunk(state: WalkState, bytes: number): void {
  state.chunks += 1;
  state.metadataBytes += bytes;
  if (state.chunks > MAX_IMAGE_CHUNKS || state.metadataBytes > MAX_METADATA_TOTAL_BYTES) throw rejections.metadata();
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * PNG: the signature, IHDR first (its size checked at once), then chunk headers. IDAT is
 * skipped unseen; every other chunk is refused from its length field when over the limit,
 * else read and searched for foreign content. Nothing may follow IEND.
 */
function* walkPng(state: WalkState, signature: Buffer): Walk {
  const rest = (yield { op: 'read', bytes: 6 }) as Buffer;
  if (!Buffer.concat([signature, rest]).equals(PNG_SIGNATURE)) throw rejections.wrongType();
  state.mime = 'image/png';
  state.onFormat(state.mime);
  let sawData = false;
  for (let index = 0; ; index += 1) {
    const head = (yield { op: 'read', bytes: 8 }) as Buffer;
    const length = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    if (length > 0x7fff_ffff || !/^[A-Za-z]{4}$/.test(type)) throw rejections.unreadable();
    if (index === 0) {
      if (type !== 'IHDR' || length !== 13) throw rejections.unreadable();
      const ihdr = (yield { op: 'read', bytes: 13 }) as Buffer;
      state.width = ihdr.readUInt32BE(0);
      state.height = ihdr.readUInt32BE(4);
      checkDimensions(state.width, state.height);
      yield { op: 'skip', bytes: 4 };
      continue;
    }
    if (type === 'IDAT') {
      sawData = true;
      state.chunks += 1;
      if (state.chunks > MAX_IMAGE_CHUNKS) throw rejections.metadata();
      yield { op: 'skip', bytes: length + 4 };
      continue;
    }
    if (type === 'IEND') {
      if (length !== 0 || !sawData) throw rejections.unreadable();
      yield { op: 'skip', bytes: 4 };
      const after = (yield { op: 'read', bytes: 1, atEnd: true }) as Buffer | null;
      if (after && after.length > 0) throw rejections.foreign();
      return;
    }
    // A critical chunk PNG does not define cannot be skipped by any decoder.
    if (type !== 'PLTE' && type.charCodeAt(0) < 0x61) throw rejections.unreadable();
    if (length > MAX_METADATA_CHUNK_BYTES) throw rejections.metadata();
    countChunk(state, length + 12);
    assertNoForeignContent((yield { op: 'read', bytes: length }) as Buffer);
    yield { op: 'skip', bytes: 4 };
  }
}

const isFrameMarker = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
const isStandaloneMarker = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/**
 * One JPEG image after its SOI: marker segments (each counted, read and searched for foreign
 * content; the frame header's size checked at once), entropy-coded data passed unseen up to the
 * next marker, until EOI. `primary` is the image the file shows; later ones are MPF extras.
 * `leadRead`: the first marker's 0xFF has been read already.
 */
function* walkJpegImage(state: WalkState, primary: boolean, leadRead: boolean): Walk {
  let frame = false;
  let scanned = false;
  let pending: number | null = null;
  let skipLead = leadRead;
  for (;;) {
    let marker: number;
    if (pending === null) {
      const lead = skipLead ? 0xff : ((yield { op: 'read', bytes: 1 }) as Buffer)[0];
      skipLead = false;
      if (lead !== 0xff) throw rejections.unreadable();
      do marker = ((yield { op: 'read', bytes: 1 }) as Buffer)[0]!;
      while (marker === 0xff);
    } else {
      marker = pending;
      pending = null;
    }
    if (marker === 0xd9) {
      if (!scanned) throw rejections.unreadable();
      return;
    }
    if (isStandaloneMarker(marker)) continue;
    if (marker === 0xd8 || marker === 0x00) throw rejections.unreadable();
    const length = ((yield { op: 'read', bytes: 2 }) as Buffer).readUInt16BE(0);
    if (length < 2) throw rejections.unreadable();
    countChunk(state, length + 2);
    const body = (yield { op: 'read', bytes: length - 2 }) as Buffer;
    assertNoForeignContent(body);
    if (isFrameMarker(marker)) {
      if (frame || body.length < 6) throw rejections.unreadable();
      frame = true;
      const height = body.readUInt16BE(1);
      const width = body.readUInt16BE(3);
      checkDimensions(width, height);
      if (primary) {
        state.width = width;
        state.height = height;
      }
    }
    if (marker === 0xda) {
      if (!frame) throw rejections.unreadable();
      scanned = true;
      pending = (yield { op: 'entropy' }) as number;
    }
  }
}

/**
 * JPEG: SOI, the primary image to its EOI, then only further complete JPEG images (the
 * Multi-Picture Format that phones use for gain maps and depth maps); anything else after
 * the image is foreign content.
 */
function* walkJpeg(state: WalkState): Walk {
  const third = (yield { op: 'read', bytes: 1 }) as Buffer;
  if (third[0] !== 0xff) throw rejections.wrongType();
  state.mime = 'image/jpeg';
  state.onFormat(state.mime);
  yield* walkJpegImage(state, true, true);
  for (;;) {
    const next = (yield { op: 'read', bytes: 2, atEnd: true }) as Buffer | null;
    if (!next || next.length === 0) return;
    if (next.length < 2 || next[0] !== 0xff || next[1] !== 0xd8) throw rejections.foreign();
    yield* walkJpegImage(state, false, false);
  }
}

function* walkImage(state: WalkState): Walk {
  const head = (yield { op: 'read', bytes: 2, atEnd: true }) as Buffer | null;
  if (head?.length === 2 && head[0] === 0xff && head[1] === 0xd8) yield* walkJpeg(state);
  else if (head?.length === 2 && head[0] === 0x89 && head[1] === 0x50) yield* walkPng(state, head);
  else throw rejections.wrongType();
}

/**
 * Feeds a stream's chunks to a format walker and answers its needs, holding only what a `read`
 * asked for (at most one metadata chunk, ≤ 1 MiB). Work per chunk is proportional to the chunk:
 * skipped data is counted, entropy-coded data is searched for 0xFF with `indexOf`.
 */
class ImageWalker {
  readonly state: WalkState;
  private readonly walk: Walk;
  private need: Need | undefined;
  private done = false;
  private parts: Buffer[] = [];
  private partBytes = 0;
  /** Entropy-coded data: the previous byte was 0xFF. */
  private afterFf = false;

  constructor(onFormat: (mime: ImageMime) => void) {
    this.state = { metadataBytes: 0, chunks: 0, onFormat };
    this.walk = walkImage(this.state);
    this.advance(null);
  }

  private advance(answer: Buffer | number | null): void {
    let next = this.walk.next(answer as Buffer);
    // Zero-byte needs are answered at once.
    while (!next.done && next.value.op !== 'entropy' && next.value.bytes === 0) {
      next = this.walk.next(Buffer.alloc(0));
    }
    if (next.done) {
      this.done = true;
      this.need = undefined;
    } else {
      this.need = next.value;
    }
  }

  push(chunk: Buffer): void {
    let pos = 0;
    while (pos < chunk.length) {
      const need = this.need;
      if (this.done || !need) throw rejections.foreign();
      if (need.op === 'skip') {
        const n = Math.min(need.bytes, chunk.length - pos);
        pos += n;
        need.bytes -= n;
        if (need.bytes === 0) this.advance(null);
      } else if (need.op === 'read') {
        const n = Math.min(need.bytes - this.partBytes, chunk.length - pos);
        this.parts.push(chunk.subarray(pos, pos + n));
        this.partBytes += n;
        pos += n;
        if (this.partBytes === need.bytes) this.advance(this.takeParts());
      } else if (this.afterFf) {
        const byte = chunk[pos]!;
        pos += 1;
        // FF00 is a stuffed data byte, FFD0–FFD7 restart markers, FFFF fill: all inside the scan.
        if (byte === 0xff) continue;
        this.afterFf = false;
        if (byte !== 0x00 && (byte < 0xd0 || byte > 0xd7)) this.advance(byte);
      } else {
        const ff = chunk.indexOf(0xff, pos);
        if (ff === -1) pos = chunk.length;
        else {
          pos = ff + 1;
          this.afterFf = true;
        }
      }
    }
  }

  /** The stream ended: the walker must have finished, or be waiting for what may be missing. */
  end(): void {
    if (this.done) return;
    if (this.need?.op === 'read' && this.need.atEnd) {
      this.advance(this.partBytes > 0 ? this.takeParts() : null);
      if (this.done) return;
    }
    throw rejections.unreadable();
  }

  private takeParts(): Buffer {
    const data = this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts);
    this.parts = [];
    this.partBytes = 0;
    return data;
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

export interface ImageInspectorOptions {
  /** Byte limit of the file; the spec's 1 GiB by default. */
  maxBytes?: number;
  /** What the client said the file is: its name and Content-Type, checked against the content. */
  declared: { name: string; type: string };
}

/**
 * A pass-through stream that checks an uploaded image while it flows to disk, before anything
 * decodes it, holding at most one metadata chunk (≤ 1 MiB): it counts the bytes (more than
 * `maxBytes` → `too_large` at once), walks the JPEG or PNG structure as it arrives and refuses
 * at the first byte that settles it:
 * - not JPEG or PNG → `wrong_type`; a name or declared type of the other format → `type_mismatch`;
 * - more than {@link MAX_IMAGE_PIXELS} pixels or a side over {@link MAX_IMAGE_SIDE} in the header
 *   → `too_many_pixels`;
 * - a PNG chunk over {@link MAX_METADATA_CHUNK_BYTES} (from its length field, unread), metadata over
 *   {@link MAX_METADATA_TOTAL_BYTES} or more than {@link MAX_IMAGE_CHUNKS} chunks → `metadata_too_large`;
 * - bytes after the image's end (other than further whole JPEG images), or an archive, PDF,
 *   executable, HTML or script signature in any chunk that is not pixel data → `foreign_content`;
 * - a broken or truncated structure → `unreadable`.
 * It fails with an {@link UploadRejection}; `result` is set once the stream has ended.
 */
export class ImageInspector extends Transform {
  result: InspectedImage | undefined;
  private bytes = 0;
  private readonly maxBytes: number;
  private readonly walker: ImageWalker;

  constructor({ maxBytes = BUG_REPORT_MAX_FILE_BYTES, declared }: ImageInspectorOptions) {
    super();
    this.maxBytes = maxBytes;
    this.walker = new ImageWalker((mime) => {
      if (!declaredImageTypeMatches(declared, mime)) throw rejections.mismatch();
    });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      callback(new UploadRejection('too_large', MESSAGES.bugReport.fileTooLarge));
      return;
    }
    try {
      this.walker.push(chunk);
    } catch (error) {
      callback(error as Error);
      return;
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    try {
      this.walker.end();
      const { mime, width, height } = this.walker.state;
      if (!mime || !width || !height) throw rejections.unreadable();
      this.result = { mime, extension: IMAGE_FORMATS[mime].extension, width, height, size: this.bytes };
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }
}
