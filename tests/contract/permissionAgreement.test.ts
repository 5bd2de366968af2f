import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { canWriteUsers, hasUserManagementAccess, isAnyUser } from '@common/admin/access';
import { canReadMacs, canTriageMacs, canUploadArchives } from '@common/electron/access';
import { canReadRuleSets, canWriteRuleSets } from '@common/globalrulesrepository/access';
import {
  canDownloadFiles,
  canReadReports,
  canRescan,
  canTriage,
  canUpload,
  canUploadToDevice,
  hasCrashExplorer,
  hasProcessExplorer,
} from '@common/gluon/access';
import { canReadCollectorLinks, canWriteCollectorLinks } from '@common/gluon/collectorLinkAccess';
import { canConfigureMonitoring, canManageMonitoringResources, canViewMonitoring } from '@common/monitoring/access';
import { canHunt, canSaveHunts, canSweepIntoRuleSet } from '@common/neutrino/access';
import { coveredModes } from '@common/permissions/grants';
import { parsePermission } from '@common/permissions/parsePermission';
import { canReadRuntimePlugins, canWriteRuntimePlugins } from '@common/runtimePlugins/access';

import { createTestApp, type TestApp, type TestUser } from '../../server/test/testApp';

/**
 * The console hides exactly what the API refuses. Every protected route of the API is
 * listed below with the console's check for the screen or action that calls it (a function of
 * common/permissions), and for a table of permission sets (every permission of the catalogue in
 * each of its modes, and the composite roles of spec §6) the API must answer 403 exactly when
 * that check says no. Any other answer (200, 204, 400, 404, 409, 415…) counts as "allowed": the
 * requests use ids that do not exist and bodies the handler refuses after the permission check,
 * so nothing changes. A new protected route fails this test until it names its console check.
 */

type Perms = readonly string[];
type Check = (perms: Perms) => boolean;

/** What a request needs beyond the route: the caller's own account. */
interface Caller {
  user: TestUser;
}

interface RequestSpec {
  /** Values for `:param`s; any other param gets a fresh UUID (an id that does not exist). */
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** A raw body with its content type (uploads, the logo). */
  raw?: { contentType: string; payload: string };
}

interface Case {
  /** The console's check, or 'signed-in' for calls every session makes (the API must never answer 403). */
  console: Check | 'signed-in';
  request?: RequestSpec | ((caller: Caller) => RequestSpec);
  /** The handler's own 401 after the permission check (the answer still shows the check passed). */
  handler401?: string;
  /** Each call needs a session of its own (it ends the session). */
  freshSession?: boolean;
  why?: string;
}

/** Routes for another kind of token (second factor, re-validation, quick link): no permission check of an access token applies. */
type OtherToken = { token: 'mfa' | 'recovery' | 'quick-link'; request?: RequestSpec };
type Entry = Case | Case[] | OtherToken;

const USER_REQUEST: Case = {
  console: 'signed-in',
  request: { params: { requestType: 'contactSupport' } },
  why: 'no fields: 400 after the check',
};

/** `METHOD /path` (Fastify's `:param` syntax) -> the console's check(s). */
const ROUTES: Record<string, Entry> = {
  // The session itself: any signed-in user.
  'GET /um/refresh': { console: 'signed-in' },
  'GET /um/logout': { console: 'signed-in', freshSession: true },
  'POST /um/password': {
    console: 'signed-in',
    request: () => ({ body: { oldPassword: PASSWORD, newPassword: 'x' } }),
    why: 'new password too short: 400, nothing changed',
  },
  'POST /um/mfa/validatePassword': { console: 'signed-in', request: () => ({ body: { password: PASSWORD } }) },
  'POST /um/mfa/validateOAuth2': {
    console: isAnyUser,
    request: { body: { provider: 'Google', idToken: 'x', nonce: 'x' } },
    handler401: 'Invalid nonce',
  },
  'POST /um/mfa/totp/validateCode': { token: 'mfa', request: { body: { totpCode: '123456' } } },
  'POST /um/mfa/totp/validateRecoveryCode': { token: 'mfa', request: { body: { totpRecoveryCode: 'x' } } },
  'PUT /um/mfa/totp/create': { token: 'recovery' },
  'GET /um/mfa/totp/qr': { token: 'recovery' },
  'POST /um/mfa/totp/verifyQr': { token: 'recovery', request: { body: { totpCode: '123456' } } },
  'DELETE /um/mfa/totp': { token: 'recovery' },
  'GET /um/environmentType': { console: 'signed-in' },
  // Passkeys: every signed-in user manages their own (the API answers 400 for a made-up credential, after the check).
  'GET /um/passkeys': { console: 'signed-in' },
  'POST /um/passkeys/registration/options': { console: 'signed-in' },
  'POST /um/passkeys/registration/verify': {
    console: 'signed-in',
    request: { body: { name: 'Laptop', credential: { id: 'x', rawId: 'x', type: 'public-key', response: {} } } },
  },
  'DELETE /um/passkeys/:id': { console: 'signed-in', why: "another user's or no passkey: 404 after the check" },
  'PATCH /um/passkeys/:id': {
    console: 'signed-in',
    request: { body: { name: 'Laptop' } },
    why: "another user's or no passkey: 404 after the check",
  },
  'POST /um/mfa/passkey/options': { token: 'mfa' },
  'POST /um/mfa/passkey/validate': {
    token: 'mfa',
    request: { body: { credential: { id: 'x', rawId: 'x', type: 'public-key', response: {} } } },
  },
  'GET /um/signInPolicy': { console: hasUserManagementAccess },
  'PUT /um/signInPolicy': { console: canWriteUsers, request: { body: { requirePhishingResistant: false } } },
  'GET /um/logo': { console: 'signed-in', why: 'the header shows the tenant logo to everyone' },
  // Contact us (the profile menu). The console hides it from uploaders (spec §6 "do not see"): a
  // matter of what the menu offers, not a permission; the API takes their messages.
  'POST /gluon-backend/userRequests/:requestType': USER_REQUEST,
  'POST /neutrino-backend/userRequests/:requestType': USER_REQUEST,
  'POST /electron-backend/userRequests/:requestType': USER_REQUEST,

  // Administration (plugins/admin): reading with any user-management access, writing with umg#usr#rw.
  'GET /um/permissions': { console: hasUserManagementAccess },
  'GET /um/users': { console: hasUserManagementAccess },
  'GET /um/users/:id': { console: hasUserManagementAccess },
  'DELETE /um/users/:id': { console: canWriteUsers },
  'POST /um/users/invitations': {
    console: canWriteUsers,
    request: ({ user }) => ({ body: { email: user.email, permissions: [] } }),
    why: 'an existing user: 409',
  },
  'POST /um/users/:id/invitation': { console: canWriteUsers },
  'DELETE /um/users/:id/invitation': { console: canWriteUsers },
  'PUT /um/users/:id/permissions': { console: canWriteUsers, request: { body: { permissions: [] } } },
  'POST /um/users/:id/disable': { console: canWriteUsers },
  'POST /um/users/:id/enable': { console: canWriteUsers },
  'DELETE /um/users/:id/mfa': { console: canWriteUsers },
  'GET /um/users/:id/sessions': { console: hasUserManagementAccess },
  // Runtime plugins (the Administration page): listing with umg#plg#r or rw, installing and removing with rw.
  'GET /plugins-backend/admin/plugins': { console: canReadRuntimePlugins },
  'POST /plugins-backend/admin/plugins': {
    console: canWriteRuntimePlugins,
    request: { raw: { contentType: 'application/octet-stream', payload: 'not a package' } },
    why: 'not a package: 400 after the check',
  },
  'DELETE /plugins-backend/admin/plugins/:id': { console: canWriteRuntimePlugins, why: 'unknown id: 404' },
  'GET /plugins-backend/runtime': { console: 'signed-in', why: 'every user gets the plugins their permissions allow' },
  // The tenant's time zone: every session reads it (mails and exports name it), user administrators set it.
  'GET /um/tenantTimeZone': { console: 'signed-in' },
  'PUT /um/tenantTimeZone': {
    console: canWriteUsers,
    request: { body: { offset: 0, name: 'UTC' } },
    why: 'sets the default zone again: nothing changes',
  },
  'GET /um/scim/token': { console: canWriteUsers },
  'POST /um/scim/token': { console: canWriteUsers },
  'DELETE /um/scim/token': { console: canWriteUsers },
  'DELETE /um/users/:id/sessions': [
    {
      console: hasUserManagementAccess,
      request: ({ user }) => ({ params: { id: user.id } }),
      why: 'My sessions: ends the others of my own',
    },
    { console: canWriteUsers, why: "another user's" },
  ],
  'DELETE /um/users/:id/sessions/:sessionId': [
    { console: hasUserManagementAccess, request: ({ user }) => ({ params: { id: user.id } }), why: 'one of my own' },
    { console: canWriteUsers, why: "another user's" },
  ],
  'GET /um/auditEvents': { console: hasUserManagementAccess },
  'GET /um/auditEvents/export': { console: hasUserManagementAccess },
  'GET /um/jobs': { console: hasUserManagementAccess },
  'POST /um/jobs/:id/retry': { console: canWriteUsers },
  'GET /um/oauth2config/okta': { console: hasUserManagementAccess },
  'PUT /um/oauth2config/okta': {
    console: canWriteUsers,
    request: { body: { clientIssuer: 'not an issuer', clientId: 'x' } },
  },
  'DELETE /um/oauth2config/okta': { console: canWriteUsers },
  'POST /um/oauth2config/okta/verify': { console: canWriteUsers, request: { body: {} } },
  'PUT /um/logo': { console: canWriteUsers, request: { raw: { contentType: 'image/png', payload: 'not a picture' } } },
  'DELETE /um/logo': { console: canWriteUsers },

  // Gluon's collector links (plugins/gluon/pages/CollectorLinksPage.tsx, listed in the admin navigation too).
  'GET /gluon-backend/query-api/sharedExtractorLinks': { console: canReadCollectorLinks },
  'POST /gluon-backend/sharedExtractorLinks': {
    console: canWriteCollectorLinks,
    request: { body: { expiresAt: '2001-01-01T00:00:00Z' } },
    why: 'expired: 400',
  },
  'PATCH /gluon-backend/sharedExtractorLinks/:id': {
    console: canWriteCollectorLinks,
    request: { body: { active: false } },
  },
  'GET /gluon-backend/sharedExtractorLinks/:id/installerExtractor': {
    console: canReadCollectorLinks,
    request: { query: { os: 'WIN' } },
  },
  'GET /gluon-backend/sharedExtractorLinks/:id/installs': { console: canReadCollectorLinks },
  'POST /gluon-backend/extractors/quickLink': {
    console: canWriteCollectorLinks,
    request: { body: { os: 'WIN' } },
    why: 'mints a signed link, stores nothing but the audit line',
  },
  'GET /gluon-backend/extractors/quickdownload': { token: 'quick-link' },

  // Gluon (plugins/gluon): the upload screen, the devices, a device's tools, incidents.
  'POST /gluon-backend/uploads': [
    { console: canUpload, request: { query: { name: 'x.ips' } }, why: 'no octet-stream: 415 after the check' },
    {
      console: canUploadToDevice,
      request: {
        query: { name: 'x.ips', deviceId: randomUUID() },
        raw: { contentType: 'application/octet-stream', payload: 'x' },
      },
      why: 'to a known device: an unknown one is a 404',
    },
  ],
  'GET /gluon-backend/uploads': { console: canUpload },
  'GET /gluon-backend/devices': { console: canReadReports },
  'GET /gluon-backend/devices/:id': { console: canReadReports },
  'GET /gluon-backend/devices/:id/report': { console: canReadReports },
  'GET /gluon-backend/devices/:id/packages': { console: canReadReports },
  'GET /gluon-backend/devices/:id/properties': { console: canReadReports },
  'GET /gluon-backend/devices/:id/processes': { console: hasProcessExplorer },
  'GET /gluon-backend/devices/:id/crashes': { console: hasCrashExplorer },
  'GET /gluon-backend/devices/:id/crashes/content': {
    console: hasCrashExplorer,
    request: { query: { inspectionId: randomUUID(), path: 'x.ips' } },
  },
  'GET /gluon-backend/devices/:id/links': { console: canReadReports },
  'GET /gluon-backend/devices/:id/files': { console: canDownloadFiles },
  'GET /gluon-backend/files/:id': { console: canDownloadFiles },
  'POST /gluon-backend/devices/:id/rescan': { console: canRescan },
  'GET /gluon-backend/incidents/:id': { console: canReadReports },
  'POST /gluon-backend/incidents/:id/triage': {
    console: canTriage,
    request: { body: { state: 'confirmed', comment: 'x' } },
  },
  'POST /gluon-backend/findings/:id/falsePositive': { console: canTriage, request: { body: { reason: 'x' } } },
  'DELETE /gluon-backend/findings/:id/falsePositive': { console: canTriage },
  'GET /gluon-backend/incidentOwners': { console: canTriage },
  'PUT /gluon-backend/incidents/:id/owner': { console: canTriage, request: { body: { userId: null } } },
  // The gluon landing: incidents across devices, counts and the latest inspections.
  'GET /gluon-backend/incidents': { console: canReadReports },
  'GET /gluon-backend/overview': { console: canReadReports },

  // The global rules repository (plugins/globalrulesrepository): gluon configuration.
  'GET /globalrulesrepository-backend/ruleSets': { console: canReadRuleSets },
  'POST /globalrulesrepository-backend/ruleSets': {
    console: canWriteRuleSets,
    request: { body: { bundle: 'not a bundle' } },
    why: 'not STIX: 400',
  },
  'PATCH /globalrulesrepository-backend/ruleSets/:id': {
    console: canWriteRuleSets,
    request: { body: { enabled: true } },
  },
  'DELETE /globalrulesrepository-backend/ruleSets/:id': { console: canWriteRuleSets },
  'GET /globalrulesrepository-backend/ruleSets/:id/indicators': { console: canReadRuleSets },
  'GET /globalrulesrepository-backend/suppressions': { console: canReadRuleSets },
  'POST /globalrulesrepository-backend/suppressions': {
    console: canWriteRuleSets,
    request: { body: { indicatorId: 'indicator--none', reason: 'x' } },
  },
  // Undo a suppression from the indicator list; the rule-set page follows the matching job.
  'DELETE /globalrulesrepository-backend/suppressions/:id': { console: canWriteRuleSets },
  'GET /globalrulesrepository-backend/matching': { console: canReadRuleSets },

  // Neutrino (plugins/neutrino): hunts, sweeps, campaigns and saved hunts.
  'GET /neutrino-backend/hunt': { console: canHunt, request: { query: { value: 'no-such-value' } } },
  'GET /neutrino-backend/hunt/export': {
    console: canHunt,
    request: { query: { mode: 'contains', value: 'ab' } },
    why: 'contains under 3 characters: 400',
  },
  'GET /neutrino-backend/campaigns/families': { console: canHunt },
  'GET /neutrino-backend/campaigns': { console: canHunt, why: 'neither a family nor an indicator: 400' },
  'POST /neutrino-backend/sweeps': {
    console: canHunt,
    request: { body: { values: 'ab', type: 'process:name' } },
    why: 'a value under 3 characters: 400',
  },
  'POST /neutrino-backend/sweeps/ruleSet': {
    console: canSweepIntoRuleSet,
    request: { body: { values: 'ab', type: 'process:name' } },
    why: 'a value under 3 characters: 400',
  },
  'GET /neutrino-backend/savedHunts': { console: canHunt },
  'POST /neutrino-backend/savedHunts': {
    console: canSaveHunts,
    request: { body: { name: 'x', hunt: { mode: 'contains', value: 'ab' } } },
    why: 'contains under 3 characters: 400',
  },
  'DELETE /neutrino-backend/savedHunts/:id': { console: canSaveHunts },
  'GET /neutrino-backend/savedHunts/:id/matches': { console: canHunt },

  // Monitoring (plugins/monitoring): overview and alerts, settings, device groups (spec §6).
  'GET /monitoring-backend/overview': { console: canViewMonitoring },
  'GET /monitoring-backend/devices/risk': { console: canViewMonitoring },
  'GET /monitoring-backend/alerts': { console: canViewMonitoring },
  'GET /monitoring-backend/alerts/export': { console: canViewMonitoring },
  'PUT /monitoring-backend/alerts/:id/status': {
    console: canViewMonitoring,
    request: { body: { status: 'acknowledged' } },
  },
  'GET /monitoring-backend/rules': { console: canConfigureMonitoring },
  'GET /monitoring-backend/families': { console: canConfigureMonitoring },
  'POST /monitoring-backend/rules': {
    console: canConfigureMonitoring,
    request: {
      body: { name: 'x', minSeverity: 'high', frequency: 'immediate', recipients: [{ userId: randomUUID() }] },
    },
    why: 'an unknown user: 400',
  },
  'DELETE /monitoring-backend/rules/:id': { console: canConfigureMonitoring },
  'GET /monitoring-backend/silences': { console: canConfigureMonitoring },
  'POST /monitoring-backend/silences': {
    console: canConfigureMonitoring,
    request: {
      body: {
        ruleId: randomUUID(),
        deviceId: null,
        startsAt: '2030-01-01T00:00:00Z',
        endsAt: '2030-01-02T00:00:00Z',
        reason: 'x',
      },
    },
    why: 'an unknown rule: 400',
  },
  'DELETE /monitoring-backend/silences/:id': { console: canConfigureMonitoring },
  'GET /monitoring-backend/unsubscribed': { console: canConfigureMonitoring },
  'POST /monitoring-backend/unsubscribed/resubscribe': {
    console: canConfigureMonitoring,
    request: { body: { email: 'nobody@example.com', ruleId: null } },
    why: 'not unsubscribed: 404',
  },
  'GET /monitoring-backend/deliveries': { console: canConfigureMonitoring },
  'GET /monitoring-backend/device-groups': { console: canManageMonitoringResources },
  'POST /monitoring-backend/device-groups': {
    console: canManageMonitoringResources,
    request: { body: { name: 'x', watched: true, deviceIds: [randomUUID()] } },
    why: 'an unknown device: 400',
  },
  'DELETE /monitoring-backend/device-groups/:id': { console: canManageMonitoringResources },

  // Electron (plugins/electron): Aftermath uploads, the Macs, a Mac's page and storyline.
  'POST /electron-backend/uploads': {
    console: canUploadArchives,
    request: { query: { name: 'x.zip' } },
    why: 'no octet-stream: 415 after the check',
  },
  'GET /electron-backend/uploads': { console: canUploadArchives },
  'GET /electron-backend/macs': { console: canReadMacs },
  'GET /electron-backend/macs/:id': { console: canReadMacs },
  'GET /electron-backend/macs/:id/timeline': { console: canReadMacs },
  'POST /electron-backend/macs/:id/heuristics/triage': {
    console: canTriageMacs,
    request: { body: { key: 'x', state: 'open' } },
    why: 'a Mac that does not exist: 404 after the check',
  },
};

const PASSWORD = 'Corr3ct-Horse!';

/** Composite roles of spec §6 and the product rules built on them (the single permissions come from the catalogue). */
const ADMIN = ['gln#rpt#rw', 'gln#cfg#rw', 'gln#fl#rw'];
const BASIC_UPLOADER = ['gln#suv#r', 'gln#sdv#r', 'gln#pdv#r'];
const COMPOSITES: Record<string, readonly string[]> = {
  'no permission': [],
  'inspection admin': ADMIN,
  uploader: ['gln#upl#rw'],
  'uploader who is also admin (not an uploader)': ['gln#upl#rw', ...ADMIN],
  'basic uploader': BASIC_UPLOADER,
  'basic uploader holding reports (still an uploader)': [...BASIC_UPLOADER, 'gln#rpt#rw', 'gln#fl#r'],
  'SaaS variant analyst': ['gln#rpt#rw', 'gln#fl#r', 'gln#cfg#r'],
  'on-premises analyst (crash, process, rescan)': ['gln#rpt#r', 'gln#cre#r', 'gln#pre#r', 'gln#rsn#r'],
  'user admin': ['umg#usr#rw'],
  'user reader': ['umg#usr#r'],
  'runtime plugin reader': ['umg#plg#r'],
  'monitoring admin': ['mnt#rsc#w'],
  'monitoring access': ['mnt#cfg#rw', 'mnt#rpt#rw'],
  'collector links manager': ['gln#ext#rw'],
  'new-inspection access without links': ['gln#fl#w', 'gln#upl#w'],
  'neutrino hunter who may write rule sets': ['ntr#hnt#r', 'gln#cfg#w'],
  'electron analyst who uploads': ['elc#rpt#r', 'elc#upl#rw'],
};

interface Route {
  method: string;
  url: string;
}

const keyOf = (r: Route) => `${r.method} ${r.url}`;

/**
 * Every route of the app with its method, from `printRoutes` (the radix tree: each line appends
 * its segment to its parent's path). HEAD routes are Fastify's own twins of GET routes.
 */
function routesOf(tree: string): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    // A node without methods is a shared prefix (the radix tree splits paths mid-word).
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line.trimEnd());
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (depth > 0 ? stack[depth - 1]! : '') + match[2]!;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim()))
      if (method && method !== 'HEAD') routes.push({ method, url: path });
  }
  return routes;
}

/** The permission cases of an entry; none for another kind of token. */
function casesOf(entry: Entry): Case[] {
  return 'token' in entry ? [] : Array.isArray(entry) ? entry : [entry];
}

/** Every request an entry makes, each a valid one (an entry for another kind of token: one, outside the permission sweep). */
function requestsOf(entry: Entry): Case[] {
  return 'token' in entry
    ? [{ console: 'signed-in', ...(entry.request ? { request: entry.request } : {}) }]
    : casesOf(entry);
}

function injectOptions(route: Route, c: Case, caller: Caller, token: string | null): InjectOptions {
  const spec = typeof c.request === 'function' ? c.request(caller) : (c.request ?? {});
  const url = route.url.replace(/:(\w+)/g, (_m, name: string) =>
    encodeURIComponent(spec.params?.[name] ?? randomUUID()),
  );
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const options: InjectOptions = {
    method: route.method as InjectOptions['method'],
    url,
    headers,
    ...(spec.query ? { query: spec.query } : {}),
  };
  if (spec.raw) {
    headers['content-type'] = spec.raw.contentType;
    options.payload = spec.raw.payload;
  } else if (spec.body !== undefined) {
    options.payload = spec.body as InjectOptions['payload'];
  }
  return options;
}

const checkName = (c: Case) => (c.console === 'signed-in' ? 'signed-in' : c.console.name || 'a check');

let t: TestApp;
let routes: Route[];
let documented: Map<string, boolean>;
let permissionSets: Array<[name: string, perms: readonly string[]]>;

beforeAll(async () => {
  t = await createTestApp();
  // The radix tree itself: find-my-way's flat listing (commonPrefix: false) prints a route ending in a
  // wildcard as a bare "*".
  routes = routesOf(t.app.printRoutes());
  // Which operations /openapi.json says need a bearer token.
  const doc = t.app.swagger() as { paths: Record<string, Record<string, { security?: unknown[] }>> };
  documented = new Map();
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      documented.set(
        `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1').replace(/\{\*\}$/, '*')}`,
        (operation.security?.length ?? 0) > 0,
      );
    }
  }
  // Every permission of the catalogue the permission editor offers, in each mode it can be granted.
  const admin = await t.createUser();
  const { token } = await t.accessToken(admin);
  const catalogue = (
    await t.app.inject({ method: 'GET', url: '/um/permissions', headers: { authorization: `Bearer ${token}` } })
  ).json().items as string[];
  const singles = catalogue.flatMap((p) => {
    const parsed = parsePermission(p)!;
    return coveredModes(parsed.mode).map((mode) => `${parsed.module}#${parsed.resource}#${mode}`);
  });
  permissionSets = [
    ...singles.map((p): [string, string[]] => [p, [p]]),
    ...Object.entries(COMPOSITES),
    ['the whole catalogue', catalogue],
  ];
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the route table', () => {
  it('reads every documented route from the router', () => {
    const known = new Set(routes.map(keyOf));
    expect([...documented.keys()].filter((key) => !known.has(key))).toEqual([]);
  });

  it('names the console check of every protected route, and no route that does not exist', async () => {
    const known = new Set(routes.map(keyOf));
    const unprotectedEntries: string[] = [];
    const missing: string[] = [];
    for (const route of routes) {
      const key = keyOf(route);
      const entry = ROUTES[key];
      // Without a token a protected route answers 401 before anything else (once the request is
      // valid: validation runs before the preHandler, so the table's requests are proven valid here).
      const probes: Case[] = entry ? requestsOf(entry) : [{ console: 'signed-in' }];
      for (const c of probes) {
        const res = await t.app.inject(
          injectOptions(route, c, { user: { id: randomUUID(), email: 'x@example.com' } as TestUser }, null),
        );
        const protectedRoute = res.statusCode === 401 && res.json().message === 'Missing bearer token';
        if (entry && !protectedRoute)
          unprotectedEntries.push(
            `${key} (${c.why ?? checkName(c)}): answers ${res.statusCode} ${res.body.slice(0, 120)} without a token`,
          );
        if (!entry && (protectedRoute || documented.get(key))) missing.push(key);
      }
    }
    const stale = Object.keys(ROUTES).filter((key) => !known.has(key));
    expect({ missing, stale, unprotectedEntries }).toEqual({ missing: [], stale: [], unprotectedEntries: [] });
  });

  it('documents a bearer token on every route of the table', () => {
    const wrong = Object.keys(ROUTES).filter((key) => documented.has(key) && documented.get(key) !== true);
    expect(wrong).toEqual([]);
  });
});

describe('console and API agree', () => {
  it('routes for another kind of token refuse an access token', async () => {
    const user = await t.createUser();
    const { token } = await t.accessToken(user);
    const answers = routes
      .flatMap((route) => {
        const entry = ROUTES[keyOf(route)];
        return entry && 'token' in entry ? [[route, requestsOf(entry)[0]!] as const] : [];
      })
      .map(
        async ([route, c]) =>
          [keyOf(route), (await t.app.inject(injectOptions(route, c, { user }, token))).statusCode] as const,
      );
    const statuses = Object.fromEntries(await Promise.all(answers));
    expect(Object.keys(statuses)).toHaveLength(9);
    expect(
      Object.values(statuses).every((status) => status === 401),
      JSON.stringify(statuses),
    ).toBe(true);
  });

  it('the API answers 403 exactly when the console check says no, for every permission set', async () => {
    const disagreements: string[] = [];
    const problems: string[] = [];
    const calls = routes.flatMap((route) => {
      const entry = ROUTES[keyOf(route)];
      return entry ? casesOf(entry).map((c) => [route, c] as const) : [];
    });
    expect(calls.length).toBeGreaterThan(50);

    for (const [setName, perms] of permissionSets) {
      const user = await t.createUser({ permissions: perms });
      const { token } = await t.accessToken(user);
      for (const [route, c] of calls) {
        const session = c.freshSession ? (await t.accessToken(user)).token : token;
        const res = await t.app.inject(injectOptions(route, c, { user }, session));
        const where = `${keyOf(route)}${c.why ? ` (${c.why})` : ''} with ${setName} [${perms.join(' ')}]`;
        if (res.statusCode >= 500 || (res.statusCode === 401 && res.json().message !== c.handler401)) {
          problems.push(`${where}: ${res.statusCode} ${res.body.slice(0, 160)} hides the permission check`);
          continue;
        }
        const apiAllows = res.statusCode !== 403;
        const consoleAllows = c.console === 'signed-in' ? true : c.console(perms);
        if (apiAllows !== consoleAllows) {
          disagreements.push(
            `${where}: API ${res.statusCode} ${apiAllows ? '' : `"${res.json().message}" `}but the console's ${checkName(c)} says ${consoleAllows ? 'yes' : 'no'}`,
          );
        }
      }
    }
    expect(problems).toEqual([]);
    expect(disagreements).toEqual([]);
  }, 600_000);
});
