import type { RoutePlugin } from '../http/routePlugin';
import { authModule } from './auth/index';
import { brandingModule } from './branding/index';
import { devModule } from './dev/index';
import { gluonModule } from './gluon/index';
import { invitationsModule } from './invitations/index';
import { neutrinoModule } from './neutrino/index';
import { monitoringModule } from './monitoring/index';
import { notificationsModule } from './notifications/index';
import { settingsModule } from './settings/index';
import { ssoModule } from './sso/index';
import { supportModule } from './support/index';
import { usersModule } from './users/index';

/**
 * Every domain of the API, one folder each (routes, services with their SQL, schemas, tests);
 * app.ts registers them after the infrastructure plugins. Cross-domain services stay in
 * server/services.
 */
export const apiModules: readonly RoutePlugin[] = [
  authModule,
  ssoModule,
  invitationsModule,
  settingsModule,
  brandingModule,
  supportModule,
  notificationsModule,
  usersModule,
  devModule,
  // Gluon, the global rules repository's backend and gluon's collector links.
  gluonModule,
  // Neutrino: fleet threat hunting over gluon's observations.
  neutrinoModule,
  // Monitoring: alerts, rules, notification mails (/monitoring-backend).
  monitoringModule,
];
