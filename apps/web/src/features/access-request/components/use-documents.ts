'use client';

import { useRef, useState } from 'react';
import { createUploadItem, uploadListReducer, type UploadItem, type UploadListAction } from '@freight/domain/upload';
import { ApiError } from '@/lib/api/client';
import { distributeProgress } from '@/lib/upload/post-multipart';
import { getDocumentError } from '../lib/files';

let uidCounter = 0;
function nextUid(): string {
  uidCounter += 1;
  return `access-file-${Date.now().toString(36)}-${uidCounter}`;
}

/**
 * The documents picked for one upload: the FileUpload items (domain upload reducer) and their
 * File objects. `capacity` is how many may still be added to the request. A picked file that
 * breaks a rule (lib/files.ts) is not added and its reason is kept in `refusal`. `upload` sends
 * them with `send`, sharing the real progress among the items, and marks each done or failed
 * (a file the server named gets its own message, the others the default text).
 */
export function useDocuments(capacity: number) {
  const [items, setItems] = useState<readonly UploadItem[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const files = useRef(new Map<string, File>());

  const dispatch = (action: UploadListAction) => setItems((current) => uploadListReducer(current, action));

  const select = (picked: File[]) => {
    let count = items.length;
    let lastRefusal: string | null = null;
    for (const file of picked) {
      const descriptor = { name: file.name, size: file.size, type: file.type };
      const error = getDocumentError(descriptor, capacity - count);
      if (error) {
        lastRefusal = error;
        continue;
      }
      const uid = nextUid();
      files.current.set(uid, file);
      dispatch({ type: 'add', file: descriptor, uid });
      count += 1;
    }
    setRefusal(lastRefusal);
  };

  const remove = (uid: string) => {
    files.current.delete(uid);
    dispatch({ type: 'remove', uid });
    setRefusal(null);
  };

  const reset = () => {
    files.current.clear();
    setItems([]);
    setRefusal(null);
  };

  async function upload<T>(
    send: (files: File[], onProgress: (loaded: number, total: number) => void) => Promise<T>,
  ): Promise<T> {
    // A failed item goes back to uploading for the new attempt.
    const sending = items.map((item) => (item.status === 'uploading' ? item : createUploadItem(item, item.uid)));
    setItems(sending);
    const uids = sending.map((item) => item.uid);
    const sizes = sending.map((item) => item.size);
    try {
      const result = await send(
        uids.map((uid) => files.current.get(uid)).filter((file): file is File => file !== undefined),
        (loaded, total) => {
          const percents = distributeProgress(sizes, loaded, total);
          uids.forEach((uid, i) => dispatch({ uid, type: 'progress', percent: percents[i] ?? 0 }));
        },
      );
      uids.forEach((uid) => dispatch({ uid, type: 'success' }));
      return result;
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      // A request is stored whole or not at all: only the file the server named is at fault.
      const blamed = Object.keys(fields).some((key) => key.startsWith('files.'));
      uids.forEach((uid, i) => {
        const own = fields[`files.${i}`];
        dispatch(
          own
            ? { uid, type: 'failure', response: own }
            : { uid, type: 'failure', error: blamed || !(error instanceof Error) ? undefined : error },
        );
      });
      throw error;
    }
  }

  return { items, refusal, select, remove, reset, upload };
}
