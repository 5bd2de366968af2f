import { Classes, H2 } from '@blueprintjs/core';
import type { PageProps } from '@core/plugin/PluginManifest';

/** Landing page of /admin. */
export default function AdminPage(_props: PageProps) {
  return (
    <section className="admin-page" style={{ padding: 24 }}>
      <H2>Administration</H2>
      <p className={Classes.TEXT_MUTED}>Welcome to Administration.</p>
    </section>
  );
}
