import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { accessRequestFiles, accessRequests, clientProfiles, profileMembers, users } from '@freight/db';
import { ACCESS_REQUEST_MAX_FILE_BYTES, ACCESS_REQUEST_MAX_OPEN, MESSAGES } from '@freight/domain';
import type { AccessRequest, AccessRequestList } from '@freight/contracts';
import { TEST_ORIGIN, type TestContext } from '../../test/helpers';
import { createIdentityContext, messagesTo, nextIp, signUp, Visitor } from '../auth/identity-test-kit';
import {
  JPEG_4X3,
  jpegMarkers,
  jpegWithExif,
  makePng,
  MULTIPART_CONTENT_TYPE,
  multipartBody,
  pngChunkTypes,
  pngStreamHead,
  pngWithXmp,
  streamedMultipart,
  type MultipartFilePart,
} from '../uploads/test-images';
import { decideAccessRequest, type DecisionDeps } from './access-requests.decision';
import { checkPdf, DecodeBudgetExceeded } from './pdf-inspector';
import { databaseOperations, runAccessReview } from '../../cli/access-review';
import { listFiles } from '../../test/files';

const A = MESSAGES.accessRequest;
const BASE = '/api/v1/user/request_access';
const LEGAL = { type: 'legal', name: 'ООО «Ромашка»', tin: '7707083893', rrc: '773601001' };
const INDIVIDUAL = {
  type: 'individual',
  name: 'Иванов Иван Иванович',
  document_seria: '4510',
  document_number: '123456',
};

interface ErrorJson {
  error: { code: string; message: string; fields?: Record<string, string> };
}

/** A real one-page PDF made with pdf-lib; `script` adds document-level JavaScript. */
async function makePdf(options: { script?: string; objectStreams?: boolean } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  page.drawText('Scan of a document', { x: 20, y: 100, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  if (options.script) doc.addJavaScript('hello', options.script);
  return Buffer.from(await doc.save({ useObjectStreams: options.objectStreams ?? true }));
}

/** A PDF whose trailer declares encryption (pdf-lib cannot write real encryption). */
async function encryptedPdf(): Promise<Buffer> {
  const plain = (await makePdf({ objectStreams: false })).toString('latin1');
  return Buffer.from(plain.replace(/trailer\s*<</, 'trailer\n<< /Encrypt << /Filter /Standard /V 1 /R 2 >>'), 'latin1');
}

/** A PDF with one object stream whose content inflates to `decodedBytes` (a «zip bomb»). */
function pdfWithObjectStream(decodedBytes: number): Buffer {
  const inner = Buffer.concat([Buffer.from('1 0 << /A 1 >>\n', 'latin1'), Buffer.alloc(decodedBytes, 0x20)]);
  const packed = deflateSync(inner);
  return Buffer.concat([
    Buffer.from('%PDF-1.7\n5 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ', 'latin1'),
    Buffer.from(`${packed.length} >>\nstream\n`, 'latin1'),
    packed,
    Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 2 0 R >>\n%%EOF\n', 'latin1'),
  ]);
}

const jpeg = (name = 'scan.jpg', content: Buffer = JPEG_4X3): MultipartFilePart => ({
  name,
  type: 'image/jpeg',
  content,
});
const png = (name = 'scan.png', content: Buffer = makePng(6, 4)): MultipartFilePart => ({
  name,
  type: 'image/png',
  content,
});
const pdf = (content: Buffer, name = 'doc.pdf'): MultipartFilePart => ({ name, type: 'application/pdf', content });

describe('full-access requests (user/request_access)', () => {
  let ctx: TestContext;
  let dataDir: string;
  let uploadsDir: string;
  let decisionDeps: DecisionDeps;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'access-requests-test-'));
    uploadsDir = path.join(dataDir, 'uploads');
    ctx = await createIdentityContext({ DATA_DIR: dataDir });
    decisionDeps = {
      db: ctx.database.db,
      clock: () => new Date(),
      outbox: ctx.app.outbox,
      publicOrigin: ctx.config.publicOrigin,
    };
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Sends a call as `visitor` (or with no cookie at all), with files as multipart when given. */
  async function send(
    visitor: Visitor | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    files?: MultipartFilePart[],
  ) {
    return ctx.app.inject({
      method,
      url,
      remoteAddress: visitor?.ip ?? '10.99.0.1',
      headers: {
        ...(method === 'GET' ? {} : { origin: TEST_ORIGIN }),
        ...(visitor?.cookie ? { cookie: visitor.cookie } : {}),
        ...(files ? { 'content-type': MULTIPART_CONTENT_TYPE } : {}),
      },
      ...(files ? { payload: multipartBody(files) } : {}),
    });
  }

  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
  const create = (visitor: Visitor | null, fields: Record<string, string>, files: MultipartFilePart[]) =>
    send(visitor, 'POST', `${BASE}/request_full_access?${q(fields)}`, files);
  const fetchRequest = (visitor: Visitor | null, id: string) =>
    send(visitor, 'GET', `${BASE}/fa_request?${q({ request_id: id })}`);
  const list = async (visitor: Visitor) =>
    (await send(visitor, 'GET', `${BASE}/user_requests`)).json() as AccessRequestList;

  async function created(
    visitor: Visitor,
    fields: Record<string, string> = LEGAL,
    files = [jpeg()],
  ): Promise<AccessRequest> {
    const res = await create(visitor, fields, files);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as AccessRequest;
  }

  const errorOf = (res: { json(): unknown }) => (res.json() as ErrorJson).error;

  describe('who may call', () => {
    it('refuses a caller without a session and an anonymous session with 401', async () => {
      const anonymous = await new Visitor(ctx, nextIp()).start();
      for (const visitor of [null, anonymous]) {
        for (const res of [
          await create(visitor, LEGAL, [jpeg()]),
          await send(visitor, 'GET', `${BASE}/user_requests`),
          await fetchRequest(visitor, crypto.randomUUID()),
          await send(visitor, 'DELETE', `${BASE}/request_full_access?request_id=${crypto.randomUUID()}`),
        ]) {
          expect(res.statusCode).toBe(401);
          expect(errorOf(res).message).toBe(MESSAGES.common.unauthorized);
        }
      }
    });
  });

  describe('POST request_full_access', () => {
    it('stores a legal request with a JPEG, a PNG and a PDF, and lists it newest first', async () => {
      const { visitor } = await signUp(ctx);
      const first = await created(visitor, INDIVIDUAL, [jpeg()]);
      const res = await create(visitor, LEGAL, [jpeg(), png(), pdf(await makePdf())]);
      expect(res.statusCode).toBe(201);
      const body = res.json() as AccessRequest;
      expect(body).toMatchObject({
        type: 'legal',
        type_label: 'Юридическое лицо или ИП',
        status: 'pending',
        status_label: 'На проверке',
        name: 'ООО «Ромашка»',
        tin: '7707083893',
        rrc: '773601001',
        document_seria: null,
        document_number: null,
        reviewer_comment: null,
        editable: true,
        decided_at: null,
      });
      expect(body.files.map((f) => [f.name, f.type])).toEqual([
        ['scan.jpg', 'image/jpeg'],
        ['scan.png', 'image/png'],
        ['doc.pdf', 'application/pdf'],
      ]);
      expect(await listFiles(path.join(uploadsDir, 'access-requests', body.id))).toHaveLength(3);
      const mine = await list(visitor);
      expect(mine.requests.map((r) => r.id)).toEqual([body.id, first.id]);
      expect(mine.requests[1]).toMatchObject({ type: 'individual', document_seria: '4510', document_number: '123456' });
    });

    it('keeps a sole trader without КПП and cleans the identifiers', async () => {
      const { visitor } = await signUp(ctx);
      const body = await created(visitor, { type: 'legal', name: '  ИП Петров  ', tin: '5001 2345 6750' });
      expect(body).toMatchObject({ name: 'ИП Петров', tin: '500123456750', rrc: null });
    });

    it.each([
      [{ ...LEGAL, tin: '7707083894' }, 'tin', MESSAGES.identifiers.innChecksum],
      [{ ...LEGAL, rrc: '77360100' }, 'rrc', MESSAGES.identifiers.kppFormat],
      [{ ...LEGAL, name: '' }, 'name', A.organisationNameRequired],
      [{ ...INDIVIDUAL, document_seria: '451' }, 'document_seria', undefined],
      [{ ...INDIVIDUAL, document_number: '12345' }, 'document_number', undefined],
      [{ name: 'Без типа' }, 'type', A.typeInvalid],
    ])('refuses %j with a Russian message under %s', async (fields, field, message) => {
      const { visitor } = await signUp(ctx);
      const res = await create(visitor, fields as Record<string, string>, [jpeg()]);
      expect(res.statusCode).toBe(400);
      const error = errorOf(res);
      expect(Object.keys(error.fields ?? {})).toContain(field);
      if (message) expect(error.fields?.[field]).toBe(message);
      expect(error.fields?.[field]).toMatch(/[а-яё]/i);
      expect((await list(visitor)).requests).toEqual([]);
    });

    it('needs at least one document', async () => {
      const { visitor } = await signUp(ctx);
      const res = await create(visitor, LEGAL, []);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields).toEqual({ files: A.filesRequired });
      const json = await send(visitor, 'POST', `${BASE}/request_full_access?${q(LEGAL)}`);
      expect(json.statusCode).toBe(415);
    });

    it('refuses an 11th file and stores nothing', async () => {
      const { visitor } = await signUp(ctx);
      const before = await listFiles(uploadsDir);
      const res = await create(
        visitor,
        LEGAL,
        Array.from({ length: 11 }, (_, i) => jpeg(`scan-${i}.jpg`)),
      );
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields).toEqual({ files: A.tooManyFiles });
      expect((await list(visitor)).requests).toEqual([]);
      expect(await listFiles(uploadsDir)).toEqual(before);
    });

    it('refuses a file over 20 MB while it streams (413) and stores nothing', async () => {
      const { visitor } = await signUp(ctx);
      const before = await listFiles(uploadsDir);
      const size = ACCESS_REQUEST_MAX_FILE_BYTES + 1;
      const res = await ctx.app.inject({
        method: 'POST',
        url: `${BASE}/request_full_access?${q(LEGAL)}`,
        remoteAddress: visitor.ip,
        headers: { origin: TEST_ORIGIN, cookie: visitor.cookie!, 'content-type': MULTIPART_CONTENT_TYPE },
        payload: streamedMultipart({ name: 'big.png', type: 'image/png', head: pngStreamHead(100, 100, size), size }),
      });
      expect(res.statusCode).toBe(413);
      expect(errorOf(res).fields).toEqual({ 'files.0': A.fileTooLarge });
      expect(await listFiles(uploadsDir)).toEqual(before);
    });

    it('is all or nothing: a good file before a refused one is not kept', async () => {
      const { visitor } = await signUp(ctx);
      const before = await listFiles(uploadsDir);
      const res = await create(visitor, LEGAL, [jpeg(), png(), pdf(Buffer.from('<html><body>hi</body></html>'))]);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields).toEqual({ 'files.2': A.fileTypeInvalid });
      expect((await list(visitor)).requests).toEqual([]);
      expect(await listFiles(uploadsDir)).toEqual(before);
    });

    it('strips metadata from images (EXIF, GPS, XMP)', async () => {
      const { visitor } = await signUp(ctx);
      const body = await created(visitor, LEGAL, [jpeg('photo.jpg', jpegWithExif()), png('shot.png', pngWithXmp())]);
      const [photo, shot] = await Promise.all(
        body.files.map((file) => send(visitor, 'GET', file.url).then((res) => res.rawPayload)),
      );
      expect(jpegMarkers(photo!)).not.toContain(0xe1);
      expect(photo!.toString('latin1')).not.toContain('GPSLatitude');
      expect(pngChunkTypes(shot!)).not.toContain('iTXt');
    });
  });

  describe('PDF checks', () => {
    it.each<[string, () => Promise<MultipartFilePart>, string]>([
      [
        'an HTML page named .pdf',
        async () => pdf(Buffer.from('<!DOCTYPE html><html><script>alert(1)</script>')),
        A.fileTypeInvalid,
      ],
      [
        'a PDF header in front of an HTML page',
        async () => pdf(Buffer.from('%PDF-1.4\n<html><script>alert(1)</script></html>\n%%EOF\n')),
        A.fileContentInvalid,
      ],
      [
        'a PDF with an archive appended',
        async () => pdf(Buffer.concat([await makePdf(), Buffer.from('PK\x03\x04payload', 'latin1')])),
        A.fileContentInvalid,
      ],
      ['an encrypted PDF', async () => pdf(await encryptedPdf()), A.pdfEncrypted],
      ['a PDF with JavaScript', async () => pdf(await makePdf({ script: 'app.alert(1)' })), A.pdfActiveContent],
      ['a broken PDF', async () => pdf(Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog\n%%EOF\n')), A.pdfUnreadable],
      ['a PDF named .jpg', async () => pdf(await makePdf(), 'scan.jpg'), MESSAGES.upload.typeMismatch],
      [
        'a JPEG named .pdf',
        async () => ({ ...jpeg('scan.pdf'), type: 'application/pdf' }),
        MESSAGES.upload.typeMismatch,
      ],
      [
        'a text file',
        async () => ({ name: 'note.txt', type: 'text/plain', content: Buffer.from('hello') }),
        A.fileTypeInvalid,
      ],
      ['an empty file', async () => pdf(Buffer.alloc(0)), A.fileEmpty],
    ])('refuses %s with a Russian message under files.0', async (_label, file, message) => {
      const { visitor } = await signUp(ctx);
      const res = await create(visitor, LEGAL, [await file()]);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields).toEqual({ 'files.0': message });
    });

    it('accepts a PDF without object streams and one saved by pdf-lib with them', async () => {
      const { visitor } = await signUp(ctx);
      const body = await created(visitor, LEGAL, [
        pdf(await makePdf({ objectStreams: false }), 'a.pdf'),
        pdf(await makePdf(), 'b.pdf'),
      ]);
      expect(body.files.map((f) => f.type)).toEqual(['application/pdf', 'application/pdf']);
    });

    it('stops a decompression bomb at the decoded-bytes budget', async () => {
      const file = path.join(dataDir, 'bomb.pdf');
      await writeFile(file, pdfWithObjectStream(4 * 1024 * 1024));
      const refusal = (budget?: number) =>
        checkPdf(file, budget ? { maxDecodedBytes: budget } : {}).then(
          () => null,
          (error: unknown) => error as Error,
        );
      const stopped = await refusal(1024 * 1024);
      expect(stopped?.message).toBe(A.pdfUnreadable);
      expect(stopped?.cause).toBeInstanceOf(DecodeBudgetExceeded);
      // With room to decode it, the same file fails later, for what it is: no document in it.
      const decoded = await refusal();
      expect(decoded?.message).toBe(A.pdfUnreadable);
      expect(decoded?.cause).not.toBeInstanceOf(DecodeBudgetExceeded);
    });
  });

  describe('reading, downloading and deleting', () => {
    it('answers 404 for someone else’s request and file, and for malformed ids', async () => {
      const owner = await signUp(ctx);
      const other = await signUp(ctx);
      const body = await created(owner.visitor, LEGAL, [jpeg()]);
      const file = body.files[0]!;
      expect((await fetchRequest(owner.visitor, body.id)).json()).toEqual(body);
      for (const res of [
        await fetchRequest(other.visitor, body.id),
        await fetchRequest(owner.visitor, 'not-an-id'),
        await fetchRequest(owner.visitor, crypto.randomUUID()),
        await send(other.visitor, 'GET', file.url),
        await send(
          owner.visitor,
          'GET',
          `${BASE}/fa_request_file?${q({ request_id: crypto.randomUUID(), file_id: file.id })}`,
        ),
        await send(other.visitor, 'PUT', `${BASE}/request_full_access?${q({ request_id: body.id, ...LEGAL })}`),
        await send(other.visitor, 'PUT', `${BASE}/request_full_access_files?request_id=${body.id}`, [jpeg()]),
        await send(other.visitor, 'DELETE', `${BASE}/request_full_access?request_id=${body.id}`),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(errorOf(res).message).toBe(A.notFound);
      }
      expect((await list(other.visitor)).requests).toEqual([]);
      expect((await fetchRequest(owner.visitor, body.id)).json()).toEqual(body);
    });

    it('lets the author download a document with its type and name', async () => {
      const { visitor } = await signUp(ctx);
      const document = await makePdf();
      const body = await created(visitor, LEGAL, [pdf(document, 'Выписка ЕГРЮЛ.pdf')]);
      const res = await send(visitor, 'GET', body.files[0]!.url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toContain(
        `filename*=UTF-8''${encodeURIComponent('Выписка ЕГРЮЛ.pdf')}`,
      );
      expect(res.rawPayload.equals(document)).toBe(true);
    });

    it('deletes an undecided request with its files', async () => {
      const { visitor } = await signUp(ctx);
      const body = await created(visitor, LEGAL, [jpeg(), png()]);
      const res = await send(visitor, 'DELETE', `${BASE}/request_full_access?request_id=${body.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect((await fetchRequest(visitor, body.id)).statusCode).toBe(404);
      expect(await listFiles(path.join(uploadsDir, 'access-requests', body.id))).toEqual([]);
      const rows = await ctx.database.db
        .select()
        .from(accessRequestFiles)
        .where(eq(accessRequestFiles.requestId, body.id));
      expect(rows).toEqual([]);
    });
  });

  describe('editing and adding files', () => {
    const edit = (visitor: Visitor, id: string, fields: Record<string, string>, files?: MultipartFilePart[]) =>
      send(
        visitor,
        'PUT',
        `${BASE}/request_full_access?${q({ request_id: id, with_files: files ? 'true' : 'false', ...fields })}`,
        files,
      );
    const addFiles = (visitor: Visitor, id: string, files: MultipartFilePart[]) =>
      send(visitor, 'PUT', `${BASE}/request_full_access_files?request_id=${id}`, files);

    it('edits the fields only and keeps the files', async () => {
      const { visitor } = await signUp(ctx);
      const body = await created(visitor, LEGAL, [jpeg(), png()]);
      const res = await edit(visitor, body.id, { ...LEGAL, name: 'ООО «Ромашка и партнёры»' });
      expect(res.statusCode).toBe(200);
      const edited = res.json() as AccessRequest;
      expect(edited.name).toBe('ООО «Ромашка и партнёры»');
      expect(edited.files).toEqual(body.files);
    });

    it('replaces the files when with_files=true, and removes the old objects', async () => {
      const { visitor } = await signUp(ctx);
      const body = await created(visitor, LEGAL, [jpeg(), png()]);
      const res = await edit(visitor, body.id, INDIVIDUAL, [pdf(await makePdf())]);
      expect(res.statusCode).toBe(200);
      const edited = res.json() as AccessRequest;
      expect(edited).toMatchObject({ type: 'individual', tin: null, rrc: null, document_seria: '4510' });
      expect(edited.files.map((f) => f.type)).toEqual(['application/pdf']);
      const stored = await listFiles(path.join(uploadsDir, 'access-requests', body.id));
      expect(stored).toHaveLength(1);
      expect(stored[0]).toContain(edited.files[0]!.id);
      expect((await send(visitor, 'GET', body.files[0]!.url)).statusCode).toBe(404);
    });

    it('keeps the old files when the replacement is refused', async () => {
      const { visitor } = await signUp(ctx);
      const body = await created(visitor, LEGAL, [jpeg()]);
      const res = await edit(visitor, body.id, LEGAL, [png(), pdf(Buffer.from('%PDF-1.4\n<script>x</script>\n%%EOF'))]);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields).toEqual({ 'files.1': A.fileContentInvalid });
      expect((await fetchRequest(visitor, body.id)).json()).toEqual(body);
      const empty = await edit(visitor, body.id, LEGAL, []);
      expect(errorOf(empty).fields).toEqual({ files: A.filesRequired });
    });

    it('refuses an edit with a wrong ИНН under tin', async () => {
      const { visitor } = await signUp(ctx);
      const body = await created(visitor);
      const res = await edit(visitor, body.id, { ...LEGAL, tin: '7707083894' });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields?.tin).toBe(MESSAGES.identifiers.innChecksum);
    });

    it('adds files up to 10 in all', async () => {
      const { visitor } = await signUp(ctx);
      const body = await created(visitor, LEGAL, [jpeg('1.jpg'), jpeg('2.jpg')]);
      const res = await addFiles(visitor, body.id, [png('3.png'), pdf(await makePdf(), '4.pdf')]);
      expect(res.statusCode).toBe(200);
      expect((res.json() as AccessRequest).files.map((f) => f.name)).toEqual(['1.jpg', '2.jpg', '3.png', '4.pdf']);
      const tooMany = await addFiles(
        visitor,
        body.id,
        Array.from({ length: 7 }, (_, i) => jpeg(`x${i}.jpg`)),
      );
      expect(tooMany.statusCode).toBe(400);
      expect(errorOf(tooMany).fields).toEqual({ files: A.tooManyFiles });
      expect((await fetchRequest(visitor, body.id)).json()).toMatchObject({ files: { length: 4 } });
      const fill = await addFiles(
        visitor,
        body.id,
        Array.from({ length: 6 }, (_, i) => jpeg(`y${i}.jpg`)),
      );
      expect((fill.json() as AccessRequest).files).toHaveLength(10);
      const eleventh = await addFiles(visitor, body.id, [jpeg('z.jpg')]);
      expect(eleventh.statusCode).toBe(400);
      expect(errorOf(eleventh).fields).toEqual({ files: A.tooManyFiles });
    });

    it('sends a request marked «Нужны исправления» back to «На проверке» on edit and on added files', async () => {
      const { visitor } = await signUp(ctx);
      const body = await created(visitor);
      await decideAccessRequest(decisionDeps, body.id, 'needs_changes', 'Приложите выписку');
      const marked = (await fetchRequest(visitor, body.id)).json() as AccessRequest;
      expect(marked).toMatchObject({
        status: 'needs_changes',
        status_label: 'Нужны исправления',
        reviewer_comment: 'Приложите выписку',
        editable: true,
      });
      const res = await edit(visitor, body.id, LEGAL);
      expect((res.json() as AccessRequest).status).toBe('pending');
      await decideAccessRequest(decisionDeps, body.id, 'needs_changes', 'Ещё устав');
      const added = await addFiles(visitor, body.id, [pdf(await makePdf())]);
      expect((added.json() as AccessRequest).status).toBe('pending');
    });

    it('refuses edits, added files and deletion after a decision with a Russian 409', async () => {
      const { visitor } = await signUp(ctx);
      const body = await created(visitor);
      await decideAccessRequest(decisionDeps, body.id, 'reject', 'Документы нечитаемы');
      for (const res of [
        await edit(visitor, body.id, LEGAL),
        await edit(visitor, body.id, LEGAL, [jpeg()]),
        await addFiles(visitor, body.id, [jpeg()]),
        await send(visitor, 'DELETE', `${BASE}/request_full_access?request_id=${body.id}`),
      ]) {
        expect(res.statusCode).toBe(409);
        expect(errorOf(res)).toMatchObject({ message: A.decided, fields: { request_id: A.decided } });
      }
      expect((await fetchRequest(visitor, body.id)).json()).toMatchObject({
        status: 'rejected',
        reviewer_comment: 'Документы нечитаемы',
        editable: false,
        files: { length: 1 },
      });
    });
  });

  describe('limits', () => {
    it(`allows ${ACCESS_REQUEST_MAX_OPEN} undecided requests, then 409; 10 creations an hour, then 429`, async () => {
      const { visitor } = await signUp(ctx);
      for (let i = 0; i < ACCESS_REQUEST_MAX_OPEN; i += 1) await created(visitor);
      const sixth = await create(visitor, LEGAL, [jpeg()]);
      expect(sixth.statusCode).toBe(409);
      expect(errorOf(sixth).message).toBe(A.tooManyOpen);
      for (let i = ACCESS_REQUEST_MAX_OPEN + 1; i < 10; i += 1) {
        expect((await create(visitor, LEGAL, [jpeg()])).statusCode).toBe(409);
      }
      const limited = await create(visitor, LEGAL, [jpeg()]);
      expect(limited.statusCode).toBe(429);
      expect(errorOf(limited).message).toBe(MESSAGES.common.tooManyRequests);
    });
  });

  describe('decideAccessRequest', () => {
    async function applicant(email?: string) {
      const signed = await signUp(ctx);
      if (email) await ctx.database.db.update(users).set({ email }).where(eq(users.id, signed.user.id));
      return signed;
    }

    it('approves a legal request: creates the company, the user becomes its owner, and is told by e-mail', async () => {
      const email = `owner-${Date.now()}@example.ru`;
      const { visitor, user } = await applicant(email);
      const tin = '7736207543';
      const body = await created(visitor, { ...LEGAL, tin, rrc: '773601001', name: 'ООО «Яндекс»' });
      const result = await decideAccessRequest(decisionDeps, body.id, 'approve');
      expect(result.profile).toMatchObject({ role: 'owner', created: true });
      expect(result.request).toMatchObject({ status: 'approved', status_label: 'Одобрена', editable: false });
      expect(result.request.decided_at).not.toBeNull();
      const [profile] = await ctx.database.db.select().from(clientProfiles).where(eq(clientProfiles.inn, tin));
      expect(profile).toMatchObject({ kind: 'legal', name: 'ООО «Яндекс»', kpp: '773601001' });
      expect(profile!.accountUuid).toBe(result.profile!.accountUuid);
      const [membership] = await ctx.database.db
        .select()
        .from(profileMembers)
        .where(and(eq(profileMembers.profileId, profile!.id), eq(profileMembers.userId, user.id)));
      expect(membership?.role).toBe('owner');
      const [row] = await ctx.database.db.select().from(accessRequests).where(eq(accessRequests.id, body.id));
      expect(row?.profileId).toBe(profile!.id);
      const [mail] = await messagesTo(ctx, email);
      expect(mail?.subject).toBe('Заявка на полный доступ: одобрена');
      expect(mail?.body).toContain('одобрена');
      expect(mail?.body).toContain(`/personal-account/access/${body.id}`);
      expect(result.notified).toBe(email);

      // A second person proving the same company joins it as an administrator.
      const second = await applicant();
      const other = await created(second.visitor, { ...LEGAL, tin, rrc: '773601001', name: 'Яндекс' });
      const again = await decideAccessRequest(decisionDeps, other.id, 'approve', 'Проверено');
      expect(again.profile).toMatchObject({ role: 'admin', created: false, accountUuid: profile!.accountUuid });
      expect(again.notified).toBeNull();
      expect(again.request.reviewer_comment).toBe('Проверено');
    });

    it('approves an individual request onto the personal profile', async () => {
      const { visitor, user } = await applicant();
      const body = await created(visitor, INDIVIDUAL);
      const result = await decideAccessRequest(decisionDeps, body.id, 'approve');
      const [personal] = await ctx.database.db
        .select()
        .from(clientProfiles)
        .where(eq(clientProfiles.personalUserId, user.id));
      expect(result.profile).toMatchObject({ role: 'owner', accountUuid: personal!.accountUuid });
      const [row] = await ctx.database.db.select().from(accessRequests).where(eq(accessRequests.id, body.id));
      expect(row).toMatchObject({ status: 'approved', profileId: personal!.id });
    });

    it('rejects with a reason and sends back for changes with a comment, each required', async () => {
      const email = `rejected-${Date.now()}@example.ru`;
      const { visitor } = await applicant(email);
      const body = await created(visitor);
      await expect(decideAccessRequest(decisionDeps, body.id, 'reject')).rejects.toMatchObject({
        statusCode: 400,
        fields: { comment: A.rejectReasonRequired },
      });
      await expect(decideAccessRequest(decisionDeps, body.id, 'needs_changes', '  ')).rejects.toMatchObject({
        statusCode: 400,
        fields: { comment: A.changesCommentRequired },
      });
      const changes = await decideAccessRequest(decisionDeps, body.id, 'needs_changes', 'Нужна выписка');
      expect(changes.request).toMatchObject({ status: 'needs_changes', decided_at: null, editable: true });
      const rejected = await decideAccessRequest(decisionDeps, body.id, 'reject', 'ИНН не совпадает с выпиской');
      expect(rejected.request).toMatchObject({ status: 'rejected', reviewer_comment: 'ИНН не совпадает с выпиской' });
      const mails = await messagesTo(ctx, email);
      expect(mails.map((m) => m.subject)).toEqual([
        'Заявка на полный доступ: отклонена',
        'Заявка на полный доступ: нужны исправления',
      ]);
      expect(mails[0]?.body).toContain('Причина: ИНН не совпадает с выпиской');
    });

    it('decides only an open request, and knows no other', async () => {
      const { visitor } = await applicant();
      const body = await created(visitor);
      await decideAccessRequest(decisionDeps, body.id, 'approve');
      for (const decision of ['approve', 'reject', 'needs_changes'] as const) {
        await expect(decideAccessRequest(decisionDeps, body.id, decision, 'x')).rejects.toMatchObject({
          statusCode: 409,
          message: A.notOpen,
        });
      }
      await expect(decideAccessRequest(decisionDeps, crypto.randomUUID(), 'approve')).rejects.toMatchObject({
        statusCode: 404,
      });
      await expect(decideAccessRequest(decisionDeps, 'nonsense', 'approve')).rejects.toMatchObject({ statusCode: 404 });
      await expect(decideAccessRequest(decisionDeps, body.id, 'maybe')).rejects.toMatchObject({
        statusCode: 400,
        fields: { decision: A.decisionInvalid },
      });
    });
  });

  describe('npm run access:review', () => {
    it('decides a request from the command line and prints the outcome', async () => {
      const { visitor } = await signUp(ctx);
      const body = await created(visitor);
      const out: string[] = [];
      const code = await runAccessReview([body.id, 'needs_changes', 'Приложите устав'], {
        ops: databaseOperations(decisionDeps),
        print: (line) => out.push(line),
      });
      expect(code).toBe(0);
      expect(out.join('\n')).toContain(A.cliDone(body.id, 'Нужны исправления'));
      expect((await fetchRequest(visitor, body.id)).json()).toMatchObject({ status: 'needs_changes' });
    });

    it('lists the undecided requests with their applicant, data and stored documents', async () => {
      const { visitor } = await signUp(ctx, { name: 'Мария Список' });
      const body = await created(visitor, { ...LEGAL, name: 'ООО «Список»' }, [jpeg('устав.jpg')]);
      const out: string[] = [];
      expect(
        await runAccessReview(['list'], { ops: databaseOperations(decisionDeps), print: (line) => out.push(line) }),
      ).toBe(0);
      const at = out.findIndex((line) => line.startsWith(body.id));
      expect(at).toBeGreaterThanOrEqual(0);
      expect(out[at]).toContain('На проверке');
      expect(out[at]).toContain('Мария Список, +7 (916) ');
      expect(out[at + 1]).toBe(`  Юридическое лицо или ИП: ООО «Список»; ${A.legalSubject('7707083893', '773601001')}`);
      expect(out[at + 2]).toBe(`  access-requests/${body.id}/${body.files[0]!.id}.jpg (устав.jpg)`);
      await decideAccessRequest(decisionDeps, body.id, 'approve');
      const after: string[] = [];
      await runAccessReview(['list'], { ops: databaseOperations(decisionDeps), print: (line) => after.push(line) });
      expect(after.some((line) => line.startsWith(body.id))).toBe(false);
    });

    it.each([
      [[], A.cliUsage],
      [['id-only'], A.cliUsage],
      [[crypto.randomUUID(), 'approve'], A.notFound],
      [[crypto.randomUUID(), 'reject'], A.rejectReasonRequired],
    ])('exits 1 for %j with a Russian message', async (args, message) => {
      const out: string[] = [];
      const code = await runAccessReview(args, {
        ops: databaseOperations(decisionDeps),
        print: (line) => out.push(line),
      });
      expect(code).toBe(1);
      expect(out.join('\n')).toContain(message);
    });
  });
});
