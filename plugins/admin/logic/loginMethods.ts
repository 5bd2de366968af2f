import type { LoginMethod } from '../api/AdminApi';

/** The sign-in methods an invitation may allow, in the order the invite form shows (the invite page offers the first ticked). */
export const LOGIN_METHODS: readonly LoginMethod[] = ['password', 'Google', 'Okta', 'JamfAuth0'];
