import type { FastifyPluginAsync } from 'fastify';
import { bearerSecurity, errors } from '../../schemas';
import { PRODUCTS, REQUEST_TYPES, submitContactRequest, type RequestType } from '../../services/contactRequests';

interface UserRequestQuery {
  subject: string;
  message: string;
  rating?: number;
  relatedPageUrl?: string;
}

/**
 * POST /{gluon|neutrino|electron}-backend/userRequests/{requestType}: the Contact Us modal.
 * Values travel in the query string (spec section 7), no body. Stored in contact_requests and
 * mailed to SUPPORT_EMAIL.
 */
export const userRequestRoutes: FastifyPluginAsync = async (app) => {
  for (const product of PRODUCTS) {
    app.post<{ Params: { requestType: RequestType }; Querystring: UserRequestQuery }>(
      `/${product}-backend/userRequests/:requestType`,
      {
        preHandler: app.authenticate(),
        schema: {
          tags: ['product backends'],
          summary: `Contact, feedback, feature request or bug report from ${product}. rating (0-5, default 3) is kept only for sendFeedback, else stored as 0.`,
          security: bearerSecurity,
          params: {
            type: 'object',
            properties: { requestType: { type: 'string', enum: [...REQUEST_TYPES] } },
            required: ['requestType'],
            additionalProperties: false,
          },
          querystring: {
            type: 'object',
            properties: {
              subject: { type: 'string', minLength: 1, maxLength: 250 },
              message: { type: 'string', minLength: 1, maxLength: 200000 },
              rating: { type: 'integer', minimum: 0, maximum: 5 },
              relatedPageUrl: { type: 'string', maxLength: 2048 },
            },
            required: ['subject', 'message'],
            additionalProperties: false,
          },
          response: {
            201: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false },
            ...errors(400, 401, 403),
          },
        },
      },
      async (request, reply) => {
        const auth = request.auth!;
        const id = await submitContactRequest(app.db, app.mailer, app.config.backends.supportEmail, {
          tenantId: auth.tenantId,
          userId: auth.userId,
          userEmail: auth.user?.email ?? null,
          product,
          requestType: request.params.requestType,
          subject: request.query.subject,
          message: request.query.message,
          rating: request.query.rating,
          relatedPageUrl: request.query.relatedPageUrl ?? null,
        });
        return reply.code(201).send({ id });
      },
    );
  }
};
