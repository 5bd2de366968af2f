import type { FastifyPluginAsync } from 'fastify';
import { invitationRoutes } from './invitationRoutes';
import { loginRoutes } from './loginRoutes';
import { mfaRoutes } from './mfaRoutes';
import { passwordRecoveryRoutes } from './passwordRecoveryRoutes';
import { sessionRoutes } from './sessionRoutes';

/** Routes for login, refresh, logout, MFA, passwords, password recovery, invitations. */
export const authRoutes: FastifyPluginAsync = async (app) => {
  await app.register(loginRoutes);
  await app.register(sessionRoutes);
  await app.register(mfaRoutes);
  await app.register(passwordRecoveryRoutes);
  await app.register(invitationRoutes);
};
