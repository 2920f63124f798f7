import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchedFileWriter, whenClosed } from './batched-file-writer';

describe('BatchedFileWriter', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'batched-writer-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes every byte in order, the last partial batch included, into a new private file', async () => {
    const chunks = Array.from({ length: 57 }, (_, i) => randomBytes(1000 + i * 37));
    const file = path.join(dir, 'all.upload');
    await pipeline(Readable.from(chunks), new BatchedFileWriter(file, 16_384));
    expect(await readFile(file)).toEqual(Buffer.concat(chunks));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('leaves the file untouched until a batch is full, then writes the batch at once', async () => {
    const file = path.join(dir, 'batched.upload');
    const writer = new BatchedFileWriter(file, 1000);
    const write = (bytes: number) =>
      new Promise<void>((resolve, reject) => writer.write(Buffer.alloc(bytes, 7), (e) => (e ? reject(e) : resolve())));
    for (let i = 0; i < 9; i += 1) await write(100);
    expect((await stat(file)).size).toBe(0);
    await write(100);
    expect((await stat(file)).size).toBe(1000);
    await write(50);
    expect((await stat(file)).size).toBe(1000);
    await new Promise<void>((resolve, reject) => writer.end((e?: Error | null) => (e ? reject(e) : resolve())));
    expect((await stat(file)).size).toBe(1050);
  });

  it('never overwrites an existing file', async () => {
    const file = path.join(dir, 'taken.upload');
    await writeFile(file, 'already here');
    await expect(pipeline(Readable.from([Buffer.from('new')]), new BatchedFileWriter(file))).rejects.toMatchObject({
      code: 'EEXIST',
    });
    expect(await readFile(file, 'utf8')).toBe('already here');
  });

  it('fails the pipeline when the source fails, with the file closed so it can be removed', async () => {
    const file = path.join(dir, 'broken.upload');
    async function* source() {
      yield Buffer.alloc(2000, 1);
      throw new Error('connection reset');
    }
    const writer = new BatchedFileWriter(file, 1000);
    await expect(pipeline(Readable.from(source()), writer)).rejects.toThrow('connection reset');
    // The pipeline settles before the writer has closed (its open may still be on libuv's pool):
    // the caller waits for the close, as the upload code does, and the file is then there to remove.
    await whenClosed(writer);
    await rm(file);
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
