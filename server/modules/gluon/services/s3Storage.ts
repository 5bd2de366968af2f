import { randomUUID } from 'node:crypto';
import { PassThrough, pipeline, type Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';

import {
  checkKey,
  checkRange,
  type FileStorage,
  hashingCounter,
  STORAGE_KEY,
  StorageUnavailable,
  UploadTooLargeError,
} from './fileStorage';
import type { S3Location, S3Settings } from './storageLocation';

/** The client for `settings`; the SDK finds credentials as usual (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, an instance role). */
export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
  });
}

/** Multipart upload in parts of 8 MiB, two in flight: at most ~16 MiB of a file in memory, whatever its size. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException)
    return error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey';
  return false;
}

/** Socket failures: the store is down or unreachable (not a refusal of ours, as a bad key or credentials). */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);

/**
 * Why the store is unavailable, or null when `error` is something else (a 404, a refusal): a
 * socket that failed to connect or timed out, or a 5xx answer (500 InternalError, 503 SlowDown),
 * once the SDK's retries are spent.
 */
export function unavailableReason(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const e = error as { code?: unknown; name?: unknown; $metadata?: { httpStatusCode?: number } };
  if (typeof e.code === 'string' && CONNECTION_CODES.has(e.code)) return e.code;
  if (e.name === 'TimeoutError' || e.name === 'RequestTimeout') return String(e.name);
  const status = e.$metadata?.httpStatusCode;
  if (typeof status === 'number' && status >= 500) return `HTTP ${status}`;
  return null;
}

/**
 * Files in an S3-compatible bucket: `<prefix><first two hex>/<sha256>`, as the local folder. An
 * upload streams to `<prefix>tmp/<uuid>` by multipart upload (hashed on the way), then is copied
 * on the server to its content address and the temporary object removed; a failed or refused
 * upload aborts the multipart upload, so nothing is left.
 */
export function createS3Storage(
  client: S3Client,
  location: S3Location,
  options: { partSize?: number } = {},
): FileStorage {
  const { bucket, prefix } = location;
  const where = `s3://${bucket}/${prefix}`;
  /** `error` as StorageUnavailable when the store is down, else itself. */
  const mapped = (error: unknown, operation: string): unknown => {
    const reason = unavailableReason(error);
    if (!reason) return error;
    const attempts = (error as { $metadata?: { attempts?: number } }).$metadata?.attempts ?? null;
    return new StorageUnavailable({ operation, location: where, reason, attempts });
  };
  const send: S3Client['send'] = (async (command: Parameters<S3Client['send']>[0]) => {
    try {
      return await client.send(command);
    } catch (error) {
      throw mapped(error, command.constructor.name.replace(/Command$/, ''));
    }
  }) as S3Client['send'];
  const objectOf = (key: string): string => `${prefix}${key.slice(0, 2)}/${checkKey(key)}`;
  const removeObject = async (Key: string): Promise<void> => {
    await send(new DeleteObjectCommand({ Bucket: bucket, Key }));
  };
  const size = async (key: string): Promise<number | null> => {
    const Key = objectOf(key);
    try {
      const head = await send(new HeadObjectCommand({ Bucket: bucket, Key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };
  return {
    location: where,
    async put(source, maxBytes) {
      const tmpKey = `${prefix}tmp/${randomUUID()}`;
      const counter = hashingCounter(source, maxBytes);
      let tooLarge: UploadTooLargeError | null = null;
      counter.stream.on('error', (error) => {
        if (error instanceof UploadTooLargeError) tooLarge = error;
      });
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: tmpKey, Body: counter.stream, ContentType: 'application/octet-stream' },
        partSize: options.partSize ?? PART_SIZE,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        counter.detach();
        counter.stream.destroy();
        // A single-part upload that failed may still have written the temporary object.
        await removeObject(tmpKey).catch(() => undefined);
        throw tooLarge ?? mapped(error, 'Upload');
      }
      const { sha256, size: bytes } = counter.result();
      try {
        if ((await size(sha256)) === null) {
          await send(
            new CopyObjectCommand({
              Bucket: bucket,
              Key: objectOf(sha256),
              CopySource: `${bucket}/${encodeURI(tmpKey)}`,
              ContentType: 'application/octet-stream',
            }),
          );
        }
      } finally {
        await removeObject(tmpKey).catch(() => undefined);
      }
      return { key: sha256, sha256, size: bytes };
    },
    read(key, range) {
      const Key = objectOf(key);
      const Range = range ? `bytes=${checkRange(range).start}-${range.end}` : undefined;
      const out = new PassThrough();
      send(new GetObjectCommand({ Bucket: bucket, Key, Range })).then(
        (answer) => {
          const body = answer.Body as Readable | undefined;
          if (!body) return out.destroy(new Error(`The object store sent no body for ${Key}`));
          pipeline(body, out, () => undefined);
        },
        (error: unknown) =>
          out.destroy(
            isNotFound(error)
              ? Object.assign(new Error(`No stored file ${key} in ${where}`), { code: 'ENOENT' })
              : (error as Error),
          ),
      );
      return out;
    },
    async exists(key) {
      return (await size(key)) !== null;
    },
    size,
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(prefix.length) ?? '';
          const match = /^([0-9a-f]{2})\/([0-9a-f]{64})$/.exec(name);
          if (match && STORAGE_KEY.test(match[2]!) && match[2]!.startsWith(match[1]!))
            yield { key: match[2]!, size: object.Size ?? 0 };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async remove(key) {
      await removeObject(objectOf(key));
    },
  };
}
