import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';

/** A real 4 × 3 baseline JPEG (made once with a browser canvas), for upload tests. */
export const JPEG_4X3 = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAADAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAcEAACAgIDAAAAAAAAAAAAAAABAgASAyERUWH/xAAVAQEBAAAAAAAAAAAAAAAAAAACBf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AIOXK2WlggooQVRV0O+Bs+ncRECE/9k=',
  'base64',
);

/** One PNG chunk: length, type, data and a correct CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function ihdr(width: number, height: number): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = 8; // bit depth
  data[9] = 2; // truecolour
  return pngChunk('IHDR', data);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A valid RGB PNG of the given size with random pixels (so it does not compress to nothing). */
export function makePng(width: number, height: number): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) rows.push(Buffer.concat([Buffer.from([0]), randomBytes(width * 3)]));
  return Buffer.concat([
    PNG_SIGNATURE,
    ihdr(width, height),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Only a PNG signature and an IHDR that claims this size: enough for the checks, no pixels. */
export function pngHeader(width: number, height: number): Buffer {
  return Buffer.concat([PNG_SIGNATURE, ihdr(width, height)]);
}

/**
 * The head of a PNG of exactly `size` bytes for {@link streamedMultipart}: signature, IHDR and the
 * header of one IDAT chunk whose data (the zeros that follow) runs to the end of the file. It
 * passes the streaming checks until the byte limit; it is no image a decoder would accept.
 */
export function pngStreamHead(width: number, height: number, size: number): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(Math.min(0x7fff_ffff, size - PNG_SIGNATURE.length - 25 - 8), 0);
  head.write('IDAT', 4, 'latin1');
  return Buffer.concat([pngHeader(width, height), head]);
}

/** A complete PNG of a few dozen bytes whose IHDR claims `width` × `height` pixels (a pixel flood). */
export function pngBomb(width: number, height: number): Buffer {
  return Buffer.concat([
    pngHeader(width, height),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** `png` with `chunks` inserted right after its IHDR. */
export function withPngChunks(png: Buffer, ...chunks: Buffer[]): Buffer {
  const afterIhdr = PNG_SIGNATURE.length + 25;
  return Buffer.concat([png.subarray(0, afterIhdr), ...chunks, png.subarray(afterIhdr)]);
}

/** An XMP packet that names where a photo was taken. */
export const XMP_WITH_GPS =
  '<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">' +
  '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" ' +
  'xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="55,45.35N" exif:GPSLongitude="37,37.07E"/>' +
  '</rdf:RDF></x:xmpmeta><?xpacket end="w"?>';

/** A real PNG carrying {@link XMP_WITH_GPS} in an iTXt chunk (as Photoshop and phones write it). */
export function pngWithXmp(width = 5, height = 7): Buffer {
  const data = Buffer.concat([Buffer.from('XML:com.adobe.xmp\0\0\0\0\0', 'latin1'), Buffer.from(XMP_WITH_GPS, 'utf8')]);
  return withPngChunks(makePng(width, height), pngChunk('iTXt', data));
}

/** A real PNG of exactly `size` bytes (≥ ~300), padded with a tEXt comment. */
export function pngOfSize(size: number): Buffer {
  const base = makePng(4, 4);
  const room = size - base.length - 12 - 'Comment\0'.length;
  if (room < 0) throw new Error(`a PNG cannot be as small as ${size} bytes`);
  return withPngChunks(base, pngChunk('tEXt', Buffer.from(`Comment\0${'a'.repeat(room)}`, 'latin1')));
}

/** The chunk types of a PNG in order. */
export function pngChunkTypes(png: Buffer): string[] {
  const types: string[] = [];
  for (let pos = PNG_SIGNATURE.length; pos + 8 <= png.length;) {
    const length = png.readUInt32BE(pos);
    types.push(png.toString('latin1', pos + 4, pos + 8));
    pos += 12 + length;
  }
  return types;
}

/**
 * A PNG whose second chunk (`type`) declares `declaredLength` data bytes, as a stream that would
 * deliver all of them (zeros, made on demand) and counts what was pulled. `stop()` ends it early.
 */
export function pngWithHugeChunk(type: string, declaredLength: number) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(declaredLength, 0);
  head.write(type, 4, 'latin1');
  const start = Buffer.concat([pngHeader(64, 64), head]);
  const filler = Buffer.alloc(256 * 1024);
  let pulled = 0;
  let stopped = false;
  const stream = new Readable({
    read() {
      if (pulled === 0) {
        pulled = start.length;
        this.push(start);
        return;
      }
      const left = start.length + declaredLength - pulled;
      if (stopped || left <= 0) {
        this.push(null);
        return;
      }
      const n = Math.min(left, filler.length);
      pulled += n;
      this.push(n === filler.length ? filler : filler.subarray(0, n));
    },
  });
  return { stream, pulled: () => pulled, stop: () => (stopped = true) };
}

/**
 * A TIFF/EXIF block with IFD0's Orientation and a GPS IFD (55°45′21″ N, 37°37′4″ E), little-endian.
 * Layout: header 8, IFD0 at 8 (2 entries), GPS IFD at 38 (4 entries), rationals at 92 and 116.
 */
function exifWithGps(orientation: number): Buffer {
  const tiff = Buffer.alloc(140);
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  const entry = (at: number, tag: number, type: number, count: number, value: number) => {
    tiff.writeUInt16LE(tag, at);
    tiff.writeUInt16LE(type, at + 2);
    tiff.writeUInt32LE(count, at + 4);
    if (type === 3) tiff.writeUInt16LE(value, at + 8);
    else tiff.writeUInt32LE(value, at + 8);
  };
  tiff.writeUInt16LE(2, 8);
  entry(10, 0x0112, 3, 1, orientation); // Orientation, SHORT
  entry(22, 0x8825, 4, 1, 38); // GPSInfo IFD pointer, LONG
  tiff.writeUInt32LE(0, 34);
  tiff.writeUInt16LE(4, 38);
  entry(40, 0x0001, 2, 2, 0x4e); // GPSLatitudeRef 'N'
  entry(52, 0x0002, 5, 3, 92); // GPSLatitude, 3 RATIONAL
  entry(64, 0x0003, 2, 2, 0x45); // GPSLongitudeRef 'E'
  entry(76, 0x0004, 5, 3, 116); // GPSLongitude, 3 RATIONAL
  tiff.writeUInt32LE(0, 88);
  [55, 45, 21, 37, 37, 4].forEach((value, i) => {
    tiff.writeUInt32LE(value, 92 + i * 8);
    tiff.writeUInt32LE(1, 96 + i * 8);
  });
  return tiff;
}

function jpegSegment(marker: number, body: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/** `jpeg` with `segments` inserted right after its SOI. */
export function withJpegSegments(jpeg: Buffer, ...segments: Buffer[]): Buffer {
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}

/**
 * {@link JPEG_4X3} as a phone writes it: an EXIF APP1 with the GPS position and an Orientation
 * (1 = upright; 6 = the camera was turned, show it rotated 90° clockwise), and an XMP APP1.
 */
export function jpegWithExif(orientation = 1): Buffer {
  return withJpegSegments(
    JPEG_4X3,
    jpegSegment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), exifWithGps(orientation)])),
    jpegSegment(0xe1, Buffer.from(`http://ns.adobe.com/xap/1.0/\0${XMP_WITH_GPS}`, 'utf8')),
  );
}

/** A JPEG comment (COM) segment with this text. */
export function jpegComment(text: string): Buffer {
  return jpegSegment(0xfe, Buffer.from(text, 'utf8'));
}

/** {@link JPEG_4X3} with its frame header (SOF0) claiming `width` × `height`. */
export function jpegClaiming(width: number, height: number): Buffer {
  const copy = Buffer.from(JPEG_4X3);
  const sof = copy.indexOf(Buffer.from([0xff, 0xc0]));
  copy.writeUInt16BE(height, sof + 5);
  copy.writeUInt16BE(width, sof + 7);
  return copy;
}

/** The markers of a JPEG's segments up to its first scan (SOS). */
export function jpegMarkers(jpeg: Buffer): number[] {
  const markers: number[] = [];
  for (let pos = 2; pos + 4 <= jpeg.length && jpeg[pos] === 0xff;) {
    const marker = jpeg[pos + 1]!;
    markers.push(marker);
    if (marker === 0xda) break;
    pos += 2 + jpeg.readUInt16BE(pos + 2);
  }
  return markers;
}

/** A small but real ZIP archive (one stored file), as appended to an image to make a polyglot. */
export function zipArchive(name = 'payload.html', content = '<html><script>alert(1)</script></html>'): Buffer {
  const file = Buffer.from(name, 'utf8');
  const data = Buffer.from(content, 'utf8');
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(file.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(file.length, 28);
  const centralOffset = local.length + file.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + file.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, file, data, central, file, end]);
}

export interface MultipartFilePart {
  name: string;
  type: string;
  content: Buffer;
}

export const MULTIPART_BOUNDARY = '----freight-test-boundary-7MA4YWxkTrZu0gW';

function partHead(file: { name: string; type: string }, field = 'files'): Buffer {
  return Buffer.from(
    `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\n` +
      `Content-Type: ${file.type}\r\n\r\n`,
    'utf8',
  );
}

/** A multipart/form-data body with these files in the field `files`. */
export function multipartBody(files: MultipartFilePart[]): Buffer {
  const parts: Buffer[] = [];
  for (const file of files) parts.push(partHead(file), file.content, Buffer.from('\r\n'));
  parts.push(Buffer.from(`--${MULTIPART_BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

export const MULTIPART_CONTENT_TYPE = `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`;

/**
 * A multipart body streamed with one file: of exactly `size` bytes, `head` first, then zeros;
 * or whatever `source` delivers, pulled only as the body is read. Nothing of it is held in
 * memory beyond one 1 MiB chunk.
 */
export function streamedMultipart(
  file: { name: string; type: string } & ({ head: Buffer; size: number } | { source: Readable }),
): Readable {
  if ('source' in file) {
    const { source } = file;
    return Readable.from(
      (async function* () {
        yield partHead(file);
        for await (const chunk of source) yield chunk as Buffer;
        yield Buffer.from(`\r\n--${MULTIPART_BOUNDARY}--\r\n`);
      })(),
      { objectMode: false },
    );
  }
  const filler = Buffer.alloc(1024 * 1024);
  let sent = 0;
  let stage: 'head' | 'body' | 'tail' | 'done' = 'head';
  return new Readable({
    read() {
      if (stage === 'head') {
        stage = 'body';
        sent = file.head.length;
        this.push(Buffer.concat([partHead(file), file.head]));
        return;
      }
      if (stage === 'body') {
        const left = file.size - sent;
        if (left > 0) {
          const n = Math.min(left, filler.length);
          sent += n;
          this.push(n === filler.length ? filler : filler.subarray(0, n));
          return;
        }
        stage = 'tail';
      }
      if (stage === 'tail') {
        stage = 'done';
        this.push(Buffer.from(`\r\n--${MULTIPART_BOUNDARY}--\r\n`));
        return;
      }
      this.push(null);
    },
  });
}
