/** Where files are kept, as configured: parsed without loading the S3 client (config and CLI load this). */

/** `s3://bucket/prefix`, parsed; the prefix is empty or ends with `/`. */
export interface S3Location {
  bucket: string;
  prefix: string;
}

/** How to reach the store (STORAGE_URL's companions; credentials come from the SDK's usual chain). */
export interface S3Settings {
  /** AWS_ENDPOINT_URL_S3, else AWS_ENDPOINT_URL: a MinIO, Ceph, R2… server; null = AWS itself. */
  endpoint: string | null;
  /** AWS_REGION (default us-east-1). */
  region: string;
  /** STORAGE_S3_PATH_STYLE=on: `endpoint/bucket/key` rather than `bucket.endpoint/key` (MinIO and most self-hosted servers). */
  forcePathStyle: boolean;
}

/** Parses `s3://bucket/some/prefix`; null when `raw` is not an s3 URL, a string saying what is wrong when it is a bad one. */
export function parseS3Url(raw: string): S3Location | null | string {
  if (!/^s3:\/\//i.test(raw)) return null;
  const rest = raw.slice('s3://'.length);
  const slash = rest.indexOf('/');
  const bucket = slash < 0 ? rest : rest.slice(0, slash);
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    return `"${bucket}" is not a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)`;
  const parts = (slash < 0 ? '' : rest.slice(slash + 1)).split('/').filter(Boolean);
  if (parts.some((p) => p === '.' || p === '..')) return `the prefix of "${raw}" has a "." or ".." segment`;
  return { bucket, prefix: parts.length ? `${parts.join('/')}/` : '' };
}

/** The largest object one CopyObject can copy (S3's limit); config refuses a larger upload limit with STORAGE_URL. */
export const S3_COPY_LIMIT_BYTES = 5 * 1024 * 1024 * 1024;
