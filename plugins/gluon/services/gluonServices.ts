import { PermissionsServiceToken } from '@core/permissions/PermissionsService';
import { createServiceFactory } from '@core/plugin/ServiceFactory';
import { DefaultGluonAccessService } from './DefaultGluonAccessService';
import { GluonAccessServiceToken } from './GluonAccessService';

/** Gluon's services, loaded with its page chunk (manifest `services`), never in the first load. */
export const gluonServices = [
  createServiceFactory({
    token: GluonAccessServiceToken,
    deps: { permissions: PermissionsServiceToken },
    factory: ({ permissions }) => new DefaultGluonAccessService(permissions),
  }),
];
