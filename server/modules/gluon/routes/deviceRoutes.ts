import type { FastifyReply } from 'fastify';

import {
  canDownloadFiles,
  canReadReports,
  canRescan,
  hasCrashExplorer,
  hasProcessExplorer,
} from '@common/gluon/access';

import { HttpError } from '../../../contracts';
import { attachmentHeader } from '../../../http/attachmentHeader';
import type { RoutePlugin } from '../../../http/routePlugin';
import { bearerSecurity, cursorQuery, errors } from '../../../schemas';
import { tenantTimeZone } from '../../../services/tenants';
import {
  cappedPage,
  crashSchema,
  deviceDetailSchema,
  deviceFileSchema,
  deviceSchema,
  idParams,
  jobAnswerSchema,
  linkPageSchema,
  packagePageSchema,
  pageQuery,
  processSchema,
  propertyPageSchema,
  reportFindingSchema,
} from '../schemas';
import { listDevicePackages, listDeviceProperties } from '../services/androidFacts';
import { readCrashReport } from '../services/crashReports';
import { listDeviceLinks } from '../services/deviceLinks';
import {
  getDevice,
  getFile,
  listCrashReports,
  listDeviceFiles,
  listDeviceInspections,
  listDevices,
  listProcesses,
} from '../services/devices';
import type { GluonContext } from '../services/gluonContext';
import { listDeviceIncidents } from '../services/incidents';
import { enqueueDeviceRescan, latestDeviceRescan } from '../services/jobs';
import { deviceFindings, findingsCsv, findingsStix } from '../services/reports';

/** Devices (gln#rpt), their process explorer (gln#pre#r), crash explorer (gln#cre#r), files (gln#fl), rescan (gln#rsn#r) and reports. */
export const deviceRoutes: RoutePlugin<{ gluon: GluonContext }> = async (app, { gluon }) => {
  const reports = app.authenticate({ allow: canReadReports });

  app.get(
    '/gluon-backend/devices',
    {
      preHandler: reports,
      schema: {
        summary:
          'One page of devices, most recently inspected first; search matches name, model, OS version and crash reporter key.',
        security: bearerSecurity,
        querystring: { type: 'object', properties: { ...pageQuery, ...cursorQuery }, additionalProperties: false },
        response: { 200: cappedPage(deviceSchema), ...errors(400, 401, 403) },
      } as const,
    },
    async (request) => {
      const { page, size, search, after, before } = request.query;
      const result = await listDevices(app.db, request.auth.tenantId, {
        page,
        size,
        after,
        before,
        ...(search ? { search } : {}),
      });
      return { ...result, page, size };
    },
  );

  app.get(
    '/gluon-backend/devices/:id',
    {
      preHandler: reports,
      schema: {
        summary:
          'A device with its inspections over time (rule-set versions used, heuristics), its incidents and its latest rescan job (followed until it ends).',
        security: bearerSecurity,
        params: idParams,
        response: { 200: deviceDetailSchema, ...errors(400, 401, 403, 404) },
      } as const,
    },
    async (request) => {
      const tenantId = request.auth.tenantId;
      // The job first: a rescan marks its job done only after its inspection committed, so a
      // "done" read here is always answered with that inspection and the moved "last inspected"
      // (read the other way round, the page could stop polling on a list from before the rescan).
      const lastRescan = await latestDeviceRescan(gluon.jobs, tenantId, request.params.id);
      const device = await getDevice(app.db, tenantId, request.params.id);
      return {
        device,
        inspections: await listDeviceInspections(app.db, tenantId, device.id),
        incidents: await listDeviceIncidents(app.db, tenantId, device.id),
        lastRescan,
      };
    },
  );

  app.get(
    '/gluon-backend/devices/:id/processes',
    {
      preHandler: app.authenticate({ allow: hasProcessExplorer }),
      schema: {
        summary:
          'Process explorer (gln#pre#r): every process seen on the device, first and last seen, and the files it was seen in.',
        security: bearerSecurity,
        params: idParams,
        querystring: { type: 'object', properties: { search: pageQuery.search }, additionalProperties: false },
        response: { 200: { type: 'array', items: processSchema }, ...errors(400, 401, 403, 404) },
      } as const,
    },
    async (request) =>
      listProcesses(app.db, request.auth.tenantId, request.params.id, {
        limit: 2000,
        ...(request.query.search ? { search: request.query.search } : {}),
      }),
  );

  app.get(
    '/gluon-backend/devices/:id/packages',
    {
      preHandler: reports,
      schema: {
        summary:
          "An Android device's packages from its latest acquisition (gln#rpt), sideloaded first: installer, flags, dangerous permissions, APK hashes and signing certificates; search matches any of their text.",
        security: bearerSecurity,
        params: idParams,
        querystring: { type: 'object', properties: { search: pageQuery.search }, additionalProperties: false },
        response: { 200: packagePageSchema, ...errors(400, 401, 403, 404) },
      } as const,
    },
    async (request) =>
      listDevicePackages(
        app.db,
        request.auth.tenantId,
        request.params.id,
        request.query.search ? { search: request.query.search } : {},
      ),
  );

  app.get(
    '/gluon-backend/devices/:id/properties',
    {
      preHandler: reports,
      schema: {
        summary:
          "An Android device's system properties (getprop) and settings (global, secure, system, SELinux) from its latest acquisition (gln#rpt); search matches name and value.",
        security: bearerSecurity,
        params: idParams,
        querystring: { type: 'object', properties: { search: pageQuery.search }, additionalProperties: false },
        response: { 200: propertyPageSchema, ...errors(400, 401, 403, 404) },
      } as const,
    },
    async (request) =>
      listDeviceProperties(
        app.db,
        request.auth.tenantId,
        request.params.id,
        request.query.search ? { search: request.query.search } : {},
      ),
  );

  app.get(
    '/gluon-backend/devices/:id/links',
    {
      preHandler: reports,
      schema: {
        summary:
          'Links and domains seen on the device (gln#rpt), over all its inspections, flagged first: each with the file, line and record it was read in; shortened links are kept as seen, never followed; search matches the value or the record.',
        security: bearerSecurity,
        params: idParams,
        querystring: {
          type: 'object',
          properties: { page: pageQuery.page, size: { ...pageQuery.size, default: 50 }, search: pageQuery.search },
          additionalProperties: false,
        },
        response: { 200: linkPageSchema, ...errors(400, 401, 403, 404) },
      } as const,
    },
    async (request) =>
      listDeviceLinks(app.db, request.auth.tenantId, request.params.id, {
        page: request.query.page,
        size: request.query.size,
        ...(request.query.search ? { search: request.query.search } : {}),
      }),
  );

  app.get(
    '/gluon-backend/devices/:id/crashes',
    {
      preHandler: app.authenticate({ allow: hasCrashExplorer }),
      schema: {
        summary: "Crash explorer (gln#cre#r): the device's .ips reports with the processes each names.",
        security: bearerSecurity,
        params: idParams,
        response: { 200: { type: 'array', items: crashSchema }, ...errors(400, 401, 403, 404) },
      } as const,
    },
    async (request) => listCrashReports(app.db, request.auth.tenantId, request.params.id),
  );

  app.get(
    '/gluon-backend/devices/:id/crashes/content',
    {
      preHandler: app.authenticate({ allow: hasCrashExplorer }),
      schema: {
        summary: 'The text of one crash report (gln#cre#r), read again from the stored original (at most 2 MiB shown).',
        security: bearerSecurity,
        params: idParams,
        querystring: {
          type: 'object',
          properties: {
            inspectionId: { type: 'string', format: 'uuid' },
            path: { type: 'string', minLength: 1, maxLength: 1024 },
          },
          required: ['inspectionId', 'path'],
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'object',
            properties: { text: { type: 'string' } },
            required: ['text'],
            additionalProperties: false,
          },
          ...errors(400, 401, 403, 404, 422, 503),
        },
      } as const,
    },
    async (request) => ({
      text: await readCrashReport(
        app.db,
        gluon.storage,
        request.auth.tenantId,
        request.params.id,
        request.query.inspectionId,
        request.query.path,
      ),
    }),
  );

  app.get(
    '/gluon-backend/devices/:id/files',
    {
      preHandler: app.authenticate({ allow: canDownloadFiles }),
      schema: {
        summary: 'The original files inspected for the device (gln#fl#r|rw or admin).',
        security: bearerSecurity,
        params: idParams,
        response: { 200: { type: 'array', items: deviceFileSchema }, ...errors(400, 401, 403, 404) },
      } as const,
    },
    async (request) => listDeviceFiles(app.db, request.auth.tenantId, request.params.id),
  );

  app.get(
    '/gluon-backend/files/:id',
    {
      preHandler: app.authenticate({ allow: canDownloadFiles }),
      schema: {
        summary: 'Downloads an original file (gln#fl#r|rw or admin), with its length for the progress in MB.',
        security: bearerSecurity,
        params: idParams,
        response: {
          200: { description: 'The file (Content-Disposition: attachment).', type: 'string', format: 'binary' },
          ...errors(400, 401, 403, 404, 503),
        },
      } as const,
    },
    async (request, reply) => {
      const auth = request.auth;
      const file = await getFile(app.db, auth.tenantId, request.params.id);
      await app.audit({
        tenantId: auth.tenantId,
        actorId: auth.userId,
        action: 'gluon.file.download',
        target: request.params.id,
        details: { name: file.name },
        ip: request.ip,
      });
      // Asked before the headers go out: once they have, a store that is down could only cut the
      // connection; now it answers 503 (StorageUnavailable) and a file gone from it 404.
      if ((await gluon.storage.size(file.storageKey)) === null)
        throw new HttpError(404, 'The file is no longer stored.');
      // A file, not JSON: the binary schema documents it and the stream bypasses the serializer, so
      // it is sent through the untyped reply.
      const fileReply: FastifyReply = reply;
      return fileReply
        .header('Content-Type', 'application/octet-stream')
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', attachmentHeader(file.name))
        .header('Cache-Control', 'no-store')
        .send(gluon.storage.read(file.storageKey));
    },
  );

  app.post(
    '/gluon-backend/devices/:id/rescan',
    {
      preHandler: app.authenticate({ allow: canRescan }),
      schema: {
        summary:
          "Rescan (gln#rsn#r): the device's stored observations matched again against the enabled rule sets, in the background.",
        security: bearerSecurity,
        params: idParams,
        response: { 202: jobAnswerSchema, ...errors(400, 401, 403, 404) },
      } as const,
    },
    async (request, reply) => {
      const auth = request.auth;
      const device = await getDevice(app.db, auth.tenantId, request.params.id);
      await enqueueDeviceRescan(gluon.jobs, auth.tenantId, device.id);
      await app.audit({
        tenantId: auth.tenantId,
        actorId: auth.userId,
        action: 'gluon.device.rescan',
        target: device.id,
        ip: request.ip,
      });
      return reply.code(202).send({ queued: true });
    },
  );

  app.get(
    '/gluon-backend/devices/:id/report',
    {
      preHandler: reports,
      schema: {
        summary:
          "A device's findings (gln#rpt): JSON, CSV, or a STIX 2.1 bundle of sightings referencing the matched indicators. Downloaded as an attachment.",
        security: bearerSecurity,
        params: idParams,
        querystring: {
          type: 'object',
          properties: { format: { type: 'string', enum: ['json', 'csv', 'stix'], default: 'json' } },
          additionalProperties: false,
        },
        response: {
          200: {
            description: 'json: { device, findings }; csv: text/csv; stix: a STIX 2.1 bundle.',
            anyOf: [
              {
                type: 'object',
                properties: { device: deviceSchema, findings: { type: 'array', items: reportFindingSchema } },
                required: ['device', 'findings'],
                additionalProperties: false,
              },
              { type: 'string' },
              { type: 'object', additionalProperties: true },
            ],
          },
          ...errors(400, 401, 403, 404),
        },
      } as const,
    },
    async (request, reply) => {
      const { device, findings } = await deviceFindings(app.db, request.auth.tenantId, request.params.id);
      const base = `gluon-${device.name.replace(/[^\w.-]+/g, '_')}-findings`;
      reply.header('Cache-Control', 'no-store');
      // Serialised here: the anyOf answer schema documents the three shapes.
      if (request.query.format === 'csv') {
        return reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', attachmentHeader(`${base}.csv`))
          .serializer((x: unknown) => x as string)
          .send(findingsCsv(findings, await tenantTimeZone(app.db, request.auth.tenantId)));
      }
      const body = request.query.format === 'stix' ? findingsStix(device, findings) : { device, findings };
      return reply
        .type(
          request.query.format === 'stix' ? 'application/stix+json; charset=utf-8' : 'application/json; charset=utf-8',
        )
        .header(
          'Content-Disposition',
          attachmentHeader(`${base}.${request.query.format === 'stix' ? 'stix2.json' : 'json'}`),
        )
        .serializer((x: unknown) => JSON.stringify(x))
        .send(body);
    },
  );
};
