import { randomBytes } from 'node:crypto';

import { HttpError } from '../../contracts';
import type { RoutePlugin } from '../../http/routePlugin';
import { errors } from '../../schemas';
import { hashToken } from '../../services/secrets';
import { assertInvitationOpen, findInvitation } from '../invitations/public';
import { discoverOrFail } from './discovery';
import { googlePublicIdSchema, jamfInfoSchema, oktaDetailsSchema, oktaPublicIdSchema } from './idpSchemas';
import { issueNonce } from './nonces';
import { normaliseOktaUrl } from './oktaIssuer';
import {
  emailDomainOf,
  findDomainMapping,
  findOktaTenantOnDomain,
  googleClient,
  jamfClient,
  oktaClient,
} from './providerClients';

/**
 * Public look-ups that give the console what it needs to redirect to a provider: client id,
 * endpoints (from the provider's discovery document) and a nonce issued by the API.
 */
export const providerLookupRoutes: RoutePlugin = async (app) => {
  app.get(
    '/um/oauth2LoginProviders/Google/publicId',
    {
      schema: {
        summary: 'Google client id, endpoints and a nonce (public)',
        response: { 200: googlePublicIdSchema, ...errors(404, 502) },
      },
    },
    async () => {
      const client = googleClient(app.config.idp);
      return {
        publicId: client.clientId,
        ...(await providerEndpoints(client.issuer)),
        nonce: await issueNonce(app.tokens, { provider: 'Google' }),
      };
    },
  );

  app.get(
    '/um/oauth2LoginProviders/Okta/publicId',
    {
      schema: {
        summary: "The inviting tenant's Okta application for an invitation (public)",
        querystring: {
          type: 'object',
          properties: { invitationId: { type: 'string', minLength: 1, maxLength: 256 } },
          required: ['invitationId'],
          additionalProperties: false,
        },
        response: { 200: oktaPublicIdSchema, ...errors(400, 404, 410, 502) },
      },
    },
    async (request) => {
      const invitation = await findInvitation(app.db, request.query.invitationId);
      assertInvitationOpen(invitation);
      const client = await oktaClient(app.db, invitation.tenant_id);
      return {
        clientIssuer: client.issuer,
        publicId: client.clientId,
        ...(await providerEndpoints(client.issuer)),
        nonce: await issueNonce(app.tokens, {
          provider: 'Okta',
          tenantId: invitation.tenant_id,
          invitation: hashToken(request.query.invitationId),
        }),
      };
    },
  );

  app.get(
    '/um/oauth2config/okta/details',
    {
      schema: {
        summary: 'The Okta application of the tenant whose Okta issuer is on this domain (public)',
        querystring: {
          type: 'object',
          properties: { domain: { type: 'string', minLength: 1, maxLength: 2048 } },
          required: ['domain'],
          additionalProperties: false,
        },
        response: { 200: oktaDetailsSchema, ...errors(400, 404, 502) },
      },
    },
    async (request) => {
      const domain = normaliseOktaUrl(request.query.domain, { allowLoopbackHttp: app.config.nodeEnv !== 'production' });
      if (!domain) throw new HttpError(400, 'Invalid Okta domain');
      const tenantId = await findOktaTenantOnDomain(app.db, domain);
      if (!tenantId) throw new HttpError(404, 'Invalid Okta domain');
      const client = await oktaClient(app.db, tenantId);
      return {
        clientIssuer: client.issuer,
        clientId: client.clientId,
        ...(await providerEndpoints(client.issuer)),
        nonce: await issueNonce(app.tokens, { provider: 'Okta', tenantId }),
      };
    },
  );

  app.get(
    '/um/oauth2LoginProviders/JamfAuth0/info',
    {
      schema: {
        summary: "Vendor IdP (JamfAuth0) sign-in data for an e-mail domain (public; the spec's {hash} call)",
        querystring: {
          type: 'object',
          properties: {
            emailDomain: {
              type: 'string',
              minLength: 1,
              maxLength: 320,
              description: 'A domain (corp.example) or an e-mail address',
            },
          },
          required: ['emailDomain'],
          additionalProperties: false,
        },
        response: { 200: jamfInfoSchema, ...errors(400, 404, 502) },
      },
    },
    async (request) => {
      const domain = emailDomainOf(request.query.emailDomain);
      if (!domain) throw new HttpError(400, 'Invalid e-mail domain');
      const mapping = await findDomainMapping(app.db, domain);
      if (!mapping) throw new HttpError(404, 'No single sign-on is configured for this domain');
      const client = jamfClient(app.config.idp);
      const metadata = await discoverOrFail(client.issuer);
      return {
        domain,
        publicId: client.clientId,
        state: randomBytes(16).toString('base64url'),
        nonce: await issueNonce(app.tokens, {
          provider: 'JamfAuth0',
          tenantId: mapping.tenant_id,
          emailDomain: domain,
        }),
        connectionName: mapping.connection_name,
        customIdp: mapping.custom_idp,
        authorizationEndpoint: metadata.authorization_endpoint,
      };
    },
  );
};

/** The endpoints the console redirects to and exchanges the code at, from the issuer's discovery. */
async function providerEndpoints(issuer: string): Promise<{ authorizationEndpoint: string; tokenEndpoint: string }> {
  const metadata = await discoverOrFail(issuer);
  return { authorizationEndpoint: metadata.authorization_endpoint, tokenEndpoint: metadata.token_endpoint };
}
