import { canConfigureMonitoring } from '@common/monitoring/access';
import { PermissionsServiceToken } from '@core/permissions/PermissionsService';
import { useService } from '@core/react/useService';

import { MonitoringLink } from '../MonitoringLink/MonitoringLink';

const TABS = [
  { to: '/monitoring', label: 'Overview' },
  { to: '/monitoring/alerts', label: 'Alerts' },
  { to: '/monitoring/settings', label: 'Settings', needs: canConfigureMonitoring },
] as const;

/** Monitoring's tabs; Settings only for who may change rules (spec §6, the API refuses the rest). */
export function MonitoringNav({ current }: { current: string }) {
  const perms = useService(PermissionsServiceToken).perms();
  return (
    <nav aria-label="Monitoring" className="monitoring-nav">
      {TABS.filter((t) => !('needs' in t) || t.needs(perms)).map((t) => (
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
