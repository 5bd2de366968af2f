/**
 * The API's internal contracts: what every route module may rely on. The foundation
 * (app.ts, plugins/) implements them; route modules under routes/ use only these.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Runs unchanged on PGlite and PostgreSQL: `$1` placeholders, plain SQL. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs several `;`-separated statements without parameters (migrations, scripts). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  /** Runs `fn` in one transaction (serialised on PGlite, a pooled client on PostgreSQL). */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
}

/** Token types; a token of one type never passes where another is expected. */
export type TokenType = 'access' | 'mfa' | 'recovery' | 'quick-link' | 'unsubscribe' | 'remember' | 'oauth-state';

export interface AccessClaims {
  sub: string; // user id
  tenant: string; // tenant id
  sid: string; // session id
  perms: string[];
  typ: TokenType;
  iss: string;
  exp: number;
  iat: number;
  [claim: string]: unknown;
}

export interface TokenService {
  /** Signs a JWT of `typ` with the API's private key; `ttlSeconds` sets exp. */
  sign(typ: TokenType, claims: Record<string, unknown>, ttlSeconds: number): Promise<string>;
  /** Verifies signature, algorithm, issuer, expiry and type (one of `typ` when a list); throws HttpError(401) otherwise. */
  verify<T extends Record<string, unknown> = AccessClaims>(token: string, typ: TokenType | readonly TokenType[]): Promise<T & { typ: TokenType; iss: string; exp: number; iat: number }>;
  /** Public JWKS, for documentation and other services. */
  jwks(): Promise<{ keys: Record<string, unknown>[] }>;
  /** Keyed hash (HMAC-SHA256, pepper derived from the signing key) for low-entropy secrets such as recovery codes. */
  digest(value: string): string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Writes the outbox row, then delivers through SMTP when configured. */
  send(tenantId: string | null, message: MailMessage): Promise<void>;
}

/** Who is calling, set by `app.authenticate`. */
export interface AuthContext {
  userId: string;
  tenantId: string;
  sessionId: string;
  perms: string[];
  typ: TokenType;
  token: string;
}

export interface AuthenticateOptions {
  /** Accepted token type; default 'access'. */
  typ?: TokenType | TokenType[];
  /** Permission predicate on the token's perms; 403 when false. */
  allow?: (perms: readonly string[]) => boolean;
}

/** Error with a status and a message the console shows (4xx) or hides (5xx). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export interface AuditEvent {
  tenantId: string | null;
  actorId: string | null;
  action: string;
  target?: string | null;
  details?: Record<string, unknown>;
  ip?: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    tokens: TokenService;
    mailer: Mailer;
    config: import('./config').AppConfig;
    /** preHandler factory: verifies the bearer token and the session, sets request.auth. */
    authenticate(options?: AuthenticateOptions): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    audit(event: AuditEvent): Promise<void>;
  }
  interface FastifyRequest {
    auth?: AuthContext;
  }
}
