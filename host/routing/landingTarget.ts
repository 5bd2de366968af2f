/** Where `''` sends a visitor when no plugin claims `/` (spec §2: token -> /gluon, else /login). */
export function landingTarget(signedIn: boolean): string {
  return signedIn ? '/gluon' : '/login';
}
