import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
// @ts-expect-error -- the fake S3 server ships no type declarations
import S3rver from '@20minutes/s3rver';
import sharp from 'sharp';
import type { BugReportResponse } from '@freight/contracts';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/env';
import { cookiePair, createTestContext, TEST_ORIGIN, type TestContext } from '../../test/helpers';
import { createFileStorage, type FileStorage } from './file-storage';
import { LocalFileStorage } from './local-file-storage';
import { S3FileStorage } from './s3-file-storage';
import { JPEG_4X3, makePng, MULTIPART_CONTENT_TYPE, multipartBody } from './test-images';

const BUCKET = 'uploads';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * s3rver signs a bucket-level request (ListObjectsV2) over `/bucket` while the SDK signs
 * `/bucket/`; real S3 and its Russian counterparts accept the SDK's form. This adapts the
 * requests to the fake server only, before they are signed.
 */
function adaptToS3rver(client: S3Client): S3Client {
  client.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { path?: string };
      if (typeof request.path === 'string' && /^\/[^/]+\/$/.test(request.path))
        request.path = request.path.slice(0, -1);
      return next(args);
    },
    { step: 'build', name: 's3rverBucketPath' },
  );
  return client;
}

function failingSource(bytes: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= bytes) {
        this.destroy(new Error('client went away'));
        return;
      }
      sent += 1024 * 1024;
      this.push(Buffer.alloc(1024 * 1024, 7));
    },
  });
}

/** The same contract for both adapters. */
function storageContract(name: string, make: () => FileStorage, listAll: () => Promise<string[]>) {
  describe(name, () => {
    it('streams to a temporary object, promotes it, reads it back and removes it', async () => {
      const storage = make();
      const content = makePng(50, 40);
      const temp = await storage.writeTemp(Readable.from([content.subarray(0, 100), content.subarray(100)]));
      expect(temp).toMatch(/^tmp\/[0-9a-f-]{36}$/);
      await storage.promote(temp, 'bug-reports/r1/f1.png', 'image/png');
      expect(await storage.open(temp)).toBeNull();
      const object = await storage.open('bug-reports/r1/f1.png');
      expect(object?.size).toBe(content.length);
      expect((await readAll(object!.body)).equals(content)).toBe(true);
      await storage.remove('bug-reports/r1/f1.png');
      await storage.remove('bug-reports/r1/f1.png');
      expect(await storage.open('bug-reports/r1/f1.png')).toBeNull();
      expect(await listAll()).toEqual([]);
    });

    it('leaves nothing behind when the source fails mid-stream (larger than one S3 part)', async () => {
      const storage = make();
      await expect(storage.writeTemp(failingSource(12 * 1024 * 1024))).rejects.toThrow('client went away');
      expect(await listAll()).toEqual([]);
    });

    it('adopts a finished local file as a temporary object and the file is gone', async () => {
      const storage = make();
      const scratch = await mkdtemp(path.join(tmpdir(), 'adopt-'));
      const file = path.join(scratch, 'clean');
      const content = makePng(20, 10);
      await writeFile(file, content);
      const temp = await storage.adoptTemp(file);
      expect(temp).toMatch(/^tmp\/[0-9a-f-]{36}$/);
      expect(existsSync(file)).toBe(false);
      const object = await storage.open(temp);
      expect((await readAll(object!.body)).equals(content)).toBe(true);
      await storage.remove(temp);
      expect(await listAll()).toEqual([]);
      await expect(storage.adoptTemp(path.join(scratch, 'missing'))).rejects.toThrow();
      expect(await listAll()).toEqual([]);
      await rm(scratch, { recursive: true, force: true });
    });

    it('refuses keys it did not make', async () => {
      const storage = make();
      await expect(storage.open('../etc/passwd')).rejects.toThrow('unsafe storage key');
      await expect(storage.remove('bug-reports/../../x')).rejects.toThrow('unsafe storage key');
    });

    it('sweeps temporary objects left by a dead process', async () => {
      const storage = make();
      const temp = await storage.writeTemp(Readable.from([Buffer.from('x')]));
      expect(await storage.sweepTemp(new Date(Date.now() - 60_000))).toBe(0);
      expect(await storage.sweepTemp(new Date(Date.now() + 60_000))).toBe(1);
      expect(await storage.open(temp)).toBeNull();
    });
  });
}

describe('file storage', () => {
  let dir: string;
  let s3dir: string;
  let server: { run(): Promise<AddressInfo>; close(): Promise<void> };
  let endpoint: string;
  let raw: S3Client;
  const s3Storages: S3FileStorage[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'storage-local-'));
    s3dir = await mkdtemp(path.join(tmpdir(), 'storage-s3-'));
    // A real S3-compatible HTTP server on loopback (s3rver), never the internet.
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3dir,
      configureBuckets: [{ name: BUCKET }],
    });
    const address = await server.run();
    endpoint = `http://127.0.0.1:${address.port}`;
    raw = adaptToS3rver(
      new S3Client({
        endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        requestChecksumCalculation: 'WHEN_REQUIRED',
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      }),
    );
  });
  afterAll(async () => {
    for (const storage of s3Storages) storage.destroy();
    raw.destroy();
    await server.close();
    await rm(dir, { recursive: true, force: true });
    await rm(s3dir, { recursive: true, force: true });
  });

  const s3Config = () => ({
    endpoint,
    region: 'us-east-1',
    bucket: BUCKET,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix: 'test',
  });
  const listS3 = async () => {
    const page = await raw.send(new ListObjectsV2Command({ Bucket: BUCKET }));
    return (page.Contents ?? []).map((o) => o.Key!);
  };
  const listLocal = async () => {
    const { readdir } = await import('node:fs/promises');
    const out: string[] = [];
    const walk = async (d: string) => {
      for (const e of await readdir(d, { withFileTypes: true }).catch(() => [])) {
        if (e.isDirectory()) await walk(path.join(d, e.name));
        else out.push(path.join(d, e.name));
      }
    };
    await walk(dir);
    return out;
  };

  storageContract('local disk', () => new LocalFileStorage(dir), listLocal);
  storageContract(
    'S3-compatible',
    () => {
      const storage = new S3FileStorage(s3Config());
      adaptToS3rver(storage.client);
      s3Storages.push(storage);
      return storage;
    },
    listS3,
  );

  it('the configuration picks S3 when S3_BUCKET is set, local disk otherwise', () => {
    const local = loadConfig({ DATA_DIR: dir });
    expect(createFileStorage(local.uploads).kind).toBe('local');
    expect(local.uploads.dir).toBe(path.join(dir, 'uploads'));
    const s3 = loadConfig({ S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: '1', S3_PREFIX: '/a/b/' });
    expect(s3.uploads.s3).toMatchObject({ bucket: BUCKET, endpoint, forcePathStyle: true, prefix: 'a/b' });
    const storage = createFileStorage(s3.uploads) as S3FileStorage;
    expect(storage.kind).toBe('s3');
    storage.destroy();
  });

  describe('a bug report stored in S3', () => {
    let ctx: TestContext;
    let app: Awaited<ReturnType<typeof buildApp>>;

    beforeAll(async () => {
      ctx = await createTestContext();
      const storage = new S3FileStorage({ ...s3Config(), prefix: 'reports' });
      adaptToS3rver(storage.client);
      s3Storages.push(storage);
      app = await buildApp({ config: ctx.config, database: ctx.database, storage });
      await app.ready();
    });
    afterAll(async () => {
      await app.close();
      await ctx.close();
    });

    it('keeps the files under server-made keys and serves them back; a refused report keeps nothing', async () => {
      const session = await app.inject({ method: 'GET', url: '/api/v1/authorization/anonymous_token' });
      const cookie = cookiePair(session.headers['set-cookie'], 'auth_token')!;
      const send = (files: { name: string; type: string; content: Buffer }[]) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/duty_bug_report/',
          query: { text: 'Ошибка', contact: '+79123456789', policy_agreement: 'true' },
          payload: multipartBody(files),
          headers: { origin: TEST_ORIGIN, cookie, 'content-type': MULTIPART_CONTENT_TYPE },
        });
      const before = (await listS3()).filter((k) => k.startsWith('reports/'));
      const refused = await send([
        { name: 'a.jpg', type: 'image/jpeg', content: JPEG_4X3 },
        { name: 'b.jpg', type: 'image/jpeg', content: Buffer.from('GIF89a not really') },
      ]);
      expect(refused.statusCode).toBe(400);
      expect((await listS3()).filter((k) => k.startsWith('reports/'))).toEqual(before);

      const res = await send([{ name: 'a.jpg', type: 'image/jpeg', content: JPEG_4X3 }]);
      expect(res.statusCode).toBe(201);
      const body = res.json() as BugReportResponse;
      const keys = (await listS3()).filter((k) => k.startsWith('reports/'));
      expect(keys).toEqual([expect.stringMatching(/^reports\/bug-reports\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.jpg$/)]);
      const back = await app.inject({ method: 'GET', url: body.files[0]!.url, headers: { cookie } });
      expect(back.statusCode).toBe(200);
      // Re-encoded without metadata (decision 007): the same picture, not the same bytes.
      expect(await sharp(back.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 4, height: 3 });
      expect(back.headers['content-type']).toBe('image/jpeg');
    });
  });
});
