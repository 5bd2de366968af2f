import type { FastifyPluginAsync } from 'fastify';
import { gluonModule } from '../modules/gluon/index';
import { authRoutes } from './auth/index';
import { backendRoutes } from './backends/index';
import { devRoutes } from './dev/index';
import { idpRoutes } from './idp/index';
import { userRoutes } from './users/index';

/** Every route area of the API; app.ts registers them after the infrastructure plugins. */
export const routeAreas: readonly FastifyPluginAsync[] = [authRoutes, idpRoutes, backendRoutes, userRoutes, devRoutes, gluonModule];
