import { BehaviorSubject } from 'rxjs';
import { describe, expect, it } from 'vitest';

import type { SessionService, TokenClaims } from '../session/SessionService';
import { DefaultPermissionsService } from './DefaultPermissionsService';

function fakeSession(claims$: BehaviorSubject<TokenClaims | null>): SessionService {
  return { claims$ } as Partial<SessionService> as SessionService;
}

describe('DefaultPermissionsService', () => {
  it('follows the session claims: sign-in, refresh with new permissions, sign-out', () => {
    const claims$ = new BehaviorSubject<TokenClaims | null>(null);
    const service = new DefaultPermissionsService(fakeSession(claims$));
    const seen: Array<readonly string[]> = [];
    const sub = service.perms$.subscribe((p) => seen.push(p));
    claims$.next({ perms: ['gln#fl#r'] });
    claims$.next({ perms: ['gln#fl#r'] }); // refresh with the same permissions: no emission
    claims$.next({ perms: ['gln#fl#r', 'elc#dev#r'] });
    expect(service.perms()).toEqual(['gln#fl#r', 'elc#dev#r']);
    claims$.next(null);
    sub.unsubscribe();
    expect(seen).toEqual([[], ['gln#fl#r'], ['gln#fl#r', 'elc#dev#r'], []]);
    expect(service.perms()).toEqual([]);
  });
});
