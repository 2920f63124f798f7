import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@freight/domain';
import {
  ImageInspector,
  MAX_IMAGE_CHUNKS,
  MAX_METADATA_CHUNK_BYTES,
  UploadRejection,
  type InspectedImage,
  type UploadRejectionReason,
} from './image-inspector';
import {
  JPEG_4X3,
  jpegClaiming,
  jpegComment,
  jpegWithExif,
  makePng,
  pngBomb,
  pngChunk,
  pngWithXmp,
  withJpegSegments,
  withPngChunks,
  zipArchive,
} from './test-images';

/** Streams `content` through an inspector in chunks of `chunkBytes` (1 = byte by byte). */
async function inspect(
  content: Buffer,
  options: { name?: string; type?: string; chunkBytes?: number } = {},
): Promise<InspectedImage | UploadRejection> {
  const chunkBytes = options.chunkBytes ?? 65_536;
  const chunks: Buffer[] = [];
  for (let i = 0; i < content.length; i += chunkBytes) chunks.push(content.subarray(i, i + chunkBytes));
  const inspector = new ImageInspector({ declared: { name: options.name ?? 'file', type: options.type ?? '' } });
  try {
    await pipeline(
      Readable.from(chunks),
      inspector,
      new Writable({
        write(_chunk, _encoding, callback) {
          callback();
        },
      }),
    );
    return inspector.result!;
  } catch (error) {
    if (error instanceof UploadRejection) return error;
    throw error;
  }
}

const reason = (result: InspectedImage | UploadRejection) => (result instanceof UploadRejection ? result.reason : 'ok');

/** A JPEG with one more segment of `marker` and `bytes` bytes of body after SOI. */
const jpegWithSegment = (marker: number, body: Buffer) => {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return withJpegSegments(JPEG_4X3, Buffer.concat([head, body]));
};

describe('ImageInspector', () => {
  it.each([1, 7, 65_536])('reads a JPEG and a PNG whatever the chunking (%i-byte chunks)', async (chunkBytes) => {
    expect(await inspect(jpegWithExif(), { chunkBytes })).toEqual({
      mime: 'image/jpeg',
      extension: 'jpg',
      width: 4,
      height: 3,
      size: jpegWithExif().length,
    });
    const png = pngWithXmp(5, 7);
    expect(await inspect(png, { chunkBytes })).toMatchObject({ mime: 'image/png', width: 5, height: 7 });
  });

  const cases: [string, Buffer, UploadRejectionReason | 'ok'][] = [
    ['a plain JPEG', JPEG_4X3, 'ok'],
    ['a JPEG followed by a second whole JPEG (MPF gain map)', Buffer.concat([JPEG_4X3, JPEG_4X3]), 'ok'],
    ['a JPEG followed by a ZIP', Buffer.concat([JPEG_4X3, zipArchive()]), 'foreign_content'],
    ['a JPEG followed by one stray byte', Buffer.concat([JPEG_4X3, Buffer.from([0])]), 'foreign_content'],
    ['a JPEG followed by HTML', Buffer.concat([JPEG_4X3, Buffer.from('<html></html>')]), 'foreign_content'],
    [
      'a ZIP inside a JPEG comment',
      withJpegSegments(JPEG_4X3, jpegComment(zipArchive().toString('latin1'))),
      'foreign_content',
    ],
    [
      'a script in a JPEG comment',
      withJpegSegments(JPEG_4X3, jpegComment('<SCRIPT>alert(1)</SCRIPT>')),
      'foreign_content',
    ],
    ['PHP in a JPEG comment', withJpegSegments(JPEG_4X3, jpegComment('<?php system($_GET[1]); ?>')), 'foreign_content'],
    ['a PDF in an APP segment', jpegWithSegment(0xe5, Buffer.from('%PDF-1.7 ...')), 'foreign_content'],
    ['an innocent JPEG comment', withJpegSegments(JPEG_4X3, jpegComment('Снято на телефон <3')), 'ok'],
    ['a truncated JPEG', JPEG_4X3.subarray(0, JPEG_4X3.length - 40), 'unreadable'],
    ['a JPEG without its EOI', JPEG_4X3.subarray(0, JPEG_4X3.length - 2), 'unreadable'],
    ['a JPEG frame of 16 000 × 16 000', jpegClaiming(16_000, 16_000), 'too_many_pixels'],
    ['a JPEG frame of 50 001 × 1', jpegClaiming(50_001, 1), 'too_many_pixels'],
    ['a JPEG frame of 0 × 3', jpegClaiming(0, 3), 'unreadable'],
    ['a plain PNG', makePng(3, 2), 'ok'],
    ['a PNG followed by junk', Buffer.concat([makePng(3, 2), Buffer.from('junk')]), 'foreign_content'],
    ['a PNG followed by a ZIP', Buffer.concat([makePng(3, 2), zipArchive()]), 'foreign_content'],
    [
      'a ZIP in a PNG tEXt chunk',
      withPngChunks(makePng(3, 2), pngChunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), zipArchive()]))),
      'foreign_content',
    ],
    [
      'HTML in a PNG iTXt chunk',
      withPngChunks(makePng(3, 2), pngChunk('iTXt', Buffer.from('Comment\0\0\0\0\0<html><body>x</body></html>'))),
      'foreign_content',
    ],
    ['a PNG of 16 000 × 16 000', pngBomb(16_000, 16_000), 'too_many_pixels'],
    ['a PNG of 7 071 × 7 071 (just under 50 MP)', pngBomb(7_071, 7_071), 'ok'],
    ['a PNG of 7 072 × 7 072 (just over 50 MP)', pngBomb(7_072, 7_072), 'too_many_pixels'],
    ['a PNG of 30 001 × 10', pngBomb(30_001, 10), 'too_many_pixels'],
    [
      'a PNG with a tEXt chunk of exactly 1 MiB',
      withPngChunks(makePng(2, 2), pngChunk('tEXt', Buffer.alloc(MAX_METADATA_CHUNK_BYTES, 0x61))),
      'ok',
    ],
    [
      'a PNG with a tEXt chunk of 1 MiB + 1',
      withPngChunks(makePng(2, 2), pngChunk('tEXt', Buffer.alloc(MAX_METADATA_CHUNK_BYTES + 1, 0x61))),
      'metadata_too_large',
    ],
    [
      'a PNG with nine tEXt chunks of 1 MiB (over 8 MiB in all)',
      withPngChunks(makePng(2, 2), ...Array.from({ length: 9 }, () => pngChunk('tEXt', Buffer.alloc(1_000_000, 0x61)))),
      'metadata_too_large',
    ],
    [
      `a PNG with ${MAX_IMAGE_CHUNKS + 1} empty chunks`,
      withPngChunks(
        makePng(2, 2),
        Buffer.concat(Array.from({ length: MAX_IMAGE_CHUNKS + 1 }, () => pngChunk('tIME', Buffer.alloc(0)))),
      ),
      'metadata_too_large',
    ],
    ['a PNG without IEND', makePng(3, 2).subarray(0, makePng(3, 2).length - 12), 'unreadable'],
    [
      'a PNG whose first chunk is not IHDR',
      Buffer.concat([makePng(2, 2).subarray(0, 8), pngChunk('tEXt', Buffer.from('a\0b')), makePng(2, 2).subarray(8)]),
      'unreadable',
    ],
    [
      'a PNG with an unknown critical chunk',
      withPngChunks(makePng(2, 2), pngChunk('ABCD', Buffer.alloc(4))),
      'unreadable',
    ],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'wrong_type'],
    ['an HTML page', Buffer.from('<!doctype html><html></html>'), 'wrong_type'],
    ['an empty file', Buffer.alloc(0), 'wrong_type'],
  ];
  it.each(cases.map(([name, content, expected]) => [name, expected, content] as const))(
    '%s → %s',
    async (_name, expected, content) => {
      expect(reason(await inspect(content))).toBe(expected);
    },
  );

  it('refuses a PNG chunk that declares more than 1 MiB from its header, without its data', async () => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(200_000_000, 0);
    head.write('zTXt', 4, 'latin1');
    // Only the chunk's header is there: the refusal cannot have waited for its data.
    const content = Buffer.concat([makePng(2, 2).subarray(0, 33), head]);
    const result = await inspect(content);
    expect(result).toBeInstanceOf(UploadRejection);
    expect((result as UploadRejection).reason).toBe('metadata_too_large');
    expect((result as UploadRejection).message).toBe(MESSAGES.upload.metadataTooLarge);
  });

  it.each<[string, string, Buffer, UploadRejectionReason | 'ok']>([
    ['photo.jpg', 'image/jpeg', JPEG_4X3, 'ok'],
    ['photo.png', 'image/png', JPEG_4X3, 'type_mismatch'],
    ['photo.jpg', 'image/jpeg', makePng(2, 2), 'type_mismatch'],
    ['photo.png', 'image/jpeg', makePng(2, 2), 'type_mismatch'],
    ['index.html', 'text/html', makePng(2, 2), 'type_mismatch'],
    ['image', 'image/png', makePng(2, 2), 'ok'],
  ])('%s sent as %s: %#', async (name, type, content, expected) => {
    expect(reason(await inspect(content, { name, type }))).toBe(expected);
  });
});
