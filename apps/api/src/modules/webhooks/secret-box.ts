import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/*
 * Webhook signing secrets at rest (issue 18). The API must sign with the secret itself, so it
 * cannot keep only a hash as it does for API keys: the secret is encrypted with AES-256-GCM
 * under a key derived (HKDF-SHA-256) from WEBHOOK_SECRET_KEY, with the endpoint's id as
 * additional data (a ciphertext copied to another row does not open). A database dump without
 * the key holds no usable secret.
 */

/** Where the API keeps its own key when WEBHOOK_SECRET_KEY is unset (mode 0600, made on first use). */
export const WEBHOOK_KEY_FILE = 'webhook-secret-key';

const VERSION = 'v1';
const HKDF_INFO = 'magistral webhook secrets v1';

export interface SecretBox {
  /** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
  seal(plain: string, boundTo: string): Promise<string>;
  /** The secret, or an error when the text was not sealed under this key for `boundTo`. */
  open(sealed: string, boundTo: string): Promise<string>;
}

function deriveKey(material: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(material, 'utf8'), Buffer.alloc(0), HKDF_INFO, 32));
}

/** A box over `material` (WEBHOOK_SECRET_KEY, or the key file's content). */
export function createSecretBox(material: string | (() => Promise<string>)): SecretBox {
  let key: Promise<Buffer> | null = null;
  const keyOf = () => {
    key ??= (typeof material === 'string' ? Promise.resolve(material) : material()).then(deriveKey);
    // A failed read is tried again next time rather than remembered.
    key.catch(() => (key = null));
    return key;
  };
  return {
    async seal(plain, boundTo) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', await keyOf(), iv);
      cipher.setAAD(Buffer.from(boundTo, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    async open(sealed, boundTo) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('unknown secret format');
      const decipher = createDecipheriv('aes-256-gcm', await keyOf(), Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(boundTo, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * WEBHOOK_SECRET_KEY when set; else the key in `<dataDir>/webhook-secret-key`, made (32 random
 * bytes) the first time a secret is sealed. One instance can live with the file; several
 * instances must share WEBHOOK_SECRET_KEY, or each would read only its own secrets.
 */
export function webhookKeySource(dataDir: string, configured: string | undefined): string | (() => Promise<string>) {
  if (configured) return configured;
  const file = path.join(dataDir, WEBHOOK_KEY_FILE);
  return async () => {
    try {
      const existing = (await readFile(file, 'utf8')).trim();
      if (existing) return existing;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    await mkdir(dataDir, { recursive: true });
    const made = randomBytes(32).toString('base64url');
    // 'wx': two processes starting at once do not overwrite each other's key; the loser reads it.
    try {
      await writeFile(file, `${made}\n`, { mode: 0o600, flag: 'wx' });
      await chmod(file, 0o600);
      return made;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      return (await readFile(file, 'utf8')).trim();
    }
  };
}
