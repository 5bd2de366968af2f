import type { RoutePlugin } from '../../http/routePlugin';
import { MonitoringWorker } from './services/monitoringWorker';

/**
 * Monitoring's API (console: plugins/monitoring) and its job loop: alerts from gluon's rows,
 * rules, and notification mails (see README.md). The loop runs where gluon's worker does
 * (GLUON_WORKER, off under NODE_ENV=test: tests tick it with their own clock).
 */
export const monitoringModule: RoutePlugin = async (app) => {
  const worker = app.config.gluon.worker ? new MonitoringWorker({ db: app.db, mailer: app.mailer, tokens: app.tokens, publicUrl: app.config.publicUrl, log: app.log }) : null;
  app.addHook('onReady', async () => {
    worker?.start();
  });
  app.addHook('preClose', async () => {
    await worker?.stop();
  });
};
