/** Development identity provider: see README.md beside this file. */
export { startDevIdp, type DevIdp, type DevIdpClients, type StartDevIdpOptions } from './startDevIdp';
export { applyDevIdpToConfig, seedDevIdentityProviders, DEV_JAMF_CONNECTION, DEV_JAMF_DOMAIN } from './seedDevIdentityProviders';
export { DEFAULT_DEV_IDP_USERS, DEV_IDP_PASSWORD, type DevIdpUser } from './devIdpUsers';
export { DEV_CLIENT_IDS, DEV_ISSUERS } from './devIdpIssuers';
export { startDevIdpForApi, type StartedDevIdp } from './startDevIdpForApi';
