import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { type CodeGrant, exchangeAsPublicClient, obtainCode } from '../../devIdp/devIdpTestKit';
import { seedDevIdentityProviders } from '../../devIdp/seedDevIdentityProviders';
import { type DevIdp, startDevIdp } from '../../devIdp/startDevIdp';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/testApp';
import { createInvitation as createUserInvitation } from '../invitations/public';

export const CALLBACK = `${TEST_PUBLIC_URL}/login/callback`;

export interface IdpHarness {
  t: TestApp;
  idp: DevIdp;
  keyFile: string;
  tenantId: string;
  close(): Promise<void>;
}

/** The API (fresh database) with the development IdP on a free port, seeded for one tenant. */
export async function startIdpHarness(): Promise<IdpHarness> {
  const dir = await mkdtemp(path.join(tmpdir(), 'idp-routes-'));
  const keyFile = path.join(dir, 'keys.json');
  const idp = await startDevIdp({ apiOrigin: TEST_PUBLIC_URL, keyFile });
  const t = await createTestApp();
  const tenantId = await t.createTenant('SSO tenant');
  await seedDevIdentityProviders(t.app, idp, { tenantId });
  return {
    t,
    idp,
    keyFile,
    tenantId,
    async close() {
      await t.close();
      await idp.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface Lookup {
  authorizationEndpoint: string;
  tokenEndpoint?: string;
  nonce: string;
  publicId?: string;
  clientId?: string;
}

export async function getJson<T = Lookup>(t: TestApp, url: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

/** Google or Okta the way the console does it: look-up, redirect, sign-in, public exchange. */
export async function idTokenVia(
  h: IdpHarness,
  lookup: Lookup,
  email: string,
): Promise<{ idToken: string; nonce: string }> {
  const clientId = lookup.publicId ?? lookup.clientId!;
  const grant = await obtainCode(
    { authorizationEndpoint: lookup.authorizationEndpoint, clientId, nonce: lookup.nonce },
    CALLBACK,
    email,
  );
  const { idToken } = await exchangeAsPublicClient(lookup.tokenEndpoint!, clientId, grant, TEST_PUBLIC_URL);
  return { idToken, nonce: lookup.nonce };
}

/** The vendor IdP: look-up by domain, redirect with the connection, code back for the API. */
export async function jamfCode(h: IdpHarness, email: string): Promise<CodeGrant & { nonce: string }> {
  const info = await getJson<Lookup & { connectionName: string }>(
    h.t,
    `/um/oauth2LoginProviders/JamfAuth0/info?emailDomain=${email.split('@')[1]}`,
  );
  const grant = await obtainCode(
    { authorizationEndpoint: info.authorizationEndpoint, clientId: info.publicId!, nonce: info.nonce },
    CALLBACK,
    email,
    {
      connection: info.connectionName,
    },
  );
  return { ...grant, nonce: info.nonce };
}

/** An invitation (S1's createInvitation) for a new invited user; returns the id of its link. */
export async function createInvitation(
  t: TestApp,
  options: { tenantId: string; email: string; methods?: string[]; expired?: boolean },
): Promise<{ invitationId: string; userId: string }> {
  const created = await t.db.tx((q) =>
    createUserInvitation(q, {
      tenantId: options.tenantId,
      email: options.email,
      permissions: ['umg#usr#r'],
      allowedLoginMethods: options.methods ?? ['Okta', 'Google', 'JamfAuth0'],
      ttlSeconds: options.expired ? -60 : 3600,
    }),
  );
  return { invitationId: created.token, userId: created.userId };
}

export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}
