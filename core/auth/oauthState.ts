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
}

const PROVIDERS: readonly string[] = ['google', 'okta', 'jamf'];

export function buildOAuthState(state: OAuthState): string {
  if (state.random.includes('|')) throw new Error('state random must not contain "|"');
  const marker = state.inviteId !== undefined ? `inviteId=${encodeURIComponent(state.inviteId)}` : `provider=${state.provider ?? ''}`;
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
  if (marker?.startsWith('provider=')) {
    const provider = marker.slice('provider='.length).toLowerCase();
    if (PROVIDERS.includes(provider)) state.provider = provider as OAuthProviderMarker;
  } else if (marker?.startsWith('inviteId=')) {
    const id = safeDecode(marker.slice('inviteId='.length));
    if (id) state.inviteId = id;
  }
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
