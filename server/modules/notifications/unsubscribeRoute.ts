import { HttpError, TOKEN_EXPIRED } from '../../contracts';
import type { RoutePlugin } from '../../http/routePlugin';
import { errors } from '../../schemas';
import { unsubscribeOnce } from './unsubscribes';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const UNSUBSCRIBE_LINK_EXPIRED = 'The unsubscribe link has expired.';
export const UNSUBSCRIBE_LINK_INVALID = 'The unsubscribe link is invalid.';

/**
 * POST /gluon-backend/externalNotifications/recipients/unsubscribe?all={bool} (public), body
 * `{ jwt }`: a token of typ 'unsubscribe' (claims email, notification, tenant) from the
 * notification mail's link /unsubscribe?jwt=...
 */
export const unsubscribeRoute: RoutePlugin = async (app) => {
  app.post(
    '/gluon-backend/externalNotifications/recipients/unsubscribe',
    {
      schema: {
        summary:
          'Unsubscribes the recipient named in the signed token from that notification, or from all with ?all=true. Each link works once.',
        description: `401 "${UNSUBSCRIBE_LINK_EXPIRED}" (also for a link already used) or "${UNSUBSCRIBE_LINK_INVALID}" (tampered, or another kind of token); 400 "The unsubscribe link is incomplete."`,
        querystring: {
          type: 'object',
          properties: { all: { type: 'boolean', default: false } },
          additionalProperties: false,
        },
        body: {
          type: 'object',
          properties: { jwt: { type: 'string', minLength: 1, maxLength: 4096 } },
          required: ['jwt'],
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'object',
            properties: {
              unsubscribed: { type: 'string', enum: ['notification', 'all'] },
              notification: { type: 'string' },
            },
            required: ['unsubscribed', 'notification'],
            additionalProperties: false,
          },
          ...errors(400, 401),
        },
      },
    },
    async (request) => {
      const claims = await app.tokens
        .verify<{ email?: unknown; notification?: unknown; tenant?: unknown; exp?: unknown; jti?: unknown }>(
          request.body.jwt,
          'unsubscribe',
        )
        .catch((error: unknown) => {
          // Say what is wrong with the link rather than with "the token".
          if (error instanceof HttpError && error.statusCode === 401)
            throw new HttpError(
              401,
              error.message === TOKEN_EXPIRED ? UNSUBSCRIBE_LINK_EXPIRED : UNSUBSCRIBE_LINK_INVALID,
            );
          throw error;
        });
      const email = typeof claims.email === 'string' ? claims.email : '';
      const notification = typeof claims.notification === 'string' ? claims.notification : '';
      // The link is used up by its id: a JWT has other spellings that verify too (the signature's
      // last base64url character carries unused bits), so its text is not what makes it one link.
      const linkId = typeof claims.jti === 'string' ? claims.jti : '';
      if (!email.includes('@') || !notification || !linkId)
        throw new HttpError(400, 'The unsubscribe link is incomplete.');
      const tenantId = typeof claims.tenant === 'string' && UUID.test(claims.tenant) ? claims.tenant : null;
      const all = request.query.all;
      // Tokens always carry exp (plugins/tokens.ts); the fallback only bounds the marker's life.
      const expiresAt = new Date(
        typeof claims.exp === 'number' ? claims.exp * 1000 : Date.now() + 60 * 24 * 3600 * 1000,
      );
      if (!(await unsubscribeOnce(app.db, linkId, expiresAt, { tenantId, email, notification, all }))) {
        throw new HttpError(401, UNSUBSCRIBE_LINK_EXPIRED);
      }
      await app.audit({
        tenantId,
        actorId: null,
        action: all ? 'notifications.unsubscribeAll' : 'notifications.unsubscribe',
        target: email.toLowerCase(),
        details: { notification },
        ip: request.ip,
      });
      return { unsubscribed: all ? ('all' as const) : ('notification' as const), notification };
    },
  );
};
