import type { RoutePlugin } from '../../http/routePlugin';
import { alertRoutes } from './routes/alertRoutes';
import { overviewRoutes } from './routes/overviewRoutes';
import { settingsRoutes } from './routes/settingsRoutes';
import { systemClock } from './services/alertTypes';
import type { MonitoringContext } from './services/monitoringContext';
import { DEFAULT_STALE_DAYS, MonitoringWorker } from './services/monitoringWorker';
import { webhookPolicy } from './services/webhookTarget';

/**
 * Monitoring's API (/monitoring-backend; console: plugins/monitoring) and its job loop: alerts
 * read through gluon's public services, rules, and notification mails (see README.md). The loop
 * runs on monitoring's own switch (MONITORING_WORKER, off under NODE_ENV=test: tests tick a
 * MonitoringWorker with their own clock), whether or not this instance runs gluon's worker.
 */
export const monitoringModule: RoutePlugin = async (app) => {
  const monitoring: MonitoringContext = {
    clock: systemClock,
    staleDays: DEFAULT_STALE_DAYS,
    webhooks: webhookPolicy({ nodeEnv: app.config.nodeEnv, allow: app.config.monitoringWebhookAllow ?? undefined }),
  };
  const worker = app.config.monitoring.worker
    ? new MonitoringWorker({ db: app.db, mailer: app.mailer, tokens: app.tokens, publicUrl: app.config.publicUrl, log: app.log, ...monitoring })
    : null;
  app.addHook('onReady', async () => {
    worker?.start();
  });
  app.addHook('preClose', async () => {
    await worker?.stop();
  });
  await app.register(overviewRoutes, { monitoring });
  await app.register(alertRoutes, { monitoring });
  await app.register(settingsRoutes, { monitoring });
};
