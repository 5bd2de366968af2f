import type { Queryable } from '../contracts';

/** What every instance of one deployment must share: who signs tokens, and with which key. */
export interface DeploymentIdentity {
  tokenIssuer: string;
  /** RFC 7638 thumbprint of the signing key (the `kid` of its tokens). */
  signingKeyId: string;
}

/** This instance would sign tokens the other instances refuse (or refuse theirs); the message says what to do. */
export class DeploymentIdentityError extends Error {
  constructor(
    readonly recorded: DeploymentIdentity,
    readonly mine: DeploymentIdentity,
  ) {
    const problems: string[] = [];
    if (recorded.tokenIssuer !== mine.tokenIssuer) {
      problems.push(
        `the deployment's tokens are issued as ${recorded.tokenIssuer}, this instance's would be ${mine.tokenIssuer}: ` +
          'set the same PUBLIC_URL (or TOKEN_ISSUER) on every instance',
      );
    }
    if (recorded.signingKeyId !== mine.signingKeyId) {
      problems.push(
        `the deployment signs with key ${recorded.signingKeyId}, this instance has ${mine.signingKeyId}: ` +
          'give every instance the same SIGNING_KEY_FILE',
      );
    }
    super(
      `This API instance does not match the others on this database: ${problems.join('; ')}. ` +
        'If the deployment moved on purpose (new address or key), stop every instance and start one with REPLACE_DEPLOYMENT_IDENTITY=on.',
    );
    this.name = 'DeploymentIdentityError';
  }
}

/**
 * Records the deployment's identity on the first start and checks it on every later one (with
 * `replace`, this instance's identity becomes the deployment's). Used on PostgreSQL, where several
 * instances share the database; a PGlite folder has one process (db/dataDirLock.ts).
 */
export async function checkDeploymentIdentity(
  db: Queryable,
  mine: DeploymentIdentity,
  options: { replace?: boolean } = {},
): Promise<void> {
  const [row] = await db.query<{ token_issuer: string; signing_key_id: string }>(
    `INSERT INTO deployment_identity (id, token_issuer, signing_key_id) VALUES (1, $1, $2)
     ON CONFLICT (id) DO UPDATE SET token_issuer = CASE WHEN $3::boolean THEN EXCLUDED.token_issuer ELSE deployment_identity.token_issuer END,
       signing_key_id = CASE WHEN $3::boolean THEN EXCLUDED.signing_key_id ELSE deployment_identity.signing_key_id END,
       recorded_at = CASE WHEN $3::boolean THEN now() ELSE deployment_identity.recorded_at END
     RETURNING token_issuer, signing_key_id`,
    [mine.tokenIssuer, mine.signingKeyId, options.replace === true],
  );
  const recorded = { tokenIssuer: row!.token_issuer, signingKeyId: row!.signing_key_id };
  if (recorded.tokenIssuer !== mine.tokenIssuer || recorded.signingKeyId !== mine.signingKeyId)
    throw new DeploymentIdentityError(recorded, mine);
}
