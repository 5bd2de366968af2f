import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

import { HttpError } from '../../contracts';
import type { RoutePlugin } from '../../http/routePlugin';
import { listResponse, MAX_RESULTS, resourceTypes, schemas, serviceProviderConfig } from './scimDiscovery';
import { ScimError, scimErrorBody } from './scimError';
import { parseFilter } from './scimFilter';
import { deleteScimGroup, findScimGroup, listScimGroups, saveScimGroup } from './scimGroups';
import {
  applyPatch,
  checkedGroup,
  checkedUser,
  groupAttributes,
  type Json,
  project,
  userAttributes,
} from './scimResource';
import { tenantOfScimToken } from './scimTokens';
import {
  type ConsoleEffect,
  createScimUser,
  deleteScimUser,
  editableUser,
  findScimUser,
  listScimUsers,
  saveScimUser,
  userResource,
} from './scimUsers';

export const SCIM_BASE = '/scim/v2';
const SCIM_JSON = 'application/scim+json; charset=utf-8';

declare module 'fastify' {
  interface FastifyRequest {
    scimTenantId: string;
  }
}

const anyObject = { type: 'object', additionalProperties: true } as const;
const idParams = {
  type: 'object',
  properties: { id: { type: 'string', maxLength: 100 } },
  required: ['id'],
  additionalProperties: false,
} as const;
const projection = {
  attributes: { type: 'string', maxLength: 2000 },
  excludedAttributes: { type: 'string', maxLength: 2000 },
} as const;
const listQuery = {
  type: 'object',
  properties: {
    filter: { type: 'string', maxLength: 2000 },
    startIndex: { type: 'integer' },
    count: { type: 'integer' },
    ...projection,
  },
} as const;
const oneQuery = { type: 'object', properties: projection } as const;
const noContent = { type: 'null', description: 'No Content' } as const;
const answers = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((s) => [s, s === 204 ? noContent : anyObject]));

function sendScimError(
  error: FastifyError | ScimError | HttpError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  let status = 500;
  let detail = 'Internal Server Error';
  let scimType: ScimError['scimType'];
  if (error instanceof ScimError) ({ status, detail, scimType } = error);
  else if (error instanceof HttpError) {
    status = error.statusCode;
    if (status < 500) detail = error.message;
  } else {
    const fe = error as FastifyError;
    if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
      status = fe.statusCode;
      detail =
        fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The body is not valid JSON.'
          : fe.message;
      if (status === 400) scimType = fe.validation ? 'invalidValue' : 'invalidSyntax';
    }
  }
  if (status >= 500) request.log.error({ err: error }, 'server error');
  if (status === 401) reply.header('WWW-Authenticate', 'Bearer realm="scim"');
  return reply
    .code(status)
    .type(SCIM_JSON)
    .header('Cache-Control', 'no-store')
    .send(scimErrorBody(status, detail, scimType));
}

/**
 * SCIM 2.0 (RFC 7643/7644) under /scim/v2 for Okta, Microsoft Entra ID and any other client:
 * authenticated by the tenant's token, answered in application/scim+json, errors in SCIM's error
 * schema. Routes validate and call the services (scimUsers, scimGroups).
 */
export const scimRoutes: RoutePlugin = async (app) => {
  app.addContentTypeParser(
    ['application/scim+json'],
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (_r, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new ScimError(400, 'The body is not valid JSON.', 'invalidSyntax'), undefined);
      }
    },
  );
  app.setErrorHandler(sendScimError);
  app.decorateRequest('scimTenantId', '');
  app.addHook('preHandler', async (request) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const tenantId = match ? await tenantOfScimToken(app.db, match[1]!) : null;
    if (!tenantId) throw new ScimError(401, 'A valid SCIM bearer token is required.');
    request.scimTenantId = tenantId;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode !== 204) reply.type(SCIM_JSON);
    return payload;
  });

  const base = `${app.config.publicUrl.replace(/\/$/, '')}${SCIM_BASE}`;
  const audit = (request: FastifyRequest, action: string, target: string, details: Record<string, unknown>) =>
    app.audit({
      tenantId: request.scimTenantId,
      actorId: null,
      action,
      target,
      details: { via: 'scim', ...details },
      ip: request.ip,
    });
  const auditUser = async (
    request: FastifyRequest,
    userName: string,
    scimId: string,
    effect: ConsoleEffect,
    action: string,
  ) => {
    await audit(request, action, userName, { scimId, ...effect });
    if (effect.deactivated) await audit(request, 'scim.userDeactivate', userName, { scimId, ...effect });
    if (effect.reactivated) await audit(request, 'scim.userReactivate', userName, { scimId, ...effect });
  };
  const page = (query: { startIndex?: number; count?: number }) => ({
    startIndex: Math.max(1, query.startIndex ?? 1),
    count: Math.min(MAX_RESULTS, Math.max(0, query.count ?? 100)),
  });
  const filterOf = (filter: string | undefined) => (filter?.trim() ? parseFilter(filter) : null);

  const discovery = (path: string, build: () => Json | Json[]) =>
    app.get(
      `${SCIM_BASE}/${path}`,
      { schema: { summary: `SCIM ${path} (RFC 7644 §4).`, response: answers(200, 401) } },
      async () => {
        const value = build();
        return Array.isArray(value) ? listResponse(value, 1, value.length) : value;
      },
    );
  discovery('ServiceProviderConfig', () => serviceProviderConfig(base));
  discovery('ResourceTypes', () => resourceTypes(base));
  discovery('Schemas', () => schemas(base));

  // ---- Users ----

  app.get(
    `${SCIM_BASE}/Users`,
    {
      schema: {
        summary: 'Provisioned users, filtered and paged.',
        querystring: listQuery,
        response: answers(200, 400, 401),
      },
    },
    async (request) => {
      const all = await listScimUsers(app.db, request.scimTenantId, filterOf(request.query.filter), base);
      const { startIndex, count } = page(request.query);
      const list = listResponse(all, startIndex, count);
      const { attributes, excludedAttributes } = request.query;
      list.Resources = (list.Resources as Json[]).map((r) => project(r, attributes, excludedAttributes));
      return list;
    },
  );

  app.get(
    `${SCIM_BASE}/Users/:id`,
    {
      schema: {
        summary: 'One provisioned user.',
        params: idParams,
        querystring: oneQuery,
        response: answers(200, 401, 404),
      },
    },
    async (request) => {
      const row = await findScimUser(app.db, request.scimTenantId, request.params.id);
      return project(userResource(row, base), request.query.attributes, request.query.excludedAttributes);
    },
  );

  app.post(
    `${SCIM_BASE}/Users`,
    {
      schema: {
        summary: 'Provisions a user (and its console account when userName is an e-mail address).',
        body: anyObject,
        response: answers(201, 400, 401, 409),
      },
    },
    async (request, reply) => {
      const { row, effect } = await createScimUser(app.db, request.scimTenantId, userAttributes(request.body));
      await auditUser(request, row.user_name, row.id, effect, 'scim.userCreate');
      return reply.code(201).header('Location', `${base}/Users/${row.id}`).send(userResource(row, base));
    },
  );

  app.put(
    `${SCIM_BASE}/Users/:id`,
    {
      schema: {
        summary: "Replaces a user's attributes; active: false signs it out everywhere.",
        params: idParams,
        body: anyObject,
        response: answers(200, 400, 401, 404, 409),
      },
    },
    async (request) => {
      const { row, effect } = await saveScimUser(
        app.db,
        request.scimTenantId,
        request.params.id,
        userAttributes(request.body),
      );
      await auditUser(request, row.user_name, row.id, effect, 'scim.userReplace');
      return userResource(row, base);
    },
  );

  app.patch(
    `${SCIM_BASE}/Users/:id`,
    {
      schema: {
        summary: 'PATCH operations on a user (add, replace, remove; any case).',
        params: idParams,
        querystring: oneQuery,
        body: anyObject,
        response: answers(200, 204, 400, 401, 404, 409),
      },
    },
    async (request, reply) => {
      const before = await findScimUser(app.db, request.scimTenantId, request.params.id);
      const attrs = checkedUser(applyPatch(editableUser(before), request.body));
      const { row, effect } = await saveScimUser(app.db, request.scimTenantId, before.id, attrs);
      await auditUser(request, row.user_name, row.id, effect, 'scim.userPatch');
      const { attributes, excludedAttributes } = request.query;
      // 204 as Microsoft's reference answers; the resource when the client asks for attributes.
      if (!attributes && !excludedAttributes) return reply.code(204).send(null);
      return project(userResource(row, base), attributes, excludedAttributes);
    },
  );

  app.delete(
    `${SCIM_BASE}/Users/:id`,
    {
      schema: {
        summary: 'Deprovisions a user: its console account and every session go.',
        params: idParams,
        response: answers(204, 401, 404),
      },
    },
    async (request, reply) => {
      const row = await findScimUser(app.db, request.scimTenantId, request.params.id);
      const effect = await deleteScimUser(app.db, request.scimTenantId, row.id);
      await audit(request, 'scim.userDelete', row.user_name, { scimId: row.id, ...effect });
      return reply.code(204).send(null);
    },
  );

  // ---- Groups ----

  app.get(
    `${SCIM_BASE}/Groups`,
    {
      schema: {
        summary: 'Provisioned groups, filtered and paged.',
        querystring: listQuery,
        response: answers(200, 400, 401),
      },
    },
    async (request) => {
      const all = await listScimGroups(app.db, request.scimTenantId, filterOf(request.query.filter), base);
      const { startIndex, count } = page(request.query);
      const list = listResponse(all, startIndex, count);
      const { attributes, excludedAttributes } = request.query;
      list.Resources = (list.Resources as Json[]).map((r) => project(r, attributes, excludedAttributes));
      return list;
    },
  );

  app.get(
    `${SCIM_BASE}/Groups/:id`,
    {
      schema: {
        summary: 'One provisioned group.',
        params: idParams,
        querystring: oneQuery,
        response: answers(200, 401, 404),
      },
    },
    async (request) => {
      const group = await findScimGroup(app.db, request.scimTenantId, request.params.id, base);
      return project(group, request.query.attributes, request.query.excludedAttributes);
    },
  );

  const groupChanged = (request: FastifyRequest, action: string, change: Awaited<ReturnType<typeof saveScimGroup>>) =>
    audit(request, action, change.displayName, { scimId: change.id, added: change.added, removed: change.removed });

  app.post(
    `${SCIM_BASE}/Groups`,
    {
      schema: {
        summary: 'Creates a group; a group named after a permission preset grants it to its members.',
        body: anyObject,
        response: answers(201, 400, 401),
      },
    },
    async (request, reply) => {
      const attrs = groupAttributes(request.body) as Json & { displayName: string; members: Json[] };
      const change = await saveScimGroup(app.db, request.scimTenantId, null, attrs);
      await groupChanged(request, 'scim.groupCreate', change);
      return reply
        .code(201)
        .header('Location', `${base}/Groups/${change.id}`)
        .send(await findScimGroup(app.db, request.scimTenantId, change.id, base));
    },
  );

  app.put(
    `${SCIM_BASE}/Groups/:id`,
    {
      schema: {
        summary: 'Replaces a group and its members.',
        params: idParams,
        body: anyObject,
        response: answers(200, 400, 401, 404),
      },
    },
    async (request) => {
      await findScimGroup(app.db, request.scimTenantId, request.params.id, base);
      const attrs = groupAttributes(request.body) as Json & { displayName: string; members: Json[] };
      const change = await saveScimGroup(app.db, request.scimTenantId, request.params.id, attrs);
      await groupChanged(request, 'scim.groupReplace', change);
      return findScimGroup(app.db, request.scimTenantId, change.id, base);
    },
  );

  app.patch(
    `${SCIM_BASE}/Groups/:id`,
    {
      schema: {
        summary: 'PATCH operations on a group (members added and removed, renamed).',
        params: idParams,
        querystring: oneQuery,
        body: anyObject,
        response: answers(200, 204, 400, 401, 404),
      },
    },
    async (request, reply) => {
      const group = await findScimGroup(app.db, request.scimTenantId, request.params.id, base);
      const { id: _id, meta: _meta, schemas: _schemas, ...editable } = group;
      const attrs = checkedGroup(applyPatch(editable, request.body)) as Json & { displayName: string; members: Json[] };
      const change = await saveScimGroup(app.db, request.scimTenantId, request.params.id, attrs);
      await groupChanged(request, 'scim.groupPatch', change);
      const { attributes, excludedAttributes } = request.query;
      if (!attributes && !excludedAttributes) return reply.code(204).send(null);
      return project(
        await findScimGroup(app.db, request.scimTenantId, change.id, base),
        attributes,
        excludedAttributes,
      );
    },
  );

  app.delete(
    `${SCIM_BASE}/Groups/:id`,
    {
      schema: {
        summary: "Deletes a group; its members lose the group's preset.",
        params: idParams,
        response: answers(204, 401, 404),
      },
    },
    async (request, reply) => {
      const change = await deleteScimGroup(app.db, request.scimTenantId, request.params.id);
      await groupChanged(request, 'scim.groupDelete', change);
      return reply.code(204).send(null);
    },
  );
};
