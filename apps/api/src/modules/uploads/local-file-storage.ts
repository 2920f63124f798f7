import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, readdir, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { whenClosed } from './batched-file-writer';
import { assertSafeKey, TEMP_PREFIX, type FileStorage, type StoredObject } from './file-storage';

/**
 * Files on local disk under one root (DATA_DIR/uploads), outside any folder a web server
 * publishes. Files are created with mode 0600 and only ever served through the API.
 * A temporary file is promoted with link + unlink, which refuses to overwrite an existing key.
 */
export class LocalFileStorage implements FileStorage {
  readonly kind = 'local' as const;

  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async writeTemp(source: Readable): Promise<string> {
    const key = `${TEMP_PREFIX}/${randomUUID()}`;
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const writer = createWriteStream(file, { flags: 'wx', mode: 0o600 });
    try {
      await pipeline(source, writer);
    } catch (error) {
      await whenClosed(writer); // the file may still be opening: remove it only after
      await rm(file, { force: true });
      throw error;
    }
    return key;
  }

  async adoptTemp(source: string): Promise<string> {
    const key = `${TEMP_PREFIX}/${randomUUID()}`;
    const file = this.pathOf(key);
    try {
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      try {
        await rename(source, file);
      } catch (error) {
        // Another file system (EXDEV): the kernel copies it, still off the event loop.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await copyFile(source, file);
      }
      return key;
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    } finally {
      await rm(source, { force: true });
    }
  }

  async promote(tempKey: string, key: string): Promise<void> {
    const from = this.pathOf(tempKey);
    const to = this.pathOf(key);
    await mkdir(path.dirname(to), { recursive: true, mode: 0o700 });
    await link(from, to);
    await unlink(from);
  }

  async remove(key: string): Promise<void> {
    const file = this.pathOf(key);
    await rm(file, { force: true });
    // Drop the report's folder when it became empty; never above the root.
    const dir = path.dirname(file);
    if (dir !== this.root && dir.startsWith(this.root + path.sep) && !dir.endsWith(path.sep + TEMP_PREFIX)) {
      await rmdir(dir).catch(() => undefined);
    }
  }

  async open(key: string): Promise<StoredObject | null> {
    const file = this.pathOf(key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      return { body: createReadStream(file), size: info.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async sweepTemp(olderThan: Date): Promise<number> {
    const dir = path.join(this.root, TEMP_PREFIX);
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const name of names) {
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => null);
      if (info && info.mtime < olderThan) {
        await rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }
}
