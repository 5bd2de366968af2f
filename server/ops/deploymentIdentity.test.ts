import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadConfig } from '../config';
import type { Database } from '../contracts';
import { createTestDatabase } from '../test/testApp';
import { checkDeploymentIdentity, DeploymentIdentityError } from './deploymentIdentity';

describe('one issuer and one signing key per deployment', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.close());

  const a = { tokenIssuer: 'https://console.example/um', signingKeyId: 'key-a' };

  it('the first instance records its identity; the same identity starts again', async () => {
    await checkDeploymentIdentity(db, a);
    await checkDeploymentIdentity(db, a);
    expect(await db.query('SELECT token_issuer, signing_key_id FROM deployment_identity')).toEqual([
      { token_issuer: a.tokenIssuer, signing_key_id: a.signingKeyId },
    ]);
  });

  it('another issuer or another key does not start, and the message says what to set', async () => {
    const otherIssuer = checkDeploymentIdentity(db, { ...a, tokenIssuer: 'http://127.0.0.1:8090/um' });
    await expect(otherIssuer).rejects.toBeInstanceOf(DeploymentIdentityError);
    await expect(otherIssuer).rejects.toThrow(
      /issued as https:\/\/console\.example\/um, this instance's would be http:\/\/127\.0\.0\.1:8090\/um: set the same PUBLIC_URL \(or TOKEN_ISSUER\)/,
    );
    await expect(checkDeploymentIdentity(db, { ...a, signingKeyId: 'key-b' })).rejects.toThrow(
      /signs with key key-a, this instance has key-b: give every instance the same SIGNING_KEY_FILE/,
    );
    // Nothing was overwritten by the refused instances.
    expect(
      (await db.query<{ token_issuer: string }>('SELECT token_issuer FROM deployment_identity'))[0]!.token_issuer,
    ).toBe(a.tokenIssuer);
  });

  it('REPLACE_DEPLOYMENT_IDENTITY=on makes this instance the reference after a move', async () => {
    const moved = { tokenIssuer: 'https://new.example/um', signingKeyId: 'key-b' };
    await checkDeploymentIdentity(db, moved, { replace: true });
    await checkDeploymentIdentity(db, moved);
    await expect(checkDeploymentIdentity(db, a)).rejects.toThrow(DeploymentIdentityError);
  });

  it('TOKEN_ISSUER wins over PUBLIC_URL; production on PostgreSQL needs one of them', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://console.example/' }).tokenIssuer).toBe('https://console.example/um');
    expect(loadConfig({ PUBLIC_URL: 'https://a.example', TOKEN_ISSUER: 'https://login.example/' }).tokenIssuer).toBe(
      'https://login.example',
    );
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@h/db' })).toThrow(
      /Invalid PUBLIC_URL: is required with DATABASE_URL in production/,
    );
    expect(
      loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@h/db', TOKEN_ISSUER: 'https://login.example' })
        .tokenIssuer,
    ).toBe('https://login.example');
  });
});
