import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { bugReportFiles, bugReports } from '@freight/db';
import { MESSAGES } from '@freight/domain';
import type { BugReportResponse } from '@freight/contracts';
import { buildApp } from '../../app';
import { cookiePair, createTestContext, TEST_ORIGIN, type TestContext } from '../../test/helpers';
import { listFiles } from '../../test/files';
import { UploadProcess } from '../uploads/upload-process';
import {
  JPEG_4X3,
  MULTIPART_CONTENT_TYPE,
  multipartBody,
  pngStreamHead,
  streamedMultipart,
  type MultipartFilePart,
} from '../uploads/test-images';

// Bug-report bodies received by the upload process (uploads/upload-process.ts) over real
// connections: `inject` has no socket to lend, so the other bug-report tests mostly run in process.

const ANON_QUERY = new URLSearchParams({
  text: 'Кнопка «Рассчитать» не нажимается',
  contact: 'ivan@example.ru',
  policy_agreement: 'true',
}).toString();

/** A PNG of random pixels (it does not compress: ~`side`² × 3 bytes), and its pixels. */
async function noisePng(side: number) {
  const raw = randomBytes(side * side * 3);
  const png = await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();
  return { png, raw };
}

interface Answer {
  status: number;
  connection: string | undefined;
  body: unknown;
}

describe('bug reports received by the upload process', () => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let uploadProcess: UploadProcess;
  let dataDir: string;
  let port: number;
  let clients = 0;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'bug-report-process-'));
    ctx = await createTestContext({ TRUST_PROXY: 'true', DATA_DIR: dataDir });
    uploadProcess = new UploadProcess({ requestTimeoutMs: 60_000, idleTimeoutMs: 60_000 });
    app = await buildApp({ config: ctx.config, database: ctx.database, bugReport: { uploadProcess } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app?.close();
    await ctx?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function newSession(ip: string): Promise<string> {
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/authorization/anonymous_token',
      headers: { 'x-forwarded-for': ip },
    });
    return cookiePair(res.headers['set-cookie'], 'auth_token')!;
  }

  /**
   * POSTs a report over a real connection. `body` is sent whole, or up to `stopAfter` bytes of a
   * stream (then `onStopped` runs while the request stays open).
   */
  async function post(
    body: Buffer | NodeJS.ReadableStream,
    options: { declaredLength?: number; stopAfter?: number; onStopped?: () => Promise<void> } = {},
  ): Promise<Answer> {
    clients += 1;
    const ip = `10.9.0.${clients}`;
    const cookie = await newSession(ip);
    return new Promise<Answer>((resolve, reject) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/v1/duty_bug_report/?${ANON_QUERY}`,
        headers: {
          origin: TEST_ORIGIN,
          cookie,
          'x-forwarded-for': ip,
          'content-type': MULTIPART_CONTENT_TYPE,
          'content-length': String(options.declaredLength ?? (body as Buffer).length),
        },
      });
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => {
          resolve({ status: res.statusCode!, connection: res.headers.connection, body: JSON.parse(text) as unknown });
          req.destroy();
        });
      });
      req.on('error', reject);
      if (Buffer.isBuffer(body)) {
        req.end(body);
        return;
      }
      void (async () => {
        let sent = 0;
        for await (const chunk of body as AsyncIterable<Buffer>) {
          if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
          sent += chunk.length;
          if (sent > (options.stopAfter ?? Infinity)) break;
        }
        await options.onStopped?.();
      })().catch(reject);
    });
  }

  async function counts() {
    const reports = await ctx.database.db.select().from(bugReports);
    const files = await ctx.database.db.select().from(bugReportFiles);
    return { reports: reports.length, files: files.length, stored: (await listFiles(ctx.config.uploads.dir)).length };
  }

  it('stores a report whose files the upload process received, byte for byte, and closes the connection', async () => {
    const { png, raw } = await noisePng(400);
    const files: MultipartFilePart[] = [
      { name: 'photo.jpg', type: 'image/jpeg', content: JPEG_4X3 },
      { name: 'Снимок экрана.png', type: 'image/png', content: png },
    ];
    const before = await counts();
    const res = await post(multipartBody(files));
    expect(res.status).toBe(201);
    // Only a lent connection is closed after a success: this process's parser never saw the body end.
    expect(res.connection).toBe('close');
    const body = res.body as BugReportResponse;
    expect(body.files).toEqual([
      expect.objectContaining({ name: 'photo.jpg', type: 'image/jpeg', width: 4, height: 3 }),
      expect.objectContaining({ name: 'Снимок экрана.png', type: 'image/png', width: 400, height: 400 }),
    ]);
    const [row] = await ctx.database.db.select().from(bugReportFiles).where(eq(bugReportFiles.id, body.files[1]!.id));
    const stored = await readFile(path.join(ctx.config.uploads.dir, row!.storageKey));
    // Lossless re-encoding of what arrived: every pixel the client sent.
    expect(await sharp(stored).raw().toBuffer()).toEqual(raw);
    expect(await counts()).toEqual({
      reports: before.reports + 1,
      files: before.files + 2,
      stored: before.stored + 2,
    });
    expect(await listFiles(path.join(ctx.config.uploads.dir, 'scratch'))).toEqual([]);
    expect(await listFiles(path.join(ctx.config.uploads.dir, 'tmp'))).toEqual([]);
  });

  it('answers a refusal in the upload process in Russian and keeps nothing', async () => {
    const { png } = await noisePng(300);
    const files: MultipartFilePart[] = [
      { name: 'ok.png', type: 'image/png', content: png },
      { name: 'notes.png', type: 'image/png', content: Buffer.alloc(500_000, 'не картинка') },
    ];
    const before = await counts();
    const res = await post(multipartBody(files));
    expect(res.status).toBe(400);
    expect(res.connection).toBe('close');
    expect(res.body).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: MESSAGES.common.validationFailed,
        fields: { 'files.1': MESSAGES.bugReport.fileType },
      },
    });
    expect(await counts()).toEqual(before);
    expect(await listFiles(path.join(ctx.config.uploads.dir, 'scratch'))).toEqual([]);
  });

  it('answers a 503 in Russian when the upload process dies mid-upload, and the next report goes to a new one', async () => {
    const scratch = path.join(ctx.config.uploads.dir, 'scratch');
    await uploadProcess.start();
    const crashed = uploadProcess.pid!;
    const before = await counts();
    const size = 40_000_000;
    const stream = streamedMultipart({
      name: 'big.png',
      type: 'image/png',
      head: pngStreamHead(3000, 3000, size),
      size,
    });
    const res = await post(stream, {
      declaredLength: size + 1000,
      stopAfter: 5_000_000,
      // Once the upload process is writing the file, it dies.
      onStopped: async () => {
        const deadline = Date.now() + 20_000;
        while ((await listFiles(scratch)).length === 0 && Date.now() < deadline)
          await new Promise((r) => setTimeout(r, 20));
        expect((await listFiles(scratch)).length).toBe(1);
        process.kill(crashed, 'SIGKILL');
      },
    });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: 'Сервис временно недоступен. Повторите попытку через минуту' },
    });
    expect(await counts()).toEqual(before);
    expect(await listFiles(scratch)).toEqual([]);

    const { png } = await noisePng(300);
    const next = await post(multipartBody([{ name: 'after.png', type: 'image/png', content: png }]));
    expect(next.status).toBe(201);
    expect(next.connection).toBe('close');
    expect(uploadProcess.pid).toBeDefined();
    expect(uploadProcess.pid).not.toBe(crashed);
  });

  it('stops the upload process when the app closes', async () => {
    const { pid } = await uploadProcess.start();
    await app.close();
    expect(() => process.kill(pid!, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
  });
});
