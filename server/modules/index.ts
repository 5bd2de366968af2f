import { authModule } from './auth/index';
import { brandingModule } from './branding/index';
import type { ModuleDefinition } from './defineModule';
import { devModule } from './dev/index';
import { electronModule } from './electron/index';
import { gluonModule } from './gluon/index';
import { inspectionModule } from './inspection/index';
import { invitationsModule } from './invitations/index';
import { monitoringModule } from './monitoring/index';
import { neutrinoModule } from './neutrino/index';
import { notificationsModule } from './notifications/index';
import { runtimePluginsModule } from './runtimePlugins/index';
import { scimModule } from './scim/index';
import { settingsModule } from './settings/index';
import { ssoModule } from './sso/index';
import { supportModule } from './support/index';
import { usersModule } from './users/index';

/**
 * Every module of the API, one folder each (index.ts: its definition; public.ts: what other
 * modules may import); app.ts registers them after the infrastructure plugins, each after the
 * modules it depends on. Cross-domain services stay in server/services.
 */
export const apiModules: readonly ModuleDefinition[] = [
  authModule,
  ssoModule,
  invitationsModule,
  settingsModule,
  brandingModule,
  supportModule,
  notificationsModule,
  usersModule,
  devModule,
  // The inspection engine: a library module (no routes) gluon and neutrino use.
  inspectionModule,
  // Gluon, the global rules repository's backend and gluon's collector links.
  gluonModule,
  // Neutrino: fleet threat hunting over gluon's observations.
  neutrinoModule,
  // Monitoring: alerts, rules, notification mails (/monitoring-backend).
  monitoringModule,
  // Electron: Macs from Aftermath archives, on gluon's devices and incidents.
  electronModule,
  // SCIM 2.0 provisioning from the customer's directory (/scim/v2).
  scimModule,
  // Runtime plugins: signed packages installed into the running console (/plugins-backend).
  runtimePluginsModule,
];

/** The OpenAPI document's tags: one per module with routes (registerModules tags each route with its module's). */
export const openApiTags = apiModules
  .filter((module) => module.routes)
  .map((module) => ({ name: module.title, description: module.description }));
