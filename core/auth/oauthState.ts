/** Sign-in providers as they appear in the OAuth `state` marker (oauth-protocol). */
export type OAuthProviderMarker = 'google' | 'okta' | 'jamf';

/** The parts of `${random}|provider=…|${returnPath}` or `${random}|inviteId=…|${returnPath}`. */
export interface OAuthState {
  /** Random value checked against sessionStorage `oauth-state`. */
  random: string;
  provider?: OAuthProviderMarker;
  inviteId?: string;
  /** Optional path to return to after sign-in (untrusted: sanitise before use). */
  returnPath?: string;
  /** The round trip runs in a popup: `/login/callback` hands the answer to its opener. */
  popup?: boolean;
  /** The round trip re-validates the signed-in user instead of signing in (e.g. `2fa`). */
  revalidate?: '2fa';
}

const PROVIDERS: readonly string[] = ['google', 'okta', 'jamf'];

export function buildOAuthState(state: OAuthState): string {
  if (state.random.includes('|')) throw new Error('state random must not contain "|"');
  let marker =
    state.inviteId !== undefined
      ? `inviteId=${encodeURIComponent(state.inviteId)}`
      : `provider=${state.provider ?? ''}`;
  // Flags ride in the marker part (`provider=google&popup=1`), so older readers still find the provider.
  // An invitation activated with Google or Okta names its provider too, so /login/callback can
  // send the answer back to the invite page instead of the vendor IdP's invite handler.
  if (state.inviteId !== undefined && state.provider) marker += `&provider=${state.provider}`;
  if (state.popup) marker += '&popup=1';
  if (state.revalidate) marker += `&revalidate=${state.revalidate}`;
  const parts = [state.random, marker];
  // The return path is last so that a `|` inside it survives the split below.
  if (state.returnPath) parts.push(state.returnPath);
  return parts.join('|');
}

/** Splits on `|`: state token, then the provider marker or inviteId, then the optional return path. */
export function parseOAuthState(raw: string | null | undefined): OAuthState | null {
  if (!raw) return null;
  const [random, marker, ...rest] = raw.split('|');
  if (!random) return null;
  const state: OAuthState = { random };
  const [head, ...flags] = (marker ?? '').split('&');
  if (head?.startsWith('provider=')) {
    const provider = head.slice('provider='.length).toLowerCase();
    if (PROVIDERS.includes(provider)) state.provider = provider as OAuthProviderMarker;
  } else if (head?.startsWith('inviteId=')) {
    const id = safeDecode(head.slice('inviteId='.length));
    if (id) state.inviteId = id;
    const provider = flags
      .find((flag) => flag.startsWith('provider='))
      ?.slice('provider='.length)
      .toLowerCase();
    if (id && provider && PROVIDERS.includes(provider)) state.provider = provider as OAuthProviderMarker;
  }
  if (flags.includes('popup=1')) state.popup = true;
  if (flags.includes('revalidate=2fa')) state.revalidate = '2fa';
  const returnPath = rest.join('|');
  if (returnPath) state.returnPath = returnPath;
  return state;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return '';
  }
}
