import type { FastifyInstance } from 'fastify';

import type { RoutePlugin } from '../../http/routePlugin';
import { defineModule } from '../defineModule';
import { alertRoutes } from './routes/alertRoutes';
import { overviewRoutes } from './routes/overviewRoutes';
import { settingsRoutes } from './routes/settingsRoutes';
import { registerAlertLoop } from './services/alertLoopJob';
import { systemClock } from './services/alertTypes';
import { registerDeliveryWorker } from './services/deliveryJobs';
import type { MonitoringContext } from './services/monitoringContext';
import { DEFAULT_STALE_DAYS, MonitoringWorker } from './services/monitoringWorker';
import { webhookPolicy } from './services/webhookTarget';

/**
 * Monitoring's API (/monitoring-backend; console: plugins/monitoring), its alert loop and its
 * deliveries' worker on the job queue: alerts read through gluon's public services, rules, and
 * notification mails and webhooks (see README.md). Both are jobs on the queue (the loop a
 * schedule, services/alertLoopJob.ts) and run on monitoring's own switch
 * (MONITORING_WORKER, off under NODE_ENV=test: tests tick a MonitoringWorker and a queue of
 * their own with their clock), whether or not this instance runs gluon's worker.
 */
function monitoringContext(app: FastifyInstance): MonitoringContext {
  return {
    clock: systemClock,
    staleDays: DEFAULT_STALE_DAYS,
    webhooks: webhookPolicy({ nodeEnv: app.config.nodeEnv, allow: app.config.monitoringWebhookAllow ?? undefined }),
  };
}

const monitoringRoutes: RoutePlugin = async (app) => {
  const monitoring = monitoringContext(app);
  await app.register(overviewRoutes, { monitoring });
  await app.register(alertRoutes, { monitoring });
  await app.register(settingsRoutes, { monitoring });
};

export const monitoringModule = defineModule({
  id: 'monitoring',
  title: 'monitoring',
  description:
    "Alerts from gluon's rows, rules, silences, device groups, notification mails with their unsubscribe links, device risk; its alert loop and its deliveries on the job queue (`monitoring/README.md`)",
  prefixes: ['/monitoring-backend/'],
  dependsOn: ['gluon', 'inspection', 'notifications'],
  routes: monitoringRoutes,
  queues: { 'monitoring.alerts': 'Monitoring alerts', 'monitoring.delivery': 'Notification deliveries' },
  workers: [
    {
      name: 'monitoring alert loop and deliveries',
      start(app) {
        if (!app.config.monitoring.worker) return;
        const context = monitoringContext(app);
        registerDeliveryWorker(app.queue, {
          db: app.db,
          mailer: app.mailer,
          tokens: app.tokens,
          publicUrl: app.config.publicUrl,
          webhooks: context.webhooks,
          clock: context.clock,
        });
        const worker = new MonitoringWorker({ db: app.db, queue: app.queue, log: app.log, ...context });
        // The queue stops itself before the database closes, waiting for a run in hand.
        registerAlertLoop(app.queue, worker).catch((error: unknown) =>
          app.log.error({ err: error }, 'monitoring alert loop not scheduled'),
        );
      },
    },
  ],
});
