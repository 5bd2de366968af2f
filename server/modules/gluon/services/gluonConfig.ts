import path from 'node:path';

/** Gluon's settings (read by server/config.ts). */
export interface GluonConfig {
  /** GLUON_UPLOAD_LIMIT_MB: largest uploaded file (default 1024 MiB). */
  uploadLimitBytes: number;
  /** GLUON_STORAGE_DIR: where uploaded files are kept (default DATA_DIR/gluon-files). */
  storageDir: string;
  /** GLUON_WORKER=off: this instance claims no inspection jobs (another instance runs them). Default on, off under NODE_ENV=test. */
  worker: boolean;
  /** GLUON_EXAMPLE_RULE_SETS: `npm start` seeds the three shared bundles into tenants without rule sets (default on in development). */
  seedExamples: boolean;
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
    storageDir: path.resolve(read(env, 'GLUON_STORAGE_DIR') ?? path.join(dataDir, 'gluon-files')),
    // Off by default under NODE_ENV=test: the API's other tests need no poller; gluon's own turn it on.
    worker: onOff(env, 'GLUON_WORKER', nodeEnv !== 'test', fail),
    seedExamples: onOff(env, 'GLUON_EXAMPLE_RULE_SETS', nodeEnv === 'development', fail),
  };
}
