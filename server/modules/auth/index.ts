import type { RoutePlugin } from '../../http/routePlugin';
import { loginRoutes } from './loginRoutes';
import { mfaRoutes } from './mfaRoutes';
import { passwordRecoveryRoutes } from './passwordRecoveryRoutes';
import { sessionRoutes } from './sessionRoutes';

/** Sign-in with a password: login, refresh, logout, change password, MFA (TOTP, recovery codes, remembered devices), password recovery. */
export const authModule: RoutePlugin = async (app) => {
  await app.register(loginRoutes);
  await app.register(sessionRoutes);
  await app.register(mfaRoutes);
  await app.register(passwordRecoveryRoutes);
};
