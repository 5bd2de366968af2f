import type { GuardContext } from '@core/plugin/PluginManifest';

/** Route '/' (spec §2): a `token` in the query opens the intro screen; otherwise the landing rule. */
export function introGuard({ signedIn, search }: Pick<GuardContext, 'signedIn' | 'search'>): true | string {
  if (new URLSearchParams(search).get('token')) return true;
  return signedIn ? '/gluon' : '/login';
}

/** The welcome page only redirects to '/', keeping its query (a `token` link still works). */
export function welcomeGuard({ search }: Pick<GuardContext, 'search'>): string {
  return search ? `/?${search}` : '/';
}
