import path from 'node:path';

import { DEFAULT_MAX_PATCH_AGE_DAYS } from '../../inspection/public';
import { parseS3Url, S3_COPY_LIMIT_BYTES, type S3Location, type S3Settings } from './storageLocation';

/** Gluon's settings (read by server/config.ts). */
export interface GluonConfig {
  /** GLUON_UPLOAD_LIMIT_MB: largest uploaded file (default 1024 MiB). */
  uploadLimitBytes: number;
  /** GLUON_STORAGE_DIR: where uploaded files are kept without STORAGE_URL (default DATA_DIR/gluon-files). */
  storageDir: string;
  /** STORAGE_URL=s3://bucket/prefix: files in an S3-compatible object store, shared by every instance; null = the local folder. */
  s3: (S3Location & S3Settings) | null;
  /** How to reach an object store (endpoint, region, path style), also without STORAGE_URL: `npm run admin -- storage-copy --to s3://…` uses it. */
  s3Settings: S3Settings;
  /** GLUON_WORKER=off: this instance claims no inspection jobs (another instance runs them). Default on, off under NODE_ENV=test. */
  worker: boolean;
  /** GLUON_EXAMPLE_RULE_SETS: `npm start` seeds the three shared bundles into tenants without rule sets (default on in development). */
  seedExamples: boolean;
  /**
   * GLUON_ANDROID_PATCH_MAX_AGE_DAYS: an Android device whose security patch level is older than this
   * many days gets the `android.old-security-patch` warning (default 180, about six monthly patches).
   */
  androidPatchMaxAgeDays: number;
}

type Env = Record<string, string | undefined>;
type Fail = (variable: string, problem: string) => never;

function read(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function onOff(env: Env, name: string, fallback: boolean, fail: Fail): boolean {
  const raw = read(env, name)?.toLowerCase();
  if (raw === undefined || raw === null) return fallback;
  if (['on', 'true', '1', 'yes'].includes(raw)) return true;
  if (['off', 'false', '0', 'no'].includes(raw)) return false;
  return fail(name, `"${raw}" is not on/off`);
}

function wholeNumber(
  env: Env,
  name: string,
  fallback: number,
  range: { min: number; max: number },
  fail: Fail,
): number {
  const raw = read(env, name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < range.min || Number(raw) > range.max)
    fail(name, `"${raw}" is not a whole number from ${range.min} to ${range.max}`);
  return Number(raw);
}

/** `fail` is ConfigError's thrower from server/config.ts (passed in to keep imports one-way). */
export function loadGluonConfig(env: Env, dataDir: string, nodeEnv: string, fail: Fail): GluonConfig {
  const rawLimit = read(env, 'GLUON_UPLOAD_LIMIT_MB');
  let limitMb = 1024;
  if (rawLimit !== null) {
    if (!/^\d+$/.test(rawLimit) || Number(rawLimit) < 1 || Number(rawLimit) > 1_000_000)
      fail('GLUON_UPLOAD_LIMIT_MB', `"${rawLimit}" is not a whole number of MiB from 1 to 1000000`);
    limitMb = Number(rawLimit);
  }
  return {
    uploadLimitBytes: limitMb * 1024 * 1024,
    s3: loadS3(env, limitMb * 1024 * 1024, fail),
    s3Settings: loadS3Settings(env, fail),
    storageDir: path.resolve(read(env, 'GLUON_STORAGE_DIR') ?? path.join(dataDir, 'gluon-files')),
    // Off by default under NODE_ENV=test: the API's other tests need no poller; gluon's own turn it on.
    worker: onOff(env, 'GLUON_WORKER', nodeEnv !== 'test', fail),
    seedExamples: onOff(env, 'GLUON_EXAMPLE_RULE_SETS', nodeEnv === 'development', fail),
    androidPatchMaxAgeDays: wholeNumber(
      env,
      'GLUON_ANDROID_PATCH_MAX_AGE_DAYS',
      DEFAULT_MAX_PATCH_AGE_DAYS,
      { min: 1, max: 3650 },
      fail,
    ),
  };
}

/**
 * STORAGE_URL and its companions: the endpoint (AWS_ENDPOINT_URL_S3, else AWS_ENDPOINT_URL), the
 * region (AWS_REGION) and STORAGE_S3_PATH_STYLE; the credentials are the SDK's to find
 * (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, a profile or a role), never kept in the config.
 */
function loadS3(env: Env, uploadLimitBytes: number, fail: Fail): (S3Location & S3Settings) | null {
  const raw = read(env, 'STORAGE_URL');
  if (raw === null) return null;
  const location = parseS3Url(raw);
  if (location === null)
    return fail(
      'STORAGE_URL',
      `"${raw}" is not s3://bucket/prefix (leave it unset for the local folder GLUON_STORAGE_DIR)`,
    );
  if (typeof location === 'string') return fail('STORAGE_URL', location);
  // An upload is copied to its content address by one CopyObject, which S3 limits to 5 GiB.
  if (uploadLimitBytes > S3_COPY_LIMIT_BYTES)
    fail(
      'GLUON_UPLOAD_LIMIT_MB',
      `at most ${S3_COPY_LIMIT_BYTES / (1024 * 1024)} with STORAGE_URL (the object store copies at most 5 GiB at once)`,
    );
  return { ...location, ...loadS3Settings(env, fail) };
}

function loadS3Settings(env: Env, fail: Fail): S3Settings {
  const endpointVariable = read(env, 'AWS_ENDPOINT_URL_S3') !== null ? 'AWS_ENDPOINT_URL_S3' : 'AWS_ENDPOINT_URL';
  const endpoint = read(env, endpointVariable);
  if (endpoint !== null && !/^https?:\/\/[^/\s]+/i.test(endpoint))
    fail(endpointVariable, `"${endpoint}" is not an http(s) URL`);
  return {
    endpoint,
    region: read(env, 'AWS_REGION') ?? read(env, 'AWS_DEFAULT_REGION') ?? 'us-east-1',
    forcePathStyle: onOff(env, 'STORAGE_S3_PATH_STYLE', false, fail),
  };
}
