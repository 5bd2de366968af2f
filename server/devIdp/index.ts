/** Development identity provider: see README.md beside this file. */
export { DEV_CLIENT_IDS, DEV_ISSUERS } from './devIdpIssuers';
export { DEFAULT_DEV_IDP_USERS, DEV_IDP_PASSWORD, type DevIdpUser } from './devIdpUsers';
export {
  applyDevIdpToConfig,
  DEV_JAMF_CONNECTION,
  DEV_JAMF_DOMAIN,
  seedDevIdentityProviders,
} from './seedDevIdentityProviders';
export { type DevIdp, type DevIdpClients, startDevIdp, type StartDevIdpOptions } from './startDevIdp';
export { startDevIdpForApi, type StartedDevIdp } from './startDevIdpForApi';
