import { H2 } from '@blueprintjs/core';
import type { PageProps } from '@core/plugin/PluginManifest';

/** /devices/{deviceId}. */
export default function DevicePage({ params }: PageProps) {
  return (
    <section className="gluon-device-page" style={{ padding: 24 }}>
      <H2>Device {params.deviceId}</H2>
    </section>
  );
}
