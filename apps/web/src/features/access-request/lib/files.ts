import {
  ACCESS_REQUEST_FILE_TYPES,
  ACCESS_REQUEST_MAX_FILE_BYTES,
  ACCESS_REQUEST_MAX_FILES,
} from '@freight/domain/access-request';
import { ACCESS_REQUEST_TEXTS } from '@freight/domain/texts/access-request';

const A = ACCESS_REQUEST_TEXTS;

/** Extensions of the formats the API accepts (it checks the content itself). */
const EXTENSIONS: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
};

/**
 * The first rule a picked file breaks before it is sent, or null: empty, over 20 MB, not a JPEG,
 * PNG or PDF by its type or extension, or one over the room left (`slotsLeft`). The server
 * checks the content again; this only spares an upload that would be refused.
 */
export function getDocumentError(file: { name: string; size: number; type: string }, slotsLeft: number): string | null {
  if (slotsLeft <= 0) return A.tooManyFiles;
  if (file.size === 0) return A.fileEmpty;
  if (file.size > ACCESS_REQUEST_MAX_FILE_BYTES) return A.fileTooLarge;
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const byType = (ACCESS_REQUEST_FILE_TYPES as readonly string[]).includes(file.type);
  const byName = extension in EXTENSIONS;
  if (!byType && !byName) return A.fileTypeInvalid;
  return null;
}

/** How many more documents a request with `count` files may take. */
export function slotsLeft(count: number): number {
  return Math.max(0, ACCESS_REQUEST_MAX_FILES - count);
}
