import { useAccess } from '@core/permissions/useAccess';

import { monitoringAccess } from '../../monitoringAccess';
import { MonitoringLink } from '../MonitoringLink/MonitoringLink';

const TABS = [
  { to: '/monitoring', label: 'Overview' },
  { to: '/monitoring/alerts', label: 'Alerts' },
  { to: '/monitoring/settings', label: 'Settings', needs: 'configure' },
] as const;

/** Monitoring's tabs; Settings only for who may change rules (spec §6, the API refuses the rest). */
export function MonitoringNav({ current }: { current: string }) {
  const access = useAccess(monitoringAccess);
  return (
    <nav aria-label="Monitoring" className="monitoring-nav">
      {TABS.filter((t) => !('needs' in t) || access[t.needs]).map((t) => (
        <span
          key={t.to}
          aria-current={t.to === current ? 'page' : undefined}
          className={t.to === current ? 'monitoring-nav-current' : undefined}
        >
          <MonitoringLink to={t.to}>{t.label}</MonitoringLink>
        </span>
      ))}
    </nav>
  );
}
