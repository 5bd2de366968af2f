import { Classes, H2 } from '@blueprintjs/core';
import type { PageProps } from '@core/plugin/PluginManifest';

/** Landing page of /monitoring. */
export default function MonitoringPage(_props: PageProps) {
  return (
    <section className="monitoring-page" style={{ padding: 24 }}>
      <H2>Monitoring</H2>
      <p className={Classes.TEXT_MUTED}>Welcome to Monitoring.</p>
    </section>
  );
}
