/**
 * A queue's name in words for the jobs page (the code stays in a tooltip). Queues are named
 * `<module>.<work>`; a whole module's queues may share one name (gluon's are all inspections).
 */
const BY_QUEUE: Record<string, string> = {
  'gluon.inspect': 'Inspections',
  'gluon.rescan': 'Matching again (rescans and rule-set changes)',
  'electron.inspect': 'Mac inspections (Aftermath archives)',
  'monitoring.alerts': 'Monitoring alerts',
  'monitoring.delivery': 'Notification deliveries',
  'neutrino.saved-hunts': 'Saved hunts',
  'neutrino.prune-values': 'Hunt value clean-up',
};

const BY_MODULE: Record<string, string> = {
  gluon: 'Inspections',
  electron: 'Mac inspections',
  housekeeping: 'Housekeeping',
  monitoring: 'Monitoring',
  neutrino: 'Threat hunting',
};

/** "Notification deliveries" for monitoring.delivery; an unknown queue keeps its code. */
export function queueLabel(queue: string): string {
  return BY_QUEUE[queue] ?? BY_MODULE[queue.split('.')[0] ?? ''] ?? queue;
}
