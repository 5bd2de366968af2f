import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

type KoaMiddleware = (
  ctx: { method: string; path: string; query: Record<string, unknown>; status: number },
  next: () => Promise<void>,
) => Promise<void>;

/** s3rver's built-in account (it checks request signatures against it). */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3 {
  endpoint: string;
  client: S3Client;
  bucket: string;
  /** Multipart uploads begun and neither completed nor aborted (s3rver keeps their parts on disk). */
  pendingUploads(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, files in a temporary folder) on 127.0.0.1 and a free port,
 * with one bucket, for tests; nothing leaves loopback. s3rver 3.7 does not implement
 * AbortMultipartUpload (DELETE ?uploadId answers 405): the middleware below adds it as S3 defines
 * it (the upload's parts are dropped, 204), so an aborted upload is checked end to end.
 */
export async function startTestS3(bucket = 'gluon-test'): Promise<TestS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [] });
  // Where s3rver's FilesystemStore keeps a bucket's unfinished multipart uploads, one folder each.
  const uploadsOf = (name: string) => path.join(directory, name, '._S3rver_uploads');
  // S3rver is a Koa application: its middleware list is composed when it starts listening.
  (server as unknown as { middleware: KoaMiddleware[] }).middleware.unshift(async (ctx, next) => {
    const match = /^\/([^/]+)\/.+$/.exec(ctx.path);
    const uploadId = ctx.query.uploadId;
    if (ctx.method === 'DELETE' && match && typeof uploadId === 'string' && /^[0-9a-f]+$/.test(uploadId)) {
      await rm(path.join(uploadsOf(match[1]!), uploadId), { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    await next();
  });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3RVER_CREDENTIALS });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    endpoint,
    client,
    bucket,
    async pendingUploads() {
      try {
        return await readdir(uploadsOf(bucket));
      } catch {
        return [];
      }
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
