/**
 * The API's internal contracts: what every route module may rely on. The foundation
 * (app.ts, plugins/) implements them; route modules under routes/ use only these.
 */
import type { FastifyReply } from 'fastify';

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
  /**
   * `query` for a hot statement as a named prepared statement: parsed and planned once, then only
   * bound and executed (one name, one text). Optional, so wrappers and fakes may leave it out;
   * call it through db/prepared.ts, which falls back to `query`.
   */
  prepared?<T = Record<string, unknown>>(name: string, sql: string, params?: readonly unknown[]): Promise<T[]>;
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
  verify<T extends Record<string, unknown> = AccessClaims>(
    token: string,
    typ: TokenType | readonly TokenType[],
  ): Promise<T & { typ: TokenType; iss: string; exp: number; iat: number }>;
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
  attachments?: readonly MailAttachment[];
}

/** A text attachment (a CSV report): stored in the outbox with its mail and sent by SMTP. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  /** UTF-8 text. */
  content: string;
}

/** What became of a mail: its outbox row, and the SMTP error when delivery failed. */
export interface MailOutcome {
  id: string;
  error: string | null;
}

export interface Mailer {
  /**
   * Writes the outbox row, then delivers through SMTP when configured. Never throws for a failed
   * delivery; the real mailer answers how it went (monitoring retries on `error`).
   */
  send(tenantId: string | null, message: MailMessage): Promise<MailOutcome | void>;
}

/** The verified payload of the bearer token (signature, issuer, expiry and type checked). */
export type VerifiedClaims = Record<string, unknown> & {
  typ: TokenType;
  iss: string;
  exp: number;
  iat: number;
  jti?: string;
  sub?: string;
};

/** The caller's user as authentication read it (live: active and enabled), for the answer. */
export interface AuthUser {
  id: string;
  tenantId: string;
  email: string;
  permissions: string[];
  totpEnabled: boolean;
}

/** The caller's live session as authentication read (or touched) it. */
export interface AuthSession {
  id: string;
  expiresAt: Date;
}

/** Who is calling, set by `app.authenticate`: routes use it and never verify the token again. */
export interface AuthContext {
  userId: string;
  tenantId: string;
  sessionId: string;
  perms: string[];
  typ: TokenType;
  token: string;
  /** Every claim of the verified token (jti, exp, and the owner-defined ones such as prov). */
  claims: VerifiedClaims;
  /** Set for session-bound (access, recovery) and user-bound (mfa) tokens. */
  user?: AuthUser;
  /** Set for session-bound tokens (access, recovery). */
  session?: AuthSession;
}

export interface AuthenticateOptions {
  /** Accepted token type; default 'access'. */
  typ?: TokenType | TokenType[];
  /** Permission predicate on the token's perms; 403 when false. */
  allow?: (perms: readonly string[]) => boolean;
  /** Marks the session seen in the same statement that checks it (GET /um/refresh). */
  touch?: boolean;
}

/** A row of `sessions` as the session store answers it. */
export interface SessionRecord {
  id: string;
  userId: string;
  tenantId: string;
  /** 'password' or the identity provider. */
  provider: string;
  providerData: unknown;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
}

export interface NewSession {
  userId: string;
  tenantId: string;
  /** 'password' or the identity provider. */
  provider: string;
  providerData?: unknown;
  ip?: string | null;
  userAgent?: string | null;
}

/** A live session with the user it belongs to: what authentication needs in one read. */
export interface LiveSession {
  session: AuthSession;
  user: AuthUser;
}

/**
 * The one owner of server-side sessions (`app.sessions`, services/sessionStore.ts). "Live" has a
 * single definition there: not revoked, within the idle and absolute limits, user active and
 * enabled. Everything that asks "does this session still count?" asks the store.
 */
export interface SessionStore {
  create(session: NewSession): Promise<SessionRecord>;
  /** The session and its user when the session is live, else null. */
  verify(sessionId: string, userId: string): Promise<LiveSession | null>;
  /** As verify, and marks the session seen, in one statement. */
  touch(sessionId: string, userId: string): Promise<LiveSession | null>;
  /** The user (no session yet: second-factor step) when active and enabled, else null. */
  verifyUser(userId: string): Promise<AuthUser | null>;
  /** Ends a session not yet revoked; `owner` limits it to that user of that tenant. Null when there was none. */
  revoke(sessionId: string, owner?: { userId: string; tenantId: string }): Promise<SessionRecord | null>;
  /** Ends every session of a user except `keepSessionId`; returns how many. */
  revokeAll(userId: string, keepSessionId?: string | null): Promise<number>;
  /** Live sessions of a user of the tenant, newest first. */
  listLive(tenantId: string, userId: string): Promise<SessionRecord[]>;
}

/** `app.audit`: appends to the audit log, never throws. */
export type AuditLog = (event: AuditEvent) => Promise<void>;

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

/**
 * Something the API depends on is down (the object store): a 503 whose message the console shows,
 * with `Retry-After` (plugins/errorHandler.ts). `details` are what the log line says about the
 * failure, chosen by the thrower so that no secret (a signed URL, a credential) is logged.
 */
export class ServiceUnavailable extends HttpError {
  constructor(
    message: string,
    readonly retryAfterS: number,
    readonly details: Readonly<Record<string, string | number | null>> = {},
  ) {
    super(503, message);
    this.name = 'ServiceUnavailable';
  }
}

/** The 401 message of `tokens.verify` for an expired token (routes with links turn it into their own wording). */
export const TOKEN_EXPIRED = 'Token expired';

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
    /** Server-side sessions and the live rule (services/sessionStore.ts). */
    sessions: SessionStore;
    mailer: Mailer;
    config: import('./config').AppConfig;
    /** preHandler factory: verifies the bearer token and the session, sets request.auth. */
    authenticate(options?: AuthenticateOptions): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    audit: AuditLog;
  }
  interface FastifyRequest {
    /**
     * The caller's verified identity, set by `app.authenticate` (a route's preHandler). Reading it
     * on a route without that preHandler throws a 401: a route that forgot its guard fails closed.
     */
    readonly auth: AuthContext;
    /** The slot behind `auth` (null until authenticate ran); only plugins/authenticate.ts writes it. */
    authContext: AuthContext | null;
  }
}
