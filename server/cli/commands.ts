import { randomBytes } from 'node:crypto';

import { isoInZone } from '@common/format/zonedTime';

import type { AppConfig } from '../config';
import { type Database, HttpError, type Mailer, type TokenService } from '../contracts';
import { newTotpSecret, otpauthUrl } from '../modules/auth/totp';
import { collectorLinkUrl, createCollectorLink } from '../modules/gluon/collector/collectorLinks';
import { INSTALLER_OS, type InstallerOs } from '../modules/gluon/collector/installers';
import { invitationMail } from '../modules/invitations/invitationMail';
import { createInvitation, invitationUrl } from '../modules/invitations/invitations';
import { resetUserMfa } from '../modules/users/userAdmin';
import { listOutbox } from '../services/mailbox';
import { hashPassword, passwordProblem } from '../services/passwords';
import { mintQuickLink, mintUnsubscribeLink, QUICK_LINK_TTL_S, UNSUBSCRIBE_LINK_TTL_S } from '../services/signedLinks';
import { tenantTimeZone } from '../services/tenants';
import { ALL_PERMISSIONS, isUuid, normaliseEmail } from '../services/users';
import { backupDatabase, fileArgument } from './backup';
import {
  CliError,
  type OptionSpec,
  parseDuration,
  parseExpiry,
  parseList,
  parseOnOff,
  parseOptions,
  parsePositiveInt,
} from './cliArgs';
import { pluginCommand } from './pluginCommand';
import { copyStorage, copySummary, storageArgument } from './storageCopy';

/** What every command works with: the same database, keys and mailer as the API. */
export interface CliContext {
  db: Database;
  config: AppConfig;
  tokens: TokenService;
  mailer: Mailer;
}

export interface Command {
  name: string;
  summary: string;
  options: OptionSpec;
  run(ctx: CliContext, argv: readonly string[]): Promise<string>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PERMISSION = /^[a-z]{3}#[a-z]{2,4}#(r|w|rw)$/;
const LOGIN_METHODS = ['password', 'Google', 'Okta', 'JamfAuth0'];

function email(value: string | undefined, option = 'email'): string {
  if (!value || !EMAIL.test(value.trim())) throw new CliError(`--${option}: "${value ?? ''}" is not an e-mail address`);
  return normaliseEmail(value);
}

/** `all` = every permission of the product; otherwise a comma-separated list. */
function permissions(value: string | undefined, fallback: readonly string[]): string[] {
  if (value === undefined) return [...fallback];
  if (value.trim() === 'all') return [...ALL_PERMISSIONS];
  const list = parseList(value);
  const bad = list.filter((p) => !PERMISSION.test(p));
  if (bad.length)
    throw new CliError(`--perms: ${bad.join(', ')} not of the form module#resource#mode (e.g. gln#rpt#rw)`);
  return [...new Set(list)];
}

/** The tenant given by id or name; without --tenant the only tenant (an error if there are several). */
async function resolveTenant(db: Database, ref: string | undefined): Promise<{ id: string; name: string }> {
  if (ref) {
    const rows = isUuid(ref)
      ? await db.query<{ id: string; name: string }>('SELECT id, name FROM tenants WHERE id = $1', [ref])
      : await db.query<{ id: string; name: string }>('SELECT id, name FROM tenants WHERE name = $1', [ref]);
    if (rows.length === 0) throw new CliError(`No tenant "${ref}" (see list-users for tenant ids)`);
    if (rows.length > 1) throw new CliError(`Several tenants are named "${ref}": use the id`);
    return rows[0]!;
  }
  const rows = await db.query<{ id: string; name: string }>('SELECT id, name FROM tenants ORDER BY created_at LIMIT 2');
  if (rows.length === 0) throw new CliError('There is no tenant yet: run create-tenant (or start the API once)');
  if (rows.length > 1) throw new CliError('There are several tenants: choose one with --tenant <id or name>');
  return rows[0]!;
}

async function auditCli(
  db: Database,
  tenantId: string | null,
  action: string,
  target: string | null,
  details: Record<string, unknown> = {},
): Promise<void> {
  await db.query(
    'INSERT INTO audit_events (tenant_id, actor_id, action, target, details) VALUES ($1, NULL, $2, $3, $4)',
    [tenantId, `cli.${action}`, target, JSON.stringify(details)],
  );
}

const tenantOption = {
  tenant: { type: 'string', description: 'tenant id or name (default: the only tenant)' },
} as const;

export const commands: Command[] = [
  {
    name: 'create-tenant',
    summary: 'Create a tenant (customer); prints its id',
    options: {
      name: { type: 'string', description: 'tenant name', required: true },
      'environment-type': { type: 'string', description: "environment type (default 'saas')" },
    },
    async run(ctx, argv) {
      const o = parseOptions(this.options, argv);
      const name = o.name!.trim();
      if (!name || name.length > 200) throw new CliError('--name must have 1 to 200 characters');
      const env = o['environment-type'] ?? 'saas';
      if (!/^[a-z][a-z0-9_-]{0,31}$/.test(env))
        throw new CliError('--environment-type must be a lower-case word such as saas');
      const [row] = await ctx.db.query<{ id: string }>(
        'INSERT INTO tenants (name, environment_type) VALUES ($1, $2) RETURNING id',
        [name, env],
      );
      await auditCli(ctx.db, row!.id, 'createTenant', name);
      return `Tenant "${name}" created: ${row!.id}`;
    },
  },
  {
    name: 'create-user',
    summary: 'Create an active user with a password; --mfa on prints the TOTP secret and otpauth URI',
    options: {
      email: { type: 'string', description: 'e-mail address (the username)', required: true },
      password: {
        type: 'string',
        description:
          'password (at least 8 characters; default: generated and printed, keeping it out of the shell history)',
      },
      perms: { type: 'string', description: "comma-separated permissions, or 'all' (default all)" },
      mfa: { type: 'string', description: 'on or off (default off)' },
      ...tenantOption,
    },
    async run(ctx, argv) {
      const o = parseOptions(this.options, argv);
      const address = email(o.email);
      const password = o.password ?? randomBytes(12).toString('base64url');
      const problem = passwordProblem(password, address);
      if (problem) throw new CliError(`--password: ${problem}`);
      const perms = permissions(o.perms, ALL_PERMISSIONS);
      const mfa = o.mfa === undefined ? false : parseOnOff(o.mfa, 'mfa');
      const tenant = await resolveTenant(ctx.db, o.tenant);
      const [existing] = await ctx.db.query('SELECT 1 FROM users WHERE email = $1', [address]);
      if (existing) throw new CliError(`A user ${address} already exists`);
      const secret = mfa ? newTotpSecret() : null;
      const [row] = await ctx.db.query<{ id: string }>(
        `INSERT INTO users (tenant_id, email, password_hash, permissions, totp_enabled, totp_secret) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [tenant.id, address, await hashPassword(password), perms, mfa, secret],
      );
      await auditCli(ctx.db, tenant.id, 'createUser', address, { userId: row!.id, mfa });
      const lines = [
        `User ${address} created in tenant "${tenant.name}": ${row!.id}`,
        `Permissions: ${perms.join(', ') || '(none)'}`,
      ];
      if (o.password === undefined) lines.push(`Generated password: ${password}`);
      if (secret) {
        lines.push(`MFA on. TOTP secret: ${secret}`, `otpauth URI: ${otpauthUrl(secret, address, 'MTD Console')}`);
      }
      lines.push(`Sign in at ${ctx.config.publicUrl}/login`);
      return lines.join('\n');
    },
  },
  {
    name: 'list-users',
    summary: 'List users (all tenants, or one with --tenant)',
    options: { tenant: { type: 'string', description: 'tenant id or name (default: all tenants)' } },
    async run(ctx, argv) {
      const o = parseOptions(this.options, argv);
      const tenant = o.tenant ? await resolveTenant(ctx.db, o.tenant) : null;
      const rows = await ctx.db.query<{
        id: string;
        email: string;
        status: string;
        disabled: boolean;
        totp_enabled: boolean;
        permissions: string[];
        tenant_id: string;
        tenant_name: string;
      }>(
        `SELECT u.id, u.email, u.status, u.disabled, u.totp_enabled, u.permissions, t.id AS tenant_id, t.name AS tenant_name
           FROM users u JOIN tenants t ON t.id = u.tenant_id WHERE ($1::uuid IS NULL OR u.tenant_id = $1::uuid)
          ORDER BY t.name, u.email`,
        [tenant?.id ?? null],
      );
      if (rows.length === 0) return 'No users.';
      return rows
        .map((u) => {
          const state = [u.status, u.disabled ? 'disabled' : null, u.totp_enabled ? 'mfa' : null]
            .filter(Boolean)
            .join(',');
          return `${u.email}\t${state}\ttenant "${u.tenant_name}" (${u.tenant_id})\tid ${u.id}\t${u.permissions.join(' ') || '-'}`;
        })
        .join('\n');
    },
  },
  {
    name: 'reset-mfa',
    summary: "Turn a user's MFA off (secret, recovery codes and remembered devices removed)",
    options: { email: { type: 'string', description: 'e-mail address of the user', required: true } },
    async run(ctx, argv) {
      const o = parseOptions(this.options, argv);
      const address = email(o.email);
      const [user] = await ctx.db.query<{ id: string; tenant_id: string }>(
        'SELECT id, tenant_id FROM users WHERE email = $1',
        [address],
      );
      if (!user) throw new CliError(`No user ${address}`);
      await resetUserMfa(ctx.db, user.tenant_id, user.id);
      await auditCli(ctx.db, user.tenant_id, 'resetMfa', address, { userId: user.id });
      return `MFA of ${address} is off; they sign in with their password and can set MFA up again.`;
    },
  },
  {
    name: 'invite',
    summary: 'Invite a user: mails and prints the single-use invitation link (7 days)',
    options: {
      email: { type: 'string', description: 'e-mail address to invite', required: true },
      perms: { type: 'string', description: "comma-separated permissions, or 'all' (default none)" },
      methods: {
        type: 'string',
        description: 'allowed login methods, first is offered: password,Google,Okta,JamfAuth0 (default password)',
      },
      ...tenantOption,
    },
    async run(ctx, argv) {
      const o = parseOptions(this.options, argv);
      const address = email(o.email);
      const perms = permissions(o.perms, []);
      const methods = o.methods === undefined ? ['password'] : parseList(o.methods);
      const badMethods = methods.filter((m) => !LOGIN_METHODS.includes(m));
      if (methods.length === 0 || badMethods.length)
        throw new CliError(`--methods: use one or more of ${LOGIN_METHODS.join(', ')}`);
      const tenant = await resolveTenant(ctx.db, o.tenant);
      let created;
      try {
        created = await ctx.db.tx((q) =>
          createInvitation(q, {
            tenantId: tenant.id,
            email: address,
            permissions: perms,
            allowedLoginMethods: methods,
          }),
        );
      } catch (error) {
        if (error instanceof HttpError) throw new CliError(error.message);
        throw error;
      }
      const link = invitationUrl(ctx.config.publicUrl, created.token);
      // The tenant's clock, as the mail it is sent prints it.
      const zone = await tenantTimeZone(ctx.db, tenant.id);
      await ctx.mailer.send(
        tenant.id,
        invitationMail({ to: address, link, expiresAt: created.expiresAt, invitedBy: null, zone }),
      );
      await auditCli(ctx.db, tenant.id, 'invite', address, {
        userId: created.userId,
        permissions: perms,
        allowedLoginMethods: methods,
      });
      return [
        `Invitation for ${address} (tenant "${tenant.name}"), valid until ${isoInZone(created.expiresAt, zone)}, usable once:`,
        link,
      ].join('\n');
    },
  },
  {
    name: 'create-collector-link',
    summary: 'Create a collector (extractor) download link and print it',
    options: {
      limit: { type: 'string', description: 'maximum number of installs (default unlimited)' },
      expires: {
        type: 'string',
        description: 'expiry: a date (2026-12-31T00:00:00Z) or a duration from now (30d) (default never)',
      },
      name: { type: 'string', description: 'label shown in the link list' },
      ...tenantOption,
    },
    async run(ctx, argv) {
      const o = parseOptions(this.options, argv);
      const maxInstalls = o.limit === undefined ? null : parsePositiveInt(o.limit, 'limit');
      const expiresAt = o.expires === undefined ? null : parseExpiry(o.expires, 'expires');
      const tenant = await resolveTenant(ctx.db, o.tenant);
      const { link, token } = await createCollectorLink(ctx.db, {
        tenantId: tenant.id,
        createdBy: null,
        name: o.name ?? null,
        maxInstalls,
        expiresAt,
      });
      await auditCli(ctx.db, tenant.id, 'createCollectorLink', link.id, { maxInstalls, expiresAt });
      const expires = expiresAt ? isoInZone(expiresAt, await tenantTimeZone(ctx.db, tenant.id)) : 'never';
      return [
        `Collector link ${link.id} (tenant "${tenant.name}", limit ${maxInstalls ?? 'none'}, expires ${expires}):`,
        collectorLinkUrl(ctx.config.publicUrl, token),
      ].join('\n');
    },
  },
  {
    name: 'quick-link',
    summary: 'Mint a quick-link token for one OS and print the download URLs',
    options: {
      os: { type: 'string', description: 'WIN or MAC', required: true },
      ttl: { type: 'string', description: `lifetime, e.g. 12h, 7d (default ${QUICK_LINK_TTL_S / 86400}d)` },
      ...tenantOption,
    },
    async run(ctx, argv) {
      const o = parseOptions(this.options, argv);
      const os = o.os!.toUpperCase();
      if (!INSTALLER_OS.includes(os as InstallerOs)) throw new CliError('--os must be WIN or MAC');
      const ttlSeconds = o.ttl === undefined ? QUICK_LINK_TTL_S : parseDuration(o.ttl, 'ttl');
      const tenant = await resolveTenant(ctx.db, o.tenant);
      const quick = await mintQuickLink(ctx.tokens, ctx.config.publicUrl, {
        tenantId: tenant.id,
        os: os as InstallerOs,
        ttlSeconds,
      });
      await auditCli(ctx.db, tenant.id, 'quickLink', os, { ttlSeconds });
      return [
        `Quick link for ${os} (tenant "${tenant.name}"), valid ${ttlSeconds} s:`,
        `Console page: ${quick.url}`,
        `Download:     curl -OJ -H "Authorization: Bearer ${quick.token}" ${quick.downloadUrl}`,
      ].join('\n');
    },
  },
  {
    name: 'unsubscribe-link',
    summary: 'Print a signed unsubscribe link for a recipient and notification',
    options: {
      email: { type: 'string', description: 'recipient e-mail address', required: true },
      notification: { type: 'string', description: 'notification id, e.g. weekly-report', required: true },
      ttl: { type: 'string', description: `lifetime (default ${UNSUBSCRIBE_LINK_TTL_S / 86400}d)` },
      ...tenantOption,
    },
    async run(ctx, argv) {
      const o = parseOptions(this.options, argv);
      const address = email(o.email);
      const notification = o.notification!.trim();
      if (!/^[\w.:-]{1,100}$/.test(notification))
        throw new CliError('--notification: letters, digits and . _ : - only (at most 100)');
      const ttlSeconds = o.ttl === undefined ? UNSUBSCRIBE_LINK_TTL_S : parseDuration(o.ttl, 'ttl');
      const tenant = await resolveTenant(ctx.db, o.tenant);
      const { url } = await mintUnsubscribeLink(ctx.tokens, ctx.config.publicUrl, {
        tenantId: tenant.id,
        email: address,
        notification,
        ttlSeconds,
      });
      return [`Unsubscribe link for ${address} / ${notification}:`, url].join('\n');
    },
  },
  {
    name: 'outbox',
    summary: 'Show the newest mails of the outbox (with their links)',
    options: {
      limit: { type: 'string', description: 'how many (default 10)' },
      to: { type: 'string', description: 'only mails to this address' },
    },
    async run(ctx, argv) {
      const o = parseOptions(this.options, argv);
      const limit = o.limit === undefined ? 10 : parsePositiveInt(o.limit, 'limit');
      const to = o.to === undefined ? null : email(o.to, 'to');
      const mails = await listOutbox(ctx.db, { to, limit });
      if (mails.length === 0) return 'The outbox is empty.';
      return mails
        .map((m) =>
          [`--- ${isoInZone(m.createdAt)}  to ${m.to}  (${m.state})`, `Subject: ${m.subject}`, '', m.text].join('\n'),
        )
        .join('\n\n');
    },
  },
  {
    name: 'backup',
    summary: 'backup <file>: write a consistent copy of the PGlite database (also while the API runs)',
    options: {},
    async run(ctx, argv) {
      return backupDatabase(ctx.db, fileArgument('backup', argv));
    },
  },
  {
    name: 'storage-copy',
    summary:
      'storage-copy --from <local|folder|s3://bucket/prefix> --to <…>: copy every uploaded file between storages (skips those already there)',
    options: {
      from: {
        type: 'string',
        description:
          'local (GLUON_STORAGE_DIR), a folder, or s3://bucket/prefix (AWS_ENDPOINT_URL, AWS_REGION, STORAGE_S3_PATH_STYLE, credentials as for the API)',
        required: true,
      },
      to: { type: 'string', description: 'where to copy to, as --from', required: true },
    },
    async run(ctx, argv) {
      const o = parseOptions(this.options, argv);
      const from = storageArgument('from', o.from, ctx.config);
      const to = storageArgument('to', o.to, ctx.config);
      if (from.location === to.location) throw new CliError(`--from and --to are the same storage (${from.location})`);
      return copySummary(from, to, await copyStorage(from, to));
    },
  },
  pluginCommand,
  {
    name: 'restore',
    summary: 'restore <file>: load a backup into an empty DATA_DIR (the API stopped or started elsewhere)',
    options: {},
    async run() {
      // runCli handles restore before opening any database; the API never runs it.
      throw new CliError(
        'restore loads a backup into an empty DATA_DIR and cannot run inside a running API: stop it first, or give another DATA_DIR.',
      );
    },
  },
];

export function helpText(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    'Usage: npm run admin -- <command> [options]',
    '',
    'Uses the same database as the API (DATABASE_URL, else PGlite in DATA_DIR) and its signing key.',
    'While the API (npm start) holds the PGlite folder, the command runs inside the API.',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Options of a command: npm run admin -- <command> --help',
  ].join('\n');
}

export function commandHelp(command: Command): string {
  const lines = Object.entries(command.options).map(
    ([name, o]) =>
      `  --${name}${o.type === 'string' ? ' <value>' : ''}${o.required ? ' (required)' : ''}\n      ${o.description}`,
  );
  return [`Usage: npm run admin -- ${command.name} [options]`, '', command.summary, '', 'Options:', ...lines].join(
    '\n',
  );
}

/** Runs one command line (without the program name); returns the text to print. */
export async function runCommand(ctx: CliContext, argv: readonly string[]): Promise<string> {
  const [name, ...rest] = argv;
  const command = commands.find((c) => c.name === name);
  if (!command) throw new CliError(name ? `Unknown command "${name}".\n\n${helpText()}` : helpText());
  if (rest.includes('--help') || rest.includes('-h')) return commandHelp(command);
  return command.run(ctx, rest);
}
