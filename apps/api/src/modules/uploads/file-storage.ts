import type { Readable } from 'node:stream';
import type { AppConfig } from '../../config/env';
import { LocalFileStorage } from './local-file-storage';
import { S3FileStorage } from './s3-file-storage';

/** An object read back from storage. */
export interface StoredObject {
  body: Readable;
  /** Bytes. */
  size: number;
}

/**
 * Where uploaded files live: local disk (DATA_DIR/uploads) or S3-compatible object storage.
 * Uploads go to a temporary area first and are promoted to their final key only once the
 * whole request has passed its checks, so an interrupted or refused upload never leaves a
 * file where a report could point to it. Keys are made by the server (see {@link isSafeKey}).
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /**
   * Streams `source` into a new temporary object and resolves with its key once the source has
   * ended. If the source fails, whatever was written is removed and the promise rejects with
   * the source's error. Never holds the whole file in memory.
   */
  writeTemp(source: Readable): Promise<string>;
  /**
   * Takes over a finished local file (which must be on the machine, e.g. a scratch file) as a new
   * temporary object and resolves with its key; the file is gone afterwards, whether it worked
   * or not. Local disk renames it when it can (no byte passes through JavaScript); S3 streams it.
   */
  adoptTemp(file: string): Promise<string>;
  /** Moves a temporary object to `key` (which must not exist yet) and records its content type. */
  promote(tempKey: string, key: string, contentType: string): Promise<void>;
  /** Removes an object; removing a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** Opens an object for reading, or null when it does not exist. */
  open(key: string): Promise<StoredObject | null>;
  /** Removes temporary objects older than `olderThan` (left by a process that died mid-upload). */
  sweepTemp(olderThan: Date): Promise<number>;
}

/** Prefix of the temporary area inside the storage. */
export const TEMP_PREFIX = 'tmp';

const SAFE_KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\/[a-z0-9-]+(\.[a-z0-9]+)?$/;

/** A key the server made: lower-case segments of [a-z0-9-], an optional extension, no `..`. */
export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && key.length <= 300;
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
}

/** The storage the configuration asks for: S3 when S3_BUCKET is set, else local disk. */
export function createFileStorage(config: AppConfig['uploads']): FileStorage {
  return config.s3 ? new S3FileStorage(config.s3) : new LocalFileStorage(config.dir);
}
