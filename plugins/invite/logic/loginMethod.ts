/** How the invited user signs in the first time (spec §3: the first allowed method is used). */
export type LoginMethod = 'jamf' | 'google' | 'okta' | 'password';

/** JamfAuth0, Okta and Google name a provider; anything else (or nothing) is the password form. */
export function firstLoginMethod(allowedLoginMethods: readonly string[]): LoginMethod {
  switch (allowedLoginMethods[0]) {
    case 'JamfAuth0':
      return 'jamf';
    case 'Google':
      return 'google';
    case 'Okta':
      return 'okta';
    default:
      return 'password';
  }
}
