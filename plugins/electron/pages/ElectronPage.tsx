import { Classes, H2 } from '@blueprintjs/core';

import type { PageProps } from '@core/plugin/PluginManifest';

/** Landing page of /electron. */
export default function ElectronPage(_props: PageProps) {
  return (
    <section className="electron-page" style={{ padding: 24 }}>
      <H2>Electron</H2>
      <p className={Classes.TEXT_MUTED}>Welcome to Electron.</p>
    </section>
  );
}
