import { Classes, H2 } from '@blueprintjs/core';
import type { PageProps } from '@core/plugin/PluginManifest';

/** /gluon/upload: where uploaders land after signing in (spec §4). */
export default function UploadPage(_props: PageProps) {
  return (
    <section className="gluon-upload-page" style={{ padding: 24 }}>
      <H2>Upload</H2>
      <p className={Classes.TEXT_MUTED}>Upload files for inspection.</p>
    </section>
  );
}
