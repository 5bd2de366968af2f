import { decodeClaims } from './decodeClaims';
import type { TokenClaims } from './SessionService';

/**
 * Claims per token, decoded once: a sign-in answer is decoded when adopted, and the claims of
 * the same token are then read (by the registry, the permissions, the refresh) without decoding
 * again. Only a few tokens matter at a time (access, second factor, the one before a refresh).
 */
export class ClaimsCache {
  private readonly byToken = new Map<string, TokenClaims | null>();

  constructor(
    private readonly capacity = 4,
    private readonly decode: (token: string) => TokenClaims | null = decodeClaims,
  ) {}

  get(token: string | null): TokenClaims | null {
    if (!token) return null;
    if (this.byToken.has(token)) return this.byToken.get(token)!;
    const claims = this.decode(token);
    this.byToken.set(token, claims);
    // Oldest first (insertion order): forget it once over capacity.
    if (this.byToken.size > this.capacity) this.byToken.delete(this.byToken.keys().next().value!);
    return claims;
  }
}
