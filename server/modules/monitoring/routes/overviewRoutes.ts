import { canViewMonitoring } from '@common/monitoring/access';

import type { RoutePlugin } from '../../../http/routePlugin';
import { bearerSecurity, errors } from '../../../schemas';
import { deviceRiskSchema, overviewSchema } from '../schemas';
import { listDeviceRisk } from '../services/deviceRisk';
import type { MonitoringContext } from '../services/monitoringContext';
import { getOverview, OVERVIEW_DAYS } from '../services/overview';

/** The overview's numbers and each device's risk level (monitoring access). */
export const overviewRoutes: RoutePlugin<{ monitoring: MonitoringContext }> = async (app, { monitoring }) => {
  const view = app.authenticate({ allow: canViewMonitoring });

  app.get(
    '/monitoring-backend/overview',
    {
      preHandler: view,
      schema: {
        summary:
          'The fleet at a glance: devices by risk level, incidents opened and resolved per day, inspections per day, top families, stale devices.',
        security: bearerSecurity,
        querystring: {
          type: 'object',
          properties: {
            days: {
              type: 'integer',
              enum: OVERVIEW_DAYS,
              default: 30,
              description: 'The period the per-day series span, ending today (UTC): 7, 30 or 90 days.',
            },
          },
          additionalProperties: false,
        },
        response: { 200: overviewSchema, ...errors(400, 401, 403) },
      } as const,
    },
    async (request) =>
      getOverview(app.db, request.auth.tenantId, {
        now: monitoring.clock(),
        days: request.query.days,
        staleDays: monitoring.staleDays,
      }),
  );

  app.get(
    '/monitoring-backend/devices/risk',
    {
      preHandler: view,
      schema: {
        summary:
          "Each device's risk level in the four levels of MDM compliance (Intune's mobile threat levels): secure, low, medium, high.",
        description:
          'riskLevel is the highest severity among the open or confirmed incidents of the device, secure with none. An MDM maps secure/low/medium/high to Secured/Low/Medium/High.',
        security: bearerSecurity,
        response: {
          200: {
            type: 'object',
            properties: { devices: { type: 'array', items: deviceRiskSchema } },
            required: ['devices'],
            additionalProperties: false,
          },
          ...errors(401, 403),
        },
      } as const,
    },
    async (request) => ({ devices: await listDeviceRisk(app.db, request.auth.tenantId) }),
  );
};
