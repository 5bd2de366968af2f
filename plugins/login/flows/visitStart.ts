import { initialStep, type LoginQuery } from '../logic/loginQuery';
import { done, type FlowResult, go } from './FlowResult';
import { linkTokenSignIn } from './linkTokenSignIn';
import type { LoginServices } from './LoginServices';
import { startJamf } from './startJamf';

/** What a visit to /login starts with (spec §2, §4). */
export type VisitStart =
  /** A session is stored and no `token` is given: the site root. */
  | { kind: 'signed-in' }
  /** A sign-in waits for its second factor (handed over by /login/callback, or a reload of two-auth). */
  | { kind: 'second-factor' }
  /** `?token=`: adopt the handed-over token. */
  | { kind: 'link-token'; token: string }
  /** Back from Okta or Google: finish on okta-waiting. */
  | { kind: 'provider-return' }
  /** `?ssoDomain=`: the vendor look-up starts by itself. */
  | { kind: 'jamf'; domain: string }
  /** The first step's form, nothing to do. */
  | { kind: 'form' };

/**
 * Drops an expired stored token (spec §2), then decides how the visit starts. A sign-in waiting
 * for its code (held by the session across page loads of this tab) reopens two-auth on a plain
 * /login, the callback's hand-over; an address asking for anything else abandons it.
 */
export function visitStart(session: LoginServices['session'], query: LoginQuery): VisitStart {
  session.dropExpired();
  if (!query.token && session.token() && session.profile()) return { kind: 'signed-in' };
  const asked = addressStart(query);
  const plain = asked.kind === 'form' && initialStep(query) === 'login' && !query.error;
  if (plain) return session.secondFactor() ? { kind: 'second-factor' } : asked;
  if (session.secondFactor()) session.cancelSecondFactor();
  return asked;
}

/** What the address itself asks for. */
function addressStart(query: LoginQuery): VisitStart {
  if (query.token) return { kind: 'link-token', token: query.token };
  const step = initialStep(query);
  if (step === 'okta-waiting') return { kind: 'provider-return' };
  if (step === 'jamf' && query.ssoDomain) return { kind: 'jamf', domain: query.ssoDomain };
  return { kind: 'form' };
}

/**
 * Runs what the visit starts with; the result is the page's next step, if any.
 * `onWaitingDomain`: the Okta domain of a provider return's pending request, for okta-waiting.
 */
export async function runVisitStart(
  services: LoginServices,
  start: VisitStart,
  query: LoginQuery,
  onWaitingDomain?: (domain: string) => void,
): Promise<FlowResult> {
  const returnUrl = query.returnUrl ?? query.url;
  switch (start.kind) {
    case 'signed-in':
      services.nav.navigate('/', { replace: true });
      return done;
    case 'second-factor':
      return go({ type: 'second-factor' });
    case 'link-token':
      return linkTokenSignIn(services, start.token, returnUrl);
    case 'provider-return': {
      // Only provider returns need the hand-over, the pending request and the code exchange:
      // chunks of their own, off the first load of /login.
      const [{ takeOAuthCallback }, { peekOAuthRequest }, { providerSignIn }] = await Promise.all([
        import('@core/auth/oauthHandoff'),
        import('@core/auth/oauthRequest'),
        import('./providerSignIn'),
      ]);
      // The parked answer is single use; the pending request is read before the exchange consumes it.
      const handoff = takeOAuthCallback();
      const domain = peekOAuthRequest()?.context?.domain;
      if (domain) onWaitingDomain?.(domain);
      // Spec §8 "Okta failure -> 'Invalid Okta domain'": a return from Okta that cannot finish says so.
      return providerSignIn(services, handoff, returnUrl, query.oktaRedirect ? 'okta' : undefined);
    }
    case 'jamf':
      // Spec §4: no vendor IdP for the domain (or a failed look-up) falls back to the regular login.
      return (await startJamf(services, start.domain, query.url ?? returnUrl)) ? done : go({ type: 'back-to-login' });
    case 'form':
      return done;
  }
}
