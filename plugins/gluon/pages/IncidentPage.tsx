import { H2 } from '@blueprintjs/core';
import type { PageProps } from '@core/plugin/PluginManifest';

/** /incident-management/{incidentId}. */
export default function IncidentPage({ params }: PageProps) {
  return (
    <section className="gluon-incident-page" style={{ padding: 24 }}>
      <H2>Incident {params.incidentId}</H2>
    </section>
  );
}
