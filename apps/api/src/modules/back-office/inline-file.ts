import type { FastifyReply } from 'fastify';
import { contentDisposition, type StoredFileDownload } from '../uploads/attachment';

/**
 * The policy of a document shown inside a back-office page: nothing may load or run from it
 * (images and PDFs checked on upload need nothing; the inline styles are Chrome's PDF viewer
 * page), and only our own pages may frame it — the API's default `frame-ancestors 'none'` keeps
 * a PDF out of the page's <iframe>. Checked in Chromium 156: the PDF renders in the iframe under
 * this policy and is refused under the default one.
 */
export const INLINE_FILE_CSP =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'";

/**
 * Sends a stored upload (a request's document, a report's screenshot) for viewing inside the
 * back-office: `inline` with the user's name in `filename*`, its checked content type, nosniff,
 * never cached, and framable by our own origin only.
 */
export function sendInlineFile(reply: FastifyReply, file: StoredFileDownload) {
  const serverName = file.storageKey.split('/').pop() ?? 'file';
  return reply
    .header('content-type', file.mimeType)
    .header('content-length', String(file.size))
    .header('content-disposition', contentDisposition(serverName, file.name).replace(/^attachment/, 'inline'))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', INLINE_FILE_CSP)
    .header('x-frame-options', 'SAMEORIGIN')
    .send(file.body);
}
