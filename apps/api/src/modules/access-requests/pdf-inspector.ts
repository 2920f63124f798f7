import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pLimit from 'p-limit';
import type * as PdfLib from 'pdf-lib';
import { ACCESS_REQUEST_MAX_FILE_BYTES, MESSAGES } from '@freight/domain';
import { BatchedFileWriter, whenClosed } from '../uploads/batched-file-writer';
import type { FileStorage } from '../uploads/file-storage';
import { UploadRejection } from '../uploads/image-inspector';

/*
 * pdf-lib is loaded through require, so the parser and the DecodeStream class patched below are
 * certainly the same (CommonJS) copy, whatever a bundler or test runner would pick for `import`.
 */
const require = createRequire(import.meta.url);
const pdfLib = require('pdf-lib') as typeof PdfLib;
const DecodeStream = require('pdf-lib/cjs/core/streams/DecodeStream') as {
  default: { prototype: { ensureBuffer(requested: number): Uint8Array } };
};

const A = MESSAGES.accessRequest;

/**
 * Bytes pdf-lib may decompress while it loads one PDF (object and cross-reference streams, which
 * it decodes at once): 128 MiB. A real 20 MB scan has a few hundred kilobytes of them; a
 * «zip bomb» of a few kilobytes that inflates to gigabytes is stopped here instead of taking the
 * process's memory.
 */
export const PDF_MAX_DECODED_BYTES = 128 * 1024 * 1024;

/**
 * The decompression budget of the PDF being loaded now (loads run one at a time, see
 * {@link checkPdf}). Every pdf-lib decoder grows its buffer through DecodeStream.ensureBuffer;
 * the growth is counted against the budget, and a load that goes over fails.
 */
let budget: { used: number; max: number } | null = null;

/** Thrown from inside pdf-lib when a load decompresses more than its budget. */
export class DecodeBudgetExceeded extends Error {}

const counted = new WeakMap<object, number>();
const ensureBuffer = DecodeStream.default.prototype.ensureBuffer;
DecodeStream.default.prototype.ensureBuffer = function guardedEnsureBuffer(this: object, requested: number) {
  if (budget) {
    const before = counted.get(this) ?? 0;
    if (requested > before) {
      budget.used += requested - before;
      counted.set(this, requested);
      if (budget.used > budget.max) throw new DecodeBudgetExceeded('decoded PDF streams over budget');
    }
  }
  return ensureBuffer.call(this, requested);
};

const rejections = {
  tooLarge: () => new UploadRejection('too_large', A.fileTooLarge),
  wrongType: () => new UploadRejection('wrong_type', A.fileTypeInvalid),
  mismatch: () => new UploadRejection('type_mismatch', MESSAGES.upload.typeMismatch),
  foreign: () => new UploadRejection('foreign_content', A.fileContentInvalid),
  unreadable: () => new UploadRejection('unreadable', A.pdfUnreadable),
  encrypted: () => new UploadRejection('unreadable', A.pdfEncrypted),
  active: () => new UploadRejection('foreign_content', A.pdfActiveContent),
};

/** `%PDF-1.7`, `%PDF-2.0`: the header every PDF starts with, at byte 0 (no junk before it). */
const PDF_HEADER = /^%PDF-[12]\.\d/;

/**
 * What must not ride in a PDF's bytes: an HTML page or script (a PDF that is «really» a web page,
 * or a polyglot that a browser would render), PHP, a javascript: link. Searched in the raw bytes,
 * where compressed streams are noise that does not spell these by chance.
 */
const FOREIGN_TEXT = /<(?:!doctype|html|head|body|script|iframe|object|embed|svg)[\s>/]|<\?php|javascript:/i;
/** Longest match of {@link FOREIGN_TEXT} minus one: kept between chunks so a split match is found. */
const OVERLAP = 16;
/** Bytes kept from the end of the file for the trailer check. */
const TAIL = 1024;

/** Whether the declared name and type allow a PDF (an empty or generic type is no claim). */
function declaredPdf(declared: { name: string; type: string }): boolean {
  const type = declared.type.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type !== '' && type !== 'application/octet-stream' && type !== 'application/pdf') return false;
  const base = declared.name.split(/[\\/]/).pop()?.trim() ?? '';
  const extension = /\.([^.]*)$/.exec(base)?.[1]?.toLowerCase();
  return extension === undefined || extension === 'pdf';
}

/**
 * A pass-through stream that checks a PDF while it flows to disk: at most `maxBytes`, the PDF
 * header at byte 0, no HTML, script or javascript: link anywhere in the bytes, and nothing but
 * white space after the last `%%EOF` (no archive or page appended: a polyglot). It fails with an
 * {@link UploadRejection}; `size` is set once the stream has ended.
 */
export class PdfStreamInspector extends Transform {
  size: number | undefined;
  private bytes = 0;
  private head = Buffer.alloc(0);
  private carry = Buffer.alloc(0);
  private tail = Buffer.alloc(0);

  constructor(
    private readonly maxBytes: number,
    declared: { name: string; type: string },
  ) {
    super();
    if (!declaredPdf(declared)) throw rejections.mismatch();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      callback(rejections.tooLarge());
      return;
    }
    if (this.head.length < 8) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, 8 - this.head.length)]);
      if (this.head.length === 8 && !PDF_HEADER.test(this.head.toString('latin1'))) {
        callback(rejections.wrongType());
        return;
      }
    }
    const window = Buffer.concat([this.carry, chunk]);
    if (FOREIGN_TEXT.test(window.toString('latin1'))) {
      callback(rejections.foreign());
      return;
    }
    this.carry = window.subarray(Math.max(0, window.length - OVERLAP));
    this.tail = Buffer.concat([this.tail, chunk]);
    if (this.tail.length > TAIL) this.tail = this.tail.subarray(this.tail.length - TAIL);
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    if (this.head.length < 8 || !PDF_HEADER.test(this.head.toString('latin1'))) {
      callback(rejections.wrongType());
      return;
    }
    const tail = this.tail.toString('latin1');
    const end = tail.lastIndexOf('%%EOF');
    if (end === -1) {
      callback(rejections.unreadable());
      return;
    }
    if (!/^[\s\0]*$/.test(tail.slice(end + 5))) {
      callback(rejections.foreign());
      return;
    }
    this.size = this.bytes;
    callback();
  }
}

/** Keys that only active or attached content has: scripts, embedded files, XFA forms, rich media. */
const ACTIVE_KEYS = ['JS', 'JavaScript', 'EmbeddedFile', 'EmbeddedFiles', 'EF', 'XFA', 'RichMedia', 'RichMediaContent'];
/** Action types (`/S`) that run code, open or import files, or send data away. */
const ACTIVE_ACTIONS = ['JavaScript', 'Launch', 'ImportData', 'SubmitForm', 'RichMediaExecute', 'GoToE'];
/** Objects looked at per PDF; a real document has thousands to a few hundred thousand. */
const MAX_WALKED_OBJECTS = 5_000_000;

/**
 * Whether anything in the loaded document is active or attached content: any dictionary (an
 * indirect object, a stream's dictionary, or one nested directly in another) with a key of
 * {@link ACTIVE_KEYS}, an action of {@link ACTIVE_ACTIONS}, or a javascript: URI.
 */
function hasActiveContent(doc: PdfLib.PDFDocument): boolean {
  const { PDFArray, PDFDict, PDFName, PDFStream, PDFString, PDFHexString } = pdfLib;
  const activeKeys = new Set(ACTIVE_KEYS.map((key) => PDFName.of(key)));
  const activeActions = new Set(ACTIVE_ACTIONS.map((action) => PDFName.of(action)));
  const S = PDFName.of('S');
  const URI = PDFName.of('URI');
  const stack: unknown[] = doc.context.enumerateIndirectObjects().map(([, object]) => object);
  let walked = 0;
  while (stack.length > 0) {
    walked += 1;
    if (walked > MAX_WALKED_OBJECTS) throw rejections.unreadable();
    const object = stack.pop();
    const dict = object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : null;
    if (dict) {
      for (const [key, value] of dict.entries()) {
        if (activeKeys.has(key)) return true;
        if (key === S && value instanceof PDFName && activeActions.has(value)) return true;
        if (
          key === URI &&
          (value instanceof PDFString || value instanceof PDFHexString) &&
          /^\s*javascript:/i.test(value.decodeText())
        ) {
          return true;
        }
        stack.push(value);
      }
    } else if (object instanceof PDFArray) {
      stack.push(...object.asArray());
    }
  }
  return false;
}

/** PDFs parsed at a time: parsing holds the file in memory and the decode budget is per process. */
const parseQueue = pLimit(1);

/**
 * Loads a PDF that {@link PdfStreamInspector} passed with pdf-lib, strictly (an invalid object
 * fails the load), within {@link PDF_MAX_DECODED_BYTES} of decompressed streams, and refuses it
 * when it is encrypted, has no page, or carries active or attached content. The file is read
 * whole (at most 20 MB); pdf-lib yields to the event loop while it parses.
 */
export function checkPdf(
  file: string,
  { maxDecodedBytes = PDF_MAX_DECODED_BYTES }: { maxDecodedBytes?: number } = {},
): Promise<{ pages: number }> {
  return parseQueue(async () => {
    const bytes = await readFile(file);
    const own = { used: 0, max: maxDecodedBytes };
    budget = own;
    let doc: PdfLib.PDFDocument;
    try {
      // Loaded even when encrypted, to tell that apart (pdf-lib's own error class does not survive
      // its ES5 build's `instanceof`).
      doc = await pdfLib.PDFDocument.load(bytes, {
        throwOnInvalidObject: true,
        updateMetadata: false,
        ignoreEncryption: true,
      });
    } catch (error) {
      // pdf-lib turns an error inside an object into its own «invalid object»; say what it was.
      const cause = own.used > own.max ? new DecodeBudgetExceeded('decoded PDF streams over budget') : error;
      throw Object.assign(rejections.unreadable(), { cause });
    } finally {
      budget = null;
    }
    if (doc.isEncrypted) throw rejections.encrypted();
    let pages: number;
    try {
      pages = doc.getPageCount();
    } catch (error) {
      throw Object.assign(rejections.unreadable(), { cause: error });
    }
    if (pages < 1) throw rejections.unreadable();
    if (hasActiveContent(doc)) throw rejections.active();
    return { pages };
  });
}

/** A received PDF waiting in the storage's temporary area. */
export interface ReceivedPdf {
  tempKey: string;
  mime: 'application/pdf';
  extension: 'pdf';
  /** Bytes (stored as sent). */
  size: number;
}

/**
 * Receives one uploaded PDF: streams it through {@link PdfStreamInspector} into a scratch file,
 * checks its structure with {@link checkPdf}, and hands it to the storage's temporary area. The
 * bytes are kept as sent (a re-written PDF could lose a signature). The scratch file is gone
 * when the promise settles; a refusal rejects with an UploadRejection.
 */
export async function receivePdf(
  source: Readable,
  options: {
    storage: FileStorage;
    scratchDir: string;
    declared: { name: string; type: string };
    maxBytes?: number;
  },
): Promise<ReceivedPdf> {
  await mkdir(options.scratchDir, { recursive: true, mode: 0o700 });
  const scratch = path.join(options.scratchDir, `${randomUUID()}.pdf-upload`);
  const inspector = new PdfStreamInspector(options.maxBytes ?? ACCESS_REQUEST_MAX_FILE_BYTES, options.declared);
  // Made last, just before the try: once it exists, the pipeline is what closes it.
  const writer = new BatchedFileWriter(scratch);
  try {
    await pipeline(source, inspector, writer);
    await checkPdf(scratch);
    const tempKey = await options.storage.adoptTemp(scratch);
    return { tempKey, mime: 'application/pdf', extension: 'pdf', size: inspector.size! };
  } finally {
    // A refusal at the first bytes settles the pipeline while the file may still be opening:
    // removed before that open is done, it would be left behind (as in receive-image.ts).
    await whenClosed(writer);
    await rm(scratch, { force: true });
  }
}
