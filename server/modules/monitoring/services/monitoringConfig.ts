/** Monitoring's settings (read by server/config.ts). */
export interface MonitoringConfig {
  /**
   * MONITORING_WORKER: whether this instance runs monitoring's job loop (alert evaluation, routing,
   * digests, deliveries). Its own switch: an instance may run it without gluon's inspection worker
   * (GLUON_WORKER) and the other way round. On by default, off under NODE_ENV=test (tests tick a
   * MonitoringWorker with their own clock).
   */
  worker: boolean;
}

type Env = Record<string, string | undefined>;
type Fail = (variable: string, problem: string) => never;

/** `fail` is ConfigError's thrower from server/config.ts (passed in to keep imports one-way). */
export function loadMonitoringConfig(env: Env, nodeEnv: string, fail: Fail): MonitoringConfig {
  const raw = env.MONITORING_WORKER?.trim().toLowerCase();
  if (!raw) return { worker: nodeEnv !== 'test' };
  if (['on', 'true', '1', 'yes'].includes(raw)) return { worker: true };
  if (['off', 'false', '0', 'no'].includes(raw)) return { worker: false };
  return fail('MONITORING_WORKER', `"${raw}" is not on/off`);
}
