import path from 'node:path';

import { type GluonConfig, loadGluonConfig } from './modules/gluon/services/gluonConfig';
import { loadMonitoringConfig, type MonitoringConfig } from './modules/monitoring/services/monitoringConfig';
import { loadNeutrinoConfig, type NeutrinoConfig } from './modules/neutrino/services/neutrinoConfig';
import { parseTrustProxy, type TrustProxy } from './plugins/trustedProxies';
import { type BackendConfig, loadBackendConfig } from './services/backendConfig';

/** Settings of the identity providers; read here, used by server/modules/sso and server/devIdp. */
export interface IdpConfig {
  googleIssuer: string | null;
  googleClientId: string | null;
  jamfIssuer: string | null;
  jamfClientId: string | null;
  jamfClientSecret: string | null;
  /** Start the development OIDC provider beside the API (DEV_IDP; never with NODE_ENV=production). */
  devIdp: boolean;
  /** Port of the development OIDC provider (default PORT + 1). */
  idpPort: number;
}

export interface AppConfig {
  port: number;
  host: string;
  /** PGlite data folder; also the default home of the signing key. */
  dataDir: string;
  /** When set, PostgreSQL is used instead of PGlite. */
  databaseUrl: string | null;
  /** Public origin of the API and console, without trailing slash. */
  publicUrl: string;
  /**
   * `iss` of every token the API signs and the only one it accepts: TOKEN_ISSUER, else
   * `${publicUrl}/um`. One value for the whole deployment (every instance); on PostgreSQL the
   * first instance records it and a disagreeing one does not start (ops/deploymentIdentity.ts).
   */
  tokenIssuer: string;
  /** REPLACE_DEPLOYMENT_IDENTITY=on: this instance's issuer and key become the deployment's (after a move). */
  replaceDeploymentIdentity: boolean;
  /** STARTUP_TIMEOUT_S: a start that has not finished after this many seconds stops, naming its step (default 90). */
  startupTimeoutS: number;
  smtpUrl: string | null;
  /** Folder holding `signing-key.pem` (generated when absent). */
  keysDir: string;
  /** Explicit PEM file of the Ed25519 private key; wins over keysDir. Share it between API instances. */
  signingKeyFile: string | null;
  adminEmail: string | null;
  adminPassword: string | null;
  /** Built console served by the API. */
  staticDir: string;
  nodeEnv: string;
  /** GET /um/passwordRecovery/enabled (PASSWORD_RECOVERY=on/off, default on). */
  passwordRecoveryEnabled: boolean;
  /** IP_FAILURE_LIMIT: failed sign-in attempts per client IP and 10 minutes before 429 (default 50). */
  ipFailureLimit: number;
  /**
   * TRUST_PROXY: off | on (1 hop) | hop count | list of proxy addresses/CIDRs. The client IP (rate
   * limits, audit, sessions) is the right-most X-Forwarded-For hop that is not a trusted proxy.
   */
  trustProxy: TrustProxy;
  /** LOG_LEVEL: warn by default in development (no request lines under the start banner), info in production. */
  logLevel: LogLevel;
  /** DEV_MAILBOX: GET /dev/mailbox shows the outbox (on by default outside production; never in production). */
  devMailbox: boolean;
  idp: IdpConfig;
  /** Captcha, environment type, installers folder, support address (server/services/backendConfig.ts). */
  backends: BackendConfig;
  /** Gluon: upload size limit, storage folder, worker, example rule sets (server/modules/gluon/services/gluonConfig.ts). */
  gluon: GluonConfig;
  /** MONITORING_WEBHOOK_ALLOW: `host:port` list a monitoring webhook may reach even on a private address (server/modules/monitoring/README.md). */
  monitoringWebhookAllow: string | null;
  /** Monitoring: MONITORING_WORKER, its job loop's own switch (server/modules/monitoring/services/monitoringConfig.ts). */
  monitoring: MonitoringConfig;
  /** Neutrino: how often saved hunts scan new inspections (server/modules/neutrino/services/neutrinoConfig.ts). */
  neutrino: NeutrinoConfig;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A configuration error names the variable and what is wrong with it. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Invalid ${variable}: ${problem}`);
    this.name = 'ConfigError';
  }
}

/** ConfigError's thrower, handed to the config loaders of services (they do not import this file). */
function fail(variable: string, problem: string): never {
  throw new ConfigError(variable, problem);
}

type Env = Record<string, string | undefined>;

function str(env: Env, name: string): string | null {
  const value = env[name];
  if (value === undefined) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function port(env: Env, name: string, fallback: number): number {
  const raw = str(env, name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `"${raw}" is not a port number (0-65535)`);
  const n = Number(raw);
  if (n > 65535) throw new ConfigError(name, `${n} is out of range (0-65535)`);
  return n;
}

function url(env: Env, name: string, protocols: readonly string[]): string | null {
  const raw = str(env, name);
  if (raw === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `"${raw}" is not a valid URL`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `protocol ${parsed.protocol} not allowed (use ${protocols.join(' or ')})`);
  }
  return raw;
}

function positiveInt(env: Env, name: string, fallback: number): number {
  const raw = str(env, name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 1_000_000)
    throw new ConfigError(name, `"${raw}" is not a whole number from 1 to 1000000`);
  return Number(raw);
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = str(env, name);
  if (raw === null) return fallback;
  const v = raw.toLowerCase();
  if (['on', 'true', '1', 'yes'].includes(v)) return true;
  if (['off', 'false', '0', 'no'].includes(v)) return false;
  throw new ConfigError(name, `"${raw}" is not on/off`);
}

function email(env: Env, name: string): string | null {
  const raw = str(env, name);
  if (raw === null) return null;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(raw)) throw new ConfigError(name, `"${raw}" is not an e-mail address`);
  return raw.toLowerCase();
}

function trustProxy(env: Env): TrustProxy {
  const parsed = parseTrustProxy(str(env, 'TRUST_PROXY'));
  if ('problem' in parsed) throw new ConfigError('TRUST_PROXY', parsed.problem);
  return parsed.value;
}

function logLevel(env: Env, name: string, fallback: LogLevel): LogLevel {
  const raw = str(env, name);
  if (raw === null) return fallback;
  const v = raw.toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(v))
    throw new ConfigError(name, `"${raw}" is not one of ${LOG_LEVELS.join(', ')}`);
  return v as LogLevel;
}

/** Reads the configuration from environment variables; throws ConfigError for a bad value. */
export function loadConfig(env: Env = process.env): AppConfig {
  const portNumber = port(env, 'PORT', 8080);
  const host = str(env, 'HOST') ?? '127.0.0.1';
  const dataDir = path.resolve(str(env, 'DATA_DIR') ?? './data');
  const hostForUrl = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  const publicUrl = (url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://${hostForUrl}:${portNumber}`).replace(
    /\/+$/,
    '',
  );
  const tokenIssuer = (url(env, 'TOKEN_ISSUER', ['http:', 'https:']) ?? `${publicUrl}/um`).replace(/\/+$/, '');
  // Several instances share a PostgreSQL database; an issuer made up from each one's own HOST:PORT would differ.
  if (
    str(env, 'NODE_ENV') === 'production' &&
    str(env, 'DATABASE_URL') !== null &&
    str(env, 'PUBLIC_URL') === null &&
    str(env, 'TOKEN_ISSUER') === null
  ) {
    throw new ConfigError(
      'PUBLIC_URL',
      'is required with DATABASE_URL in production: every API instance must sign tokens as the same issuer (set the same PUBLIC_URL, or TOKEN_ISSUER, on each)',
    );
  }
  const adminPassword = str(env, 'ADMIN_PASSWORD');
  if (adminPassword !== null && adminPassword.length < 8)
    throw new ConfigError('ADMIN_PASSWORD', 'must have at least 8 characters');
  const nodeEnv = str(env, 'NODE_ENV') ?? 'development';
  const production = nodeEnv === 'production';
  // The mailbox shows every mail's links (invitations, password resets): never in production.
  const devMailbox = flag(env, 'DEV_MAILBOX', !production);
  if (devMailbox && production)
    throw new ConfigError('DEV_MAILBOX', 'the development mailbox is not available with NODE_ENV=production');
  // The development IdP signs anyone in with a known password, and its SSO accounts are seeded with every permission.
  const devIdp = flag(env, 'DEV_IDP', !production);
  if (devIdp && production)
    throw new ConfigError('DEV_IDP', 'the development identity provider is not available with NODE_ENV=production');
  const gluon = loadGluonConfig(env, dataDir, nodeEnv, fail);
  // The example rule sets come with a development route (/dev/samples/…): not in production either.
  if (gluon.seedExamples && production)
    throw new ConfigError(
      'GLUON_EXAMPLE_RULE_SETS',
      'the example rule sets and sample download are not available with NODE_ENV=production',
    );
  return {
    port: portNumber,
    host,
    dataDir,
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    publicUrl,
    tokenIssuer,
    replaceDeploymentIdentity: flag(env, 'REPLACE_DEPLOYMENT_IDENTITY', false),
    startupTimeoutS: positiveInt(env, 'STARTUP_TIMEOUT_S', 90),
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    keysDir: path.resolve(str(env, 'KEYS_DIR') ?? path.join(dataDir, 'keys')),
    signingKeyFile: str(env, 'SIGNING_KEY_FILE') === null ? null : path.resolve(str(env, 'SIGNING_KEY_FILE')!),
    adminEmail: email(env, 'ADMIN_EMAIL'),
    adminPassword,
    staticDir: path.resolve(str(env, 'STATIC_DIR') ?? './dist'),
    nodeEnv,
    passwordRecoveryEnabled: flag(env, 'PASSWORD_RECOVERY', true),
    trustProxy: trustProxy(env),
    ipFailureLimit: positiveInt(env, 'IP_FAILURE_LIMIT', 50),
    logLevel: logLevel(env, 'LOG_LEVEL', production ? 'info' : 'warn'),
    devMailbox,
    idp: {
      googleIssuer: url(env, 'GOOGLE_ISSUER', ['http:', 'https:']),
      googleClientId: str(env, 'GOOGLE_CLIENT_ID'),
      jamfIssuer: url(env, 'JAMF_ISSUER', ['http:', 'https:']),
      jamfClientId: str(env, 'JAMF_CLIENT_ID'),
      jamfClientSecret: str(env, 'JAMF_CLIENT_SECRET'),
      devIdp,
      idpPort: port(env, 'IDP_PORT', portNumber === 0 ? 0 : portNumber + 1),
    },
    backends: loadBackendConfig(env, fail),
    gluon,
    monitoringWebhookAllow: str(env, 'MONITORING_WEBHOOK_ALLOW'),
    monitoring: loadMonitoringConfig(env, nodeEnv, fail),
    neutrino: loadNeutrinoConfig(env, fail),
  };
}
