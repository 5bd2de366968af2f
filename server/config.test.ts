import { describe, expect, it } from 'vitest';

import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.host).toBe('127.0.0.1');
    expect(c.publicUrl).toBe('http://127.0.0.1:8080');
    expect(c.dataDir.endsWith('/data')).toBe(true);
    expect(c.keysDir.endsWith('/data/keys')).toBe(true);
    expect(c.databaseUrl).toBeNull();
    expect(c.idp.devIdp).toBe(true);
    expect(c.idp.idpPort).toBe(8081);
  });

  it('derives PUBLIC_URL from HOST and PORT and strips a trailing slash', () => {
    expect(loadConfig({ PORT: '9000', HOST: 'localhost' }).publicUrl).toBe('http://localhost:9000');
    expect(loadConfig({ PUBLIC_URL: 'https://console.example.com/' }).publicUrl).toBe('https://console.example.com');
  });

  it('turns the dev IdP off in production and refuses it there', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).idp.devIdp).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEV_IDP: 'off' }).idp.devIdp).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_IDP: 'on' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_IDP: 'on' })).toThrow(
      /Invalid DEV_IDP: .*NODE_ENV=production/,
    );
    expect(loadConfig({ DEV_IDP: 'on' }).idp.devIdp).toBe(true);
  });

  it('seeds the example rule sets (and their /dev sample) in development only, refused in production', () => {
    expect(loadConfig({}).gluon.seedExamples).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).gluon.seedExamples).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', GLUON_EXAMPLE_RULE_SETS: 'off' }).gluon.seedExamples).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', GLUON_EXAMPLE_RULE_SETS: 'on' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', GLUON_EXAMPLE_RULE_SETS: 'on' })).toThrow(
      /Invalid GLUON_EXAMPLE_RULE_SETS: .*NODE_ENV=production/,
    );
    expect(loadConfig({ NODE_ENV: 'test', GLUON_EXAMPLE_RULE_SETS: 'on' }).gluon.seedExamples).toBe(true);
  });

  it.each([
    ['PORT', 'abc', /Invalid PORT/],
    ['PORT', '70000', /Invalid PORT: 70000 is out of range/],
    ['PUBLIC_URL', 'not a url', /Invalid PUBLIC_URL/],
    ['PUBLIC_URL', 'ftp://x', /Invalid PUBLIC_URL: protocol ftp:/],
    ['DATABASE_URL', 'mysql://x', /Invalid DATABASE_URL/],
    ['SMTP_URL', 'http://x', /Invalid SMTP_URL/],
    ['DEV_IDP', 'maybe', /Invalid DEV_IDP/],
    ['ADMIN_EMAIL', 'nobody', /Invalid ADMIN_EMAIL/],
    ['ADMIN_PASSWORD', 'short', /Invalid ADMIN_PASSWORD/],
    ['IDP_PORT', '-1', /Invalid IDP_PORT/],
    ['IP_FAILURE_LIMIT', '0', /Invalid IP_FAILURE_LIMIT/],
    ['TRUST_PROXY', 'perhaps', /Invalid TRUST_PROXY/],
    ['LOG_LEVEL', 'loud', /Invalid LOG_LEVEL: "loud" is not one of fatal, error, warn/],
    ['DEV_MAILBOX', 'sometimes', /Invalid DEV_MAILBOX/],
  ])('rejects %s=%s naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('keeps request logs quiet in development (warn) and verbose in production (info); LOG_LEVEL chooses', () => {
    expect(loadConfig({}).logLevel).toBe('warn');
    expect(loadConfig({ NODE_ENV: 'production' }).logLevel).toBe('info');
    expect(loadConfig({ LOG_LEVEL: 'Debug' }).logLevel).toBe('debug');
    expect(loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'error' }).logLevel).toBe('error');
  });

  it('offers the development mailbox outside production only', () => {
    expect(loadConfig({}).devMailbox).toBe(true);
    expect(loadConfig({ DEV_MAILBOX: 'off' }).devMailbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).devMailbox).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_MAILBOX: 'on' })).toThrow(
      /Invalid DEV_MAILBOX: .*NODE_ENV=production/,
    );
  });

  it('accepts PostgreSQL and SMTP URLs', () => {
    const c = loadConfig({
      DATABASE_URL: 'postgres://u@h/db',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      SIGNING_KEY_FILE: '/k.pem',
    });
    expect(c.databaseUrl).toBe('postgres://u@h/db');
    expect(c.smtpUrl).toBe('smtp://127.0.0.1:2525');
    expect(c.signingKeyFile).toBe('/k.pem');
  });
});

describe('file storage (STORAGE_URL)', () => {
  it('is the local folder by default, an S3-compatible store with STORAGE_URL and its companions', () => {
    expect(loadConfig({ GLUON_STORAGE_DIR: '/srv/gluon' }).gluon).toMatchObject({ s3: null, storageDir: '/srv/gluon' });
    expect(
      loadConfig({
        STORAGE_URL: 's3://gluon-files/prod',
        AWS_ENDPOINT_URL: 'http://minio:9000',
        AWS_REGION: 'eu-west-3',
        STORAGE_S3_PATH_STYLE: 'on',
      }).gluon.s3,
    ).toEqual({
      bucket: 'gluon-files',
      prefix: 'prod/',
      endpoint: 'http://minio:9000',
      region: 'eu-west-3',
      forcePathStyle: true,
    });
    expect(
      loadConfig({
        STORAGE_URL: 's3://gluon-files',
        AWS_ENDPOINT_URL: 'http://a:1',
        AWS_ENDPOINT_URL_S3: 'https://s3.b.example',
      }).gluon.s3,
    ).toEqual({
      bucket: 'gluon-files',
      prefix: '',
      endpoint: 'https://s3.b.example',
      region: 'us-east-1',
      forcePathStyle: false,
    });
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ STORAGE_URL: '/srv/files' })).toThrow(
      'Invalid STORAGE_URL: "/srv/files" is not s3://bucket/prefix',
    );
    expect(() => loadConfig({ STORAGE_URL: 's3://A_B' })).toThrow(/Invalid STORAGE_URL: "A_B" is not a bucket name/);
    expect(() => loadConfig({ STORAGE_URL: 's3://bucket', AWS_ENDPOINT_URL: 'minio:9000' })).toThrow(
      'Invalid AWS_ENDPOINT_URL: "minio:9000" is not an http(s) URL',
    );
    expect(() => loadConfig({ STORAGE_URL: 's3://bucket', STORAGE_S3_PATH_STYLE: 'maybe' })).toThrow(
      'Invalid STORAGE_S3_PATH_STYLE',
    );
    expect(() => loadConfig({ STORAGE_URL: 's3://bucket', GLUON_UPLOAD_LIMIT_MB: '6000' })).toThrow(
      /Invalid GLUON_UPLOAD_LIMIT_MB: at most 5120 with STORAGE_URL/,
    );
  });

  it('reads the Android security-patch age the heuristic warns past (GLUON_ANDROID_PATCH_MAX_AGE_DAYS, default 180)', () => {
    expect(loadConfig({}).gluon.androidPatchMaxAgeDays).toBe(180);
    expect(loadConfig({ GLUON_ANDROID_PATCH_MAX_AGE_DAYS: '90' }).gluon.androidPatchMaxAgeDays).toBe(90);
    expect(() => loadConfig({ GLUON_ANDROID_PATCH_MAX_AGE_DAYS: '0' })).toThrow(
      'Invalid GLUON_ANDROID_PATCH_MAX_AGE_DAYS: "0" is not a whole number from 1 to 3650',
    );
    expect(() => loadConfig({ GLUON_ANDROID_PATCH_MAX_AGE_DAYS: 'six months' })).toThrow(
      'Invalid GLUON_ANDROID_PATCH_MAX_AGE_DAYS',
    );
  });
});
