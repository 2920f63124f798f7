import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertSafeKey, TEMP_PREFIX, type FileStorage, type StoredObject } from './file-storage';

export interface S3StorageConfig {
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
  /** Key prefix inside the bucket ('' for none). */
  prefix: string;
}

/** Parts of 8 MiB, two in flight: a 1 GB upload holds at most ~16 MiB of it in memory. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

/**
 * S3-compatible object storage (Yandex Object Storage, VK Cloud, MinIO, …) through
 * @aws-sdk/client-s3. Uploads stream as multipart uploads; a failed one is aborted, so no
 * parts are left behind. Temporary objects sit under `tmp/` (add a bucket lifecycle rule that
 * expires `tmp/` after a day as a second safety net) and are promoted with a server-side copy.
 */
export class S3FileStorage implements FileStorage {
  readonly kind = 's3' as const;
  /** The SDK client (exposed for middleware such as test adaptations and metrics). */
  readonly client: S3Client;

  constructor(private readonly config: S3StorageConfig) {
    this.client = new S3Client({
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      // Many S3-compatible services do not accept the SDK's newer default checksums (aws-chunked
      // uploads with CRC trailers); send and check them only where S3 requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      ...(config.accessKeyId && config.secretAccessKey
        ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
        : {}),
    });
  }

  private objectKey(key: string): string {
    assertSafeKey(key);
    return this.config.prefix ? `${this.config.prefix}/${key}` : key;
  }

  async writeTemp(source: Readable): Promise<string> {
    const key = `${TEMP_PREFIX}/${randomUUID()}`;
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.config.bucket, Key: this.objectKey(key), Body: source },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    // The SDK reads the source; a failing source must fail the upload, not hang it.
    const failed = new Promise<never>((_resolve, reject) => {
      source.once('error', reject);
    });
    failed.catch(() => undefined);
    try {
      await Promise.race([upload.done(), failed]);
    } catch (error) {
      await upload.abort().catch(() => undefined);
      await this.remove(key).catch(() => undefined);
      throw error;
    }
    return key;
  }

  async adoptTemp(file: string): Promise<string> {
    try {
      return await this.writeTemp(createReadStream(file));
    } finally {
      await rm(file, { force: true });
    }
  }

  async promote(tempKey: string, key: string, contentType: string): Promise<void> {
    const bucket = this.config.bucket;
    await this.client.send(
      new CopyObjectCommand({
        Bucket: bucket,
        Key: this.objectKey(key),
        CopySource: `${bucket}/${this.objectKey(tempKey)}`,
        ContentType: contentType,
        MetadataDirective: 'REPLACE',
      }),
    );
    await this.remove(tempKey);
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }));
  }

  async open(key: string): Promise<StoredObject | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }),
      );
      if (!(answer.Body instanceof Readable)) throw new Error('S3 GetObject returned no Node stream');
      return { body: answer.Body, size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
      throw error;
    }
  }

  async sweepTemp(olderThan: Date): Promise<number> {
    const prefix = this.objectKey(`${TEMP_PREFIX}/x`).slice(0, -1);
    let removed = 0;
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key && object.LastModified && object.LastModified < olderThan) {
          await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: object.Key }));
          removed += 1;
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return removed;
  }

  /** Closes the HTTP agent (tests, shutdown). */
  destroy(): void {
    this.client.destroy();
  }
}
