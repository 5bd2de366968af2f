import type { FastifyRequest } from 'fastify';

import { HttpError } from '../../contracts';
import type { RoutePlugin } from '../../http/routePlugin';
import { errors } from '../../schemas';
import { consoleLinks, listOutbox, MAILBOX_MAX_LIMIT, readOutboxAttachment } from '../../services/mailbox';
import { recipientTimeZones } from '../../services/tenants';
import { renderMailboxPage } from './mailboxPage';

export const MAILBOX_PATH = '/dev/mailbox';
export const MAILBOX_LOOPBACK_ONLY =
  'The development mailbox answers only on this machine (loopback). Use npm run admin -- outbox elsewhere.';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

const query = {
  type: 'object',
  additionalProperties: false,
  properties: {
    to: { type: 'string', minLength: 3, maxLength: 320, description: 'only mails to this address' },
    limit: { type: 'integer', minimum: 1, maximum: MAILBOX_MAX_LIMIT, default: 50 },
  },
} as const;

/**
 * Mail carries invitation and reset links: the socket's own peer address decides (never
 * X-Forwarded-For), so a development server listening on 0.0.0.0 does not hand them out.
 */
function onlyLoopback(request: FastifyRequest): void {
  if (!LOOPBACK.test(request.socket.remoteAddress ?? '')) throw new HttpError(403, MAILBOX_LOOPBACK_ONLY);
}

/** GET /dev/mailbox (HTML) and GET /dev/mailbox/messages (JSON, for scripts): the outbox in development. */
export const mailboxRoutes: RoutePlugin = async (app) => {
  app.get(
    MAILBOX_PATH,
    {
      schema: {
        summary:
          'The outbox as a page: every mail with its text, the console links clickable (development only, loopback clients)',
        querystring: query,
        response: { 200: { type: 'string', description: 'text/html' }, ...errors(400, 403) },
      },
    },
    async (request, reply) => {
      onlyLoopback(request);
      const to = request.query.to?.trim().toLowerCase() ?? null;
      const mails = await listOutbox(app.db, { to, limit: request.query.limit });
      const zones = await recipientTimeZones(
        app.db,
        mails.map((m) => m.to),
      );
      return reply
        .type('text/html; charset=utf-8')
        .send(renderMailboxPage(mails, { publicUrl: app.config.publicUrl, to, zones }));
    },
  );

  app.get(
    `${MAILBOX_PATH}/messages`,
    {
      schema: {
        summary:
          'The outbox as JSON, newest last, with the console links of each mail (development only, loopback clients)',
        querystring: query,
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['items'],
            properties: {
              items: {
                type: 'array',
                items: {
                  type: 'object',
                  additionalProperties: false,
                  required: ['id', 'createdAt', 'to', 'subject', 'text', 'state', 'links'],
                  properties: {
                    id: { type: 'string' },
                    createdAt: { type: 'string', format: 'date-time' },
                    to: { type: 'string' },
                    subject: { type: 'string' },
                    text: { type: 'string' },
                    state: { type: 'string' },
                    links: { type: 'array', items: { type: 'string' } },
                    attachments: {
                      type: 'array',
                      items: {
                        type: 'object',
                        additionalProperties: false,
                        required: ['filename', 'contentType', 'size'],
                        properties: {
                          filename: { type: 'string' },
                          contentType: { type: 'string' },
                          size: { type: 'integer' },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
          ...errors(400, 403),
        },
      },
    },
    async (request) => {
      onlyLoopback(request);
      const to = request.query.to?.trim().toLowerCase() ?? null;
      const mails = await listOutbox(app.db, { to, limit: request.query.limit });
      return {
        items: mails.map((m) => ({
          ...m,
          createdAt: m.createdAt.toISOString(),
          links: consoleLinks(m.text, app.config.publicUrl),
        })),
      };
    },
  );

  app.get(
    `${MAILBOX_PATH}/:id/attachments/:index`,
    {
      schema: {
        summary: 'One attachment of an outbox mail, as a download (development only, loopback clients)',
        params: {
          type: 'object',
          additionalProperties: false,
          required: ['id', 'index'],
          properties: { id: { type: 'string', format: 'uuid' }, index: { type: 'integer', minimum: 0, maximum: 99 } },
        },
        response: { 200: { type: 'string', description: 'the attachment' }, ...errors(400, 403, 404) },
      },
    },
    async (request, reply) => {
      onlyLoopback(request);
      const attachment = await readOutboxAttachment(app.db, request.params.id, request.params.index);
      if (!attachment) throw new HttpError(404, 'No such attachment.');
      // A download, never rendered by the browser: the name is quoted with its quotes removed.
      const name = attachment.filename.replace(/["\\\r\n]/g, '');
      return reply
        .type(attachment.contentType)
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('x-content-type-options', 'nosniff')
        .send(attachment.content);
    },
  );
};
