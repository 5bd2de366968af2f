import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadConfig } from '../config';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../test/testApp';
import { startDevIdpForApi, type StartedDevIdp } from './startDevIdpForApi';

describe('startDevIdpForApi (npm start in development)', () => {
  let dir: string;
  let started: StartedDevIdp;
  let t: TestApp;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'dev-idp-api-'));
    const config = loadConfig({ NODE_ENV: 'development', PORT: '0', DATA_DIR: dir, PUBLIC_URL: TEST_PUBLIC_URL });
    started = await startDevIdpForApi(config);
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await started.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('fills the Google and JamfAuth0 settings and keeps the keys in DATA_DIR', () => {
    expect(started.config.idp).toMatchObject({
      googleIssuer: started.idp.issuers.google,
      googleClientId: 'dev-console.apps.googleusercontent.com',
      jamfIssuer: started.idp.issuers.jamf,
      jamfClientId: 'dev-jamf-api-client',
      jamfClientSecret: started.idp.clients.jamf.clientSecret,
    });
    expect(existsSync(path.join(dir, 'dev-idp-keys.json'))).toBe(true);
  });

  it('an issuer set by the environment is kept', async () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      PORT: '0',
      DATA_DIR: dir,
      PUBLIC_URL: TEST_PUBLIC_URL,
      GOOGLE_ISSUER: 'https://accounts.google.com',
      GOOGLE_CLIENT_ID: 'real-id',
    });
    const other = await startDevIdpForApi(config);
    try {
      expect(other.config.idp.googleIssuer).toBe('https://accounts.google.com');
      expect(other.config.idp.googleClientId).toBe('real-id');
      expect(other.config.idp.jamfIssuer).toBe(other.idp.issuers.jamf);
    } finally {
      await other.close();
    }
  });

  it('seeds the oldest tenant once, without replacing a real Okta configuration', async () => {
    const first = await t.createTenant('First');
    await started.seed(t.app);
    const [okta] = await t.db.query<{ issuer: string; client_id: string }>(
      `SELECT issuer, client_id FROM idp_settings WHERE tenant_id = $1 AND provider = 'Okta'`,
      [first],
    );
    expect(okta).toEqual({ issuer: started.idp.issuers.okta, client_id: '0oadevconsole0okta0id' });
    const [mapping] = await t.db.query<{ tenant_id: string; connection_name: string }>(
      `SELECT tenant_id, connection_name FROM idp_domain_mappings WHERE email_domain = 'corp.example'`,
    );
    expect(mapping).toEqual({ tenant_id: first, connection_name: 'corp-sso' });

    await t.db.query(`UPDATE idp_settings SET issuer = 'https://acme.okta.com/oauth2/default' WHERE tenant_id = $1`, [
      first,
    ]);
    await started.seed(t.app);
    const [kept] = await t.db.query<{ issuer: string }>(
      `SELECT issuer FROM idp_settings WHERE tenant_id = $1 AND provider = 'Okta'`,
      [first],
    );
    expect(kept?.issuer).toBe('https://acme.okta.com/oauth2/default');
  });

  it("a second instance's dev IdP leaves a live dev issuer alone and replaces only one that no longer answers", async () => {
    const second = await startDevIdpForApi(
      loadConfig({ NODE_ENV: 'development', PORT: '0', DATA_DIR: dir, PUBLIC_URL: TEST_PUBLIC_URL }),
    );
    const oktaIssuer = async () =>
      (
        await t.db.query<{ issuer: string }>(
          `SELECT issuer FROM idp_settings WHERE tenant_id = (SELECT id FROM tenants ORDER BY created_at, id LIMIT 1) AND provider = 'Okta'`,
        )
      )[0]?.issuer;
    try {
      expect(second.idp.issuers.okta).not.toBe(started.idp.issuers.okta);
      await t.db.query(`UPDATE idp_settings SET issuer = $1 WHERE provider = 'Okta'`, [started.idp.issuers.okta]);
      await second.seed(t.app);
      expect(await oktaIssuer()).toBe(started.idp.issuers.okta);
      // A dev issuer of an earlier start on a port nobody serves now: the live one takes over.
      await t.db.query(
        `UPDATE idp_settings SET issuer = 'http://127.0.0.1:9/okta/oauth2/default' WHERE provider = 'Okta'`,
      );
      await second.seed(t.app);
      expect(await oktaIssuer()).toBe(second.idp.issuers.okta);
    } finally {
      await second.close();
    }
  });
});
