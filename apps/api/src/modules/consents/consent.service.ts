import { createHash } from 'node:crypto';
import type { LegalDocument } from '@freight/domain';
import { consents, type Database } from '@freight/db';

const hashes = new WeakMap<LegalDocument, string>();

/** SHA-256 (hex) of a legal document's exact text. */
export function documentSha256(document: LegalDocument): string {
  let hash = hashes.get(document);
  if (!hash) {
    hash = createHash('sha256').update(document.text, 'utf8').digest('hex');
    hashes.set(document, hash);
  }
  return hash;
}

/**
 * Records one consent as its own document (152-FZ): who (session/user), which document version
 * and text hash, when, from which IP and browser, through which form.
 */
export async function recordConsent(
  db: Database,
  input: {
    document: LegalDocument;
    channel: string;
    sessionId: string | null;
    userId: number | null;
    ip: string | null;
    userAgent: string | null;
  },
): Promise<number> {
  const [row] = await db
    .insert(consents)
    .values({
      documentType: input.document.type,
      documentVersion: input.document.version,
      documentSha256: documentSha256(input.document),
      channel: input.channel,
      sessionId: input.sessionId,
      userId: input.userId,
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 512) ?? null,
    })
    .returning({ id: consents.id });
  if (!row) throw new Error('consent insert returned no row');
  return row.id;
}
