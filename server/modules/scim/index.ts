import type { RoutePlugin } from '../../http/routePlugin';
import { defineModule } from '../defineModule';
import { scimRoutes } from './scimRoutes';
import { scimTokenRoutes } from './scimTokenRoutes';

const routes: RoutePlugin = async (app) => {
  // SCIM's own scope: its content type, bearer token and error schema stay inside /scim/v2.
  await app.register(scimRoutes);
  await app.register(scimTokenRoutes);
};

export const scimModule = defineModule({
  id: 'scim',
  title: 'scim provisioning',
  description:
    "SCIM 2.0 provisioning from Okta and Entra ID (users, groups as permission presets, deactivation ending sessions); the tenant's SCIM token",
  prefixes: ['/scim/v2/', '/um/'],
  dependsOn: [],
  routes,
});
