import { Classes, H2, H5 } from '@blueprintjs/core';
import type { PageProps } from '@core/plugin/PluginManifest';
import { useObservable, useService } from '@core/react';
import { GluonAccessServiceToken, type GluonAccess } from '../services/GluonAccessService';

const TOOLS: ReadonlyArray<readonly [keyof GluonAccess, string]> = [
  ['newInspection', 'New inspection'],
  ['downloadFiles', 'File downloads'],
  ['crashExplorer', 'Crash explorer'],
  ['processExplorer', 'Process explorer'],
  ['rescan', 'Rescan'],
  ['readConfig', 'Configuration'],
];

/** Product root of gluon: the inspection tools this token enables (GluonAccessService). */
export default function GluonPage(_props: PageProps) {
  const service = useService(GluonAccessServiceToken);
  const access = useObservable(service.access$, service.access());
  const tools = TOOLS.filter(([key]) => access[key]);
  return (
    <section className="gluon-page" style={{ padding: 24 }}>
      <H2>Gluon</H2>
      <p className={Classes.TEXT_MUTED}>Crash, process and file inspection.</p>
      <H5>Your tools</H5>
      {tools.length ? (
        <ul aria-label="Gluon tools" data-testid="gluon-tools">
          {tools.map(([key, label]) => (
            <li key={key}>{label}</li>
          ))}
        </ul>
      ) : (
        <p className={Classes.TEXT_MUTED}>No inspection tool is enabled for your account.</p>
      )}
    </section>
  );
}
