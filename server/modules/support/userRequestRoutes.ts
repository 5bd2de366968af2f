import type { FromSchema } from 'json-schema-to-ts';

import { HttpError } from '../../contracts';
import type { RoutePlugin } from '../../http/routePlugin';
import { bearerSecurity, errors } from '../../schemas';
import { PRODUCTS, REQUEST_TYPES, submitContactRequest } from './contactRequests';

/** The request's fields, in the query string or in the body (see pickFields). */
const fieldsSchema = {
  type: 'object',
  properties: {
    subject: { type: 'string', minLength: 1, maxLength: 250 },
    message: { type: 'string', minLength: 1, maxLength: 200000 },
    rating: { type: 'integer', minimum: 0, maximum: 5 },
    relatedPageUrl: { type: 'string', maxLength: 2048 },
  },
  additionalProperties: false,
} as const;
type UserRequestFields = FromSchema<typeof fieldsSchema>;

/**
 * Where the fields came from. The spec's call carries them in the query string with no body;
 * a 200000-character message percent-encodes to up to ~1.8 MB, which this API takes (2 MiB
 * header limit, see app.ts) but a proxy in front of it (nginx: 8 KiB per request line by
 * default, most load balancers 8–64 KiB) answers 414. So the same fields are accepted as a JSON
 * body too; the console sends the query form while the address stays under 8 KiB and the body
 * form above it. One request uses one form: fields in both is a 400, so nothing is merged.
 */
function pickFields(
  query: UserRequestFields,
  body: UserRequestFields | undefined,
): Required<Pick<UserRequestFields, 'subject' | 'message'>> & UserRequestFields {
  const inQuery = Object.keys(query).length > 0;
  const inBody = body !== undefined && body !== null && Object.keys(body).length > 0;
  if (inQuery && inBody)
    throw new HttpError(400, 'Send the request fields either in the query string or in the body, not both.');
  const fields = inBody ? body : query;
  if (!fields.subject) throw new HttpError(400, 'subject is required');
  if (!fields.message) throw new HttpError(400, 'message is required');
  return fields as Required<Pick<UserRequestFields, 'subject' | 'message'>> & UserRequestFields;
}

/**
 * POST /{gluon|neutrino|electron}-backend/userRequests/{requestType}: the Contact Us modal.
 * Values travel in the query string (spec section 7) or, for long messages, as a JSON body with
 * the same fields (see pickFields). Stored in contact_requests and mailed to SUPPORT_EMAIL.
 */
export const userRequestRoutes: RoutePlugin = async (app) => {
  for (const product of PRODUCTS) {
    app.post(
      `/${product}-backend/userRequests/:requestType`,
      {
        preHandler: app.authenticate(),
        schema: {
          summary: `Contact, feedback, feature request or bug report from ${product}. rating (0-5, default 3) is kept only for sendFeedback, else stored as 0.`,
          description:
            'subject (1-250) and message (1-200000) are required, in the query string (no body, as the console sends short requests) or in a JSON body with the same fields (long messages that a proxy would refuse as a URL); not both.',
          security: bearerSecurity,
          params: {
            type: 'object',
            properties: { requestType: { type: 'string', enum: [...REQUEST_TYPES] } },
            required: ['requestType'],
            additionalProperties: false,
          },
          querystring: fieldsSchema,
          body: { ...fieldsSchema, type: ['object', 'null'] },
          response: {
            201: {
              type: 'object',
              properties: { id: { type: 'string' } },
              required: ['id'],
              additionalProperties: false,
            },
            ...errors(400, 401, 403),
          },
        },
      },
      async (request, reply) => {
        const auth = request.auth;
        const fields = pickFields(request.query, request.body ?? undefined);
        const id = await submitContactRequest(app.db, app.mailer, app.config.backends.supportEmail, {
          tenantId: auth.tenantId,
          userId: auth.userId,
          userEmail: auth.user?.email ?? null,
          product,
          requestType: request.params.requestType,
          subject: fields.subject,
          message: fields.message,
          rating: fields.rating,
          relatedPageUrl: fields.relatedPageUrl ?? null,
        });
        return reply.code(201).send({ id });
      },
    );
  }
};
