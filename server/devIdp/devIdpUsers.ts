import { createHash, timingSafeEqual } from 'node:crypto';

/** A person known to the development identity provider (the same directory for every issuer). */
export interface DevIdpUser {
  email: string;
  password: string;
  name: string;
  emailVerified: boolean;
}

/** The password of every documented test user. */
export const DEV_IDP_PASSWORD = 'Passw0rd!';

/**
 * Documented test users (README: server/devIdp/README.md). Any of them can sign in at any of
 * the three issuers; the e-mail decides which API user they become.
 */
export const DEFAULT_DEV_IDP_USERS: readonly DevIdpUser[] = [
  { email: 'google.user@example.com', password: DEV_IDP_PASSWORD, name: 'Google User', emailVerified: true },
  { email: 'okta.user@example.com', password: DEV_IDP_PASSWORD, name: 'Okta User', emailVerified: true },
  { email: 'jamf.user@corp.example', password: DEV_IDP_PASSWORD, name: 'Jamf User', emailVerified: true },
  { email: 'unverified.user@example.com', password: DEV_IDP_PASSWORD, name: 'Unverified User', emailVerified: false },
];

/** Case-insensitive e-mail directory with constant-time password checks. */
export class DevIdpDirectory {
  private readonly users = new Map<string, DevIdpUser>();

  constructor(users: readonly DevIdpUser[]) {
    for (const user of users) this.add(user);
  }

  add(user: DevIdpUser): void {
    this.users.set(user.email.toLowerCase(), { ...user, email: user.email.toLowerCase() });
  }

  list(): DevIdpUser[] {
    return [...this.users.values()];
  }

  /** Finds the account by its subject (the provider-specific id derived from the e-mail). */
  bySubject(issuerKey: string, subject: string): DevIdpUser | undefined {
    return this.list().find((user) => subjectFor(issuerKey, user.email) === subject);
  }

  authenticate(email: string, password: string): DevIdpUser | undefined {
    const user = this.users.get(email.trim().toLowerCase());
    // Compare digests so the comparison time does not depend on where the strings differ.
    const given = createHash('sha256').update(password).digest();
    const expected = createHash('sha256')
      .update(user?.password ?? '\u0000no-user')
      .digest();
    const same = timingSafeEqual(given, expected);
    return user && same ? user : undefined;
  }
}

/**
 * Stable, provider-specific subject: the same person has a different `sub` at Google, Okta and
 * Jamf, as with the real providers, so the API must link identities per provider.
 */
export function subjectFor(issuerKey: string, email: string): string {
  const digest = createHash('sha256').update(`${issuerKey}:${email.toLowerCase()}`).digest('hex').slice(0, 20);
  return `${issuerKey}-${digest}`;
}
