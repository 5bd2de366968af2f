import { Classes, H2 } from '@blueprintjs/core';
import type { PageProps } from '@core/plugin/PluginManifest';

/** Product root of gluon. */
export default function GluonPage(_props: PageProps) {
  return (
    <section className="gluon-page" style={{ padding: 24 }}>
      <H2>Gluon</H2>
      <p className={Classes.TEXT_MUTED}>Crash, process and file inspection.</p>
    </section>
  );
}
