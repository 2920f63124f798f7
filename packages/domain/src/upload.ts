import { UPLOAD_TEXTS } from './texts/upload';
import type { FileDescriptor } from './bug-report';

/** Upload statuses of spec section 4. */
export const UPLOAD_STATUSES = ['uploading', 'done', 'error', 'removed'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/** An uploaded file item (spec section 3). */
export interface UploadItem extends FileDescriptor {
  uid: string;
  status: UploadStatus;
  /** Whole percent, 0–100. */
  percent: number;
  /** The server's answer: an object with `url` on success, often a string on failure. */
  response?: unknown;
  url?: string;
  /** Tooltip text of a failed item. */
  errorText?: string;
}

/** A new item in status `uploading` at 0 %. */
export function createUploadItem(file: FileDescriptor, uid: string): UploadItem {
  return { uid, name: file.name, size: file.size, type: file.type, status: 'uploading', percent: 0 };
}

/** What can happen to an upload. */
export type UploadEvent =
  | { type: 'progress'; percent: number }
  | { type: 'success'; response?: unknown }
  | { type: 'failure'; error?: unknown; response?: unknown }
  | { type: 'remove' };

/**
 * The upload state machine: uploading → done | error, and any state → removed.
 * Progress is clamped to 0–100 and floored to a whole percent, never goes backwards and only
 * counts while uploading. Success sets 100 % and takes `url` from an object response. Failure
 * records the tooltip text by {@link getUploadErrorText}. Events that do not fit the current
 * status (a late progress after removal, a second success) return the item unchanged, because
 * network callbacks arrive out of order.
 */
export function transitionUploadItem(item: UploadItem, event: UploadEvent): UploadItem {
  if (event.type === 'remove') return item.status === 'removed' ? item : { ...item, status: 'removed' };
  if (item.status !== 'uploading') return item;
  switch (event.type) {
    case 'progress': {
      const percent = Number.isFinite(event.percent) ? Math.min(100, Math.max(0, Math.floor(event.percent))) : 0;
      return percent > item.percent ? { ...item, percent } : item;
    }
    case 'success': {
      const url = readUrl(event.response);
      return {
        ...item,
        status: 'done',
        percent: 100,
        response: event.response,
        ...(url === undefined ? {} : { url }),
      };
    }
    case 'failure':
      return {
        ...item,
        status: 'error',
        response: event.response,
        errorText: getUploadErrorText(event.response, event.error),
      };
  }
}

function readUrl(response: unknown): string | undefined {
  if (typeof response === 'object' && response !== null && 'url' in response) {
    const { url } = response as { url: unknown };
    if (typeof url === 'string' && url.trim()) return url;
  }
  return undefined;
}

function nonBlankString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/**
 * Tooltip text of a failed upload (spec section 8): the response when it is a non-blank string,
 * else the error's `statusText`, else its `message`, else `UPLOAD_TEXTS.failed`
 * ('Не удалось загрузить файл'). Blank strings and non-string fields are skipped; the text is trimmed.
 */
export function getUploadErrorText(response: unknown, error?: unknown): string {
  const fromResponse = nonBlankString(response);
  if (fromResponse) return fromResponse;
  if (typeof error === 'object' && error !== null) {
    const { statusText, message } = error as { statusText?: unknown; message?: unknown };
    const fromError = nonBlankString(statusText) ?? nonBlankString(message);
    if (fromError) return fromError;
  }
  return UPLOAD_TEXTS.failed;
}

/** Actions of an upload list. */
export type UploadListAction =
  | { type: 'add'; file: FileDescriptor; uid: string; check?: (file: FileDescriptor) => boolean }
  | ({ uid: string } & UploadEvent);

/**
 * The visible upload list. `add` runs the pre-upload check first: a refused file is dropped
 * and never appears (spec section 4); a uid already in the list is ignored. Other actions go
 * to the item with that uid through {@link transitionUploadItem}; an item that becomes
 * `removed` leaves the list. Unknown uids leave the list unchanged (same array).
 */
export function uploadListReducer(items: readonly UploadItem[], action: UploadListAction): readonly UploadItem[] {
  if (action.type === 'add') {
    if (items.some((item) => item.uid === action.uid)) return items;
    if (action.check && !action.check(action.file)) return items;
    return [...items, createUploadItem(action.file, action.uid)];
  }
  const index = items.findIndex((item) => item.uid === action.uid);
  const current = items[index];
  if (current === undefined) return items;
  const next = transitionUploadItem(current, action);
  if (next === current) return items;
  if (next.status === 'removed') return items.filter((item) => item.uid !== action.uid);
  return items.map((item, position) => (position === index ? next : item));
}
