import type { RoutePlugin } from '../../http/routePlugin';
import { defineModule } from '../defineModule';
import { loginRoutes } from './loginRoutes';
import { mfaRoutes } from './mfaRoutes';
import { passkeyRoutes } from './passkeyRoutes';
import { passwordRecoveryRoutes } from './passwordRecoveryRoutes';
import { sessionRoutes } from './sessionRoutes';

/** Sign-in with a password or a passkey: login, refresh, logout, change password, MFA (TOTP, recovery codes, remembered devices), password recovery. */
const authRoutes: RoutePlugin = async (app) => {
  await app.register(loginRoutes);
  await app.register(sessionRoutes);
  await app.register(mfaRoutes);
  await app.register(passkeyRoutes);
  await app.register(passwordRecoveryRoutes);
};

export const authModule = defineModule({
  id: 'auth',
  title: 'auth',
  description:
    'Password sign-in, passkeys (sign-in and second factor, the tenant’s phishing-resistant policy), second factor (TOTP, recovery codes, remembered devices), 2FA set-up, refresh, logout, password recovery and change; sign-in completion, lockout, captcha checks',
  prefixes: ['/um/'],
  dependsOn: [],
  routes: authRoutes,
});
