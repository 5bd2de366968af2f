import { canViewMonitoring } from '@common/monitoring/access';

import { attachmentHeader } from '../../../http/attachmentHeader';
import type { RoutePlugin } from '../../../http/routePlugin';
import { bearerSecurity, errors } from '../../../schemas';
import { alertFilterProps, alertPage, alertSchema, alertStatusBody, idParams, pageProps } from '../schemas';
import { type AlertFilter, alertsCsv, listAlerts, setAlertStatus } from '../services/alertList';
import type { MonitoringContext } from '../services/monitoringContext';

/** Alerts (monitoring access): one page filtered and sorted on the server, CSV export, status changes. */
export const alertRoutes: RoutePlugin<{ monitoring: MonitoringContext }> = async (app, { monitoring }) => {
  const view = app.authenticate({ allow: canViewMonitoring });

  app.get(
    '/monitoring-backend/alerts',
    {
      preHandler: view,
      schema: {
        summary:
          'One page of alerts; filter by status, severity, category, device, family or text; sort by lastSeen, firstSeen, severity, status or device.',
        security: bearerSecurity,
        querystring: { type: 'object', properties: { ...alertFilterProps, ...pageProps }, additionalProperties: false },
        response: { 200: alertPage, ...errors(400, 401, 403) },
      } as const,
    },
    async (request) => {
      const { page, size, ...filter } = request.query;
      const result = await listAlerts(app.db, request.auth.tenantId, filter as AlertFilter, { page, size });
      return { ...result, page, size };
    },
  );

  app.get(
    '/monitoring-backend/alerts/export',
    {
      preHandler: view,
      schema: {
        summary: 'Every alert the filter selects (up to 50,000), as a CSV attachment.',
        security: bearerSecurity,
        querystring: { type: 'object', properties: alertFilterProps, additionalProperties: false },
        response: { 200: { type: 'string', description: 'text/csv' }, ...errors(400, 401, 403) },
      } as const,
    },
    async (request, reply) => {
      const csv = await alertsCsv(app.db, request.auth.tenantId, request.query as AlertFilter);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', attachmentHeader('monitoring-alerts.csv'))
        .send(csv);
    },
  );

  app.put(
    '/monitoring-backend/alerts/:id/status',
    {
      preHandler: view,
      schema: {
        summary: "Sets an alert's status (active, acknowledged, resolved, ignored), recording who and when.",
        security: bearerSecurity,
        params: idParams,
        body: alertStatusBody,
        response: { 200: alertSchema, ...errors(400, 401, 403, 404) },
      } as const,
    },
    async (request) => {
      const { tenantId, userId } = request.auth;
      const alert = await setAlertStatus(
        app.db,
        tenantId,
        request.params.id,
        request.body.status,
        { userId, email: request.auth.user?.email ?? null },
        monitoring.clock(),
      );
      await app.audit({
        tenantId,
        actorId: userId,
        action: 'monitoring.alertStatus',
        target: alert.id,
        details: { status: alert.status },
        ip: request.ip,
      });
      return alert;
    },
  );
};
