import type { Readable } from 'node:stream';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { BUG_REPORT_MAX_FILE_BYTES, BUG_REPORT_MAX_FILES, isBugReportPlaceholderFile, MESSAGES } from '@freight/domain';
import { BugReportFilesSchema } from '@freight/contracts';
import { AppError } from '../../errors/app-error';
import type { FileStorage } from '../uploads/file-storage';
import { UploadRejection } from '../uploads/image-inspector';
import { receiveImage, type ReceivedImage } from '../uploads/receive-image';

// The files of a bug report as they arrive. Kept apart from bug-report.service.ts, which stores
// reports in the database: the upload process (uploads/upload-process-main.ts) runs this file and
// has no database.

/** busboy's limits for a report's body; `maxFileBytes` is the per-file byte limit. */
export function bugReportMultipartLimits(maxFileBytes = BUG_REPORT_MAX_FILE_BYTES) {
  return {
    // One byte of leeway: the inspector refuses at maxFileBytes + 1 while streaming; busboy's own
    // limit is the backstop.
    fileSize: maxFileBytes + 1,
    files: BUG_REPORT_MAX_FILES + 1,
    fields: 10,
    fieldSize: 4096,
    parts: BUG_REPORT_MAX_FILES + 11,
    headerPairs: 50,
  };
}

/** A file that passed every check and waits in the storage's temporary area. */
export interface ReceivedFile {
  tempKey: string;
  name: string;
  image: ReceivedImage;
}

function fileError(index: number, error: UploadRejection): AppError {
  const fields = { [`files.${index}`]: error.message };
  return error.reason === 'too_large'
    ? new AppError('PAYLOAD_TOO_LARGE', 413, error.message, fields)
    : new AppError('VALIDATION_FAILED', 400, MESSAGES.common.validationFailed, fields);
}

function tooManyFiles(): AppError {
  return new AppError('VALIDATION_FAILED', 400, MESSAGES.common.validationFailed, {
    files: MESSAGES.bugReport.filesMaxCount,
  });
}

/** Multipart and stream failures as the user should see them; anything else is rethrown. */
function mapIntakeError(error: unknown, index: number): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof UploadRejection) return fileError(index, error);
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_FILES_LIMIT') return tooManyFiles();
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return fileError(index, new UploadRejection('too_large', MESSAGES.bugReport.fileTooLarge));
  }
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

async function countBytes(stream: Readable): Promise<number> {
  let size = 0;
  for await (const chunk of stream) size += (chunk as Buffer).length;
  return size;
}

/** A part the client may mean as the empty placeholder: plain text by type, or a .txt without a type. */
function mayBePlaceholder(part: MultipartFile): boolean {
  return isBugReportPlaceholderFile({ name: part.filename, type: part.mimetype, size: 0 });
}

export interface ReceiveReportFilesOptions {
  /** Where accepted files go: the storage's temporary area (or, in the upload process, a holding folder). */
  storage: Pick<FileStorage, 'adoptTemp' | 'remove'>;
  /** Local folder for files while they are checked and re-encoded. */
  scratchDir: string;
  maxFileBytes?: number;
}

/**
 * Reads the multipart files one after another, each checked while it streams and re-encoded
 * without its metadata ({@link receiveImage}) into the storage's temporary area. The empty text
 * placeholder is read and dropped; fields are ignored. Any failure removes every temporary
 * object of the request before it is rethrown as a Russian 4xx, so a refused or interrupted
 * upload leaves nothing behind.
 */
export async function receiveReportFiles(
  parts: AsyncIterable<Multipart>,
  { storage, scratchDir, maxFileBytes }: ReceiveReportFilesOptions,
): Promise<ReceivedFile[]> {
  const received: ReceivedFile[] = [];
  try {
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (mayBePlaceholder(part)) {
        const size = await countBytes(part.file);
        if (isBugReportPlaceholderFile({ name: part.filename, type: part.mimetype, size })) continue;
        throw fileError(received.length, new UploadRejection('wrong_type', MESSAGES.bugReport.fileType));
      }
      if (received.length >= BUG_REPORT_MAX_FILES) {
        part.file.resume();
        throw tooManyFiles();
      }
      const image = await receiveImage(part.file, {
        storage,
        scratchDir,
        maxBytes: maxFileBytes,
        declared: { name: part.filename, type: part.mimetype },
      });
      // busboy stops a file at its own limit too; a truncated file is a file that was too large.
      if (part.file.truncated) {
        await storage.remove(image.tempKey).catch(() => undefined);
        throw fileError(received.length, new UploadRejection('too_large', MESSAGES.bugReport.fileTooLarge));
      }
      received.push({ tempKey: image.tempKey, name: part.filename, image });
    }
    // The domain's own rules once more, on what the content turned out to be.
    const check = BugReportFilesSchema.safeParse(
      received.map((file) => ({ name: file.name, size: file.image.receivedBytes, type: file.image.mime })),
    );
    if (!check.success) {
      const issue = check.error.issues[0];
      throw new AppError('VALIDATION_FAILED', 400, MESSAGES.common.validationFailed, {
        [issue?.path.length ? `files.${issue.path.join('.')}` : 'files']: issue?.message ?? MESSAGES.bugReport.fileType,
      });
    }
    return received;
  } catch (error) {
    await Promise.allSettled(received.map((file) => storage.remove(file.tempKey)));
    throw mapIntakeError(error, received.length);
  }
}

/**
 * Takes the files the upload process accepted (each a finished local file: `tempKey` is its
 * path) into the storage's temporary area, in order. On a failure the files taken so far are
 * removed again (the others are the upload process's folder, which its caller removes).
 */
export async function adoptReportFiles(
  storage: Pick<FileStorage, 'adoptTemp' | 'remove'>,
  files: ReceivedFile[],
): Promise<ReceivedFile[]> {
  const adopted: ReceivedFile[] = [];
  try {
    for (const file of files) {
      const tempKey = await storage.adoptTemp(file.tempKey);
      adopted.push({ tempKey, name: file.name, image: { ...file.image, tempKey } });
    }
    return adopted;
  } catch (error) {
    await Promise.allSettled(adopted.map((file) => storage.remove(file.tempKey)));
    throw error;
  }
}
