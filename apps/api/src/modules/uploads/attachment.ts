import type { FastifyReply } from 'fastify';

/** RFC 5987 `filename*` value: UTF-8, percent-encoded except attr-chars. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `attachment` with an ASCII fallback name and the user's (Russian) name in `filename*`
 * (RFC 6266 / 5987), which every current browser prefers.
 */
export function contentDisposition(asciiName: string, utf8Name: string): string {
  return `attachment; filename="${asciiName}"; filename*=UTF-8''${rfc5987(utf8Name)}`;
}

/** A stored upload as the owner downloads it back. */
export interface StoredFileDownload {
  storageKey: string;
  /** The name the user gave the file. */
  name: string;
  /** What the content is (checked by its bytes on upload). */
  mimeType: string;
  size: number;
  body: NodeJS.ReadableStream | Buffer;
}

/**
 * Sends a stored upload as an attachment: its checked content type, nosniff, never cached by a
 * shared cache; the server's own key as the ASCII name, the user's name in `filename*`.
 */
export function sendStoredFile(reply: FastifyReply, file: StoredFileDownload) {
  const serverName = file.storageKey.split('/').pop() ?? 'file';
  return reply
    .header('content-type', file.mimeType)
    .header('content-length', String(file.size))
    .header('content-disposition', contentDisposition(serverName, file.name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
