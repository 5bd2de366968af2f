import { Classes, H2 } from '@blueprintjs/core';
import type { PageProps } from '@core/plugin/PluginManifest';

/** Landing page of /neutrino. */
export default function NeutrinoPage(_props: PageProps) {
  return (
    <section className="neutrino-page" style={{ padding: 24 }}>
      <H2>Neutrino</H2>
      <p className={Classes.TEXT_MUTED}>Welcome to Neutrino.</p>
    </section>
  );
}
