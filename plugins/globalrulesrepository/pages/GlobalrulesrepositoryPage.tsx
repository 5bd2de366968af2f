import { Classes, H2 } from '@blueprintjs/core';
import type { PageProps } from '@core/plugin/PluginManifest';

/** Landing page of /globalrulesrepository. */
export default function GlobalrulesrepositoryPage(_props: PageProps) {
  return (
    <section className="globalrulesrepository-page" style={{ padding: 24 }}>
      <H2>Global rules repository</H2>
      <p className={Classes.TEXT_MUTED}>Welcome to Global rules repository.</p>
    </section>
  );
}
