import { type Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import { ACCESS_REQUEST_MAX_FILE_BYTES, MESSAGES, type AccessRequestFileType } from '@freight/domain';
import { AppError } from '../../errors/app-error';
import type { FileStorage } from '../uploads/file-storage';
import { UploadRejection } from '../uploads/image-inspector';
import { receiveImage } from '../uploads/receive-image';
import { receivePdf } from './pdf-inspector';
import { peek } from '../uploads/peek-stream';

const A = MESSAGES.accessRequest;

/** A document that passed every check and waits in the storage's temporary area. */
export interface ReceivedDocument {
  tempKey: string;
  /** The name the client gave (shown only). */
  name: string;
  mime: AccessRequestFileType;
  extension: string;
  /** Bytes as stored: an image re-encoded without its metadata, a PDF as sent. */
  size: number;
}

export interface ReceiveDocumentOptions {
  storage: FileStorage;
  /** Local folder for files while they are checked (and images re-encoded). */
  scratchDir: string;
  /** What the client said the file is (name and Content-Type). */
  declared: { name: string; type: string };
  maxBytes?: number;
}

/** Bytes that settle the format: JPEG FF D8, PNG 89 50, PDF `%PDF-`. */
const SNIFF_BYTES = 5;

/**
 * Receives one document by what its content is, not by what the client says: a JPEG or PNG goes
 * through the bug report's image path (checked while it streams, then re-encoded without EXIF,
 * GPS or XMP: receiveImage), a PDF through {@link receivePdf} (header, no HTML or polyglot,
 * a strict parse, not encrypted, no scripts or attachments). Anything else, or an empty file,
 * is refused with an UploadRejection.
 */
export async function receiveDocument(
  source: Readable,
  options: ReceiveDocumentOptions,
): Promise<Omit<ReceivedDocument, 'name'>> {
  const { head, stream } = await peek(source, SNIFF_BYTES);
  const maxBytes = options.maxBytes ?? ACCESS_REQUEST_MAX_FILE_BYTES;
  if (head.length === 0) throw new UploadRejection('wrong_type', A.fileEmpty);
  if ((head[0] === 0xff && head[1] === 0xd8) || (head[0] === 0x89 && head[1] === 0x50)) {
    const image = await receiveImage(stream, { ...options, maxBytes });
    return { tempKey: image.tempKey, mime: image.mime, extension: image.extension, size: image.size };
  }
  if (head.toString('latin1') === '%PDF-') {
    const pdf = await receivePdf(stream, { ...options, maxBytes });
    return { tempKey: pdf.tempKey, mime: pdf.mime, extension: pdf.extension, size: pdf.size };
  }
  stream.destroy();
  throw new UploadRejection('wrong_type', A.fileTypeInvalid);
}

/** A refused file as the user should see it, under `files.<index>`. */
function fileError(index: number, error: UploadRejection): AppError {
  // The image path says «1 ГБ» and «JPEG или PNG» (the bug report's limits): say ours instead.
  const message =
    error.reason === 'too_large'
      ? A.fileTooLarge
      : error.message === MESSAGES.bugReport.fileType
        ? A.fileTypeInvalid
        : error.message;
  const fields = { [`files.${index}`]: message };
  return error.reason === 'too_large'
    ? new AppError('PAYLOAD_TOO_LARGE', 413, message, fields)
    : new AppError('VALIDATION_FAILED', 400, MESSAGES.common.validationFailed, fields);
}

/** Too many documents: at most 10 per request in all. */
export function tooManyFiles(): AppError {
  return new AppError('VALIDATION_FAILED', 400, A.tooManyFiles, { files: A.tooManyFiles });
}

/** Multipart and stream failures as the user should see them; anything else is rethrown. */
function mapIntakeError(error: unknown, index: number): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof UploadRejection) return fileError(index, error);
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_FILES_LIMIT') return tooManyFiles();
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileError(index, new UploadRejection('too_large', A.fileTooLarge));
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

export interface ReceiveDocumentsOptions {
  storage: FileStorage;
  scratchDir: string;
  /** How many files may still come (10 less the request's files). */
  capacity: number;
  maxFileBytes?: number;
}

/**
 * Reads the multipart files one after another, each checked while it streams
 * ({@link receiveDocument}) into the storage's temporary area; fields are ignored. More than
 * `capacity` files is refused. Any failure removes every temporary object of the request
 * before it is rethrown as a Russian 4xx naming the file (`files.<index>`), so a refused or
 * interrupted upload leaves nothing behind.
 */
export async function receiveDocuments(
  parts: AsyncIterable<Multipart>,
  { storage, scratchDir, capacity, maxFileBytes }: ReceiveDocumentsOptions,
): Promise<ReceivedDocument[]> {
  const received: ReceivedDocument[] = [];
  try {
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (received.length >= capacity) {
        part.file.resume();
        throw tooManyFiles();
      }
      const document = await receiveDocument(part.file, {
        storage,
        scratchDir,
        maxBytes: maxFileBytes,
        declared: { name: part.filename, type: part.mimetype },
      });
      // busboy stops a file at its own limit too; a truncated file is a file that was too large.
      if (part.file.truncated) {
        await storage.remove(document.tempKey).catch(() => undefined);
        throw fileError(received.length, new UploadRejection('too_large', A.fileTooLarge));
      }
      received.push({ ...document, name: part.filename });
    }
    return received;
  } catch (error) {
    await Promise.allSettled(received.map((file) => storage.remove(file.tempKey)));
    throw mapIntakeError(error, received.length);
  }
}

/** Removes temporary objects of documents that were not stored. */
export async function discardDocuments(storage: FileStorage, documents: ReceivedDocument[]): Promise<void> {
  await Promise.allSettled(documents.map((document) => storage.remove(document.tempKey)));
}
